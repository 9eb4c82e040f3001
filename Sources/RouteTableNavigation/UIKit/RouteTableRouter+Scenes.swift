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
    ///
    /// With the scene's `session`, the activity it restores (`stateRestorationActivity`) is
    /// taken too, at the lowest precedence (`didRestore(activityType:userInfo:)`); and the quick
    /// action that launched the app (`shortcutItem`) through `didPerform(_:)`. Returns whether
    /// a quick action was taken, which `scene(_:willConnectTo:options:)` does not report to iOS
    /// but an app may log.
    @MainActor @discardableResult
    public func didConnect(options: UIScene.ConnectionOptions, session: UISceneSession? = nil)
      -> Bool
    {
      if let restored = session?.stateRestorationActivity {
        didRestore(activityType: restored.activityType, userInfo: restored.userInfo)
      }
      let tookShortcut = options.shortcutItem.map { didPerform($0) } ?? false
      didOpen(urlContexts: options.urlContexts)
      // A set has no order; two activities of one type are told apart by their URL.
      let activities = options.userActivities.sorted {
        ($0.activityType, $0.webpageURL?.absoluteString ?? "")
          < ($1.activityType, $1.webpageURL?.absoluteString ?? "")
      }
      for activity in activities {
        didContinue(activity)
      }
      return tookShortcut
    }

    /// From `windowScene(_:performActionFor:completionHandler:)`,
    /// `application(_:performActionFor:completionHandler:)`, or the connection options'
    /// `shortcutItem`: true when the manifest declares the item's type and the router took it,
    /// which is what the completion handler tells iOS.
    @MainActor @discardableResult
    public func didPerform(_ shortcutItem: UIApplicationShortcutItem) -> Bool {
      didPerform(shortcutType: shortcutItem.type, userInfo: shortcutItem.userInfo)
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
    /// router took the activity: a universal link, an activity type the manifest's `activities`
    /// declares, or a Spotlight result whose identifier is a link of the manifest
    /// (`didContinue(activityType:userInfo:webpageURL:title:)` decides).
    @MainActor @discardableResult
    public func didContinue(_ userActivity: NSUserActivity) -> Bool {
      didContinue(
        activityType: userActivity.activityType, userInfo: userActivity.userInfo,
        webpageURL: userActivity.webpageURL, title: userActivity.title)
    }
  }
#endif
