import RouteCompiler
import RouteTable

extension ManifestDiff {
  /// One side of a comparison, indexed: the resolved manifest, its declaration (where each
  /// thing is written, to locate changes), and routes and screens by name.
  package struct Version: Sendable {
    package let manifest: ResolvedManifest
    package let declaration: ManifestDeclaration
    /// Where each top-level key is written (`ManifestPipeline.Output.topLevelKeys`).
    package let topLevelKeys: [String: SourceLocation]
    /// The feature manifests of a composition (`ManifestPipeline.Output.features`).
    package let features: [String: ManifestPipeline.FeatureFile]
    /// Each route name (route key or alias) to the first route that has it, in the resolved
    /// manifest and in the declaration, and each screen name to its declaration: built once,
    /// because the comparisons look routes up by name, and a scan per look-up made `diff`
    /// quadratic in the number of routes.
    private let resolvedRoutes: [String: Int]
    private let declaredRoutes: [String: Int]
    private let declaredScreens: [String: Int]
    /// Each variant's index by name, for pairing a route's variants across versions.
    let variantIndexes: [String: Int]

    package init(
      manifest: ResolvedManifest, declaration: ManifestDeclaration,
      topLevelKeys: [String: SourceLocation] = [:],
      features: [String: ManifestPipeline.FeatureFile] = [:]
    ) {
      self.manifest = manifest
      self.declaration = declaration
      self.topLevelKeys = topLevelKeys
      self.features = features
      func firstIndex(_ names: [[String]]) -> [String: Int] {
        var index: [String: Int] = [:]
        for (position, list) in names.enumerated() {
          for name in list where index[name] == nil { index[name] = position }
        }
        return index
      }
      resolvedRoutes = firstIndex(manifest.routes.map { [$0.key] + $0.aliases })
      declaredRoutes = firstIndex(
        declaration.routes.map { [$0.key.value] + $0.aliases.map(\.value) })
      declaredScreens = firstIndex(declaration.screens.map { [$0.name.value] })
      variantIndexes = firstIndex(manifest.variants.map { [$0.name] })
    }

    /// The first route that answers to one of `names`, in manifest order.
    func route(answeringTo names: [String]) -> ResolvedManifest.Route? {
      names.compactMap { resolvedRoutes[$0] }.min().map { manifest.routes[$0] }
    }

    private func declaredRoute(_ name: String) -> RouteDeclaration? {
      declaredRoutes[name].map { declaration.routes[$0] }
    }

    /// The variants that override the route with route key `name`.
    func overriddenVariants(ofRoute name: String) -> Set<String> {
      Set((declaredRoute(name)?.overrides ?? []).map(\.variant.value))
    }

    /// Where the route key or alias `name` is written, else the start of the manifest.
    func pushTypeLocation(_ name: String) -> SourceLocation {
      declaration.pushTypeLocation(name, in: declaredRoute(name))
    }

    /// Where the link patterns of the route with route key `route` are written, in order.
    func linkLocations(route: String) -> [SourceLocation] {
      declaration.linkLocations(of: declaredRoute(route))
    }

    /// The `links` key of the route with route key `route` when it lists a pattern, else the
    /// route's key, else nil.
    func routeLinksLocation(route: String) -> SourceLocation? {
      declaration.routeLinksLocation(of: declaredRoute(route))
    }

    /// Where the route sets the parameter's source in `variant`, else where the screen declares
    /// it, else the route's key.
    func paramLocation(route: String, param: String, variant: String, screen: String)
      -> SourceLocation
    {
      declaration.paramLocation(
        route: declaredRoute(route), param: param, variant: variant,
        screenLocation: screenParamLocation(screen: screen, param: param))
    }

    /// Where the screen named `screen` declares `param`, else nil.
    func screenParamLocation(screen: String, param: String) -> SourceLocation? {
      declaredScreens[screen].flatMap { declaration.screens[$0].params }?
        .first { $0.name.value == param }?.name.location
    }

    /// The `requires` key of the route with route key `route`, else the route's key.
    /// The route's `category` value, else its route key.
    func whenPresentLocation(route: String) -> SourceLocation {
      declaredRoute(route)?.whenPresent?.location ?? pushTypeLocation(route)
    }

    func categoryKeyLocation(route: String) -> SourceLocation {
      declaredRoute(route)?.category?.location ?? pushTypeLocation(route)
    }

    func requiresLocation(route: String) -> SourceLocation {
      declaredRoute(route)?.requires?.location ?? pushTypeLocation(route)
    }

    /// The `stack` key that applies to the route with route key `route` in `variant` (an
    /// override's, else the route's), else the route's key.
    func stackLocation(route: String, variant: String) -> SourceLocation {
      let declared = declaredRoute(route)
      let override = declared?.overrides.first { $0.variant.value == variant }?.body.stack
      return override?.location ?? declared?.body.stack?.location ?? pushTypeLocation(route)
    }

    /// The `routes:` key, where a removed route is reported.
    var routesLocation: SourceLocation {
      topLevelKeys["routes"] ?? declaration.rootLocation
    }

    /// Where a route that `old` declared at `oldLocation` is reported removed: in the feature
    /// manifest of the same name when a feature declared it (its `routes:` key, else its
    /// `feature:` key), else at `routesLocation`.
    func routesLocation(forRouteAt oldLocation: SourceLocation, in old: Version) -> SourceLocation {
      guard let name = old.features.first(where: { $0.value.file == oldLocation.file })?.key,
        let keys = features[name]?.topLevelKeys,
        let location = keys["routes"] ?? keys["feature"]
      else { return routesLocation }
      return location
    }
  }
}
