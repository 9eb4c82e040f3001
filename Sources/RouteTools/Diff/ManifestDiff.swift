import RouteCompiler
import RouteTable

/// Compares two versions of a manifest from the side of whoever sends the pushes: which
/// payloads that worked before fail or change meaning now (breaking), and what is merely new.
///
/// Routes are matched by route key or alias, variants and remote-config values by name; what a
/// route needs from a payload is compared per variant, and one change seen in several variants
/// is reported once, naming them.
package enum ManifestDiff {
  /// Every change, each located in the new version (see `ManifestChange`), by position.
  package static func compare(old: Version, new: Version) -> [ManifestChange] {
    var changes = Changes(
      showsVariants: old.manifest.variantKey != nil || new.manifest.variantKey != nil)
    compareVariants(old, new, &changes)
    compareRemoteConfig(old, new, &changes)
    compareTypeKeys(old, new, &changes)
    compareNames(old, new, &changes)
    compareRoutes(old, new, &changes)
    compareCategories(old, new, &changes)
    compareDoors(old, new, &changes)
    compareLinkTargets(old, new, &changes)
    compareLinks(old, new, &changes)
    return changes.result
  }
}
