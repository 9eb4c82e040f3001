import RouteCompiler
import RouteTable

/// Links have been shared (in mails, on web pages, in other apps) and cannot be taken back, so
/// whatever stops a URL that opened a route from opening it breaks them: a pattern, host or
/// scheme gone, or a placeholder that now rejects values it accepted.
extension ManifestDiff {
  // MARK: Hosts and schemes

  static func compareLinkTargets(_ old: Version, _ new: Version, _ changes: inout Changes) {
    // Only the links of routes that are not deprecated are kept working; with none, losing a
    // host or scheme loses nothing that is promised.
    let promised = old.manifest.routes.contains { $0.deprecation == nil && !$0.links.isEmpty }
    let hosts = LinkTargets(
      kind: "host", removed: .removedLinkHost, added: .addedLinkHost,
      lost: { _ in "https links to it no longer open the app" },
      list: \.linkHosts, listLocation: \.linkHostsLocation, location: { $0.linkHostLocation($1) })
    let schemes = LinkTargets(
      kind: "scheme", removed: .removedLinkScheme, added: .addedLinkScheme,
      lost: { "`\($0):` URLs no longer open the app" },
      list: \.linkSchemes, listLocation: \.linkSchemesLocation,
      location: { $0.linkSchemeLocation($1) })
    for targets in [hosts, schemes] {
      let (oldNames, newNames) = (
        old.manifest[keyPath: targets.list], new.manifest[keyPath: targets.list]
      )
      for name in oldNames where promised && !newNames.contains(name) {
        changes.add(
          targets.removed, new.declaration[keyPath: targets.listLocation],
          "link \(targets.kind) `\(name)` was removed: \(targets.lost(name))",
          oldLocation: targets.location(old.declaration, name))
      }
      for name in newNames where !oldNames.contains(name) {
        changes.add(
          targets.added, targets.location(new.declaration, name),
          "link \(targets.kind) `\(name)` was added")
      }
    }
    for scheme in old.manifest.linkSchemes
    where promised && new.manifest.linkSchemes.contains(scheme)
      && old.manifest.hostAuthoritySchemes.contains(scheme)
        != new.manifest.hostAuthoritySchemes.contains(scheme)
    {
      let now = new.manifest.hostAuthoritySchemes.contains(scheme)
      changes.add(
        .changedLinkScheme, new.declaration.linkSchemeLocation(scheme),
        "link scheme `\(scheme)` now reads the authority of its URLs as "
          + (now
            ? "a host, no longer as the first path segment"
            : "the first path segment, no longer as a host")
          + ": `\(scheme):` URLs shared before open other routes or none",
        oldLocation: old.declaration.linkSchemeLocation(scheme))
    }
  }

  /// The link hosts or the link schemes, as `compareLinkTargets` compares them.
  private struct LinkTargets {
    var kind: String
    var removed: ManifestChange.Kind
    var added: ManifestChange.Kind
    /// What removing one breaks.
    var lost: (String) -> String
    var list: KeyPath<ResolvedManifest, [String]>
    var listLocation: KeyPath<ManifestDeclaration, SourceLocation>
    var location: (ManifestDeclaration, String) -> SourceLocation
  }

  // MARK: Patterns

