/// A tab name a route selects in a variant that does not list it.
struct MissingTab {
  var variant: Int
  var name: String
  var reference: SourceLocation
  var route: String
}

extension Validation {
  /// The tab `reference` names in `variant`. A name the variant lacks is kept in `missingTabs`
  /// and reported with the others that share its mistake (`reportMissingTabs`); an index out of
  /// range, or a variant without tabs, is reported here.
  mutating func resolveTab(
    _ reference: Located<TabReference>, variant: Int, route: String
  ) -> ResolvedManifest.Tab? {
    let tabs = variants[variant].tabs
    if tabs.isEmpty {
      // Missing or malformed `tabs` of a variant were reported there.
      if manifest.undecoded.variantTabs.contains(variants[variant].name) { return nil }
      diagnostics.report(
        .unknownTab, at: reference.location,
        "route `\(route)` selects a tab, but \(owner(of: [variant])) declares no tabs"
          + (manifest.variants == nil ? "; add a top-level `tabs` list" : ""))
      return nil
    }
    switch reference.value {
    case .index(let index):
      guard tabs.indices.contains(index) else {
        diagnostics.report(
          .tabOutOfRange, at: reference.location,
          "tab index \(index) is out of range: \(owner(of: [variant])) has \(tabs.count) tabs (0 to \(tabs.count - 1))"
        )
        return nil
      }
      return ResolvedManifest.Tab(index: index, name: tabs[index])
    case .name(let name):
      guard let index = tabs.firstIndex(of: name) else {
        missingTabs.append(
          MissingTab(variant: variant, name: name, reference: reference.location, route: route))
        return nil
      }
      return ResolvedManifest.Tab(index: index, name: name)
    }
  }

  /// Reports the tabs routes select that their variants lack, one error per mistake:
  ///
  /// - a tab some variant lists but another lacks, selected by several routes, is one error at
  ///   that variant's `tabs`, naming the routes and where they select it;
  /// - otherwise each reference is one error, naming every variant that lacks the tab (a
  ///   misspelt tab is missing from all of them) with the nearest tab they have.
  mutating func reportMissingTabs() {
    let listed = Set(variants.flatMap(\.tabs))
    var atReference: [SourceLocation: (name: String, variants: [Int])] = [:]
    var referenceOrder: [SourceLocation] = []
    func keep(_ finding: MissingTab) {
      if atReference[finding.reference] == nil {
        referenceOrder.append(finding.reference)
        atReference[finding.reference] = (finding.name, [])
      }
      if atReference[finding.reference]?.variants.contains(finding.variant) == false {
        atReference[finding.reference]?.variants.append(finding.variant)
      }
    }
    var groups: [String: [MissingTab]] = [:]
    var groupOrder: [String] = []
    for finding in missingTabs {
      let key = "\(finding.variant) \(finding.name)"
      if groups[key] == nil { groupOrder.append(key) }
      groups[key, default: []].append(finding)
    }
    for key in groupOrder {
      guard let findings = groups[key], let first = findings.first else { continue }
      var routes: [MissingTab] = []
      for finding in findings where !routes.contains(where: { $0.route == finding.route }) {
        routes.append(finding)
      }
      guard listed.contains(first.name), routes.count > 1,
        let tabsLocation = tabsLocations[first.variant]
      else {
        findings.forEach(keep)
        continue
      }
      let users = routes.map { "`\($0.route)` (\(diagnostics.reference(to: $0.reference)))" }
      diagnostics.report(
        .unknownTab, at: tabsLocation,
        "\(owner(of: [first.variant])) has no tab `\(first.name)`, which \(routes.count) routes select: \(Self.all(users)); add `\(first.name)` to its `tabs`, or give those routes a tab per variant (`tab: { \(variants[first.variant].name): ..., ... }`)"
      )
    }
    for location in referenceOrder {
      guard let (name, missing) = atReference[location] else { continue }
      let tabs = missing.flatMap { variants[$0].tabs }.reduce(into: [String]()) {
        if !$0.contains($1) { $0.append($1) }
      }
      diagnostics.report(
        .unknownTab, at: location,
        "\(owner(of: missing)) \(missing.count == 1 ? "has" : "have") no tab `\(name)`"
          + (ScalarSyntax.isDecimalInteger(name)
            ? "; a quoted number is a tab name: write \(name) without quotes for a tab index"
            : "")
          + (diagnostics.suggestions.nearest(to: name, in: tabs).map { "; did you mean `\($0)`?" }
            ?? "; \(missing.count == 1 ? "its" : "their") tabs are \(Suggestions.list(tabs))"))
    }
    missingTabs = []
  }

  /// `variant `v1``, `variants `v1` and `v2``, or `the manifest` when it declares no variants.
  private func owner(of indices: [Int]) -> String {
    guard manifest.variants != nil else { return "the manifest" }
    let names = indices.map { "`\(variants[$0].name)`" }
    return (names.count == 1 ? "variant " : "variants ") + Self.all(names)
  }

  /// `a`, `a and b`, `a, b and c`.
  private static func all(_ items: [String]) -> String {
    guard let last = items.last, items.count > 1 else { return items.first ?? "" }
    return items.dropLast().joined(separator: ", ") + " and " + last
  }
}
