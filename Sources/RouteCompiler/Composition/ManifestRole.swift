/// What a manifest file is to a composition, read from its top-level keys before it is checked:
/// `routec lint` uses it to tell app manifests and feature manifests apart among the files it is
/// given.
package enum ManifestRole: Equatable, Sendable {
  /// Neither `feature` nor `compose`: a manifest of its own.
  case standalone
  /// `compose`: an app manifest, with the feature names it lists.
  case app(composes: [String])
  /// `feature`: a feature manifest, with its name.
  case feature(String)

  /// The role the bytes declare; `standalone` when they are not a readable mapping (checking
  /// them reports why).
  package init(bytes: [UInt8]) {
    var ignored = Diagnostics()
    guard case .mapping(let mapping)? = YAMLComposer.compose(bytes, diagnostics: &ignored) else {
      self = .standalone
      return
    }
    if case .scalar(let name)? = mapping["feature"]?.value {
      self = .feature(name.value)
    } else if let compose = mapping["compose"]?.value {
      guard case .sequence(let list) = compose else {
        self = .app(composes: [])
        return
      }
      self = .app(
        composes: list.items.compactMap {
          if case .scalar(let name) = $0 { name.value } else { nil }
        })
    } else {
      self = .standalone
    }
  }
}
