import RouteTable

/// What `RouteTableRouter` keeps under its lock besides the root: the launch payload, the
/// satisfied requirements and the held arrival.
///
/// Not generic, so the code that reads it on every delivery is compiled for it once, in this
/// module, instead of looking up the metadata of a generic state type each time.
struct RouterState: Sendable {
  /// The payload of `didLaunch`, until the first tap after it. iOS reports a launching tap twice
  /// when a notification-center delegate is set during launch: in the launch options and to
  /// `userNotificationCenter(_:didReceive:)`, with the action button when one was tapped.
  var launchPayload: Payload?
  /// Counts `didLaunch` calls, numbering their entries.
  var launches = 0
  /// The launch whose action button tap arrived after it: that tap replaces it, so its entry is
  /// dropped when delivered.
  var withdrawnLaunch: Int?
  /// The requirements the app reports as satisfied.
  var satisfied = RequirementSet()
  /// The navigation held until its requirements are satisfied: at most one, the newest.
  var held: HeldArrival?
}
