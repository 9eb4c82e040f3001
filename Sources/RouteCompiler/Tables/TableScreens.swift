/// The screens section as the table format holds it: the manifest's screens, then one stand-in
/// per screenless route, in route order. Every effective route record names a screen record
/// whose parameters its sources fill, and the runtime reads a `reroute` route's URL through
/// its stand-in. A stand-in is named after the key that makes the route screenless
/// (`(app_action)`, `(reroute)`), a name no declared screen can have, and opens nothing: the
/// route record's target word says what the route does.
struct TableScreens {
  var screens: [ResolvedManifest.Screen]
  /// Each screenless route's stand-in, as an index into `screens`, by route index.
  var standIns: [Int: Int] = [:]

  init(_ manifest: ResolvedManifest) {
    screens = manifest.screens
    for (index, route) in manifest.routes.enumerated() {
      let name: String
      switch route.target {
      case .appAction?: name = "(app_action)"
      case .reroute?: name = "(reroute)"
      case .screen?, nil: continue
      }
      let params = route.target.map { manifest.params(of: $0) } ?? []
      standIns[index] = screens.count
      screens.append(ResolvedManifest.Screen(name: name, params: params))
    }
  }

  /// The screen record an effective form of route `route` names.
  func screen(of effective: ResolvedManifest.EffectiveRoute, route: Int) -> Int {
    effective.screen ?? standIns[route] ?? 0
  }
}
