import RouteTableNavigation
import UIKit

/// One window (on iPad, one of several): its splash, then its tab bar, and the links that
/// arrive in it. Every scene hands links to the app's one router.
final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
  var window: UIWindow?
  private var app: AppDelegate? { UIApplication.shared.delegate as? AppDelegate }

  func scene(
    _ scene: UIScene, willConnectTo session: UISceneSession,
    options connectionOptions: UIScene.ConnectionOptions
  ) {
    guard let windowScene = scene as? UIWindowScene, let app else { return }
    let window = UIWindow(windowScene: windowScene)
    app.rootUI.showFirstRoot(in: window)
    window.makeKeyAndVisible()
    self.window = window
    // The links that launched the app or created this scene: only here, never again in the
    // callbacks below. A notification tap that launched the app is in
    // `connectionOptions.notificationResponse` too, but the notification-center delegate (set
    // before launching finished) reports it as well, and that is the one path the router needs.
    // The quick action that launched the app, and the state the session restores (which yields
    // to anything else that arrives before the root is ready), come only here too.
    app.router.didConnect(options: connectionOptions, session: session)
  }

  func windowScene(
    _ windowScene: UIWindowScene, performActionFor shortcutItem: UIApplicationShortcutItem,
    completionHandler: @escaping (Bool) -> Void
  ) {
    // A Home Screen quick action while running: true only for a type the manifest declares.
    completionHandler(app?.router.didPerform(shortcutItem) ?? false)
  }

  func scene(_ scene: UIScene, openURLContexts urlContexts: Set<UIOpenURLContext>) {
    app?.router.didOpen(urlContexts: urlContexts)  // custom-scheme URLs while running
  }

  func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {
    // Universal links, declared activity types and Spotlight results; others: the app's.
    app?.router.didContinue(userActivity)
  }

  func stateRestorationActivity(for scene: UIScene) -> NSUserActivity? {
    // What this scene shows, restored through the router at the next launch (`didConnect`).
    window.flatMap { app?.rootUI.restorationActivity(for: $0) }
  }

  func sceneDidBecomeActive(_ scene: UIScene) {
    if let window { app?.rootUI.sceneDidBecomeActive(window: window) }
  }

  func sceneDidDisconnect(_ scene: UIScene) {
    if let window { app?.rootUI.sceneDidDisconnect(window: window) }
  }
}
