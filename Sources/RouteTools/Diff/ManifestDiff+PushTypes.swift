import RouteCompiler
import RouteTable

/// Push types and aliases: the names servers send.
extension ManifestDiff {
  static func compareNames(_ old: Version, _ new: Version, _ changes: inout Changes) {
    let newNames = Set(new.manifest.routes.flatMap { [$0.key] + $0.aliases })
    let oldNames = Set(old.manifest.routes.flatMap { [$0.key] + $0.aliases })
    for route in old.manifest.routes {
      let deprecated = route.deprecation != nil
      if !newNames.contains(route.key) {
        let renamed = deprecated ? nil : renaming(of: route, old, new, oldNames: oldNames)
        changes.add(
          deprecated ? .removedDeprecatedRoute : .removedPushType,
          new.routesLocation(forRouteAt: old.pushTypeLocation(route.key), in: old),
          "push type `\(route.key)` was removed" + (deprecated ? " (it was deprecated)" : "")
            + (renamed.map {
              "; if `\($0)` is the same route renamed, keep `\(route.key)` in its `aliases`, so payloads that still say `\(route.key)` keep opening it"
            } ?? ""),
          oldLocation: old.pushTypeLocation(route.key))
      }
      // An alias is reported at its route when the route is still there under another name.
      let survivor = matchingRoute(route, in: new)
      let aliasLocation =
        survivor.map { new.pushTypeLocation($0.key) }
        ?? new.routesLocation(forRouteAt: old.pushTypeLocation(route.key), in: old)
      for alias in route.aliases where !newNames.contains(alias) {
        changes.add(
          deprecated ? .removedDeprecatedRoute : .removedAlias, aliasLocation,
          "alias `\(alias)` of `\(route.key)` was removed"
            + (deprecated ? " (the route was deprecated)" : ""),
          oldLocation: old.pushTypeLocation(alias))
      }
    }
    for route in new.manifest.routes {
      if !oldNames.contains(route.key) {
        changes.add(
          .addedPushType, new.pushTypeLocation(route.key),
          "push type `\(route.key)` was added")
      }
      for alias in route.aliases where !oldNames.contains(alias) {
        changes.add(
          .addedAlias, new.pushTypeLocation(alias),
          "alias `\(alias)` of `\(route.key)` was added")
      }
    }
  }

  /// The push type of the route `new` adds that looks like `route` renamed: one whose push type
  /// is new and that answers to one of `route`'s aliases, or else opens the same screen.
  private static func renaming(
    of route: ResolvedManifest.Route, _ old: Version, _ new: Version, oldNames: Set<String>
  ) -> String? {
    let added = new.manifest.routes.filter { !oldNames.contains($0.key) }
    if let survivor = matchingRoute(route, in: new),
      added.contains(where: { $0.key == survivor.key })
    {
      return survivor.key
    }
    func screen(_ route: ResolvedManifest.Route, _ manifest: ResolvedManifest) -> String? {
      route.variants.lazy.compactMap { $0 }.first.map { Self.screenName(manifest, $0.screen) }
    }
    let opened = screen(route, old.manifest)
    return added.first { screen($0, new.manifest) == opened }?.key
  }
}
