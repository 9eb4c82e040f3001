import RouteTableNavigation
import UIKit

/// The root-UI concern: the splash, the variant, each window's tab bar, and which window the
/// router navigates in.
///
/// The variant is fetched once, by the first window's splash, and is the app's for this launch.
/// With several windows (iPad), the router has one `navigate`: the window the user last made
/// active, among those whose tab bar is built, gets it (each `rootIsReady` switches later
/// deliveries to that window's navigator). Until the first tab bar exists the router keeps every
/// tap and link.
@MainActor final class RootUIService: ApplicationService {
  private let router: ShopRouter
  private let remoteConfig: any RemoteConfigSource
  private var variant: ShopRoutes.Variant?
  private weak var navigatingWindow: UIWindow?
  /// Each window's navigator, made with its tab bar: it knows what its window shows, which the
  /// scene hands back for state restoration.
  private var navigators: [ObjectIdentifier: TabNavigator<ShopRoutes.Destination>] = [:]

  init(router: ShopRouter, remoteConfig: any RemoteConfigSource) {
    self.router = router
    self.remoteConfig = remoteConfig
  }

  /// The splash (the first window of a launch) or, once the variant is known, the tab bar.
  func showFirstRoot(in window: UIWindow) {
    if let variant {
      showTabs(variant, in: window)
      return
    }
    window.rootViewController = SplashViewController(remoteConfig: remoteConfig) {
      [weak self, weak window] fetched in
      guard let self, let window else { return }
      let variant = self.variant ?? fetched  // another window's fetch may have finished first
      self.variant = variant
      self.showTabs(variant, in: window)
    }
  }

  func sceneDidBecomeActive(window: UIWindow) {
    if window.rootViewController is MainTabBarController { navigate(in: window) }
  }

  func sceneDidDisconnect(window: UIWindow) {
    // Another window takes over when it becomes active; until then the router keeps arrivals.
    navigators[ObjectIdentifier(window)] = nil
    guard navigatingWindow == nil || navigatingWindow === window else { return }
    navigatingWindow = nil
    router.rootWillChange()
  }

  private func showTabs(_ variant: ShopRoutes.Variant, in window: UIWindow) {
    window.rootViewController = MainTabBarController(variant: variant)  // from `variant.tabs`
    navigators[ObjectIdentifier(window)] = TabNavigator(window: window) { destination, url in
      Screens.viewController(for: destination, url: url)
    }
    if navigatingWindow == nil || window.windowScene?.activationState == .foregroundActive {
      navigate(in: window)
    }
  }

  /// Makes `window` the one the router navigates in; the first call replays what was kept
  /// (the tap, action button or link that launched the app), resolved for `variant`, once.
  private func navigate(in window: UIWindow) {
    guard let variant, navigatingWindow !== window,
      let navigator = navigators[ObjectIdentifier(window)]
    else { return }
    navigatingWindow = window
    router.rootIsReady(variant: variant) { [weak self] resolution in
      if resolution.destination == nil {
        logger.notice("nothing to open: \(resolution.status.rawValue)")
      }
      navigator.navigate(resolution)  // hops to the main queue; skips a nil destination
      if let destination = resolution.destination {
        Task { @MainActor in self?.opened(destination, variant: variant) }
      }
    }
  }

  /// Offers a book being read as a Home Screen quick action.
  private func opened(_ destination: ShopRoutes.Destination, variant: ShopRoutes.Variant) {
    if case .bookReader = destination,
      let item = ShopRoutes.shortcutItem(for: destination, variant: variant)
    {
      UIApplication.shared.shortcutItems = [
        UIApplicationShortcutItem(item, icon: UIApplicationShortcutIcon(systemImageName: "book"))
      ]
    }
  }

  /// The activity a scene hands back for state restoration: what its window shows (its
  /// navigator's `shownDestination`), when an activity type of the manifest can express it.
  func restorationActivity(for window: UIWindow) -> NSUserActivity? {
    guard let variant, let shown = navigators[ObjectIdentifier(window)]?.shownDestination,
      let activity = ShopRoutes.userActivity(for: shown, variant: variant)
    else { return nil }
    return NSUserActivity(activity)
  }
}
