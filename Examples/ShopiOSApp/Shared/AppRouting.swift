import RouteTableNavigation

/// The app's one router: every notification, action button and link goes through it, for the
/// app's lifetime (one for all the app's scenes).
typealias ShopRouter = RouteTableRouter<ShopRoutes.Variant, ShopRoutes.Destination>

enum AppRouting {
  /// Every closure is generated code or one line of the app's; none is a jump table.
  static func makeRouter() -> ShopRouter {
    ShopRouter(
      onDiscard: { arrival, reason in
        logger.notice("dropped \(String(describing: arrival)): \(String(describing: reason))")
      },
      table: ShopRoutes.table,  // generated: tells app actions from buttons that open a route
      resolveAction: { action, payload, variant in
        ShopRoutes.resolve(action: action, payload, variant: variant)  // generated
      },
      onAppAction: { category, action, payload in
        // "Remind me later", "Mute this course": no screen, maybe no UI at all.
        AppActions.perform(category: category, action: action, payload: payload)
      },
      resolveURL: { url, variant in
        let resolution = ShopRoutes.resolve(url: url, variant: variant)  // generated
        if resolution.status == .unknownLink { ExternalLinks.open(url) }
        return resolution
      }
    ) { payload, variant, state in
      ShopRoutes.resolve(payload, variant: variant, state: state)  // generated
    }
  }
}
