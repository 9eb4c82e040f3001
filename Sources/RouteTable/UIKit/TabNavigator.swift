#if canImport(UIKit)
  import UIKit

  /// Applies resolutions to a tab bar app: selects the route's tab, then pushes the destination's
  /// view controller onto that tab's navigation controller, or presents it modally.
  ///
  /// It holds no routing logic: the route table decides the tab, the presentation and the
  /// destination; the app's `viewController` function builds the screen, typically one exhaustive
  /// `switch` over its generated `Destination` enum.
  ///
  /// ```swift
  /// let navigator = TabNavigator<ShopRoutes.Destination>(window: window) { destination, url in
  ///   Screens.viewController(for: destination, url: url)
  /// }
  /// router.rootIsReady(variant: variant) { navigator.navigate($0) }
  /// ```
  @MainActor
  public final class TabNavigator<Destination: Sendable> {
    /// Builds the screen for a destination, given the route's expanded URL when it has one;
    /// returning nil skips the navigation.
    public typealias MakeViewController =
      @MainActor (Destination, _ url: String?) -> UIViewController?

    private let root: @MainActor () -> UIViewController?
    private let makeViewController: MakeViewController
    /// Whether pushes and presentations are animated.
    public var animated = true

    /// - Parameters:
    ///   - root: Returns the current root view controller, read at every navigation so that a
    ///     root swapped after a splash screen or a logout is the one navigated.
    ///   - viewController: Builds the screen for a destination.
    public init(
      root: @escaping @MainActor () -> UIViewController?,
      viewController: @escaping MakeViewController
    ) {
      self.root = root
      self.makeViewController = viewController
    }

    /// Navigates from whatever `window.rootViewController` is at the time; the window is not
    /// retained.
    public convenience init(window: UIWindow, viewController: @escaping MakeViewController) {
      self.init(
        root: { [weak window] in window?.rootViewController }, viewController: viewController)
    }

    /// Hands a resolution to the main queue and applies it there, keeping the order of calls.
    /// Callable from any thread, so it fits `PushNotificationRouter.rootIsReady(variant:navigate:)`.
    public nonisolated func navigate(_ resolution: Resolution<Destination>) {
      DispatchQueue.main.async {
        MainActor.assumeIsolated { _ = self.apply(resolution) }
      }
    }

    /// Applies a resolution now; returns whether a screen was shown.
    ///
    /// Nothing happens without a destination, a root, or a view controller from the factory.
    /// Otherwise, when the root is a `UITabBarController` and the route names a tab that exists,
    /// that tab is selected. Then a `.modal` route is presented from the topmost presented view
    /// controller; any other route dismisses what is presented over the root (so the pushed
    /// screen is visible) and is pushed onto the selected tab's navigation controller (or the
    /// root's, when the root is one), or presented when there is none.
    @discardableResult
    public func apply(_ resolution: Resolution<Destination>) -> Bool {
      guard let destination = resolution.destination, let root = root(),
        let viewController = makeViewController(destination, resolution.url)
      else { return false }

      let tabBarController = root as? UITabBarController
      if let tab = resolution.tab, let tabBarController,
        let tabs = tabBarController.viewControllers, tabs.indices.contains(tab.index)
      {
        tabBarController.selectedIndex = tab.index
      }

      if resolution.presentation != .modal {
        let selected = tabBarController?.selectedViewController ?? root
        if let navigationController = selected as? UINavigationController {
          if root.presentedViewController != nil {
            root.dismiss(animated: false)
          }
          navigationController.pushViewController(viewController, animated: animated)
          return true
        }
      }
      topmostPresented(from: root).present(viewController, animated: animated)
      return true
    }

    private func topmostPresented(from root: UIViewController) -> UIViewController {
      var top = root
      while let presented = top.presentedViewController, !presented.isBeingDismissed {
        top = presented
      }
      return top
    }
  }
#endif
