import RouteCompiler

/// `reroute`: a route whose value was resolved again as a link (a marketing redirect, a push
/// carrying a deep link) must keep doing so, or what servers send through it opens something else.
extension ManifestDiff {
  static func compareReroute(
    _ old: Version, _ new: Version, _ oldRoute: ResolvedManifest.Route,
    _ newRoute: ResolvedManifest.Route, _ changes: inout Changes
  ) {
    guard case .reroute(let param)? = oldRoute.target else { return }
    if case .reroute? = newRoute.target { return }
    let name = newRoute.key
    let screens = new.manifest.screens
    let now =
      switch newRoute.target {
      case .appAction(let action)?: "run the app's action `\(action)`"
      case .screen(let screen)? where screens.indices.contains(screen):
        "open screen `\(screens[screen].name)`"
      default: "open the route"
      }
    changes.add(
      .removedReroute, new.pushTypeLocation(name),
      "route `\(name)` no longer resolves the URL in `\(param)` again: the links and pushes that carried one now \(now)",
      oldLocation: old.pushTypeLocation(oldRoute.key))
  }
}
