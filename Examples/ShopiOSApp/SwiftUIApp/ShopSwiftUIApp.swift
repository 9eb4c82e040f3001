import AppIntents
import RouteTableNavigation
import SwiftUI
import UIKit

/// The SwiftUI flavour, iOS 16 and later, every door wired with what the package offers:
///
/// | door | where |
/// |---|---|
/// | pushes and action buttons | the app delegate adaptor's `NotificationService` (`PushNotificationService`) |
/// | quick actions, at launch and while running | `router.sceneConfiguration(for:)` in the adaptor |
/// | universal links, `shopapp://` URLs, declared activity types, Spotlight | `.routesDoors(to: router)` |
/// | Handoff of the screen on top, state restoration per scene | `.advertisesAndRestores(_:router:)` |
/// | dynamic quick actions | `ShopRoutes.shortcutItem(for:variant:)` when a book opens |
/// | App Intents and App Shortcuts (generated) | `router.intentDoor`, registered at launch |
///
/// Each window keeps the splash until the variant is known, then shows `RoutedNavigationView`
/// with the variant's tabs. No file has a jump table or an `#available`.
// Main-actor isolated explicitly: `App` and `View` are main-actor protocols only from the iOS 18
// SDK on.
@main @MainActor
struct ShopSwiftUIApp: App {
  @UIApplicationDelegateAdaptor(ShopAppDelegate.self) private var delegate

  var body: some Scene {
    WindowGroup {
      ShopRootView(router: delegate.router, remoteConfig: FakeRemoteConfig())
    }
  }
}

/// Owns the router and the notification service, which must exist before launching finishes,
/// and gives every scene the delegate that takes quick actions.
final class ShopAppDelegate: NSObject, UIApplicationDelegate {
  let router = AppRouting.shared
  lazy var notifications = NotificationService(router: router)
  private var services: [any ApplicationService] { [notifications] }

  func application(
    _ application: UIApplication,
    didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
  ) -> Bool {
    // App Intents (Siri, the Shortcuts app, Spotlight, the Action button) reach the router
    // through this.
    AppDependencyManager.shared.add(dependency: self.router.intentDoor)
    return services.didFinishLaunching(application, options: launchOptions)
  }

  func application(
    _ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken token: Data
  ) {
    services.didRegisterForRemoteNotifications(application, token: token)
  }

  // Quick actions: SwiftUI has no modifier for them; the package's scene delegate hands each
  // (the one that launched the app too) to the router. SwiftUI still makes the windows.
  func application(
    _ application: UIApplication, configurationForConnecting session: UISceneSession,
    options: UIScene.ConnectionOptions
  ) -> UISceneConfiguration {
    router.sceneConfiguration(for: session)
  }
}

/// One window: the splash until the variant is known, then the variant's tabs. The window the
/// user last made active is the one the router navigates in.
@MainActor struct ShopRootView: View {
  let router: ShopRouter
  let remoteConfig: any RemoteConfigSource
  @State private var variant: ShopRoutes.Variant?
  @State private var navigation: NavigationState<ShopRoutes.Destination>?
  @Environment(\.scenePhase) private var scenePhase

  var body: some View {
    Group {
      if let variant, let navigation {
        ShopTabsView(router: router, variant: variant, navigation: navigation)
      } else {
        SplashView()
      }
    }
    .task {
      let variant = await remoteConfig.variant(timeout: .seconds(3))
      self.variant = variant
      navigation = NavigationState(tabCount: variant.tabs.count)
      becomeNavigatingWindow()
    }
    // `task(id:)` rather than `onChange(of:)`, whose iOS 16 form is deprecated from iOS 17 on.
    .task(id: scenePhase) {
      if scenePhase == .active { becomeNavigatingWindow() }
    }
    // Links (universal and `shopapp://`), Spotlight results and every activity type the
    // manifest declares, at launch and while running: one line, no type written by hand.
    .routesDoors(to: router)
  }

  /// Hands the router this window's state; the first call replays what was kept.
  private func becomeNavigatingWindow() {
    guard let variant, let navigation else { return }
    router.rootIsReady(variant: variant) { resolution in
      navigation.navigate(resolution)  // hops to the main queue, in order
      if case .bookReader = resolution.destination {
        Task { @MainActor in offerQuickAction(for: resolution.destination, variant: variant) }
      }
    }
  }
}

/// The variant's tabs, observing the navigation so that the screen on top is advertised for
/// Handoff and kept for the scene's restoration as it changes.
@MainActor struct ShopTabsView: View {
  let router: ShopRouter
  let variant: ShopRoutes.Variant
  @ObservedObject var navigation: NavigationState<ShopRoutes.Destination>

  var body: some View {
    RoutedNavigationView(state: navigation) { tab in
      Text(Tabs.title(variant.tabs[tab]))  // the screen at the bottom of each tab's stack
    } label: { tab in
      Label(Tabs.title(variant.tabs[tab]), systemImage: Tabs.symbol(variant.tabs[tab]))
    } destination: { destination in
      Screens.view(for: destination)  // one exhaustive switch over the generated enum
    }
    // Handoff of the screen on top, and what the scene restores when iOS brings it back.
    .advertisesAndRestores(
      navigation.shownDestination.flatMap { ShopRoutes.userActivity(for: $0, variant: variant) },
      router: router)
  }
}

/// Offers the book being read as a dynamic Home Screen quick action.
@MainActor private func offerQuickAction(
  for destination: ShopRoutes.Destination?, variant: ShopRoutes.Variant
) {
  guard let destination, let item = ShopRoutes.shortcutItem(for: destination, variant: variant)
  else { return }
  UIApplication.shared.shortcutItems = [
    UIApplicationShortcutItem(item, icon: UIApplicationShortcutIcon(systemImageName: "book"))
  ]
}

/// Looks exactly like the launch screen, so the swap from it is invisible.
@MainActor struct SplashView: View {
  var body: some View {
    ZStack {
      Color(uiColor: .systemBackground).ignoresSafeArea()
      Image(systemName: "bag.fill")
    }
  }
}
