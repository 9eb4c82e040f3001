/// Where the app was when a payload arrived. Only `foreground` changes the outcome: it applies
/// the route's `foreground` policy; a launch or a tap in the background always navigates.
public enum AppState: String, CaseIterable, Hashable, Sendable {
  case launch, background, foreground
}
