/// A notification category the manifest declares: the `aps.category` value a server sends, and
/// the action buttons iOS shows for it. Apps register these (see `userNotificationCategories`
/// where UserNotifications exists), so the identifiers in the app and in the manifest cannot drift.
public struct NotificationCategory: Hashable, Sendable {
  public var identifier: String
  public var actions: [NotificationAction]
}
