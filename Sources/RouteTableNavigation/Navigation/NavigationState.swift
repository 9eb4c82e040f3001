#if canImport(Combine)
  import Combine
#endif

/// The navigation of a SwiftUI app as observable values: the selected tab, one path of
/// destinations per tab, and the destination presented as a sheet. `apply(_:)` changes them by
/// the same `NavigationDecision` that `TabNavigator` applies to UIKit, and SwiftUI follows, bound
/// by `RoutedNavigationView` (or by the app's own `TabView`, `NavigationStack(path:)` and
/// `.sheet(item:)`).
///
/// ```swift
/// @StateObject private var navigation = NavigationState<ShopRoutes.Destination>(tabCount: 3)
/// // in the router's `navigate`, from any thread:
/// navigation.navigate(resolution)
/// ```
///
/// It works from the package's lowest deployment target (iOS 16): on Apple platforms it is an
/// `ObservableObject` that announces each change before it happens, so SwiftUI redraws what
/// reads it (`@StateObject` or `@ObservedObject` in the app's views; `RoutedNavigationView`
/// observes it itself), on every iOS the package supports, with one API.
///
/// Every tab whose index has an entry in `paths` counts as having a navigation stack; without a
/// tab bar (`tabCount` 0), `paths[0]` is the root stack's path. It holds one presented
/// destination, so presenting replaces what is presented rather than stacking over it.
@MainActor
public final class NavigationState<Destination: Hashable & Sendable> {
  /// The number of tabs; 0 for an app without a tab bar.
  public let tabCount: Int
  /// The selected tab's index; 0 and unused without a tab bar.
  public var selectedTab: Int { willSet { willChange() } }
  /// The pushed destinations of each tab's navigation stack, in tab order; without a tab bar,
  /// one path: the root stack's.
  public var paths: [[Destination]] { willSet { willChange() } }
  /// The destination presented modally, if any: the root of the presented navigation stack.
  public var presented: Destination? { willSet { willChange() } }
  /// The destinations pushed on the presented navigation stack, above `presented`: a modal
  /// route with a back stack presents its bottom screen here with the others pushed on it.
  public var presentedPath: [Destination] = [] { willSet { willChange() } }

  /// Told before each change, as SwiftUI is through `objectWillChange`: the same announcement
  /// on every platform, so the tests observe on Linux what SwiftUI observes on iOS.
  package var onWillChange: (@MainActor () -> Void)?

  /// Announces that a value is about to change: to SwiftUI (`objectWillChange`), where there is
  /// SwiftUI, and to `onWillChange`.
  private func willChange() {
    #if canImport(Combine)
      objectWillChange.send()
    #endif
    onWillChange?()
  }

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

  /// The destination on top, what the user sees: the top of the presented stack, else the top
  /// of the selected tab's path (the root stack's without a tab bar). Nil when a stack's root
  /// screen shows, which the app owns. For Handoff (`userActivity(for:variant:)`) and state
  /// restoration.
  public var shownDestination: Destination? {
    if let presented { return presentedPath.last ?? presented }
    let tab = tabCount == 0 ? 0 : selectedTab
    return paths.indices.contains(tab) ? paths[tab].last : nil
  }

  /// Hands a resolution to the main queue and applies it there, keeping the order of calls.
  /// Callable from any thread, so it fits `RouteTableRouter.rootIsReady(variant:navigate:)`.
  public nonisolated func navigate(_ resolution: Resolution<Destination>) {
    onMainQueueInOrder { self.apply(resolution) }
  }
}

#if canImport(Combine)
  extension NavigationState: ObservableObject {}
#endif
