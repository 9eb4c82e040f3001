import Testing

@_spi(Generated) @testable import RouteTable
@testable import RouteTableNavigation

@Suite struct NavigationDecisionTests {
  /// Every resolution case in every UI; parameterized by status and UI, with the other members
  /// looped inside, so a run lists 84 cases rather than 24,192.
  @Test(arguments: ResolutionStatus.allCases, UICase.all)
  func matchesTheRules(_ status: ResolutionStatus, _ ui: UICase) {
    let cases = ResolutionCase.all.filter { $0.status == status }
    #expect(cases.count == 288)
    for resolution in cases {
      #expect(
        NavigationDecision(for: resolution.resolution, in: ui.ui)
          == Oracle.decision(resolution, ui), "\(resolution.testDescription)")
    }
  }

  static let threeTabs = NavigationUI(root: .tabs(hasStack: [true, true, true], selected: 0))

  static func matched(
    tab: Int? = nil, presentation: Presentation = .push, action: ForegroundPolicy = .navigate
  ) -> Resolution<String> {
    Resolution(
      status: .matched, variant: "default", route: "gift", destination: "giftManager",
      tab: tab.map { TabSelection(name: "me", index: $0) }, presentation: presentation,
      foregroundPolicy: action)
  }

  @Test func aPushRouteSelectsItsTabAndPushesOntoIt() {
    #expect(
      NavigationDecision(for: Self.matched(tab: 2), in: Self.threeTabs)
        == .show(selectTab: 2, dismissPresented: false, transition: .push(tab: 2)))
  }

  @Test func aPushRouteOnTheSelectedTabSelectsNothing() {
    #expect(
      NavigationDecision(for: Self.matched(tab: 0), in: Self.threeTabs)
        == .show(selectTab: nil, dismissPresented: false, transition: .push(tab: 0)))
  }

  @Test func aPushDismissesThePresentedSheetFirst() {
    var ui = Self.threeTabs
    ui.isPresenting = true
    #expect(
      NavigationDecision(for: Self.matched(tab: 1), in: ui)
        == .show(selectTab: 1, dismissPresented: true, transition: .push(tab: 1)))
  }

  @Test func aModalRouteIsPresentedOverTheSheetAndStillSelectsItsTab() {
    var ui = Self.threeTabs
    ui.isPresenting = true
    #expect(
      NavigationDecision(for: Self.matched(tab: 1, presentation: .modal), in: ui)
        == .show(selectTab: 1, dismissPresented: false, transition: .present))
  }

  @Test func aRouteWithoutTabPushesOntoTheSelectedTab() {
    let ui = NavigationUI(root: .tabs(hasStack: [true, true], selected: 1))
    #expect(
      NavigationDecision(for: Self.matched(), in: ui)
        == .show(selectTab: nil, dismissPresented: false, transition: .push(tab: 1)))
  }

  @Test func aTabTheUIDoesNotHaveKeepsTheSelection() {
    #expect(
      NavigationDecision(for: Self.matched(tab: 5), in: Self.threeTabs)
        == .show(selectTab: nil, dismissPresented: false, transition: .push(tab: 0)))
  }

  @Test func aPushRouteToATabWithoutStackIsPresented() {
    let ui = NavigationUI(root: .tabs(hasStack: [true, false], selected: 0), isPresenting: true)
    #expect(
      NavigationDecision(for: Self.matched(tab: 1), in: ui)
        == .show(selectTab: 1, dismissPresented: false, transition: .present))
  }

  @Test func withoutTabBarTheRootStackIsUsedAndTheTabIgnored() {
    #expect(
      NavigationDecision(for: Self.matched(tab: 1), in: NavigationUI(root: .single(hasStack: true)))
        == .show(selectTab: nil, dismissPresented: false, transition: .push(tab: nil)))
    #expect(
      NavigationDecision(
        for: Self.matched(tab: 1), in: NavigationUI(root: .single(hasStack: false)))
        == .show(selectTab: nil, dismissPresented: false, transition: .present))
  }

  @Test func nothingIsShownForABannerOrAnUnmatchedPayload() {
    #expect(
      NavigationDecision(for: Self.matched(tab: 1, action: .banner), in: Self.threeTabs)
        == .skip(.foregroundPolicy(.banner)))
    let unknown = Resolution<String>(status: .unknownType, variant: "default", pushType: "x")
    #expect(NavigationDecision(for: unknown, in: Self.threeTabs) == .skip(.status(.unknownType)))
    let unmapped = Self.matched().map { _ -> String? in nil }
    #expect(NavigationDecision(for: unmapped, in: Self.threeTabs) == .skip(.noDestination))
  }
}
