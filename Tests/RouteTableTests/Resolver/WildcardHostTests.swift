import Foundation
@_spi(Generated) import RouteTable
import Testing

/// Link hosts by wildcard and any host, on the table routec compiled from RoutecEndToEndTests'
/// `wildcard-hosts.routes.yaml` (`ReferenceTables/WildcardHostsRoutes.swift`): hosts
/// `shop.example`, `*.shop.example`, `*.eu.shop.example` and `www.shop.example`, the scheme
/// `shop` whose authority is a host, and `/read/{path*}` of any host. The host entry decides
/// before the path: the host's own entry, then the longest wildcard, then `*`. Each URL's whole
/// resolution is compared.
@Suite struct WildcardHostTests {
  typealias Routes = WildcardHostsRoutes
  typealias Expected = Outcome<WildcardHostsRoutes.Destination>

  static func expect(
    _ url: String, _ expected: Expected, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let resolved = Expected(Routes.resolve(url: url, variant: .default))
    #expect(resolved == expected, "\(url)", sourceLocation: sourceLocation)
  }

  static let unknownLink = Expected(status: .unknownLink, variant: "default")

  static func matched(
    _ route: String, _ destination: Routes.Destination, link: String
  ) -> Expected {
    Expected(
      status: .matched, variant: "default", route: route, link: link, destination: destination,
      presentation: .push, foregroundPolicy: .navigate)
  }

  static func product(_ id: Int) -> Expected {
    matched("product", .product(id: id), link: "/p/{id}")
  }

  static func storeProduct(_ id: Int) -> Expected {
    matched("store_product", .storeProduct(id: id), link: "/p/{id}")
  }

  static let landing = matched("landing", .landing, link: "/{_*}")

  static func reader(_ path: String) -> Expected {
    matched("reader", .reader(path: path), link: "/read/{path*}")
  }

  @Test func aWildcardCoversEverySubdomainButNotTheDomainItself() {
    Self.expect("https://a.shop.example/p/2", Self.product(2))
    Self.expect("https://a.b.shop.example/p/9", Self.product(9))
    Self.expect("https://A.Shop.EXAMPLE/p/2", Self.product(2))
    Self.expect("https://x.shop.example/deals", Self.matched("deals", .deals, link: "/deals"))
    // `/deals` names `*.shop.example` alone: `shop.example` is not below it.
    Self.expect("https://shop.example/deals", Self.unknownLink)
    // Only a whole label: neither `.shop.example` nor `evilshop.example` is below it.
    Self.expect("https://.shop.example/p/1", Self.unknownLink)
    Self.expect("https://evilshop.example/p/1", Self.unknownLink)
  }

  /// `/p/{id}` of `*.eu.shop.example` and of `*.shop.example` tie by path; the longer wildcard
  /// covers `de.eu.shop.example`, the shorter one `eu.shop.example` itself.
  @Test func theLongestWildcardWins() {
    Self.expect("https://de.eu.shop.example/p/3", Self.storeProduct(3))
    Self.expect("https://eu.shop.example/p/4", Self.product(4))
    Self.expect("https://shop.example/p/1", Self.product(1))
    // A pattern of every host applies to every entry: `/` through `*.eu.shop.example`.
    Self.expect("https://de.eu.shop.example/", Self.matched("home", .home, link: "/"))
  }

  /// `www.shop.example` is declared as a host: its `/{_*}` wins over `/p/{id}` of
  /// `*.shop.example`, more specific by path but through a less specific entry, and over `*`.
  @Test func theHostsOwnEntryWinsBeforePathsAreCompared() {
    Self.expect("https://www.shop.example/p/5", Self.landing)
    Self.expect("https://WWW.Shop.Example/read/x", Self.landing)
    Self.expect("https://www.shop.example/", Self.matched("home", .home, link: "/"))
  }

  /// A URL that no pattern of a more specific entry matches goes on to the next entry: `*`
  /// comes last, for hosts the manifest declares and for any other.
  @Test func anyHostTakesWhatNoMoreSpecificEntryMatches() {
    Self.expect("https://news.example/read/a/b", Self.reader("a/b"))
    Self.expect("https://a.shop.example/read/x", Self.reader("x"))
    Self.expect("https://shop.example/read/x%2Fy", Self.reader("x/y"))
    Self.expect("https://news.example/p/1", Self.unknownLink)
    Self.expect("https://news.example/", Self.unknownLink)
    // Still no port, user info or plain http.
    for url in [
      "https://news.example:8443/read/a", "https://me@news.example/read/a",
      "http://news.example/read/a", "https:///read/a",
    ] {
      Self.expect(url, Self.unknownLink)
    }
  }

  /// A scheme whose authority is a host reads wildcards as https does, never `*`.
  @Test func aCustomSchemeNeverMatchesAnyHost() {
    Self.expect("shop://de.eu.shop.example/p/3", Self.storeProduct(3))
    Self.expect("shop://a.shop.example/p/2", Self.product(2))
    Self.expect("shop://news.example/read/a", Self.unknownLink)
    Self.expect("shop://a.shop.example/read/a", Self.unknownLink)
  }

  /// `link(for:)` writes a host the pattern applies to, never a wildcard or `*`: a pattern of
  /// wildcards or `*` alone (and no scheme without a host) writes no URL.
  @Test func aBuiltLinkNamesADeclaredHost() {
    #expect(
      Routes.link(for: .product(id: 7), variant: .default)?.absoluteString
        == "https://shop.example/p/7")
    #expect(Routes.link(for: .storeProduct(id: 7), variant: .default) == nil)
    #expect(Routes.link(for: .reader(path: "a/b"), variant: .default) == nil)
    #expect(Routes.link(for: .deals, variant: .default) == nil)
    #expect(
      Routes.link(for: .landing, variant: .default)?.absoluteString == "https://www.shop.example/-")
    // The hosts the app claims: `*` is none of them.
    #expect(
      Routes.table.linkHosts
        == ["shop.example", "*.shop.example", "*.eu.shop.example", "www.shop.example"])
  }

  /// The example URLs use a host each wildcard covers that no entry names (`www.shop.example`
  /// is declared, so `app.shop.example` for `*.shop.example`), and `example.com` for `*`; each opens its pattern.
  @Test func exampleLinksUseAHostTheEntryCovers() {
    let examples = Routes.exampleLinks.map(\.url.absoluteString)
    #expect(
      examples == [
        "https://shop.example/", "https://shop.example/p/1", "https://www.eu.shop.example/p/1",
        "https://www.shop.example/-", "https://app.shop.example/deals",
        "https://example.com/read/example",
      ])
    for example in Routes.exampleLinks {
      #expect(
        Routes.resolve(url: example.url.absoluteString, variant: example.variant).status
          == .matched, "\(example.url)")
    }
  }
}
