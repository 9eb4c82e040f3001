import RouteTableNavigation

/// The app's one router: every notification, action button and link goes through it, for the
/// app's lifetime (one for all the app's scenes).
typealias ShopRouter = RouteTableRouter<ShopRoutes.Variant, ShopRoutes.Destination>

enum AppRouting {
  /// The one router, made on first use (by the app delegate, before launching finishes) and
  /// kept for the app's lifetime; the sign-in screen reports to it too.
  static let shared = makeRouter()

  /// Wired to the generated namespace: pushes, action buttons, links and the routes that
  /// requirements name all resolve with generated code; none of it is a jump table.
  private static func makeRouter() -> ShopRouter {
    let router = ShopRouter(
      routes: ShopRoutes.self,
      onDiscard: { arrival, reason in
        logger.notice("dropped \(String(describing: arrival)): \(String(describing: reason))")
      },
      onAppAction: { category, action, payload in
        // "Remind me later", "Mute this course": no screen, maybe no UI at all.
        AppActions.perform(category: category, action: action, payload: payload)
      },
      onUnknownLink: { url in ExternalLinks.open(url) })
    // Before any arrival is delivered, so a signed-in user's tap opens its screen at once.
    Session.restore(into: router)
    return router
  }
}
