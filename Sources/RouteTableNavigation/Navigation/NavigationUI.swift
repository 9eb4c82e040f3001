/// What the app shows when a resolution arrives, as much of it as the navigation decision reads.
///
/// `TabNavigator` reads it from the view controllers and `NavigationState` from its own
/// properties, so both navigate by the same rules (see `NavigationDecision`).
public struct NavigationUI: Hashable, Sendable {
  /// The root of the UI.
  public enum Root: Hashable, Sendable {
    /// A tab bar: whether each tab's screen is a navigation stack, in tab bar order, and the
    /// index of the selected tab. An index outside the tabs (UIKit's `NSNotFound` while the
    /// More tab is selected) selects no tab.
    case tabs(hasStack: [Bool], selected: Int)
    /// No tab bar: whether the root screen is a navigation stack.
    case single(hasStack: Bool)
  }

  public var root: Root
  /// Whether a screen is presented modally over the root.
  public var isPresenting: Bool

  public init(root: Root, isPresenting: Bool = false) {
    self.root = root
    self.isPresenting = isPresenting
  }
}
