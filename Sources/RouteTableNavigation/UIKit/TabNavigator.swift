// UIKit's tab bar and navigation controllers do not exist on watchOS.
#if canImport(UIKit) && !os(watchOS)
  import UIKit

  /// Applies resolutions to a UIKit app by the rules of `NavigationDecision`: selects the route's
  /// tab, then pushes the destination's view controller onto that tab's navigation controller, or
  /// presents it. A route's back stack (`resolution.stack`) is built beneath it: the tab's
  /// navigation controller keeps its root and shows the stack's screens under the pushed one,
  /// or a presented navigation controller holds them.
  ///
  /// It holds no routing logic: the route table decides the tab, the presentation and the
  /// destination, `NavigationDecision` decides the steps from a `NavigationUI` read off the view
  /// controllers, and the app's `viewController` function builds the screen, typically one
  /// exhaustive `switch` over its generated `Destination` enum.
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
    /// The destination each screen it built shows, by the screen's identity; the screen is held
    /// weakly, so a screen popped or dismissed leaves with its entry.
    private var built: [ObjectIdentifier: (screen: Weak, destination: Destination)] = [:]
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
    /// Callable from any thread, so it fits `RouteTableRouter.rootIsReady(variant:navigate:)`.
    public nonisolated func navigate(_ resolution: Resolution<Destination>) {
      onMainQueueInOrder { _ = self.apply(resolution) }
    }

    /// Applies a resolution now; returns whether a screen was shown: false without a root, when
    /// the decision is `.skip`, or when the factory returns nil (then nothing changes).
    @discardableResult
    public func apply(_ resolution: Resolution<Destination>) -> Bool {
      guard let root = root(),
        case .show(let selectTab, let dismissPresented, let transition) = NavigationDecision(
          for: resolution, in: Self.ui(of: root)),
        let destination = resolution.destination,
        let viewController = makeViewController(destination, resolution.url)
      else { return false }
      // The back stack's screens have no URL of their own; one the factory cannot build is left
      // out, and the rest keep their order.
      let beneath = resolution.stack.compactMap { screen in
        makeViewController(screen, nil).map { remember($0, shows: screen) }
      }
      remember(viewController, shows: destination)

      if let selectTab, let tabBarController = root as? UITabBarController {
        tabBarController.selectedIndex = selectTab
      }
      if dismissPresented {
        root.dismiss(animated: false)
      }
      switch transition {
      case .push(let tab):
        if let stack = Self.stack(tab, of: root) {
          stack.pushViewController(viewController, animated: animated)
          return true
        }
      case .replaceStack(let tab):
        if let stack = Self.stack(tab, of: root) {
          // The root stays; the screens beneath appear at once, the destination is pushed.
          let bottom = stack.viewControllers.prefix(1)
          stack.setViewControllers(Array(bottom) + beneath, animated: false)
          stack.pushViewController(viewController, animated: animated)
          return true
        }
      case .present:
        break
      }
      let presented =
        beneath.isEmpty
        ? viewController : Self.navigationStack(beneath + [viewController])
      topmostPresented(from: root).present(presented, animated: animated)
      return true
    }

    /// The destination on top, what the scene shows: the screen on top of the topmost
    /// presented one, else of the selected tab's (or the root's) navigation stack, when this
    /// navigator built it. Nil for a screen it did not build (a stack's root, the app's own) and
    /// without a root. The input of `stateRestorationActivity(for:)` and of Handoff, through the
    /// generated `userActivity(for:variant:)`.
    public var shownDestination: Destination? {
      guard let root = root() else { return nil }
      var top = topmostPresented(from: root)
      if let tabs = top as? UITabBarController, let selected = tabs.selectedViewController {
        top = selected
      }
      if let stack = top as? UINavigationController, let screen = stack.topViewController {
        top = screen
      }
      guard let entry = built[ObjectIdentifier(top)], entry.screen.object === top else {
        return nil
      }
      return entry.destination
    }

    /// Notes which destination `screen` shows, and forgets the screens that are gone.
    @discardableResult
    private func remember(_ screen: UIViewController, shows destination: Destination)
      -> UIViewController
    {
      built = built.filter { $0.value.screen.object != nil }
      built[ObjectIdentifier(screen)] = (Weak(screen), destination)
      return screen
    }

    /// A screen held without keeping it alive.
    private struct Weak {
      weak var object: UIViewController?
      init(_ object: UIViewController) { self.object = object }
    }

    /// A navigation controller showing `viewControllers`, the last on top.
    private static func navigationStack(_ viewControllers: [UIViewController])
      -> UINavigationController
    {
      let navigationController = UINavigationController()
      navigationController.setViewControllers(viewControllers, animated: false)
      return navigationController
    }

    /// The decision's view of the UI: the tabs of a `UITabBarController` root and which are
    /// navigation controllers, or whether the root is one, and whether it presents anything.
    private static func ui(of root: UIViewController) -> NavigationUI {
      let ui: NavigationUI.Root
      if let tabBarController = root as? UITabBarController {
        let count = tabBarController.viewControllers?.count ?? 0
        ui = .tabs(
          hasStack: (0..<count).map { stack($0, of: root) != nil },
          selected: tabBarController.selectedIndex)
      } else {
        ui = .single(hasStack: stack(nil, of: root) != nil)
      }
      return NavigationUI(root: ui, isPresenting: root.presentedViewController != nil)
    }

    /// The navigation controller of tab `tab`, or of the root itself for nil; one lookup for both
    /// describing the UI and pushing, so they agree.
    private static func stack(_ tab: Int?, of root: UIViewController) -> UINavigationController? {
      guard let tab else { return root as? UINavigationController }
      guard let tabs = (root as? UITabBarController)?.viewControllers, tabs.indices.contains(tab)
      else { return nil }
      return tabs[tab] as? UINavigationController
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
