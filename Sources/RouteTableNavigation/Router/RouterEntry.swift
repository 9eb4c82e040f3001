import Foundation
import RouteTable

/// How an arrival reached `RouteTableRouter`, which decides how it is resolved.
enum RouterSource: Hashable, Sendable {
  case push(AppState)
  /// A tap of the action button with this identifier.
  case action(String)
  /// An opened URL; the entry's payload is empty.
  case link(String)
}

/// An arrival the router keeps in its gate or holds for requirements, raw, with how it arrived.
///
/// Declared outside the generic router, so that it, the gate of it and the held arrival are
/// concrete types: code that moves them does not look up generic metadata for the app's
/// `Variant` and `Destination` on every delivery. A class, so that moving it through the gate,
/// the held slot and back is one reference count rather than a copy of every field.
final class RouterEntry: Sendable {
  let payload: Payload
  let source: RouterSource
  /// Set for a foreground payload: the decision `willPresent` made, for the root of its
  /// generation. Reused when that root delivers it, so the decision and the navigation agree; a
  /// later root resolves the payload again.
  let foreground: ForegroundDecision?
  /// Set for the payload of `didLaunch`: its number, so that a tap on one of its action buttons
  /// reported after it can withdraw it.
  let launch: Int?
  /// When the router received it: a navigation held for requirements ages from here.
  let receivedAt: ContinuousClock.Instant

  init(
    payload: Payload, source: RouterSource, foreground: ForegroundDecision? = nil,
    launch: Int? = nil, receivedAt: ContinuousClock.Instant
  ) {
    self.payload = payload
    self.source = source
    self.foreground = foreground
    self.launch = launch
    self.receivedAt = receivedAt
  }

  /// The same arrival without the foreground decision, to be resolved again.
  var undecided: RouterEntry {
    foreground == nil
      ? self
      : RouterEntry(payload: payload, source: source, launch: launch, receivedAt: receivedAt)
  }

  var arrival: RouterArrival {
    switch source {
    case .push: .push(payload)
    case .action(let action): .actionTap(action, payload)
    case .link(let url): .link(url)
    }
  }
}

/// The resolution `willPresent` decided on, for the root of `generation`: a
/// `Resolution<Destination>` of the router that made it.
struct ForegroundDecision: Sendable {
  var generation: Int
  var resolution: any Sendable
}

/// An arrival whose resolution has unmet requirements, kept raw like the gate keeps arrivals, so
/// that it is resolved again, with the variant then in force, when they are met.
struct HeldArrival: Sendable {
  var entry: RouterEntry
  var requires: RequirementSet
}
