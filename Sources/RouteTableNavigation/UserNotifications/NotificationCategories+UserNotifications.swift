// Not on tvOS: it has no notification categories or actions.
#if canImport(UserNotifications) && !os(tvOS)
  import UserNotifications

  extension Array where Element == NotificationCategory {
    /// The categories as the system registers them, so the identifiers the app registers are
    /// the manifest's:
    ///
    /// ```swift
    /// UNUserNotificationCenter.current()
    ///   .setNotificationCategories(ShopRoutes.notificationCategories.userNotificationCategories)
    /// ```
    ///
    /// An action that opens a route brings the app to the foreground (`.foreground`); one
    /// without a route (an app action) runs in the background.
    public var userNotificationCategories: Set<UNNotificationCategory> {
      Set(
        map { category in
          UNNotificationCategory(
            identifier: category.identifier,
            actions: category.actions.map { action in
              var options: UNNotificationActionOptions = []
              if action.opensApp { options.insert(.foreground) }
              if action.isDestructive { options.insert(.destructive) }
              if action.requiresAuthentication { options.insert(.authenticationRequired) }
              return UNNotificationAction(
                identifier: action.identifier, title: action.title, options: options)
            },
            intentIdentifiers: [], options: [])
        })
    }
  }
#endif
