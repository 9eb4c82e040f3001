import RouteCompiler
import RouteTable

/// Variants, remote-config values and the payload's type key paths.
extension ManifestDiff {
  static func compareRemoteConfig(_ old: Version, _ new: Version, _ changes: inout Changes) {
    let oldKey = old.manifest.variantKey
    let newKey = new.manifest.variantKey
    if oldKey != newKey, oldKey != nil {
      let describe = { (key: String?) in key.map { "`\($0)`" } ?? "none" }
      changes.add(
        .changedVariantKey, new.declaration.variantKeyLocation,
        "the remote-config key that picks the variant changed from \(describe(oldKey)) to \(describe(newKey))",
        oldLocation: newKey == nil ? old.declaration.variantKeyLocation : nil)
    }
    let oldDefault = old.manifest.variants[old.manifest.defaultVariant].name
    let newDefault = new.manifest.variants[new.manifest.defaultVariant].name
    if oldKey != nil, newKey != nil, oldDefault != newDefault {
      changes.add(
        .changedDefaultVariant, new.declaration.defaultVariantLocation,
        "unknown remote-config values now pick `\(newDefault)` instead of `\(oldDefault)`")
    }
    let oldValues = remoteValues(old.manifest)
    let newValues = remoteValues(new.manifest)
    for (value, variant) in oldValues {
      guard let now = newValues.first(where: { $0.value == value })?.variant else {
        // The variant it picked, if that is still there.
        changes.add(
          .removedRemoteValue, new.declaration.variantLocation(variant),
          "remote-config value `\(value)` no longer picks a variant (it picked `\(variant)`)",
          oldLocation: old.declaration.remoteValueLocation(value))
        continue
      }
      if now != variant {
        changes.add(
          .changedRemoteValue, new.declaration.remoteValueLocation(value),
          "remote-config value `\(value)` now picks `\(now)` instead of `\(variant)`")
      }
    }
    for (value, variant) in newValues where !oldValues.contains(where: { $0.value == value }) {
      changes.add(
        .addedRemoteValue, new.declaration.remoteValueLocation(value),
        "remote-config value `\(value)` picks `\(variant)`")
    }
  }

  static func remoteValues(_ manifest: ResolvedManifest) -> [(
    value: String, variant: String
  )] {
    manifest.variants.flatMap { variant in variant.remoteValues.map { ($0, variant.name) } }
  }

  static func compareVariants(_ old: Version, _ new: Version, _ changes: inout Changes) {
    let oldNames = old.manifest.variants.map(\.name)
    let newNames = new.manifest.variants.map(\.name)
    // A manifest without variants has one implicit `default`; adding or dropping `variants`
    // shows up as remote-config changes, not as a variant named `default`.
    guard old.manifest.variantKey != nil || new.manifest.variantKey != nil else { return }
    for name in oldNames where !newNames.contains(name) && old.manifest.variantKey != nil {
      changes.add(
        .removedVariant, new.declaration.variantsLocation, "variant `\(name)` was removed",
        oldLocation: old.declaration.variantLocation(name))
    }
    for name in newNames where !oldNames.contains(name) && new.manifest.variantKey != nil {
      changes.add(
        .addedVariant, new.declaration.variantLocation(name), "variant `\(name)` was added")
    }
  }

  static func compareTypeKeys(_ old: Version, _ new: Version, _ changes: inout Changes) {
    let oldKeys = old.manifest.typeKeys.map { $0.joined(separator: ".") }
    let newKeys = new.manifest.typeKeys.map { $0.joined(separator: ".") }
    for key in oldKeys where !newKeys.contains(key) {
      changes.add(
        .changedTypeKeys, new.declaration.typeKeysLocation,
        "the push type is no longer read from `\(key)`; payloads carrying it there stop resolving")
    }
    for key in newKeys where !oldKeys.contains(key) {
      changes.add(
        .addedTypeKey, new.declaration.typeKeysLocation,
        "the push type is also read from `\(key)`")
    }
  }
}
