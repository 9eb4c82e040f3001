import RouteTableNavigation
import UIKit

/// The variant's tab bar, built from the generated tab list (`variant.tabs`, in the manifest's
/// order), one navigation controller per tab, so the tab indexes the route table selects are
/// this bar's.
final class MainTabBarController: UITabBarController {
  let variant: ShopRoutes.Variant

  init(variant: ShopRoutes.Variant) {
    self.variant = variant
    super.init(nibName: nil, bundle: nil)
    viewControllers = variant.tabs.map { tab in
      let stack = UINavigationController(rootViewController: Tabs.rootViewController(for: tab))
      stack.tabBarItem = UITabBarItem(
        title: Tabs.title(tab), image: UIImage(systemName: Tabs.symbol(tab)), tag: tab.rawValue)
      return stack
    }
  }

  @available(*, unavailable)
  required init?(coder: NSCoder) { nil }
}

/// What each tab of any variant shows at the bottom of its stack; an exhaustive switch over the
/// generated `Tab`, for both UIKit and SwiftUI.
enum Tabs {
  static func title(_ tab: ShopRoutes.Tab) -> String {
    switch tab {
    case .home: "Home"
    case .shop: "Shop"
    case .courses: "Courses"
    case .profile: "Profile"
    }
  }

  static func symbol(_ tab: ShopRoutes.Tab) -> String {
    switch tab {
    case .home: "house"
    case .shop: "bag"
    case .courses: "book"
    case .profile: "person"
    }
  }

  @MainActor static func rootViewController(for tab: ShopRoutes.Tab) -> UIViewController {
    PlaceholderViewController(title: title(tab), text: title(tab))
  }
}
