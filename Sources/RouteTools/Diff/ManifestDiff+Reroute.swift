import RouteCompiler

/// `reroute`: a route whose value was resolved again as a link (a marketing redirect, a push
/// carrying a deep link) must keep doing so, or what servers send through it opens something else.
extension ManifestDiff {
  static func compareReroute(
    _ old: Version, _ new: Version, _ oldRoute: ResolvedManifest.Route,
    _ newRoute: ResolvedManifest.Route, _ changes: inout Changes
  ) {
    guard case .reroute(let param)? = oldRoute.command else { return }
    if case .reroute? = newRoute.command { return }
    let name = newRoute.pushType
    let screens = new.manifest.screens
    let screen = newRoute.variants.lazy.compactMap { $0?.screen }.first {
      screens.indices.contains($0)
    }
    let now =
      switch (newRoute.command, screen) {
      case (.appAction(let command)?, _): "run the app's command `\(command)`"
      case (_, let screen?): "open screen `\(screens[screen].name)`"
      default: "open the route"
      }
    changes.add(
      .removedReroute, new.pushTypeLocation(name),
      "route `\(name)` no longer resolves the URL in `\(param)` again: the links and pushes that carried one now \(now)",
      oldLocation: old.pushTypeLocation(oldRoute.pushType))
  }
}
