import RouteCompiler
import RouteTable

/// What each route reads from a payload, per variant.
extension ManifestDiff {
  struct Input: Equatable {
    var param: String
    var type: ParamType
    var required: Bool
    var maxLength: Int
    var choices: [String]?
  }

  /// The payload values a route reads in one variant, by dotted key path.
  static func inputs(_ manifest: ResolvedManifest, _ route: ResolvedManifest.EffectiveRoute)
    -> [(keyPath: String, input: Input)]
  {
    zip(manifest.params(of: route.target), route.params).compactMap { param, source in
      guard case .payload(let keyPath) = source else { return nil }
      let required = param.requirement == .required
      return (
        keyPath.joined(separator: "."),
        Input(
          param: param.name, type: param.type, required: required, maxLength: param.maxLength,
          choices: param.choices)
      )
    }
  }

  /// The name of the screen at `index`; empty for a screenless route's nil.
  static func screenName(_ manifest: ResolvedManifest, _ index: Int?) -> String {
    guard let index, manifest.screens.indices.contains(index) else { return "" }
    return manifest.screens[index].name
  }

  /// The route of `version` that answers to one of `route`'s names (route key or alias).
  static func matchingRoute(_ route: ResolvedManifest.Route, in version: Version)
    -> ResolvedManifest.Route?
  {
    version.route(answeringTo: [route.key] + route.aliases)
  }

  /// Each variant of the new version, whether the old one has a variant of that name, and the
  /// route's effective form in each (nil where it, or the variant, does not exist).
  static func variantPairs(
    _ old: Version, _ new: Version, _ oldRoute: ResolvedManifest.Route,
    _ newRoute: ResolvedManifest.Route
  ) -> [(
    variant: String, inOld: Bool, before: ResolvedManifest.EffectiveRoute?,
    after: ResolvedManifest.EffectiveRoute?
  )] {
    new.manifest.variants.enumerated().map { newIndex, variant in
      let oldIndex = old.variantIndexes[variant.name]
      let before = oldIndex.flatMap {
        oldRoute.variants.indices.contains($0) ? oldRoute.variants[$0] : nil
      }
      let after = newRoute.variants.indices.contains(newIndex) ? newRoute.variants[newIndex] : nil
      return (variant.name, oldIndex != nil, before, after)
    }
  }

  static func compareRoutes(_ old: Version, _ new: Version, _ changes: inout Changes) {
    for oldRoute in old.manifest.routes {
      guard let newRoute = matchingRoute(oldRoute, in: new) else { continue }
      let name = newRoute.key
      let routeLocation = new.pushTypeLocation(name)
      if oldRoute.deprecation == nil, let reason = newRoute.deprecation {
        changes.add(
          .deprecatedRoute, routeLocation,
          "route `\(name)` is now deprecated" + (reason.isEmpty ? "" : ": \(reason)"))
      }
      compareNavigation(old, new, oldRoute, newRoute, &changes)
      compareWhenPresent(old, new, oldRoute, newRoute, &changes)
      compareReroute(old, new, oldRoute, newRoute, &changes)
      // Variants without an override in either version, whose route is the same as the last
      // such variant's, have the same changes: compared once, added for each.
      let overridden = old.overriddenVariants(ofRoute: oldRoute.key)
        .union(new.overriddenVariants(ofRoute: name))
      var last:
        (
          before: ResolvedManifest.EffectiveRoute, after: ResolvedManifest.EffectiveRoute,
          changes: [Changes.Key]
        )?
      for pair in variantPairs(old, new, oldRoute, newRoute) {
        switch (pair.before, pair.after) {
        case (nil, nil): continue
        case (.some, nil):
          changes.add(
            .routeUnavailable, routeLocation, "push type `\(name)` no longer resolves",
            variant: pair.variant)
        case (nil, .some):
          if pair.inOld {
            changes.add(
              .routeAvailable, routeLocation, "push type `\(name)` now resolves",
              variant: pair.variant)
          }
        case (.some(let before), .some(let after)):
          let plain = !overridden.contains(pair.variant)
          if plain, let last, last.before == before, last.after == after {
            changes.add(last.changes, variant: pair.variant)
            continue
          }
          let added = changes.added { changes in
            compareInputs(
              inputs(old.manifest, before), inputs(new.manifest, after),
              routes: (oldRoute.key, name), variant: pair.variant, old: old, new: new,
              screens: (
                screenName(old.manifest, before.screen), screenName(new.manifest, after.screen)
              ),
              &changes)
          }
          last = plain ? (before, after, added) : nil
        }
      }
    }
  }

  static func compareInputs(
    _ before: [(keyPath: String, input: Input)], _ after: [(keyPath: String, input: Input)],
    routes: (old: String, new: String), variant: String, old: Version, new: Version,
    screens: (old: String, new: String), _ changes: inout Changes
  ) {
    let route = routes.new
    func newLocation(_ param: String) -> SourceLocation {
      new.paramLocation(
        route: routes.new, param: param, variant: variant, screen: screens.new)
    }
    // By key path and by parameter, first of each: a route that reads thousands of values would
    // otherwise search the other version's list once per value.
    func index(_ inputs: [(keyPath: String, input: Input)], by key: (String, Input) -> String)
      -> [String: (keyPath: String, input: Input)]
    {
      var index: [String: (keyPath: String, input: Input)] = [:]
      for entry in inputs where index[key(entry.keyPath, entry.input)] == nil {
        index[key(entry.keyPath, entry.input)] = entry
      }
      return index
    }
    let beforeByKeyPath = index(before) { keyPath, _ in keyPath }
    let beforeByParam = index(before) { _, input in input.param }
    let afterByKeyPath = index(after) { keyPath, _ in keyPath }
    let afterByParam = index(after) { _, input in input.param }
    for (keyPath, input) in after {
      let previous = beforeByKeyPath[keyPath]?.input
      let moved = beforeByParam[input.param].flatMap { $0.keyPath != keyPath ? $0 : nil }
      if let previous {
        changes.addTypeChange(
          "route `\(route)` reads `\(keyPath)`", from: previous.type, to: input.type,
          maxLength: input.maxLength, choices: (previous.choices, input.choices),
          at: newLocation(input.param), variant: variant)
      }
      if previous == nil, let moved {
        changes.add(
          .changedKeyPath, newLocation(input.param),
          "route `\(route)` reads `\(input.param)` from `\(keyPath)` instead of `\(moved.keyPath)`",
          variant: variant)
      } else if input.required, previous?.required != true {
        changes.add(
          .addedRequiredParam, newLocation(input.param),
          "route `\(route)` now requires `\(keyPath)` (parameter `\(input.param)`)",
          variant: variant)
      } else if previous == nil {
        changes.add(
          .addedOptionalParam, newLocation(input.param),
          "route `\(route)` now reads the optional `\(keyPath)` (parameter `\(input.param)`)",
          variant: variant)
      }
    }
    for (keyPath, input) in before where afterByKeyPath[keyPath] == nil {
      guard afterByParam[input.param] == nil else { continue }
      changes.add(
        .removedParam, new.pushTypeLocation(routes.new),
        "route `\(route)` no longer reads `\(keyPath)`", variant: variant,
        oldLocation: old.paramLocation(
          route: routes.old, param: input.param, variant: variant, screen: screens.old))
    }
  }
}
