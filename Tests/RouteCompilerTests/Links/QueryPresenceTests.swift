import CompilerTestSupport
import Foundation
@_spi(Generated) import RouteTable
import TestSupport
import Testing

@testable import RouteCompiler

/// Query items that need their key with any value: a bare `key`, and `key={param}` of a
/// parameter required in every variant. They are conditions for matching, specificity, ties
/// and `link(for:)`; docs/manifest.md shows the encyclopedia example and these resolutions.
@Suite struct QueryPresenceTests {
  /// docs/manifest.md's `index.php` example, as written there.
  static let wiki = """
    manifest: 1
    links:
      hosts: [en.wiki.example]
    screens:
      Article:
        params:
          title: string
      Diff:
        params:
          to: int
          from: { type: int, optional: true }
      Search:
        params:
          term: string
    routes:
      article:
        screen: Article
        links: ["/wiki/{title}", "/w/index.php?title={title}&!diff&!search"]
      diff:
        screen: Diff
        links: ["/w/index.php?diff={to}&oldid={from}"]
      search:
        screen: Search
        links: ["/w/index.php?search={term}&!diff"]

    """

  static func docs() throws -> String {
    try String(
      contentsOf: DocsTests.root.appendingPathComponent("docs/manifest.md"), encoding: .utf8)
  }

  @Test func theDocsExampleDispatchesByWhichKeysThePageHolds() throws {
    #expect(try Self.docs().contains("```yaml\n" + Self.wiki + "```"))
    let table = try lintedTable(Self.wiki)
    let page = "https://en.wiki.example/w/index.php"
    func resolved(_ query: String) -> Resolution<ScreenInstance> {
      table.resolve(url: page + query, variant: 0)
    }
    var resolution = resolved("?title=Dog")
    #expect(resolution.link == "/w/index.php?title={title}&!diff&!search")
    #expect(resolution.destination?.values == [.string("Dog")])
    resolution = resolved("?title=Dog&diff=12&oldid=10")
    #expect(resolution.link == "/w/index.php?diff={to}&oldid={from}")
    #expect(resolution.destination?.values == [.int(12), .int(10)])
    // An optional parameter's binding is no condition.
    resolution = resolved("?diff=12")
    #expect(resolution.status == .matched)
    #expect(resolution.destination?.values == [.int(12), nil])
    resolution = resolved("?search=dog&title=Special:Search")
    #expect(resolution.link == "/w/index.php?search={term}&!diff")
    #expect(resolution.destination?.values == [.string("dog")])
    // A key without a value is present; a required binding's value is then invalid.
    resolution = resolved("?search")
    #expect(resolution.status == .invalidParams)
    #expect(resolution.link == "/w/index.php?search={term}&!diff")
    resolution = resolved("")
    #expect(resolution.status == .unknownLink)
    #expect(resolution.route == nil)
  }

  /// Without the `!diff`, the diff and search patterns each need one key: a URL with both keys
  /// matches both, and the error says so with that URL, as the docs show it.
  @Test func twoPatternsThatEachNeedOneKeyTie() throws {
    let tied = Self.wiki.replacingOccurrences(of: "search={term}&!diff", with: "search={term}")
    let output = lint(tied, fileName: "wiki.routes.yaml")
    let message =
      "the link `/w/index.php?search={term}` ties with `/w/index.php?diff={to}&oldid={from}` of route `diff` (line 21): `https://en.wiki.example/w/index.php?diff=1&search=1` matches both and neither is more specific; make one of them more specific or remove it"
    #expect(
      output.diagnostics.map { "\(brief([$0])[0]) \($0.message)" } == [
        "24:13 ambiguous-links \(message)"
      ])
    #expect(
      try Self.docs().contains("wiki.routes.yaml:24:13: error: \(message) [ambiguous-links]"))
  }

  /// A bare key holds with any value or none, counts as a condition, and `!key` in another
  /// pattern keeps the two apart.
  @Test func aBareKeyIsAConditionWithAnyValue() throws {
    let table = try lintedTable(
      """
      manifest: 1
      links:
        hosts: [a.example]
      screens:
        Page: {}
        Full: {}
        Plain: {}
      routes:
        page:
          screen: Page
          links: ["/s"]
        full:
          screen: Full
          links: ["/s?fulltext"]
        plain:
          screen: Plain
          links: ["/s?q&!fulltext"]

      """)
    for (url, link) in [
      ("https://a.example/s", "/s"), ("https://a.example/s?fulltext", "/s?fulltext"),
      ("https://a.example/s?fulltext=", "/s?fulltext"),
      ("https://a.example/s?fulltext=yes&q=1", "/s?fulltext"),
      ("https://a.example/s?q", "/s?q&!fulltext"),
    ] {
      #expect(table.resolve(url: url, variant: 0).link == link, "\(url)")
    }
    // `link(for:)` writes the key alone, and the URL opens the same screen.
    #expect(table.link(for: ScreenKey(1), variant: 0) == "https://a.example/s?fulltext")
    #expect(table.link(for: ScreenKey(2), variant: 0) == "https://a.example/s?q")
  }

  /// A binding is a condition only when its parameter is required in every variant the route
  /// exists in: where a variant's screen makes it optional, the URL without the key still
  /// matches, and resolves as that variant's screen says.
  @Test func aBindingNeedsItsKeyOnlyWhereEveryVariantRequiresIt() throws {
    let yaml = """
      manifest: 1
      remote_config:
        variant_key: ui
        default_variant: v1
      variants:
        v1: { values: ["1"], tabs: [home] }
        v2: { values: ["2"], tabs: [home] }
      links:
        hosts: [a.example]
      screens:
        Strict:
          params:
            q: string
        Loose:
          params:
            q: { type: string, optional: true }
      routes:
        find:
          screen: Strict
          tab: home
          links: ["/find?q={q}"]
          variants:
            v2: { screen: Loose }

      """
    let table = try lintedTable(yaml)
    let v1 = table.resolve(url: "https://a.example/find", variant: 0)
    #expect(v1.status == .invalidParams)
    #expect(v1.errors == [ParameterError(param: "q", reason: .missing)])
    let v2 = table.resolve(url: "https://a.example/find", variant: 1)
    #expect(v2.status == .matched)
    // Required in both: the pattern needs the key, and the URL without it matches nothing.
    let strict = try lintedTable(
      yaml.replacingOccurrences(of: "v2: { screen: Loose }", with: "v1: { screen: Strict }"))
    #expect(strict.resolve(url: "https://a.example/find", variant: 1).status == .unknownLink)
  }
}