  /// Each route's patterns against those of the route that answers to its names (see
  /// `LinkCorrespondence`): a pattern moved to another route now opens that one, so it is
  /// removed from the first and added to the second.
  static func compareLinks(_ old: Version, _ new: Version, _ changes: inout Changes) {
    for oldRoute in old.manifest.routes {
      let newRoute = matchingRoute(oldRoute, in: new)
      let correspondence = LinkCorrespondence(
        old: (old.manifest, oldRoute), new: (new.manifest, newRoute))
      let oldLocations = old.linkLocations(route: oldRoute.key)
      for (index, pattern) in oldRoute.links.enumerated() {
        guard let newRoute,
          let counterpart = correspondence.counterpart(of: pattern, in: newRoute.links)
        else {
          let deprecated = oldRoute.deprecation != nil
          changes.add(
            deprecated ? .removedDeprecatedRoute : .removedLink,
            newRoute.flatMap { new.routeLinksLocation(route: $0.key) }
              ?? new.routesLocation(forRouteAt: old.pushTypeLocation(oldRoute.key), in: old),
            "link `\(pattern.text)` of route `\(oldRoute.key)` was removed"
              + (deprecated ? " (the route was deprecated)" : ""),
            oldLocation: oldLocations.indices.contains(index) ? oldLocations[index] : nil)
          continue
        }
        comparePlaceholderTypes(
          counterpart.placeholders, of: newRoute.links[counterpart.index].text,
          routes: (oldRoute, newRoute), old: old, new: new, &changes)
        if oldRoute.deprecation == nil {
          let newLocations = new.linkLocations(route: newRoute.key)
          if !pattern.caseSensitive, newRoute.links[counterpart.index].caseSensitive {
            changes.add(
              .narrowedLink,
              newLocations.indices.contains(counterpart.index)
                ? newLocations[counterpart.index] : new.pushTypeLocation(newRoute.key),
              "link `\(pattern.text)` of route `\(oldRoute.key)` no longer ignores letter case "
                + "(`case_sensitive: false` is gone): URLs shared in other letter case no longer "
                + "open the route",
              oldLocation: oldLocations.indices.contains(index) ? oldLocations[index] : nil)
          }
          let lost = lostOrigins(pattern, newRoute.links[counterpart.index], old, new)
          if !lost.isEmpty {
            changes.add(
              .narrowedLink,
              newLocations.indices.contains(counterpart.index)
                ? newLocations[counterpart.index] : new.pushTypeLocation(newRoute.key),
              "link `\(pattern.text)` of route `\(oldRoute.key)` no longer applies to "
                + lost.map { $0 == LinkHostEntry.anyHost ? "`*` (any host)" : "`\($0)`" }
                .joined(separator: ", ")
                + ": URLs shared there no longer open the route",
              oldLocation: oldLocations.indices.contains(index) ? oldLocations[index] : nil)
          }
        }
      }
    }
    for newRoute in new.manifest.routes {
      let oldRoute = matchingRoute(newRoute, in: old)
      let correspondence = LinkCorrespondence(
        old: (old.manifest, oldRoute), new: (new.manifest, newRoute))
      let newLocations = new.linkLocations(route: newRoute.key)
      for (index, pattern) in newRoute.links.enumerated()
      where !(oldRoute?.links ?? []).contains(where: {
        correspondence.placeholders(old: $0, new: pattern) != nil
      }) {
        changes.add(
          .addedLink,
          newLocations.indices.contains(index)
            ? newLocations[index] : new.pushTypeLocation(newRoute.key),
          "link `\(pattern.text)` of route `\(newRoute.key)` was added")
      }
    }
  }

  /// The hosts and schemes the old pattern applied to, still declared in the new version, that
  /// the new pattern does not apply to (a host or scheme removed altogether is reported once, as
  /// such). A wildcard entry counts as a host of its own, and `*` (any host) as one always
  /// declared: narrowing `*` or a wildcard to a narrower entry loses the URLs of the others. A
  /// new pattern of `*` loses no host.
  private static func lostOrigins(
    _ old: LinkPattern<String>, _ new: LinkPattern<String>, _ oldVersion: Version,
    _ newVersion: Version
  ) -> [String] {
    let anyHost = LinkHostEntry.anyHost
    let hosts = (oldVersion.manifest.linkHosts + [anyHost]).filter {
      old.applies(toHost: $0)
        && ($0 == anyHost || newVersion.manifest.linkHosts.contains($0))
        && !new.applies(toHost: $0) && !new.appliesToAnyHost
    }
    let schemes = oldVersion.manifest.linkSchemes.filter {
      old.applies(toScheme: $0) && newVersion.manifest.linkSchemes.contains($0)
        && !new.applies(toScheme: $0)
    }
    return hosts + schemes.map { "\($0):" }
  }

  /// A placeholder's value is read with its parameter's type, like a payload value, so a
  /// type change is judged as one (`ParamTypeWidening`), in every variant the route has in both.
  private static func comparePlaceholderTypes(
    _ placeholders: [(old: String, new: String)], of link: String,
    routes: (old: ResolvedManifest.Route, new: ResolvedManifest.Route), old: Version,
    new: Version, _ changes: inout Changes
  ) {
    for pair in variantPairs(old, new, routes.old, routes.new) {
      guard let before = pair.before, let after = pair.after else { continue }
      let (oldParams, newParams) = (
        old.manifest.params(of: before.target), new.manifest.params(of: after.target)
      )
      let newScreen = after.screen.map { new.manifest.screens[$0].name }
      for placeholder in placeholders {
        guard let previous = oldParams.first(where: { $0.name == placeholder.old }),
          let param = newParams.first(where: { $0.name == placeholder.new })
        else { continue }
        changes.addTypeChange(
          "route `\(routes.new.key)` reads `\(param.name)` from the link `\(link)`",
          from: previous.type, to: param.type, maxLength: param.maxLength,
          choices: (previous.choices, param.choices),
          at: newScreen.flatMap { new.screenParamLocation(screen: $0, param: param.name) }
            ?? new.pushTypeLocation(routes.new.key),
          variant: pair.variant)
      }
    }
  }
}
