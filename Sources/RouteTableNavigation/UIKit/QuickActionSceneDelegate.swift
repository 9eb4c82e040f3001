// UIScene and quick actions exist on iOS, iPadOS, Mac Catalyst and visionOS, not on watchOS or
// tvOS.
#if canImport(UIKit) && !os(watchOS) && !os(tvOS)
  import UIKit

  /// The scene delegate a SwiftUI app gives its scenes so that Home Screen quick actions reach
  /// the router: SwiftUI has no modifier for them, and iOS hands them only to a scene delegate,
  /// the one that launched the app in its connection options and the others in
  /// `windowScene(_:performActionFor:completionHandler:)`.
  ///
  /// The app's delegate (its `@UIApplicationDelegateAdaptor`) returns the configuration that
  /// names it, in one line; SwiftUI still makes and manages the windows:
  ///
  /// ```swift
  /// func application(
  ///   _ application: UIApplication, configurationForConnecting session: UISceneSession,
  ///   options: UIScene.ConnectionOptions
  /// ) -> UISceneConfiguration {
  ///   router.sceneConfiguration(for: session)
  /// }
  /// ```
  ///
  /// It takes quick actions only: links, user activities and restoration reach a SwiftUI
  /// scene's views (`routesDoors(to:)`, `advertisesAndRestores(_:router:)`), and pushes the
  /// app delegate (`PushNotificationService`). A UIKit app's own scene delegate calls
  /// `didConnect(options:session:)` and `didPerform(_:)` instead.
  @MainActor
  public final class QuickActionSceneDelegate: UIResponder, UIWindowSceneDelegate {
    /// Where the quick actions go: set by `RouteTableRouter.sceneConfiguration(for:)` before
    /// iOS makes the delegate. Main-actor isolated, as every scene callback is.
    static var perform: (@MainActor (UIApplicationShortcutItem) -> Bool)?

    public func scene(
      _ scene: UIScene, willConnectTo session: UISceneSession,
      options connectionOptions: UIScene.ConnectionOptions
    ) {
      if let item = connectionOptions.shortcutItem { _ = Self.perform?(item) }
    }

    public func windowScene(
      _ windowScene: UIWindowScene, performActionFor shortcutItem: UIApplicationShortcutItem,
      completionHandler: @escaping (Bool) -> Void
    ) {
      completionHandler(Self.perform?(shortcutItem) ?? false)
    }
  }

  extension RouteTableRouter {
    /// The configuration a SwiftUI app returns from
    /// `application(_:configurationForConnecting:options:)`: the session's own role, with
    /// `QuickActionSceneDelegate` as the delegate, which hands this router every quick action
    /// (`didPerform(_:)`), at launch and while running. The router is held weakly.
    @MainActor
    public func sceneConfiguration(for session: UISceneSession) -> UISceneConfiguration {
      QuickActionSceneDelegate.perform = { [weak self] item in self?.didPerform(item) ?? false }
      let configuration = UISceneConfiguration(name: nil, sessionRole: session.role)
      configuration.delegateClass = QuickActionSceneDelegate.self
      return configuration
    }
  }
#endif
