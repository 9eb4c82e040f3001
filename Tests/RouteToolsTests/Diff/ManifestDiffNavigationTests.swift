import Testing

@testable import RouteCompiler
@testable import RouteTools

/// `changed-requirements` and `changed-stack`: what happens after a payload resolves changed,
/// never which payloads resolve, so both are non-breaking.
@Suite struct ManifestDiffNavigationTests {
  static let base = """
    manifest: 1
    remote_config: { variant_key: version, default_variant: v1 }
    variants:
      v1: { values: ["1"], tabs: [orders] }
      v2: { values: ["2"], tabs: [orders] }
    requirements:
      signed_in: { route: sign_in }
      onboarded: {}
    screens:
      SignIn: {}
      OrderList: {}
      OrderDetail:
        params:
          order_id: int
    routes:
      sign_in:
        screen: SignIn
      order_detail:
        screen: OrderDetail
        requires: [signed_in]
        stack: [OrderList]
      onboarding_check:
        screen: OrderList
        requires: [onboarded]

    """

  static func changes(_ replacements: [(String, String)]) throws -> [String] {
    try ManifestDiffTests.changes(replacements, from: base)
  }

  @Test func addingOrRemovingARequirementIsReportedAtRequires() throws {
    #expect(
      try Self.changes([("requires: [signed_in]", "requires: [signed_in, onboarded]")]) == [
        "20:5 changed-requirements: route `order_detail` now requires `onboarded`; the same payloads open it"
      ])
    #expect(
      try Self.changes([("    requires: [signed_in]\n", "")]) == [
        "18:3 changed-requirements: route `order_detail` no longer requires `signed_in`; the same payloads open it"
      ])
    #expect(
      try Self.changes([("requires: [signed_in]", "requires: [onboarded]")]) == [
        "20:5 changed-requirements: route `order_detail` now requires `onboarded` and no longer requires `signed_in`; the same payloads open it"
      ])
    // The same requirements in another order are the same requirements.
    let both = Self.base.replacingOccurrences(
      of: "requires: [signed_in]", with: "requires: [signed_in, onboarded]")
    #expect(
      try ManifestDiffTests.changes(
        [("requires: [signed_in, onboarded]", "requires: [onboarded, signed_in]")], from: both)
        == [])
    #expect(ManifestChange.Kind.changedRequirements.isBreaking == false)
  }

  /// The category a route's pushes carry is an assertion about what servers send; a change is
  /// reported at the key, and breaks nothing the app reads.
  @Test func aChangedCategoryIsReportedAtTheKey() throws {
    let withCategories =
      Self.base
      + "categories:\n  order_alerts: { actions: { open: { title: Open, route: order_detail } } }\n"
      + "  order_news: { actions: { list: { title: List, route: onboarding_check } } }\n"
    let carried = withCategories.replacingOccurrences(
      of: "    stack: [OrderList]\n", with: "    stack: [OrderList]\n    category: order_alerts\n")
    #expect(
      try ManifestDiffTests.changes(
        [("category: order_alerts", "category: order_news")], from: carried)
        == [
          "22:15 changed-route-category: route `order_detail`'s pushes carry the category `order_news` (was `order_alerts`); servers send it in `aps.category`"
        ])
    #expect(
      try ManifestDiffTests.changes([("    category: order_alerts\n", "")], from: carried) == [
        "18:3 changed-route-category: route `order_detail`'s pushes carry the category none (was `order_alerts`); servers send it in `aps.category`"
      ])
    #expect(ManifestChange.Kind.changedRouteCategory.isBreaking == false)
  }

  @Test func aChangedStackIsReportedPerVariantAtTheKeyThatSetsIt() throws {
    #expect(
      try Self.changes([("stack: [OrderList]", "stack: [OrderList, SignIn]")]) == [
        "21:5 changed-stack: route `order_detail` builds the stack `[OrderList, SignIn]` beneath its screen, not `[OrderList]` in variants `v1`, `v2`"
      ])
    #expect(
      try Self.changes([
        (
          "    stack: [OrderList]\n",
          "    stack: [OrderList]\n    variants:\n      v2: { stack: [] }\n"
        )
      ]) == [
        "23:13 changed-stack: route `order_detail` no longer builds a stack beneath its screen (was `[OrderList]`) in variant `v2`"
      ])
    #expect(
      try Self.changes([
        (
          "    requires: [onboarded]\n",
          "    requires: [onboarded]\n    stack: [{ screen: OrderDetail, params: { order_id: { value: 7 } } }]\n"
        )
      ]) == [
        "25:5 changed-stack: route `onboarding_check` now builds the stack `[OrderDetail(order_id: 7)]` beneath its screen in variants `v1`, `v2`"
      ])
    #expect(ManifestChange.Kind.changedStack.isBreaking == false)
  }
}
