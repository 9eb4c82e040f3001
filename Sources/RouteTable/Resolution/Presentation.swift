/// How a route's screen is shown.
public enum Presentation: String, CaseIterable, Hashable, Sendable {
  case push, modal
}
