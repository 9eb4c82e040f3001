/// How many arrivals (pushes, action taps, links) a `RouteTableRouter` keeps while the app's real
/// root is not ready.
///
/// A cold launch is usually caused by one tap, but a splash screen waiting for remote config can
/// sit there long enough for more pushes or links to arrive; the app decides whether only the
/// newest one still matters or whether a short backlog should be replayed.
public enum ArrivalPolicy: Hashable, Sendable {
  /// Keep one arrival; a newer one replaces it (reported as `.replaced`). Replaying an older tap
  /// after the user has tapped something newer would take them somewhere they no longer asked for.
  case latest
  /// Keep at most this many arrivals; when full, the oldest is dropped (reported as `.overflow`)
  /// because the newest taps are the ones the user remembers. A limit of 0 or less keeps nothing:
  /// every arrival received while the root is not ready is reported as `.overflow` at once.
  case upTo(Int)

  /// The number of arrivals kept while the root is not ready.
  var capacity: Int {
    switch self {
    case .latest: 1
    case .upTo(let limit): max(0, limit)
    }
  }

  /// What an arrival pushed out by a newer one is reported as.
  var evictionReason: ArrivalDiscardReason {
    switch self {
    case .latest: .replaced
    case .upTo: .overflow
    }
  }
}

/// Why a `RouteTableRouter` dropped an arrival instead of delivering it, so apps can log what a
/// user's tap did not do rather than lose it silently.
public enum ArrivalDiscardReason: Hashable, Sendable {
  /// A newer arrival took its place under `ArrivalPolicy.latest`; or a launch payload that the
  /// tap on one of its action buttons, reported after it, replaced; or a navigation held for
  /// requirements that a newer held one replaced.
  case replaced
  /// `ArrivalPolicy.upTo(_:)` was full and this was the oldest arrival kept.
  case overflow
  /// It had been kept longer than the router's `maxAge` when the root became ready; or a
  /// navigation held for requirements was older than `maxAge` when they were met.
  case expired
  /// The app dropped the navigation held for requirements (`discardHeldNavigation()`), say
  /// because the user closed the sign-in screen.
  case cancelled
}
