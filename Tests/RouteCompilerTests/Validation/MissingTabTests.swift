import CompilerTestSupport
import RouteCompiler
import Testing

/// A tab missing from a variant is one mistake however many routes select it; the same near
/// miss of a tab in two routes is two typos.
@Suite struct MissingTabTests {
  private func messages(_ yaml: String) -> [String] {
    lint(yaml).diagnostics.map { "\($0.location.line):\($0.location.column) \($0.message)" }
  }

  @Test func withoutVariantsATabSeveralRoutesSelectIsOneErrorAtTabs() {
    let yaml = """
      manifest: 1
      tabs: [home]
      screens:
        A: {}
      routes:
        a:
          screen: A
          tab: orders
        b:
          screen: A
          tab: orders
        c:
          screen: A
          tab: hom
        d:
          screen: A
          tab: hom

      """
    #expect(
      messages(yaml) == [
        "2:1 the manifest has no tab `orders`, which 2 routes select: `a` (line 8) and `b` (line 11); add `orders` to its `tabs`",
        "14:10 the manifest has no tab `hom`; did you mean `home`?",
        "17:10 the manifest has no tab `hom`; did you mean `home`?",
      ])
  }

  @Test func withoutVariantsAnIndexSeveralRoutesSelectIsOneErrorAtTabs() {
    let yaml = """
      manifest: 1
      tabs: [home]
      screens:
        A: {}
      routes:
        a:
          screen: A
          tab: 2
        b:
          screen: A
          tab: 2

      """
    #expect(
      messages(yaml) == [
        "2:1 the manifest has 1 tab (0), but 2 routes select tab index 2: `a` (line 8) and `b` (line 11); add tabs to `tabs`, or select one of its tabs"
      ])
  }

  /// A tab one variant lacks and another has: the fix names the tab map the route needs.
  @Test func aTabOnlyAnotherVariantHasSuggestsATabPerVariant() {
    let yaml = """
      manifest: 1
      remote_config: { variant_key: version, default_variant: v2 }
      variants:
        v1: { values: ["1"], tabs: [home, courses] }
        v2: { values: ["2"], tabs: [home, shop] }
      screens:
        A: {}
      routes:
        a:
          screen: A
          tab: shop

      """
    #expect(
      messages(yaml) == [
        "11:10 variant `v1` has no tab `shop`; its tabs are `home` or `courses`, or give the route a tab per variant: `tab: { v1: ..., v2: shop }`"
      ])
  }
}
