#if canImport(SwiftUI)
  import SwiftUI

  /// Binds a `NavigationState` to SwiftUI: a `TabView(selection:)` on `selectedTab` with one
  /// `NavigationStack(path:)` per tab on its path (or one stack without a tab bar), and
  /// `.sheet(item:)` on `presented` (a `NavigationStack` on `presentedPath` when that holds a
  /// modal route's back stack). Taps on Back and swiped-away sheets write back to the state.
  ///
  /// ```swift
  /// RoutedNavigationView(state: navigation) { tab in
  ///   Tabs.root(tab)  // the screen at the bottom of each tab's stack
  /// } label: { tab in
  ///   Tabs.label(tab)  // the tab bar item
  /// } destination: { destination in
  ///   Screens.view(for: destination)  // one exhaustive switch over the generated enum
  /// }
  /// ```
  ///
  /// It observes the state itself (`@ObservedObject`), so it works from iOS 16 however the app
  /// holds the state. It is main-actor isolated as a whole, like the `NavigationState` it binds,
  /// whichever SDK it is built with (the iOS 18 SDK's `View` is main-actor isolated, earlier
  /// SDKs' only in `body`), so its initializer is called from the same places on both.
  @MainActor
  public struct RoutedNavigationView<
    Destination: Hashable & Sendable, Root: View, Label: View, Screen: View
  >: View {
    @ObservedObject private var state: NavigationState<Destination>
    private let root: (Int) -> Root
    private let label: (Int) -> Label
    private let destination: (Destination) -> Screen

    /// - Parameters:
    ///   - state: What is shown; `apply(_:)` and `navigate(_:)` on it navigate.
    ///   - root: The root screen of a tab's stack, by tab index (0 without a tab bar).
    ///   - label: A tab's tab bar item; unused without a tab bar.
    ///   - destination: The screen for a destination, pushed or presented.
    public init(
      state: NavigationState<Destination>,
      @ViewBuilder root: @escaping (_ tab: Int) -> Root,
      @ViewBuilder label: @escaping (_ tab: Int) -> Label,
      @ViewBuilder destination: @escaping (Destination) -> Screen
    ) {
      self._state = ObservedObject(wrappedValue: state)
      self.root = root
      self.label = label
      self.destination = destination
    }

    public var body: some View {
      Group {
        if state.tabCount == 0 {
          stack(0)
        } else {
          TabView(selection: $state.selectedTab) {
            ForEach(0..<state.tabCount, id: \.self) { tab in
              stack(tab).tabItem { label(tab) }.tag(tab)
            }
          }
        }
      }
      .sheet(item: $state.presentedItem) { item in
        if state.presentedPath.isEmpty {
          destination(item.destination)
        } else {
          // A modal route with a back stack: the stack's bottom screen, the rest pushed on it.
          NavigationStack(path: $state.presentedPath) {
            destination(item.destination)
              .navigationDestination(for: Destination.self) { destination($0) }
          }
        }
      }
    }

    // Main-actor isolated with the whole view: the state it binds is the UI's.
    private func stack(_ tab: Int) -> some View {
      NavigationStack(path: $state[dynamicMember: \.[pathOf: tab]]) {
        root(tab).navigationDestination(for: Destination.self) { destination($0) }
      }
    }
  }

  /// `.sheet(item:)` needs an `Identifiable` item; a destination is its own identity.
  struct PresentedDestination<Destination: Hashable>: Identifiable {
    var destination: Destination
    var id: Destination { destination }
  }

  extension NavigationState {
    /// `presented` in the shape `.sheet(item:)` binds to.
    var presentedItem: PresentedDestination<Destination>? {
      get { presented.map(PresentedDestination.init) }
      set {
        presented = newValue?.destination
        if newValue == nil { presentedPath = [] }
      }
    }

    /// A tab's path for `NavigationStack(path:)`: empty for a tab without one, and a write to
    /// such a tab is dropped, so a binding never indexes out of range.
    subscript(pathOf tab: Int) -> [Destination] {
      get { paths.indices.contains(tab) ? paths[tab] : [] }
      set { if paths.indices.contains(tab) { paths[tab] = newValue } }
    }
  }
#endif
