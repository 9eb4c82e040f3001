import RouteTableNavigation
import SwiftUI
import UIKit

/// The SwiftUI flavour (iOS 17, for `NavigationState`): the same router and notification
/// service, in an app delegate adaptor; each window keeps the splash until the variant is
/// known, then shows `RoutedNavigationView` with the variant's tabs.
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

/// Owns the router and the notification service, which must exist before launching finishes.
final class ShopAppDelegate: NSObject, UIApplicationDelegate {
  let router = AppRouting.shared
  lazy var notifications = NotificationService(router: router)
  private var services: [any ApplicationService] { [notifications] }

  func application(
    _ application: UIApplication,
    didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
  ) -> Bool {
    services.didFinishLaunching(application, options: launchOptions)
  }

  func application(
    _ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken token: Data
  ) {
    services.didRegisterForRemoteNotifications(application, token: token)
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
        RoutedNavigationView(state: navigation) { tab in
          Text(Tabs.title(variant.tabs[tab]))  // the screen at the bottom of each tab's stack
        } label: { tab in
          Label(Tabs.title(variant.tabs[tab]), systemImage: Tabs.symbol(variant.tabs[tab]))
        } destination: { destination in
          Screens.view(for: destination)  // one exhaustive switch over the generated enum
        }
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
    .onChange(of: scenePhase) { _, phase in
      if phase == .active { becomeNavigatingWindow() }
    }
    // Links, at launch and while running; SwiftUI reads them out of the scene for the app.
    .onOpenURL { url in router.didOpen(url: url) }
    .onContinueUserActivity(ShopRouter.browsingWebActivityType) { activity in
      router.didContinue(activity)
    }
  }

  /// Hands the router this window's state; the first call replays what was kept.
  private func becomeNavigatingWindow() {
    guard let variant, let navigation else { return }
    router.rootIsReady(variant: variant) { resolution in
      navigation.navigate(resolution)  // hops to the main queue, in order
    }
  }
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
