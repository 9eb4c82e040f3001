/// Whose parameters a route binds, for the checks of its sources and links: the screen it
/// opens, or the route itself when it is screenless (a `reroute` declares the one parameter it
/// follows; an `app_action` takes none).
struct ParamOwner {
  var params: [ResolvedManifest.Param]
  /// The declared screen's name; nil for a screenless route.
  var screenName: String?

  init(screen: ResolvedManifest.Screen) {
    params = screen.params
    screenName = screen.name
  }

  init(screenless target: ResolvedManifest.RouteTarget) {
    params = ResolvedManifest.params(of: target, screens: [])
    screenName = nil
  }

  /// How a message names it: "screen `Name`", or "the route".
  var described: String { screenName.map { "screen `\($0)`" } ?? "the route" }
}
