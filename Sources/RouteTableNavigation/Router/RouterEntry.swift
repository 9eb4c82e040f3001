import Foundation
import RouteTable

/// An arrival the router keeps in its gate or holds for requirements, raw, as the door that
/// received it made it.
///
/// Declared outside the generic router, so that it, the gate of it and the held arrival are
/// concrete types: code that moves them does not look up generic metadata for the app's
/// `Variant` and `Destination` on every delivery. A class, so that moving it through the gate,
/// the held slot and back is one reference count rather than a copy of every field.
final class RouterEntry: Sendable {
  /// What arrived, exactly as `onDiscard` reports it: a payload, an action tap or a URL.
  let arrival: RouterArrival
  /// The app state a push is resolved as: `.launch` for `didLaunch`, `.foreground` for
  /// `willPresent`, `.background` for a tap. Action taps and links do not read it.
  let pushState: AppState
  /// Set for a foreground payload: the navigation `willPresent` decided on, for the root of its
  /// generation. Used when that root delivers it, so the decision and the navigation agree; a
  /// later root resolves the payload again.
  let foreground: ForegroundDecision?
  /// Set for the payload of `didLaunch`: its number, so that a tap on one of its action buttons
  /// reported after it can withdraw it.
  let launch: Int?
  /// When the router received it: a navigation held for requirements ages from here.
  let receivedAt: ContinuousClock.Instant

  init(
    _ arrival: RouterArrival, pushState: AppState = .background,
    foreground: ForegroundDecision? = nil, launch: Int? = nil,
    receivedAt: ContinuousClock.Instant
  ) {
    self.arrival = arrival
    self.pushState = pushState
    self.foreground = foreground
    self.launch = launch
    self.receivedAt = receivedAt
  }

  /// The same arrival without the foreground decision, to be resolved again.
  var undecided: RouterEntry {
    foreground == nil
      ? self
      : RouterEntry(arrival, pushState: pushState, launch: launch, receivedAt: receivedAt)
  }
}

/// The navigation `willPresent` decided on, for the root of `generation`. `navigate` holds the
/// typed resolution of the router that made it, with that root, so nothing is cast back.
struct ForegroundDecision: Sendable {
  var generation: Int
  var navigate: @Sendable (RouterEntry) -> Void
}

/// An arrival whose resolution has unmet requirements, kept raw like the gate keeps arrivals, so
/// that it is resolved again, with the variant then in force, when they are met.
struct HeldArrival: Sendable {
  var entry: RouterEntry
  var requires: RequirementSet
}
