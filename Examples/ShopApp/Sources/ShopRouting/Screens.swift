import RouteTable

/// The one place the app turns a destination into a screen. An app returns a view controller
/// here; this example (which also builds on Linux, without UIKit) returns the screen's name and
/// arguments. The switch is exhaustive and has no `default`, so a screen added to
/// shop.routes.yaml fails this build until it is handled.
public func screenName(for destination: ShopRoutes.Destination) -> String {
  // Statement form: a stale case gets its real error; Swift 6.3 fails on a switch expression.
  switch destination {
  case .home:
    return "Home"
  case .giftManager:
    return "GiftManager"
  case .lessonDetail(let id):
    return "LessonDetail(id: \(id))"
  case .bookReader(let bookId, let hideCache, let chapter):
    return
      "BookReader(bookId: \(bookId), hideCache: \(hideCache), chapter: \(chapter.map(String.init) ?? "nil"))"
  case .signIn:
    return "SignIn"
  case .orderList:
    return "OrderList"
  case .orderDetail(let orderId):
    return "OrderDetail(orderId: \(orderId))"
  }
}

/// What the app does with a push payload: the screen to show, or nil when the payload leads
/// nowhere (the resolution says why).
public func screenName(
  forPush userInfo: [AnyHashable: Any], variant: ShopRoutes.Variant,
  state: AppState = .background
) -> String? {
  ShopRoutes.resolve(userInfo, variant: variant, state: state).destination.map(screenName(for:))
}
