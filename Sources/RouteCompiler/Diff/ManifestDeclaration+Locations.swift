/// Where things are declared, for reports about a manifest as a whole (`routec diff`). Each
/// falls back to an enclosing location, so a report always points somewhere in the file.
extension ManifestDeclaration {
  func pushTypeLocation(_ name: String) -> SourceLocation {
    for route in routes {
      if route.pushType.value == name { return route.pushType.location }
      if let alias = route.aliases.first(where: { $0.value == name }) { return alias.location }
    }
    return rootLocation
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

  var typeKeysLocation: SourceLocation {
    typeKeys?.first?.location ?? rootLocation
  }

  /// Where the route sets the parameter's source in `variant` (its override, then its body),
  /// else where the screen declares it, else the route's key.
  func paramLocation(route name: String, param: String, variant: String, screen: String)
    -> SourceLocation
  {
    let route = routes.first { $0.pushType.value == name }
    let override = route?.overrides.first { $0.variant.value == variant }?.body
    for body in [override, route?.body] {
      if let source = body?.params?.first(where: { $0.name.value == param }) {
        return source.name.location
      }
    }
    if let declared = screens.first(where: { $0.name.value == screen })?.params.first(where: {
      $0.name.value == param
    }) {
      return declared.name.location
    }
    return route?.pushType.location ?? rootLocation
  }
}
