import Testing

@_spi(Generated) @testable import RouteTable
@testable import RouteTableNavigation

/// A state to apply resolutions to, in plain fields.
struct StateCase: Hashable, Sendable, CustomTestStringConvertible {
  var tabCount: Int
  var selectedTab = 0
  var presented: String?

  var testDescription: String {
    (tabCount == 0 ? "no tab bar" : "\(tabCount) tabs, selected \(selectedTab)")
      + (presented.map { ", presenting \($0)" } ?? "")
  }

  /// Every path starts with one screen already pushed, so a push is seen to append.
  @MainActor func make() -> NavigationState<String> {
    let state = NavigationState<String>(tabCount: tabCount, selectedTab: selectedTab)
    state.paths = state.paths.indices.map { ["start\($0)"] }
    state.presented = presented
    return state
  }

  /// The same UI as a decision case: every tab of the state has a stack.
  var ui: UICase {
    UICase(
      tabs: tabCount == 0 ? nil : Array(repeating: true, count: tabCount), selected: selectedTab,
      rootHasStack: true, isPresenting: presented != nil)
  }

  static let all: [StateCase] = [
    StateCase(tabCount: 0), StateCase(tabCount: 3, selectedTab: 0),
    StateCase(tabCount: 3, selectedTab: 2), StateCase(tabCount: 3, selectedTab: 7),
  ].flatMap { state in
    [nil, "sheet"].map { presented in
      var copy = state
      copy.presented = presented
      return copy
    }
  }
}

@MainActor @Suite struct NavigationStateTests {
  /// The state after applying, computed from the oracle's decision by hand.
  struct Expected: Equatable {
    var selectedTab: Int
    var paths: [[String]]
    var presented: String?
    var presentedPath: [String] = []
  }

  static func expected(_ r: ResolutionCase, _ start: StateCase) -> Expected {
    var result = Expected(
      selectedTab: start.selectedTab,
      paths: (0..<max(1, start.tabCount)).map { ["start\($0)"] }, presented: start.presented)
    guard case .show(let select, let dismiss, let transition) = Oracle.decision(r, start.ui)
    else { return result }
    if let select { result.selectedTab = select }
    if dismiss { result.presented = nil }
    let beneath = r.hasStack ? ["below1", "below2"] : []
    switch transition {
    case .push(let tab): result.paths[tab ?? 0].append("screen")
    case .replaceStack(let tab): result.paths[tab ?? 0] = beneath + ["screen"]
    case .present:
      result.presented = beneath.first ?? "screen"
      result.presentedPath = r.hasStack ? ["below2", "screen"] : []
    }
    return result
  }

  /// Every resolution case applied to every starting state, parameterized by status and state
  /// with the other members looped inside.
  @Test(arguments: ResolutionStatus.allCases, StateCase.all)
  func applyChangesTheStateByTheDecision(_ status: ResolutionStatus, _ start: StateCase) {
    for r in ResolutionCase.all where r.status == status {
      let state = start.make()
      let changed = Locked(false)
      state.onWillChange = { changed.withLock { $0 = true } }

      let decision = state.apply(r.resolution)

      #expect(decision == Oracle.decision(r, start.ui), "\(r.testDescription)")
      let after = Expected(
        selectedTab: state.selectedTab, paths: state.paths, presented: state.presented,
        presentedPath: state.presentedPath)
      #expect(after == Self.expected(r, start), "\(r.testDescription)")
      // Observers hear of every applied decision, and of nothing when it is skipped.
      let isShown = if case .show = decision { true } else { false }
      #expect(changed.withLock { $0 } == isShown, "\(r.testDescription)")
    }
  }

  static func matched(tab: Int?, presentation: Presentation = .push) -> Resolution<String> {
    Resolution(
      status: .matched, variant: "default", route: "gift", destination: "gift",
      tab: tab.map { TabSelection(name: "me", index: $0) }, presentation: presentation,
      foregroundPolicy: .navigate)
  }

  /// What the scene shows, for Handoff and restoration: the top of the presented stack, else
  /// the top of the selected tab's path; nil while a root screen shows.
  @Test func theShownDestinationIsTheOneOnTop() {
    let state = NavigationState<String>(tabCount: 3)
    #expect(state.shownDestination == nil)
    state.paths = [["a"], ["b", "c"], []]
    #expect(state.shownDestination == "a")
    state.selectedTab = 1
    #expect(state.shownDestination == "c")
    state.selectedTab = 2
    #expect(state.shownDestination == nil)
    state.presented = "sheet"
    #expect(state.shownDestination == "sheet")
    state.presentedPath = ["sheet-top"]
    #expect(state.shownDestination == "sheet-top")
    let single = NavigationState<String>()
    single.selectedTab = 5  // ignored without a tab bar
    single.paths = [["x", "y"]]
    #expect(single.shownDestination == "y")
    let noStacks = NavigationState<String>(tabCount: 2)
    noStacks.paths = []
    #expect(noStacks.shownDestination == nil)
  }

  @Test func aPushSelectsTheTabDismissesTheSheetAndAppends() {
    let state = NavigationState<String>(tabCount: 3)
    state.presented = "sheet"
    state.apply(Self.matched(tab: 2))
    #expect(state.selectedTab == 2)
    #expect(state.paths == [[], [], ["gift"]])
    #expect(state.presented == nil)
  }

  @Test func aModalRouteReplacesThePresentedDestination() {
    let state = NavigationState<String>(tabCount: 2)
    state.presented = "sheet"
    state.apply(Self.matched(tab: 1, presentation: .modal))
    #expect(state.selectedTab == 1)
    #expect(state.paths == [[], []])
    #expect(state.presented == "gift")
  }

  @Test func withoutTabBarThePushGoesOntoTheOnePath() {
    let state = NavigationState<String>()
    state.apply(Self.matched(tab: 1))
    #expect(state.tabCount == 0)
    #expect(state.selectedTab == 0)
    #expect(state.paths == [["gift"]])
  }

  @Test func aTabWhosePathWasRemovedHasNoStackSoItsRouteIsPresented() {
    let state = NavigationState<String>(tabCount: 3)
    state.paths = [[]]
    #expect(state.ui == NavigationUI(root: .tabs(hasStack: [true, false, false], selected: 0)))
    state.apply(Self.matched(tab: 1))
    #expect(state.selectedTab == 1)
    #expect(state.paths == [[]])
    #expect(state.presented == "gift")
  }

  @Test func aNegativeTabCountIsNoTabBar() {
    let state = NavigationState<String>(tabCount: -2)
    #expect(state.tabCount == 0)
    #expect(state.ui == NavigationUI(root: .single(hasStack: true)))
  }

  // No time limit: in a full run the main actor can be busy for as long as the run lasts, and a
  // limit would measure that rather than the hop; the deadline below bounds the wait once it runs.
  @Test func navigateAppliesOnTheMainQueueInOrder() async {
    let state = NavigationState<String>(tabCount: 2)
    let first = Self.matched(tab: 1)
    var second = Self.matched(tab: 1)
    second.destination = "second"
    state.navigate(first)
    state.navigate(second)
    // Queued on the main queue behind this test, which holds the main actor until it awaits.
    #expect(state.paths == [[], []])
    // Suspending lets the main queue run; polled rather than awaited behind one more block,
    // since under a loaded test run the main queue may be drained late.
    let deadline = ContinuousClock.now + .seconds(30)
    while state.paths == [[], []] && ContinuousClock.now < deadline {
      try? await Task.sleep(for: .milliseconds(10))
    }
    #expect(state.paths == [[], ["gift", "second"]])
    #expect(state.selectedTab == 1)
  }
}
