import RouteTableNavigation
import UIKit
import UserNotifications

/// The notification concern of the app delegate, as one service: the notification-center
/// delegate, the manifest's categories, permission and the device token.
@MainActor final class NotificationService: ApplicationService {
  /// The notification center holds its delegate weakly: this property keeps it.
  let pushService: PushNotificationService

  init(router: ShopRouter) {
    pushService = PushNotificationService(router: router)
  }

  func application(
    _ application: UIApplication,
    didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
  ) -> Bool {
    let center = UNUserNotificationCenter.current()
    // Before launching finishes: iOS then reports the tap (or action button) that launched the
    // app to the delegate, so the launch options are not read at all. (Their
    // `.remoteNotification` is also set when a silent push launched the app in the background,
    // which nobody tapped.)
    center.delegate = pushService
    // The manifest's categories and buttons, so the identifiers cannot drift.
    center.setNotificationCategories(ShopRoutes.userNotificationCategories)  // generated
    // Permission to show alerts: asked here for the example; a real app asks when the user
    // turns notifications on. Routing taps needs no permission of its own.
    center.requestAuthorization(options: [.alert, .sound, .badge]) { granted, error in
      if let error { logger.error("notification permission: \(error.localizedDescription)") }
      if !granted { logger.notice("notifications are off") }
    }
    application.registerForRemoteNotifications()
    return true
  }

  func application(
    _ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken token: Data
  ) {
    // Send the token to the server that sends the pushes.
    logger.notice("device token \(token.map { String(format: "%02x", $0) }.joined())")
  }
}
