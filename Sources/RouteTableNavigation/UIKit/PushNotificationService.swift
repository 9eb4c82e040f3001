// Not on tvOS: it has no notification responses (`UNNotificationResponse`, the delegate's
// `didReceive`) and no notification categories or actions.
#if canImport(UIKit) && canImport(UserNotifications) && !os(tvOS)
  import UserNotifications

  /// The notification-center delegate of an app that routes pushes with a
  /// `RouteTableRouter`: it forwards foreground arrivals to `willPresent(userInfo:category:)`,
  /// taps to `didTap(userInfo:category:)` and action button taps to
  /// `didTapAction(_:userInfo:category:)`, each with the notification's `categoryIdentifier`
  /// (which a local notification's `userInfo` does not carry), so adding push
  /// routing to an app is
  ///
  /// ```swift
  /// let pushService = PushNotificationService(router: router)  // a stored property
  /// UNUserNotificationCenter.current().delegate = pushService   // before launching finishes
  /// ```
  ///
  /// Set it as the delegate before `application(_:didFinishLaunchingWithOptions:)` returns: that
  /// is how iOS delivers the tap that launched the app. The notification center holds its
  /// delegate weakly, so keep the service in a stored property.
  ///
  /// A dismissal (`UNNotificationDismissActionIdentifier`, sent only for categories with the
  /// custom dismiss option) is not routed. The completion handler is called once the router has
  /// taken the response, so an app action's handler runs before it; work that outlasts the
  /// handler needs its own background time.
  ///
  /// It is not isolated to the main actor: it only calls the thread-safe router and calls each
  /// completion handler before returning, so it works whichever thread the system calls it on.
  ///
  /// The delegate methods it does not implement (`userNotificationCenter(_:openSettingsFor:)`,
  /// and any a later SDK adds) go to `forwardingTo`, another delegate such as the one an SDK or
  /// the app already had; the two it implements are the router's. An app that needs its own
  /// delegate to see every notification keeps that delegate and calls this service's two
  /// methods from it, or the router's entry points directly
  /// (Sources/RouteTableNavigation/RouteTableNavigation.docc/PushNotifications.md).
  public final class PushNotificationService: NSObject, Sendable {
    // Each takes the notification's `userInfo` and its `categoryIdentifier`.
    private let routeTap: @Sendable ([AnyHashable: Any], String) -> Void
    private let routeActionTap: @Sendable (String, [AnyHashable: Any], String) -> Void
    private let presentation: @Sendable ([AnyHashable: Any], String) -> ForegroundPresentation
    private let bannerOptions: UNNotificationPresentationOptions
    // Set once, in `init`, and only read after it; a weak reference is loaded atomically.
    nonisolated(unsafe) private weak var next: (any UNUserNotificationCenterDelegate)?

    /// - Parameters:
    ///   - router: Where taps, action button taps and foreground arrivals go.
    ///   - bannerOptions: How a notification is shown in the foreground when the router answers
    ///     `.banner` (a route whose `foreground` is `banner`, a push no route matches, or any
    ///     push before the root is ready); `.hidden` shows nothing. `.list` keeps it in
    ///     Notification Center, `.sound` and `.badge` play its sound and set its badge.
    ///   - next: Receives the delegate methods this service does not implement; held weakly,
    ///     like the notification center holds its delegate.
    public init<Variant, Destination>(
      router: RouteTableRouter<Variant, Destination>,
      bannerOptions: UNNotificationPresentationOptions = [.banner, .list, .sound],
      forwardingTo next: (any UNUserNotificationCenterDelegate)? = nil
    ) {
      self.routeTap = { userInfo, category in router.didTap(userInfo: userInfo, category: category)
      }
      self.routeActionTap = { action, userInfo, category in
        router.didTapAction(action, userInfo: userInfo, category: category)
      }
      self.presentation = { userInfo, category in
        router.willPresent(userInfo: userInfo, category: category)
      }
      self.bannerOptions = bannerOptions
      self.next = next
      super.init()
    }

    /// True for the two methods the service implements, and for what `forwardingTo` implements:
    /// the notification center asks before calling an optional method.
    public override func responds(to selector: Selector!) -> Bool {
      super.responds(to: selector) || next?.responds(to: selector) == true
    }

    /// Sends a method the service does not implement to `forwardingTo`.
    public override func forwardingTarget(for selector: Selector!) -> Any? {
      if let next, next.responds(to: selector) { return next }
      return super.forwardingTarget(for: selector)
    }
  }

  extension PushNotificationService: UNUserNotificationCenterDelegate {
    public nonisolated func userNotificationCenter(
      _ center: UNUserNotificationCenter,
      willPresent notification: UNNotification,
      withCompletionHandler completionHandler:
        @escaping @Sendable (UNNotificationPresentationOptions) -> Void
    ) {
      let content = notification.request.content
      switch presentation(content.userInfo, content.categoryIdentifier) {
      case .banner: completionHandler(bannerOptions)
      case .hidden: completionHandler([])
      }
    }

    public nonisolated func userNotificationCenter(
      _ center: UNUserNotificationCenter,
      didReceive response: UNNotificationResponse,
      withCompletionHandler completionHandler: @escaping @Sendable () -> Void
    ) {
      let content = response.notification.request.content
      switch response.actionIdentifier {
      case UNNotificationDefaultActionIdentifier:
        routeTap(content.userInfo, content.categoryIdentifier)
      case UNNotificationDismissActionIdentifier: break
      case let action: routeActionTap(action, content.userInfo, content.categoryIdentifier)
      }
      completionHandler()
    }
  }
#endif
