// Not on tvOS: it has no notification responses (`UNNotificationResponse`, the delegate's
// `didReceive`) and no notification categories or actions.
#if canImport(UIKit) && canImport(UserNotifications) && !os(tvOS)
  import UserNotifications

  /// The notification-center delegate of an app that routes pushes with a
  /// `RouteTableRouter`: it forwards foreground arrivals to `willPresent(userInfo:)`, taps
  /// to `didTap(userInfo:)` and action button taps to `didTapAction(_:userInfo:)`, so adding push
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
  public final class PushNotificationService: NSObject, Sendable {
    private let routeTap: @Sendable ([AnyHashable: Any]) -> Void
    private let routeActionTap: @Sendable (String, [AnyHashable: Any]) -> Void
    private let presentation: @Sendable ([AnyHashable: Any]) -> ForegroundPresentation
    private let bannerOptions: UNNotificationPresentationOptions

    /// - Parameters:
    ///   - router: Where taps, action button taps and foreground arrivals go.
    ///   - bannerOptions: How a notification is shown in the foreground when the router answers
    ///     `.banner`; `.hidden` shows nothing.
    public init<Variant, Destination>(
      router: RouteTableRouter<Variant, Destination>,
      bannerOptions: UNNotificationPresentationOptions = [.banner, .list, .sound]
    ) {
      self.routeTap = { userInfo in router.didTap(userInfo: userInfo) }
      self.routeActionTap = { action, userInfo in router.didTapAction(action, userInfo: userInfo) }
      self.presentation = { userInfo in router.willPresent(userInfo: userInfo) }
      self.bannerOptions = bannerOptions
      super.init()
    }
  }

  extension PushNotificationService: UNUserNotificationCenterDelegate {
    public nonisolated func userNotificationCenter(
      _ center: UNUserNotificationCenter,
      willPresent notification: UNNotification,
      withCompletionHandler completionHandler:
        @escaping @Sendable (UNNotificationPresentationOptions) -> Void
    ) {
      switch presentation(notification.request.content.userInfo) {
      case .banner: completionHandler(bannerOptions)
      case .hidden: completionHandler([])
      }
    }

    public nonisolated func userNotificationCenter(
      _ center: UNUserNotificationCenter,
      didReceive response: UNNotificationResponse,
      withCompletionHandler completionHandler: @escaping @Sendable () -> Void
    ) {
      let userInfo = response.notification.request.content.userInfo
      switch response.actionIdentifier {
      case UNNotificationDefaultActionIdentifier: routeTap(userInfo)
      case UNNotificationDismissActionIdentifier: break
      case let action: routeActionTap(action, userInfo)
      }
      completionHandler()
    }
  }
#endif
