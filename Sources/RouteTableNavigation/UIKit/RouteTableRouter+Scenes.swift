// UIScene and its connection options exist on iOS, iPadOS, Mac Catalyst, tvOS and visionOS, not
// on watchOS.
#if canImport(UIKit) && !os(watchOS)
  import UIKit

  /// The scene-delegate and app-delegate callbacks that deliver links, each one line:
  ///
  /// ```swift
  /// func scene(_ scene: UIScene, willConnectTo session: UISceneSession,
  ///            options connectionOptions: UIScene.ConnectionOptions) {
  ///   router.didConnect(options: connectionOptions)   // links that launched the app
  /// }
  /// func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {
  ///   router.didOpen(urlContexts: URLContexts)        // custom-scheme URLs while running
  /// }
  /// func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {
  ///   router.didContinue(userActivity)               // universal links while running
  /// }
  /// ```
  ///
  /// Which activity is a link is decided by `didContinue(activityType:webpageURL:)`, which is
  /// platform-neutral and tested; these methods only read the UIKit objects.
  extension RouteTableRouter {
    /// From `scene(_:willConnectTo:options:)`: the URLs (custom schemes) and web-browsing
    /// activities (universal links) the scene was created to open, in a stable order.
    ///
    /// What a scene was created to open arrives only here: a scene-based app's launch options
    /// are nil, and `scene(_:openURLContexts:)` and `scene(_:continue:)` are not called for it.
    /// The options' `notificationResponse` is not read: the notification-center delegate, set
    /// before launching finishes, reports that tap (`PushNotificationService`).
    @MainActor
    public func didConnect(options: UIScene.ConnectionOptions) {
      didOpen(urlContexts: options.urlContexts)
      // A set has no order; two activities of one type are told apart by their URL.
      let activities = options.userActivities.sorted {
        ($0.activityType, $0.webpageURL?.absoluteString ?? "")
          < ($1.activityType, $1.webpageURL?.absoluteString ?? "")
      }
      for activity in activities {
        didContinue(activity)
      }
    }

    /// From `scene(_:openURLContexts:)`: URLs opened while the scene exists. A set has no order,
    /// so they are taken sorted by their text.
    @MainActor
    public func didOpen(urlContexts: Set<UIOpenURLContext>) {
      for url in urlContexts.map(\.url).sorted(by: { $0.absoluteString < $1.absoluteString }) {
        didOpen(url: url)
      }
    }

    /// From `scene(_:continue:)` or `application(_:continue:restorationHandler:)`: true when the
    /// activity was a universal link and the router took it.
    @MainActor @discardableResult
    public func didContinue(_ userActivity: NSUserActivity) -> Bool {
      didContinue(activityType: userActivity.activityType, webpageURL: userActivity.webpageURL)
    }
  }
#endif
