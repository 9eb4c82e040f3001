#if canImport(UIKit)
  import UIKit
#endif

/// The orders feature builds its own screens from its own `Destination`: the app's switch hands
/// it `.orders(destination)` and never names an order screen itself.
public enum OrderScreens {
  /// The screen's name and arguments, as `routec resolve` names it (`Orders.OrderDetail`).
  public static func name(of destination: OrdersRoutes.Destination) -> String {
    // Statement form: a stale case gets its real error; Swift 6.3 fails on a switch expression.
    switch destination {
    case .orderList: return "Orders.OrderList"
    case .orderDetail(let orderId): return "Orders.OrderDetail(orderId: \(orderId))"
    }
  }

  #if canImport(UIKit)
    /// The view controller of a destination; exhaustive, so a screen added to the feature's
    /// manifest fails this module's build until it has one.
    @MainActor public static func viewController(for destination: OrdersRoutes.Destination)
      -> UIViewController
    {
      let controller = UIViewController()
      switch destination {
      case .orderList: controller.title = "Orders"
      case .orderDetail(let orderId): controller.title = "Order \(orderId)"
      }
      return controller
    }
  #endif
}
