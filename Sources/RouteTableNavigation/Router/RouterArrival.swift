import RouteTable

/// Something that opens a screen, as a door of `RouteTableRouter` received it: what the router
/// keeps until the root is ready, holds for requirements, and reports to `onDiscard`.
public enum RouterArrival: Hashable, Sendable {
  /// A notification's payload: a launch, a tap, or a notification in the foreground.
  case push(Payload)
  /// A tap of the action button with this identifier on a notification.
  case actionTap(String, Payload)
  /// A universal link or custom-scheme URL, as the app was given it.
  case link(String)
}
