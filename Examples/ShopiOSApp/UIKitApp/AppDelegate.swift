import AppIntents
import RouteTableNavigation
import UIKit

/// The UIKit flavour: a scene-based app whose app delegate holds no window and no routing
/// logic. It owns the one router and forwards its callbacks to its services; links and windows
/// are the scene delegate's.
@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
  /// One router for the app's lifetime and all its scenes.
  let router = AppRouting.shared
  lazy var notifications = NotificationService(router: router)
  lazy var rootUI = RootUIService(router: router, remoteConfig: FakeRemoteConfig())
  private var services: [any ApplicationService] { [notifications, rootUI] }

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

  func application(
    _ application: UIApplication,
    configurationForConnecting connectingSceneSession: UISceneSession,
    options: UIScene.ConnectionOptions
  ) -> UISceneConfiguration {
    let configuration = UISceneConfiguration(
      name: nil, sessionRole: connectingSceneSession.role)
    configuration.delegateClass = SceneDelegate.self
    return configuration
  }
}
