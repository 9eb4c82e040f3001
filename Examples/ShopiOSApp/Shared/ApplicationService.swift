import UIKit

/// One concern of the app delegate (notifications, the root UI, ...). The app delegate only
/// forwards its callbacks to its services, so adding or removing a concern does not touch it.
@MainActor protocol ApplicationService: AnyObject {
  func application(
    _ application: UIApplication,
    didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
  ) -> Bool
  func application(
    _ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken token: Data)
}

extension ApplicationService {
  func application(
    _ application: UIApplication,
    didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
  ) -> Bool { true }
  func application(
    _ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken token: Data
  ) {}
}

/// What an app delegate does with its services: every service is told each callback, in order.
extension Array where Element == any ApplicationService {
  /// True when every service is; each one is told, even after one returns false.
  @MainActor func didFinishLaunching(
    _ application: UIApplication, options: [UIApplication.LaunchOptionsKey: Any]?
  ) -> Bool {
    map { $0.application(application, didFinishLaunchingWithOptions: options) }.allSatisfy { $0 }
  }

  @MainActor func didRegisterForRemoteNotifications(_ application: UIApplication, token: Data) {
    for service in self {
      service.application(application, didRegisterForRemoteNotificationsWithDeviceToken: token)
    }
  }
}
