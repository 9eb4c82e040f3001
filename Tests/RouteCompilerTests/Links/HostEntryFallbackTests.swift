import CompilerTestSupport
@_spi(Generated) import RouteTable
import Testing

@testable import RouteCompiler

/// A URL whose host several declared entries cover is matched in one walk of the trie: the
/// patterns of its most specific entry win; where none holds, the first pattern (in specificity
/// order) of the most specific other entry that has one, found on the same walk. These pin the
/// cases that walk decides: a less specific entry's pattern met first on the walk and then
/// replaced by a more specific entry's, two and three covering entries, and a host written in
/// capitals.
@Suite struct HostEntryFallbackTests {
  static let manifest = """
    manifest: 1
    links:
      hosts: [shop.example, "*.shop.example", "*.eu.shop.example"]
    screens:
      Reader:
        params:
          path: string
      Section:
        params:
          a: string
          b: string
      Store:
        params:
          id: int
    routes:
      reader:
        screen: Reader
        links:
          - { path: "/read/{path*}", hosts: ["*"] }
      section:
        screen: Section
        links:
          - { path: "/{a}/{b}", hosts: ["*.shop.example"] }
      store:
        screen: Store
        links:
          - { path: "/p/{id}", hosts: ["*.eu.shop.example"] }

    """

  @Test(arguments: [
    // Three entries cover the host; its own has no pattern for the path. `/read/{path*}` of
    // `*` comes first on the walk, `/{a}/{b}` of `*.shop.example` after it, and wins.
    ("https://de.eu.shop.example/read/x", "section", "/{a}/{b}"),
    ("https://DE.EU.Shop.Example/read/x", "section", "/{a}/{b}"),
    // Only `*` has a pattern for three segments.
    ("https://de.eu.shop.example/read/x/y", "reader", "/read/{path*}"),
    // The host's own entry first, before paths are compared.
    ("https://de.eu.shop.example/p/3", "store", "/p/{id}"),
    // Two entries cover the host.
    ("https://a.shop.example/read/x", "section", "/{a}/{b}"),
    ("https://A.Shop.Example/read/x/y", "reader", "/read/{path*}"),
    // One entry, `*`.
    ("https://news.example/read/x", "reader", "/read/{path*}"),
    // `shop.example` and `*`: `/{a}/{b}` is `*.shop.example`'s, which does not cover it.
    ("https://shop.example/read/x", "reader", "/read/{path*}"),
  ])
  func theMostSpecificEntryWithAPatternWins(url: String, route: String, link: String) throws {
    let resolution = try lintedTable(Self.manifest).resolve(url: url, variant: 0)
    #expect(resolution.status == .matched)
    #expect(resolution.route == route)
    #expect(resolution.link == link)
  }

  @Test(arguments: [
    // Neither `shop.example` nor `*` has a pattern for it; `*.eu.shop.example`'s does not
    // apply.
    "https://shop.example/p/3",
    // `*` is https only.
    "http://news.example/read/x",
    "https://news.example/p/3",
  ])
  func noEntryWithAPatternIsAnUnknownLink(url: String) throws {
    #expect(try lintedTable(Self.manifest).resolve(url: url, variant: 0).status == .unknownLink)
  }
}
