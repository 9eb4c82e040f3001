/// An action button of a notification category.
public struct NotificationAction: Hashable, Sendable {
  public var identifier: String
  public var title: String
  /// The route the button opens (its key), or nil for a button the app handles in the
  /// background without opening.
  public var route: String?
  public var isDestructive: Bool
  public var requiresAuthentication: Bool

  /// Whether tapping it brings the app to the foreground: exactly the buttons that open a route.
  public var opensApp: Bool { route != nil }
}
