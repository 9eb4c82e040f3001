// tvOS has no notification categories or actions.
#if canImport(UserNotifications) && !os(tvOS)
  import UserNotifications

  extension RouteNamespace {
    /// The manifest's categories and action buttons as
    /// `UNUserNotificationCenter.setNotificationCategories(_:)` takes them.
    public static var userNotificationCategories: Set<UNNotificationCategory> {
      notificationCategories.userNotificationCategories
    }
  }
#endif
