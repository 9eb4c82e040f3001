/// A tab a route selects in a variant that does not have it: a name it does not list, or an
/// index past its last tab.
struct MissingTab {
  var variant: Int
  var reference: TabReference
  var location: SourceLocation
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
        missingTabs.append(
          MissingTab(
            variant: variant, reference: reference.value, location: reference.location,
            route: route))
        return nil
      }
      return ResolvedManifest.Tab(index: index, name: tabs[index])
    case .name(let name):
      guard let index = tabs.firstIndex(of: name) else {
        missingTabs.append(
          MissingTab(
            variant: variant, reference: reference.value, location: reference.location,
            route: route))
        return nil
      }
      return ResolvedManifest.Tab(index: index, name: name)
    }
  }

  /// When other variants have the tab `name` that the variants `missing` lack, the fix of a
  /// route that means it only where it exists: a tab per variant, `name` where it is listed.
  private func perVariantTab(_ name: String, missing: [Int]) -> String {
    guard manifest.variants != nil,
      variants.indices.contains(where: { !missing.contains($0) && variants[$0].tabs.contains(name) }
      )
    else { return "" }
    let entries = variants.indices.map { variant in
      "\(variants[variant].name): \(variants[variant].tabs.contains(name) ? name : "...")"
    }
    return ", or give the route a tab per variant: `tab: { \(entries.joined(separator: ", ")) }`"
  }

  /// Reports the tabs routes select that their variants lack, one error per mistake:
  ///
  /// - a tab that several routes select and a variant lacks (while another variant has it, or
  ///   no tab of the variant is near its name; for an index, the variant has too few tabs) is
  ///   one error at that variant's `tabs`, naming the routes and where they select it;
  /// - otherwise each reference is one error, naming every variant that lacks the tab (a
  ///   misspelt tab is missing from all of them) with the nearest tab they have.
  mutating func reportMissingTabs() {
    let listed = Set(variants.flatMap(\.tabs))
    var atReference: [SourceLocation: (reference: TabReference, variants: [Int])] = [:]
    var referenceOrder: [SourceLocation] = []
    func keep(_ finding: MissingTab) {
      if atReference[finding.location] == nil {
        referenceOrder.append(finding.location)
        atReference[finding.location] = (finding.reference, [])
      }
      if atReference[finding.location]?.variants.contains(finding.variant) == false {
        atReference[finding.location]?.variants.append(finding.variant)
      }
    }
    var groups: [String: [MissingTab]] = [:]
    var groupOrder: [String] = []
    for finding in missingTabs {
      let key = "\(finding.variant) \(Self.text(finding.reference))"
      if groups[key] == nil { groupOrder.append(key) }
      groups[key, default: []].append(finding)
    }
    for key in groupOrder {
      guard let findings = groups[key], let first = findings.first else { continue }
      var routes: [MissingTab] = []
      for finding in findings where !routes.contains(where: { $0.route == finding.route }) {
        routes.append(finding)
      }
      // A name another variant lists, or one near none of this variant's tabs, is the
      // variant's missing tab; a near miss (`ordrs`) is a typo at each route that wrote it.
      let variantLacksIt: Bool
      switch first.reference {
      case .name(let name):
        variantLacksIt =
          listed.contains(name)
          || diagnostics.suggestions.nearest(to: name, in: variants[first.variant].tabs) == nil
      case .index: variantLacksIt = true
      }
      guard variantLacksIt, routes.count > 1, let tabsLocation = tabsLocations[first.variant]
      else {
        findings.forEach(keep)
        continue
      }
      let users = routes.map { "`\($0.route)` (\(diagnostics.reference(to: $0.location)))" }
      let owner = owner(of: [first.variant])
      let tabs = variants[first.variant].tabs
      switch first.reference {
      case .name(let name):
        diagnostics.report(
          .unknownTab, at: tabsLocation,
          "\(owner) has no tab `\(name)`, which \(routes.count) routes select: \(Suggestions.all(users)); add `\(name)` to its `tabs`"
            + (manifest.variants == nil
              ? ""
              : ", or give those routes a tab per variant (`tab: { \(variants[first.variant].name): ..., ... }`)")
        )
      case .index(let index):
        diagnostics.report(
          .tabOutOfRange, at: tabsLocation,
          "\(owner) has \(Self.tabCount(tabs.count)), but \(routes.count) routes select tab index \(index): \(Suggestions.all(users)); "
            + (manifest.variants == nil
              ? "add tabs to `tabs`, or select one of its tabs"
              : "select its tabs by name, or give those routes a tab per variant")
        )
      }
    }
    for location in referenceOrder {
      guard let (reference, missing) = atReference[location] else { continue }
      switch reference {
      case .name(let name):
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
              ?? "; \(missing.count == 1 ? "its" : "their") tabs are \(Suggestions.list(tabs))")
            + perVariantTab(name, missing: missing))
      case .index(let index):
        let counts = missing.map { variant in
          let count = variants[variant].tabs.count
          return "`\(variants[variant].name)` (\(count) \(count == 1 ? "tab" : "tabs"))"
        }
        diagnostics.report(
          .tabOutOfRange, at: location,
          missing.count == 1
            ? "tab index \(index) is out of range: \(owner(of: missing)) has \(Self.tabCount(variants[missing[0]].tabs.count))"
            : "tab index \(index) is out of range in variants \(Suggestions.all(counts))")
      }
    }
    missingTabs = []
  }

  /// `3 tabs (0 to 2)`, `1 tab (0)`.
  private static func tabCount(_ count: Int) -> String {
    count == 1 ? "1 tab (0)" : "\(count) tabs (0 to \(count - 1))"
  }

  /// How a finding's reference groups: by name, or by index.
  private static func text(_ reference: TabReference) -> String {
    switch reference {
    case .name(let name): "name \(name)"
    case .index(let index): "index \(index)"
    }
  }

  /// `variant `v1``, `variants `v1` and `v2``, or `the manifest` when it declares no variants.
  private func owner(of indices: [Int]) -> String {
    guard manifest.variants != nil else { return "the manifest" }
    let names = indices.map { "`\(variants[$0].name)`" }
    return (names.count == 1 ? "variant " : "variants ") + Suggestions.all(names)
  }
}
