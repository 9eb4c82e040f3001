extension Resolution {
  /// Whether a route was found: `.matched`, or `.fallback`. Every other status shows nothing.
  @inlinable
  package var foundRoute: Bool {
    status == .matched || status == .fallback
  }

  /// Whether this resolution opens a screen now: a route was found and the app's state lets it
  /// navigate (no foreground policy, or `.navigate`). The one rule behind both the router, which
  /// holds only what opens a screen, and `NavigationDecision`, which shows only that.
  @inlinable
  package var opensScreen: Bool {
    foundRoute && (foregroundPolicy ?? .navigate) == .navigate
  }
}
