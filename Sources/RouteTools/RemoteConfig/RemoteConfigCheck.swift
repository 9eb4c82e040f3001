import RouteCompiler

/// `routec remote-config check`: whether every value a Remote Config template can serve for the
/// manifest's variant key picks a declared variant. A value that picks none sends its users to
/// `default_variant` without anyone noticing; this finds it before release.
package enum RemoteConfigCheck {
  /// Checks the template's bytes against `manifest`, which must have variants; the number of
  /// values checked, and every finding located in the template.
  package static func check(template bytes: [UInt8], against manifest: ResolvedManifest)
    -> (valueCount: Int, diagnostics: [Diagnostic])
  {
    var diagnostics = Diagnostics()
    guard let (key, _) = manifest.inAppVariantDefault,
      let template = RemoteConfigTemplate.read(bytes, key: key, diagnostics: &diagnostics)
    else { return (0, diagnostics.sorted) }
    let defaultName = manifest.variants[manifest.defaultVariant].name
    guard template.hasParameter else {
      diagnostics.report(
        category: RemoteConfigRule.missingKey, at: .start,
        "the template has no parameter `\(key)`, in `parameters` or any parameter group; every user gets the in-app default, variant `\(defaultName)`"
      )
      return (0, diagnostics.sorted)
    }
    let known = manifest.variants.flatMap(\.remoteValues)
    for served in template.values {
      let place = description(of: served)
      switch served.content {
      case .inAppDefault:
        continue
      case .value(let value, _) where known.contains(value):
        continue
      case .value(let value, _):
        diagnostics.report(
          category: RemoteConfigRule.unknownValue, at: served.location,
          "\(place) serves `\(value)` for `\(key)`, which picks no variant; users who get it see the default variant `\(defaultName)`"
            + (suggestion(for: value, in: known).map { "; did you mean `\($0)`?" }
              ?? "; the variants' values are \(Suggestions.list(known))"))
      case .unchecked(let kind):
        diagnostics.report(
          category: RemoteConfigRule.uncheckedValue, at: served.location,
          "\(place) serves a `\(kind)` for `\(key)`, computed when the app fetches, so routec cannot check that it picks a variant; values that pick none show the default variant `\(defaultName)`"
        )
      }
    }
    return (template.values.count, diagnostics.sorted)
  }

  /// A near value, for a typo; none for a one-character value, where every other short value
  /// is one edit away and the list of values says more.
  private static func suggestion(for value: String, in known: [String]) -> String? {
    value.count > 1 ? Suggestions().nearest(to: value, in: known) : nil
  }

  private static func description(of served: RemoteConfigTemplate.ServedValue) -> String {
    var text =
      switch served.origin {
      case .defaultValue: "the default value"
      case .condition(let name): "the value for the condition `\(name)`"
      }
    if case .value(_, let rollout?) = served.content { text += " (rollout `\(rollout)`)" }
    if let group = served.group { text += " in the parameter group `\(group)`" }
    return text
  }
}
