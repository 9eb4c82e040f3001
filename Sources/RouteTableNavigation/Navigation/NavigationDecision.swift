/// What showing a resolution takes, decided from the resolution and the current UI alone: a
/// value, so the rules are the same for UIKit (`TabNavigator`) and SwiftUI (`NavigationState`)
/// and are tested without either.
///
/// The rules, in order:
///
/// 1. Only `.matched` and `.fallback` show a screen; any other status is `.skip(.status(_:))`.
/// 2. A foreground policy of `.banner` or `.ignore` (a foreground push whose route asks for it) is
///    `.skip(.foregroundPolicy(_:))`; `.navigate`, or no policy, shows the screen.
/// 3. No destination (the app's generated code mapped none) is `.skip(.noDestination)`.
/// 4. The route's tab is selected when the UI has a tab bar with that tab and another tab is
///    selected; otherwise the selection stays (`selectTab` nil). The target tab is the route's
///    tab when it exists, else the selected one.
/// 5. A `.modal` route is presented over the topmost presented screen, and nothing is dismissed.
///    With a back stack (`resolution.stack`), what is presented is a navigation stack of the
///    stack's screens with the destination on top.
/// 6. Any other route (`.push`, or no presentation) is pushed onto the target tab's navigation
///    stack (the root's without a tab bar), after dismissing what is presented so that the
///    pushed screen is visible. With a back stack, that navigation stack is first reset to its
///    root and the stack's screens are pushed beneath the destination (`.replaceStack`), so
///    Back walks down them. When that tab or root has no stack, or the selected tab does not
///    exist, it is presented over the topmost presented screen instead (as in rule 5), and
///    nothing is dismissed.
public enum NavigationDecision: Hashable, Sendable {
  /// Nothing to show.
  case skip(SkipReason)
  /// Select `selectTab` (nil: keep the selection), then dismiss what is presented when
  /// `dismissPresented`, then show the destination by `transition`.
  case show(selectTab: Int?, dismissPresented: Bool, transition: Transition)

  /// Why a resolution shows nothing.
  public enum SkipReason: Hashable, Sendable {
    /// A status without a screen: `unknown_type`, `missing_type`, `invalid_params` or
    /// `unavailable`.
    case status(ResolutionStatus)
    /// A foreground push whose route's policy is `banner` or `ignore`.
    case foregroundPolicy(ForegroundPolicy)
    /// A navigable resolution without a destination.
    case noDestination
  }

  /// How the destination is shown.
  public enum Transition: Hashable, Sendable {
    /// Pushed onto the navigation stack of this tab; nil: of the root, which has no tab bar.
    case push(tab: Int?)
    /// The navigation stack of this tab (nil: of the root) reset to its root screen, then the
    /// resolution's `stack` and the destination pushed, only the last animated.
    case replaceStack(tab: Int?)
    /// Presented modally over the topmost presented screen: the destination, or with a back
    /// stack, a navigation stack of the stack's screens and the destination.
    case present
  }

  /// Decides how to show `resolution` in `ui`, by the rules above.
  public init<Destination>(for resolution: Resolution<Destination>, in ui: NavigationUI) {
    guard resolution.opensScreen else {
      if resolution.foundRoute, let policy = resolution.foregroundPolicy {
        self = .skip(.foregroundPolicy(policy))
      } else {
        self = .skip(.status(resolution.status))
      }
      return
    }
    guard resolution.destination != nil else {
      self = .skip(.noDestination)
      return
    }

    var selectTab: Int?
    // The stack a push would go onto: `.some(nil)` is the root's, `nil` is none.
    let stack: Int??
    switch ui.root {
    case .tabs(let hasStack, let selected):
      var target = selected
      if let tab = resolution.tab?.index, hasStack.indices.contains(tab) {
        target = tab
        if tab != selected { selectTab = tab }
      }
      stack = hasStack.indices.contains(target) && hasStack[target] ? .some(target) : nil
    case .single(let hasStack):
      stack = hasStack ? .some(nil) : nil
    }

    if resolution.presentation != .modal, let stack {
      self = .show(
        selectTab: selectTab, dismissPresented: ui.isPresenting,
        transition: resolution.stack.isEmpty ? .push(tab: stack) : .replaceStack(tab: stack))
    } else {
      self = .show(selectTab: selectTab, dismissPresented: false, transition: .present)
    }
  }
}
