/// What a route does when its push arrives while the app is in the foreground.
public enum ForegroundPolicy: String, CaseIterable, Hashable, Sendable {
  case navigate, banner, ignore
}
