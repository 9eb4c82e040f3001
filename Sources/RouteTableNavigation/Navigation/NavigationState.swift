import Observation

/// The navigation of a SwiftUI app as observable values: the selected tab, one path of
/// destinations per tab, and the destination presented as a sheet. `apply(_:)` changes them by
/// the same `NavigationDecision` that `TabNavigator` applies to UIKit, and SwiftUI follows, bound
/// by `RoutedNavigationView` (or by the app's own `TabView`, `NavigationStack(path:)` and
/// `.sheet(item:)`).
///
/// ```swift
/// @State var navigation = NavigationState<ShopRoutes.Destination>(tabCount: 3)
/// // in the router's `navigate`, from any thread:
/// navigation.navigate(resolution)
/// ```
///
/// Every tab whose index has an entry in `paths` counts as having a navigation stack; without a
/// tab bar (`tabCount` 0), `paths[0]` is the root stack's path. It holds one presented
/// destination, so presenting replaces what is presented rather than stacking over it.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
@MainActor @Observable
public final class NavigationState<Destination: Hashable & Sendable> {
  /// The number of tabs; 0 for an app without a tab bar.
  public let tabCount: Int
  /// The selected tab's index; 0 and unused without a tab bar.
  public var selectedTab: Int
  /// The pushed destinations of each tab's navigation stack, in tab order; without a tab bar,
  /// one path: the root stack's.
  public var paths: [[Destination]]
  /// The destination presented modally, if any: the root of the presented navigation stack.
  public var presented: Destination?
  /// The destinations pushed on the presented navigation stack, above `presented`: a modal
  /// route with a back stack presents its bottom screen here with the others pushed on it.
  public var presentedPath: [Destination] = []

  /// - Parameters:
  ///   - tabCount: The tabs of the tab bar, each with a navigation stack; 0 (the default) for a
  ///     single navigation stack without a tab bar. A negative count is taken as 0.
  ///   - selectedTab: The tab selected at first.
  public init(tabCount: Int = 0, selectedTab: Int = 0) {
    self.tabCount = max(0, tabCount)
    self.selectedTab = selectedTab
    self.paths = Array(repeating: [], count: max(1, tabCount))
  }

  /// The UI the decision is made for, read from the state itself.
  public var ui: NavigationUI {
    let root: NavigationUI.Root =
      tabCount == 0
      ? .single(hasStack: !paths.isEmpty)
      : .tabs(hasStack: (0..<tabCount).map { paths.indices.contains($0) }, selected: selectedTab)
    return NavigationUI(root: root, isPresenting: presented != nil)
  }

  /// Applies a resolution now: selects the tab, clears `presented` when dismissing, and appends
  /// the destination to the target tab's path (with a back stack, replaces that path with the
  /// stack and the destination), or presents it (with a back stack, `presented` is the stack's
  /// bottom screen and `presentedPath` the rest). Returns the decision; a `.skip` changes
  /// nothing.
  @discardableResult
  public func apply(_ resolution: Resolution<Destination>) -> NavigationDecision {
    let decision = NavigationDecision(for: resolution, in: ui)
    guard case .show(let selectTab, let dismissPresented, let transition) = decision,
      let destination = resolution.destination
    else { return decision }
    if let selectTab { selectedTab = selectTab }
    if dismissPresented {
      presented = nil
      presentedPath = []
    }
    switch transition {
    case .push(let tab):
      // The decision pushes only onto a path that exists, so the index is in range.
      let index = tab ?? 0
      if paths.indices.contains(index) { paths[index].append(destination) }
    case .replaceStack(let tab):
      let index = tab ?? 0
      if paths.indices.contains(index) { paths[index] = resolution.stack + [destination] }
    case .present:
      let screens = resolution.stack + [destination]
      presented = screens.first
      presentedPath = Array(screens.dropFirst())
    }
    return decision
  }

  /// Hands a resolution to the main queue and applies it there, keeping the order of calls.
  /// Callable from any thread, so it fits `RouteTableRouter.rootIsReady(variant:navigate:)`.
  public nonisolated func navigate(_ resolution: Resolution<Destination>) {
    onMainQueueInOrder { self.apply(resolution) }
  }
}
