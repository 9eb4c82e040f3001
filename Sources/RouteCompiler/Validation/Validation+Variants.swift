extension Validation {
  /// The most variants a manifest declares. A route without an override is checked and encoded
  /// once for all of them, but each variant still has its entry per route in the table and in
  /// `routec graph`, so the count is bounded where that stays small.
  static let maximumVariants = 100

  /// Resolves the variant list (declared, or the single `default`) and remote config; returns
  /// the remote-config key and the default variant's index.
  mutating func checkVariants() -> (key: String?, defaultVariant: Int?) {
    guard let declared = manifest.variants else {
      if let config = manifest.remoteConfig {
        diagnostics.report(
          .conflictingKeys, at: config.keyLocation,
          "`remote_config` picks one of the `variants`, but the manifest declares none; add `variants` or remove `remote_config`"
        )
      }
      let tabs = manifest.tabs?.value ?? []
      checkCollisions(
        tabs, "tab", convert: SwiftName.lowerCamel, reserved: ("Tab", GeneratedMembers.tab))
      variants = [
        ResolvedManifest.Variant(
          name: ResolvedManifest.defaultVariantName, remoteValues: [], tabs: tabs.map(\.value))
      ]
      variantIndex = [ResolvedManifest.defaultVariantName: 0]
      tabsLocations = [manifest.tabs?.location]
      return (nil, 0)
    }
    if let tabs = manifest.tabs {
      diagnostics.report(
        .conflictingKeys, at: tabs.location,
        "a top-level `tabs` list is for manifests without `variants`; with variants, give each variant its own `tabs`"
      )
    }
    var remoteValues: [String: (variant: String, location: SourceLocation)] = [:]
    for variant in declared.value {
      if let index = variantIndex[variant.name.value] {
        _ = index  // a duplicate variant key was reported by the YAML layer
        continue
      }
      if variants.count >= Self.maximumVariants {
        // Reported once; the routes are checked in the variants within the limit only, so
        // rejecting a huge manifest costs what checking an allowed one does.
        if variants.count == Self.maximumVariants, variantsPastLimit.isEmpty {
          diagnostics.report(
            .tableTooLarge, at: variant.name.location,
            "the manifest declares \(declared.value.count) variants; a manifest holds at most \(Self.maximumVariants), since every route is checked and compiled for each"
          )
        }
        variantsPastLimit.insert(variant.name.value)
        continue
      }
      variantIndex[variant.name.value] = variants.count
      tabsLocations.append(variant.tabsLocation)
      variants.append(
        ResolvedManifest.Variant(
          name: variant.name.value, remoteValues: variant.values.map(\.value),
          tabs: variant.tabs.map(\.value)))
      for value in variant.values {
        if let first = remoteValues[value.value] {
          let owner =
            first.variant == variant.name.value ? "this variant" : "variant `\(first.variant)`"
          diagnostics.report(
            .duplicateRemoteValue, at: value.location,
            "remote-config value `\(value.value)` already picks \(owner) (\(diagnostics.reference(to: first.location))); each value must pick one variant"
          )
        } else {
          remoteValues[value.value] = (variant.name.value, value.location)
        }
      }
    }
    checkCollisions(
      declared.value.map(\.name), "variant", convert: SwiftName.lowerCamel,
      reserved: ("Variant", GeneratedMembers.variant))
    var seenTabs: Set<String> = []
    let allTabs = declared.value.flatMap(\.tabs).filter { seenTabs.insert($0.value).inserted }
    checkCollisions(
      allTabs, "tab", convert: SwiftName.lowerCamel, reserved: ("Tab", GeneratedMembers.tab))

    guard let config = manifest.remoteConfig else {
      diagnostics.report(
        .missingKey, at: declared.location,
        "`variants` needs `remote_config` with `variant_key` and `default_variant` to pick one at launch"
      )
      return (nil, nil)
    }
    if config.variantKey == nil {
      diagnostics.report(
        .missingKey, at: config.keyLocation,
        "`remote_config` is missing the required key `variant_key`")
    }
    guard let defaultName = config.defaultVariant else {
      diagnostics.report(
        .missingKey, at: config.keyLocation,
        "`remote_config` is missing the required key `default_variant`")
      return (config.variantKey?.value, nil)
    }
    guard let defaultIndex = variantIndex[defaultName.value] else {
      reportUnknownVariant(defaultName, "`default_variant`")
      return (config.variantKey?.value, nil)
    }
    return (config.variantKey?.value, defaultIndex)
  }

  mutating func reportUnknownVariant(_ name: Located<String>, _ what: String) {
    guard !variantsPastLimit.contains(name.value) else { return }
    diagnostics.report(
      .unknownVariant, at: name.location,
      "\(what) names the variant `\(name.value)`, which is not declared"
        + (diagnostics.suggestions.nearest(to: name.value, in: variants.lazy.map(\.name)).map {
          "; did you mean `\($0)`?"
        }
          ?? "; the variants are \(Suggestions.list(variants.map(\.name)))"))
  }
}
