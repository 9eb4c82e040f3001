/// What to do with a notification that arrives while the app is in the foreground.
public enum ForegroundPresentation: Hashable, Sendable {
  /// Let the system show it (banner, notification list, sound); a tap on it comes back through
  /// `RouteTableRouter.didTap(userInfo:category:)`.
  case banner
  /// Show nothing: the router has navigated already, or the route asks to ignore it.
  case hidden
}
