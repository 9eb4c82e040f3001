import CompilerTestSupport
import Foundation
@_spi(Generated) import RouteTable
import TestSupport
import Testing

@testable import RouteCompiler

/// Host wildcards (`*.example.org`) and `*` (any https host): where each may stand, the exact
/// diagnostics for each mistake, and ties, which only patterns of one host entry can have.
@Suite struct WildcardHostValidationTests {
  /// Every diagnostic as `LINE:COLUMN rule: message`.
  static func full(_ output: ManifestPipeline.Output) -> [String] {
    output.diagnostics.map {
      "\($0.location.line):\($0.location.column) \($0.ruleID): \($0.message)"
    }
  }

  static func manifest(hosts: String, links: String) -> String {
    """
    manifest: 1
    links:
      hosts: \(hosts)
    screens:
      Home: {}
      Page:
        params:
          id: { type: int, optional: true }
          name: { type: string, optional: true }
    routes:
      home:
        screen: Home
        links: [/]
      page:
        screen: Page
        links:
    \(links)

    """
  }

  @Test func theFixtureReportsEachMistakeExactly() throws {
    let output = try lintFixture("rules/invalid-host-wildcard.routes.yaml")
    #expect(
      Self.full(output) == [
        "5:7 invalid-host-wildcard: host `*academy.example`: `*` must be a whole label followed by `.`: write `*.academy.example`, which covers every host below `academy.example`",
        "6:7 invalid-host-wildcard: host `www.*.example`: `*` may stand only as the whole first label, followed by a domain, like `*.example.org` (every host below `example.org`)",
        "7:7 invalid-host-wildcard: host `*.example` would cover every host of a top-level domain; a wildcard needs two labels or more after `*.`, like `*.shop.example`",
        "8:7 invalid-host-wildcard: `*` (any https host) is not a host to claim, so it may stand only in a link's own `hosts`, alone: list the app's hosts here, and write `{ path: ..., hosts: [\"*\"] }` for the links that take URLs of any host",
        "9:7 invalid-link-host: host `*.Academy.example` must be lowercase: write `*.academy.example`",
        "18:41 invalid-host-wildcard: the link `/in-app/{_*}` names `*`, any https host, beside other hosts, which it already covers; write `hosts: [\"*\"]` alone, or leave `*` out",
        "19:40 invalid-host-wildcard: host `*.*.academy.example`: `*` must be a whole label followed by `.`: write `*.academy.example`, which covers every host below `academy.example`",
        "19:63 invalid-host-wildcard: host `*.org` would cover every host of a top-level domain; a wildcard needs two labels or more after `*.`, like `*.example.org`",
      ])
  }

  @Test func aWildcardHostsPartsAreCheckedLikeAHosts() {
    let output = lint(
      Self.manifest(
        hosts: #"["*.academy.example:8443", "*.https://academy.example", "*.a_b.example"]"#,
        links: "      - /p/{id}"))
    #expect(
      Self.full(output) == [
        "3:11 invalid-link-host: host `*.academy.example:8443` has a port; links use https on its default port: write `*.academy.example`",
        "3:37 invalid-link-host: host `*.https://academy.example` has a scheme; hosts are opened with https only: write `*.academy.example`",
        "3:66 invalid-link-host: host `*.a_b.example` is not a DNS name: dot-separated labels of a-z, 0-9 and `-`, like `academy.example`",
      ])
  }

  /// A pattern names a wildcard that `links.hosts` declares, and `*` without any declaration;
  /// a host that only a wildcard covers is not declared, and the message says which covers it.
  @Test func aPatternNamesDeclaredWildcardsAndAnyHost() {
    let valid = lint(
      Self.manifest(
        hosts: #"[academy.example, "*.academy.example"]"#,
        links: """
                - { path: "/p/{id}", hosts: ["*.academy.example"] }
                - { path: "/read/{name}", hosts: ["*"], schemes: [] }
          """))
    #expect(Self.full(valid) == [])
    let output = lint(
      Self.manifest(
        hosts: #"[academy.example, "*.academy.example"]"#,
        links: """
                - { path: "/p/{id}", hosts: [www.academy.example, "*.other.example"] }
          """))
    #expect(
      Self.full(output) == [
        "17:36 unknown-link-target: the link `/p/{id}` names the host `www.academy.example`, which `links.hosts` does not declare; it declares `*.academy.example`, which covers it: name `*.academy.example`, or declare `www.academy.example` too",
        "17:57 unknown-link-target: the link `/p/{id}` names the host `*.other.example`, which `links.hosts` does not declare; it declares `academy.example`, `*.academy.example`",
      ])
  }

  /// Patterns that differ only in their host entries never tie: the more specific entry decides
  /// before paths are compared. Two wildcards that cover one host are two entries.
  @Test func patternsOfDifferentEntriesNeverTie() {
    let output = lint(
      Self.manifest(
        hosts:
          #"[academy.example, www.academy.example, "*.academy.example", "*.eu.academy.example"]"#,
        links: """
                - { path: "/u/{id}", hosts: [www.academy.example] }
                - { path: "/u/{name}", hosts: ["*.academy.example"] }
                - { path: "/u/{id}", hosts: ["*.eu.academy.example"] }
                - { path: "/u/{name}", hosts: ["*"] }
          """))
    #expect(Self.full(output) == [])
  }

  /// A tie at a wildcard shows a host below it that no entry names (`www.academy.example` is
  /// declared, so `app.academy.example`); a tie at `*`, `example.com`.
  @Test func aTieAtAWildcardOrAnyHostShowsAConcreteHost() {
    let output = lint(
      Self.manifest(
        hosts: #"[www.academy.example, "*.academy.example"]"#,
        links: """
                - { path: "/u/{id}", hosts: ["*.academy.example"] }
                - { path: "/u/{name}", hosts: ["*.academy.example"], schemes: [] }
                - { path: "/r/{id}", hosts: ["*"] }
                - { path: "/r/{name}", hosts: ["*"] }
          """))
    #expect(
      Self.full(output) == [
        "18:17 ambiguous-links: the link `/u/{name}` ties with `/u/{id}` (line 17): `https://app.academy.example/u/1` matches both and neither is more specific; make one of them more specific or remove it",
        "20:17 ambiguous-links: the link `/r/{name}` ties with `/r/{id}` (line 19): `https://example.com/r/1` matches both and neither is more specific; make one of them more specific or remove it",
      ])
  }

  /// `*` is an origin of https alone, and a pattern without `hosts` does not reach it.
  @Test func anyHostIsAnOriginOfHTTPSAndOfThePatternsThatNameIt() {
    let pattern = LinkPattern<String>(
      text: "/", segments: [], query: [], hosts: ["*"], schemes: nil)
    let origins = LinkOrigin.origins(
      of: pattern, hosts: ["shop.example", "*.shop.example"], schemes: ["shop", "legacy"],
      hostAuthoritySchemes: ["shop"])
    #expect(
      origins == [
        LinkOrigin(scheme: "https", host: "*"), LinkOrigin(scheme: "legacy", host: nil),
      ])
    let everyHost = LinkPattern<String>(text: "/", segments: [], query: [])
    #expect(
      LinkOrigin.origins(
        of: everyHost, hosts: ["shop.example", "*.shop.example"], schemes: ["shop"],
        hostAuthoritySchemes: ["shop"])
        == [
          LinkOrigin(scheme: "https", host: "shop.example"),
          LinkOrigin(scheme: "https", host: "*.shop.example"),
          LinkOrigin(scheme: "shop", host: "shop.example"),
          LinkOrigin(scheme: "shop", host: "*.shop.example"),
        ])
  }

  @Test func theReferenceMatcherOrdersTheEntriesThatCoverAHost() {
    let matcher = ReferenceLinkMatcher(
      hosts: ["shop.example", "*.shop.example", "*.eu.shop.example", "de.eu.shop.example", "*"],
      schemes: [])
    #expect(
      matcher.entries(covering: "de.eu.shop.example", https: true) == [
        "de.eu.shop.example", "*.eu.shop.example", "*.shop.example", "*",
      ])
    #expect(matcher.entries(covering: "shop.example", https: true) == ["shop.example", "*"])
    #expect(matcher.entries(covering: "eu.shop.example", https: false) == ["*.shop.example"])
    #expect(matcher.entries(covering: "news.example", https: false) == [])
  }
}
