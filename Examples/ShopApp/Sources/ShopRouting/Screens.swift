import RouteTable

/// The one place the app turns a destination into a screen. An app returns a view controller
/// here; this example (which also builds on Linux, without UIKit) returns the screen's name and
/// arguments. The switch is exhaustive and has no `default`, so a screen added to
/// shop.routes.yaml fails this build until it is handled.
public func screenName(for destination: ShopRoutes.Destination) -> String {
  switch destination {
  case .home:
    "Home"
  case .giftManager:
    "GiftManager"
  case .lessonDetail(let id):
    "LessonDetail(id: \(id))"
  case .bookReader(let bookId, let hideCache, let chapter):
    "BookReader(bookId: \(bookId), hideCache: \(hideCache), chapter: \(chapter.map(String.init) ?? "nil"))"
  case .signIn:
    "SignIn"
  case .orderList:
    "OrderList"
  case .orderDetail(let orderId):
    "OrderDetail(orderId: \(orderId))"
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
