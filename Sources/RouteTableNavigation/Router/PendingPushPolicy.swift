/// How many payloads a closed `PendingPushGate` keeps while the app's real root is not ready.
///
/// A cold launch is usually caused by one tap, but a splash screen waiting for remote config can
/// sit there long enough for more pushes to arrive; the app decides whether only the newest one
/// still matters or whether a short backlog should be replayed.
public enum PendingPushPolicy: Hashable, Sendable {
  /// Keep one payload; a newer one replaces it (reported as `.replaced`). Replaying an older tap
  /// after the user has tapped something newer would take them somewhere they no longer asked for.
  case latest
  /// Keep at most this many payloads; when full, the oldest is dropped (reported as `.overflow`)
  /// because the newest taps are the ones the user remembers. A limit of 0 or less keeps nothing:
  /// every payload received while closed is reported as `.overflow` at once.
  case upTo(Int)

  /// The number of payloads a closed gate may hold.
  var capacity: Int {
    switch self {
    case .latest: 1
    case .upTo(let limit): max(0, limit)
    }
  }

  /// What a payload pushed out by a newer one is reported as.
  var evictionReason: PendingPushDiscardReason {
    switch self {
    case .latest: .replaced
    case .upTo: .overflow
    }
  }
}

/// Why a `PendingPushGate` dropped a payload instead of delivering it, so apps can log what a
/// user's tap did not do rather than lose it silently.
public enum PendingPushDiscardReason: Hashable, Sendable {
  /// A newer payload took its place under `PendingPushPolicy.latest`; or, in a
  /// `RouteTableRouter`, a launch payload that the tap on one of its action buttons,
  /// reported after it, replaced.
  case replaced
  /// `PendingPushPolicy.upTo(_:)` was full and this was the oldest payload kept.
  case overflow
  /// It had been kept longer than the gate's `maxAge` when the gate opened; or, in a
  /// `RouteTableRouter`, a navigation held for requirements was older than the router's `maxAge`
  /// when they were met.
  case expired
  /// In a `RouteTableRouter`: the app dropped the navigation held for requirements
  /// (`discardHeldNavigation()`), say because the user closed the sign-in screen.
  case cancelled
}
