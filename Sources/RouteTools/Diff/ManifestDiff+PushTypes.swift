import RouteCompiler
import RouteTable

/// Push types and aliases: the names servers send.
extension ManifestDiff {
  static func compareNames(_ old: Version, _ new: Version, _ changes: inout Changes) {
    let newNames = Set(new.manifest.routes.flatMap { [$0.pushType] + $0.aliases })
    let oldNames = Set(old.manifest.routes.flatMap { [$0.pushType] + $0.aliases })
    for route in old.manifest.routes {
      let deprecated = route.deprecation != nil
      if !newNames.contains(route.pushType) {
        changes.add(
          deprecated ? .removedDeprecatedRoute : .removedPushType,
          new.routesLocation(forRouteAt: old.pushTypeLocation(route.pushType), in: old),
          "push type `\(route.pushType)` was removed" + (deprecated ? " (it was deprecated)" : ""),
          oldLocation: old.pushTypeLocation(route.pushType))
      }
      // An alias is reported at its route when the route is still there under another name.
      let survivor = matchingRoute(route, in: new)
      let aliasLocation =
        survivor.map { new.pushTypeLocation($0.pushType) }
        ?? new.routesLocation(forRouteAt: old.pushTypeLocation(route.pushType), in: old)
      for alias in route.aliases where !newNames.contains(alias) {
        changes.add(
          deprecated ? .removedDeprecatedRoute : .removedAlias, aliasLocation,
          "alias `\(alias)` of `\(route.pushType)` was removed"
            + (deprecated ? " (the route was deprecated)" : ""),
          oldLocation: old.pushTypeLocation(alias))
      }
    }
    for route in new.manifest.routes {
      if !oldNames.contains(route.pushType) {
        changes.add(
          .addedPushType, new.pushTypeLocation(route.pushType),
          "push type `\(route.pushType)` was added")
      }
      for alias in route.aliases where !oldNames.contains(alias) {
        changes.add(
          .addedAlias, new.pushTypeLocation(alias),
          "alias `\(alias)` of `\(route.pushType)` was added")
      }
    }
  }
}
