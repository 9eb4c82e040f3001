import Learning
import Orders
import RouteTable

#if canImport(UIKit)
  import UIKit
#endif

/// The one place the app turns a destination into a screen: its own screens here, each
/// feature's handed to the feature. Exhaustive with no `default`, so a screen added to the app
/// manifest, or a feature added to `compose`, fails this build until it is handled.
public func screenName(for destination: ShopRoutes.Destination) -> String {
  // Statement form: a stale case gets its real error; Swift 6.3 fails on a switch expression.
  switch destination {
  case .home: return "Home"
  case .giftManager: return "GiftManager"
  case .signIn: return "SignIn"
  case .orders(let destination): return OrderScreens.name(of: destination)
  case .learning(let destination): return LearningScreens.name(of: destination)
  }
}

#if canImport(UIKit)
  /// The view controller of a destination, for the app's router to push or present.
  @MainActor public func viewController(for destination: ShopRoutes.Destination)
    -> UIViewController
  {
    switch destination {
    case .orders(let destination): return OrderScreens.viewController(for: destination)
    case .learning(let destination): return LearningScreens.viewController(for: destination)
    case .home, .giftManager, .signIn:
      let controller = UIViewController()
      controller.title = screenName(for: destination)
      return controller
    }
  }
#endif
