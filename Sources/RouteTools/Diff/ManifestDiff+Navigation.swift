import RouteCompiler

/// Requirements, back stacks and the category a route's pushes carry: what happens after a
/// payload resolves, not which payloads resolve, so every change here is non-breaking.
extension ManifestDiff {
  static func compareNavigation(
    _ old: Version, _ new: Version, _ oldRoute: ResolvedManifest.Route,
    _ newRoute: ResolvedManifest.Route, _ changes: inout Changes
  ) {
    let name = newRoute.key
    if oldRoute.category != newRoute.category {
      let was = oldRoute.category.map { "`\($0)`" } ?? "none"
      let now = newRoute.category.map { "`\($0)`" } ?? "none"
      changes.add(
        .changedRouteCategory, new.categoryKeyLocation(route: name),
        "route `\(name)`'s pushes carry the category \(now) (was \(was)); servers send it in `aps.category`"
      )
    }
    let before = oldRoute.requires.map { old.manifest.requirements[$0].name }
    let after = newRoute.requires.map { new.manifest.requirements[$0].name }
    if Set(before) != Set(after) {
      let added = after.filter { !before.contains($0) }
      let removed = before.filter { !after.contains($0) }
      var parts: [String] = []
      if !added.isEmpty { parts.append("now requires \(Suggestions.list(added))") }
      if !removed.isEmpty { parts.append("no longer requires \(Suggestions.list(removed))") }
      changes.add(
        .changedRequirements, new.requiresLocation(route: name),
        "route `\(name)` \(parts.joined(separator: " and ")); the same payloads open it")
    }
    for pair in variantPairs(old, new, oldRoute, newRoute) {
      guard let previous = pair.before, let current = pair.after else { continue }
      let was = describe(previous.stack, previous, old.manifest)
      let now = describe(current.stack, current, new.manifest)
      guard was != now else { continue }
      let message =
        switch (was, now) {
        case (nil, let now?): "route `\(name)` now builds the stack \(now) beneath its screen"
        case (let was?, nil):
          "route `\(name)` no longer builds a stack beneath its screen (was \(was))"
        default:
          "route `\(name)` builds the stack \(now ?? "") beneath its screen, not \(was ?? "")"
        }
      changes.add(
        .changedStack, new.stackLocation(route: name, variant: pair.variant), message,
        variant: pair.variant)
    }
  }

  /// `[OrderList, OrderDetail(order_id: order_id)]`, or nil for no stack.
  private static func describe(
    _ stack: [ResolvedManifest.StackEntry], _ route: ResolvedManifest.EffectiveRoute,
    _ manifest: ResolvedManifest
  ) -> String? {
    guard !stack.isEmpty else { return nil }
    let routeParams = manifest.params(of: route.target)
    let entries = stack.map { entry in
      let screen = manifest.screens[entry.screen]
      let bindings = zip(screen.params, entry.params).compactMap { param, value -> String? in
        switch value {
        case .routeParam(let index):
          let from = routeParams.indices.contains(index) ? routeParams[index].name : "?"
          return "\(param.name): \(from)"
        case .constant(let constant): return "\(param.name): \(constant.formatted)"
        case .absent: return nil
        }
      }
      return bindings.isEmpty ? screen.name : "\(screen.name)(\(bindings.joined(separator: ", ")))"
    }
    return "`[\(entries.joined(separator: ", "))]`"
  }
}
