import RouteCompiler

/// Where things are declared, for reports about a manifest as a whole (`routec diff`). Each
/// falls back to an enclosing location, so a report always points somewhere in the file.
extension ManifestDeclaration {
  /// Where `name` is written in `route` (its route key or one of its aliases), else the start.
  func pushTypeLocation(_ name: String, in route: RouteDeclaration?) -> SourceLocation {
    guard let route else { return rootLocation }
    if route.key.value == name { return route.key.location }
    return route.aliases.first { $0.value == name }?.location ?? rootLocation
  }

  func variantLocation(_ name: String) -> SourceLocation {
    variants?.value.first { $0.name.value == name }?.name.location ?? variantsLocation
  }

  /// The `variants:` key, else the `remote_config:` key, else the start of the manifest.
  var variantsLocation: SourceLocation {
    variants?.location ?? remoteConfig?.keyLocation ?? rootLocation
  }

  func remoteValueLocation(_ value: String) -> SourceLocation {
    for variant in variants?.value ?? [] {
      if let found = variant.values.first(where: { $0.value == value }) { return found.location }
    }
    return variants?.location ?? rootLocation
  }

  var variantKeyLocation: SourceLocation {
    remoteConfig?.variantKey?.location ?? remoteConfig?.keyLocation ?? rootLocation
  }

  var defaultVariantLocation: SourceLocation {
    remoteConfig?.defaultVariant?.location ?? remoteConfig?.keyLocation ?? rootLocation
  }

  func categoryLocation(_ name: String) -> SourceLocation {
    categories.first { $0.name.value == name }?.name.location ?? rootLocation
  }

  func actionLocation(category: String, id: String) -> SourceLocation {
    let declared = categories.first { $0.name.value == category }
    return declared?.actions.first { $0.id.value == id }?.id.location
      ?? declared?.name.location ?? rootLocation
  }

  /// The `categories:` key of a manifest whose top-level keys are `topLevelKeys`, else its start.
  func categoriesLocation(_ topLevelKeys: [String: SourceLocation]) -> SourceLocation {
    topLevelKeys["categories"] ?? rootLocation
  }

  func shortcutLocation(_ type: String) -> SourceLocation {
    shortcuts.first { $0.type.value == type }?.type.location ?? rootLocation
  }

  func activityLocation(_ type: String) -> SourceLocation {
    activities.first { $0.type.value == type }?.type.location ?? rootLocation
  }

  func intentLocation(_ key: String) -> SourceLocation {
    intents.first { $0.key.value == key }?.key.location ?? rootLocation
  }

  var typeKeysLocation: SourceLocation {
    typeKeys?.first?.location ?? rootLocation
  }

  /// Where `route` sets the parameter's source in `variant` (its override, then its body),
  /// else `screenLocation` (where the screen declares it), else the route's key.
  func paramLocation(
    route: RouteDeclaration?, param: String, variant: String, screenLocation: SourceLocation?
  ) -> SourceLocation {
    let override = route?.overrides.first { $0.variant.value == variant }?.body
    for body in [override, route?.body] {
      if let source = body?.params?.first(where: { $0.name.value == param }) {
        return source.name.location
      }
    }
    return screenLocation ?? route?.key.location ?? rootLocation
  }

  /// Where the link patterns of `route` are written, in order.
  func linkLocations(of route: RouteDeclaration?) -> [SourceLocation] {
    route?.links?.value.map(\.location) ?? []
  }

  /// The `links` key of `route` when it lists a pattern, else the route's key, else nil.
  func routeLinksLocation(of route: RouteDeclaration?) -> SourceLocation? {
    guard let route else { return nil }
    if let links = route.links, !links.value.isEmpty { return links.location }
    return route.key.location
  }

  func linkHostLocation(_ host: String) -> SourceLocation {
    links?.hosts.first { $0.value == host }?.location ?? linkHostsLocation
  }

  func linkSchemeLocation(_ scheme: String) -> SourceLocation {
    links?.schemes.first { $0.value == scheme }?.location ?? linkSchemesLocation
  }

  /// The `hosts` key of the top-level `links`, else its `links` key, else the start.
  var linkHostsLocation: SourceLocation {
    links?.hostsLocation ?? links?.keyLocation ?? rootLocation
  }

  /// The `schemes` key of the top-level `links`, else its `links` key, else the start.
  var linkSchemesLocation: SourceLocation {
    links?.schemesLocation ?? links?.keyLocation ?? rootLocation
  }
}
