import Foundation
import RoutecTestSupport
import Testing

/// `routec resolve --url` on `Fixtures/links.routes.yaml`: what is routec's, the JSON it prints
/// for each kind of resolution of a URL, the options that pick the variant and replace a base,
/// and the usage errors. The rules of link matching are RouteTableTests' (`LinkRulesTests`, over
/// the table routec compiles from the same fixture). The fixture's default variant is `v2`; its
/// hosts are `academy.example` and `www.academy.example`, its scheme `academy`.
@Suite("routec resolve --url")
struct ResolveURLCommandTests {
  static func resolve(_ url: String, _ more: [String] = []) throws -> RoutecResult {
    try ResolveCommandTests.resolveFixture(["links.routes.yaml", "--url", url] + more)
  }

  static func expect(
    _ url: String, _ json: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    try expect(url, [], json, sourceLocation: sourceLocation)
  }

  /// Expects `routec resolve --url URL MORE...` to print exactly `json` and exit 0.
  static func expect(
    _ url: String, _ more: [String], _ json: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    ResolveCommandTests.expectJSON(try resolve(url, more), json, sourceLocation: sourceLocation)
  }

  /// Route `course` with the URL its template expands, from `base`.
  static func course(_ id: Int, link: String, base: String) -> String {
    """
    {
      "action": "navigate",
      "link": "\(link)",
      "params": {
        "id": \(id)
      },
      "presentation": "push",
      "route": "course",
      "screen": "CourseDetail",
      "stack": [],
      "status": "matched",
      "tab": {
        "index": 1,
        "name": "courses"
      },
      "url": "\(base)/course/\(id)",
      "variant": "v2"
    }
    """
  }

  @Test func aMatchedLinkPrintsItsPatternScreenTabAndURL() throws {
    try Self.expect(
      "https://academy.example/courses/42",
      Self.course(42, link: "/courses/{id}", base: "https://m.academy.example"))
  }

  @Test func anUnknownLinkPrintsItsStatusAndVariant() throws {
    try Self.expect(
      "not a url",
      """
      {
        "status": "unknown_link",
        "variant": "v2"
      }
      """)
  }

  @Test func invalidParamsPrintsEveryErrorInOrder() throws {
    try Self.expect(
      "https://academy.example/search?exact=2&page=1.5&q",
      """
      {
        "errors": [
          {
            "param": "query",
            "reason": "invalid"
          },
          {
            "param": "page",
            "reason": "invalid"
          },
          {
            "param": "exact",
            "reason": "invalid"
          }
        ],
        "link": "/search?q={query}&page={page}&exact={exact}",
        "route": "search",
        "status": "invalid_params",
        "variant": "v2"
      }
      """)
  }

  /// `--variant` and `--remote-value` pick the variant `labs` is left out of.
  @Test(arguments: [["--variant", "v1"], ["--remote-value", "1"]])
  func theVariantOptionsPickTheVariant(more: [String]) throws {
    try Self.expect(
      "https://academy.example/labs/7", more,
      """
      {
        "link": "/labs/{id}",
        "route": "labs",
        "status": "unavailable",
        "variant": "v1"
      }
      """)
  }

  @Test func theBaseOptionReplacesABaseURL() throws {
    try Self.expect(
      "https://academy.example/c/5", ["--base", "web=https://staging.academy.example"],
      Self.course(5, link: "/c/{id}", base: "https://staging.academy.example"))
  }

  // MARK: Wildcard hosts

  /// `Fixtures/wildcard-hosts.routes.yaml`, whose rules RouteTableTests' `WildcardHostTests`
  /// pins over the same table: the URL's host entry decides before the path.
  static func expectWildcard(
    _ url: String, _ json: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    ResolveCommandTests.expectJSON(
      try ResolveCommandTests.resolveFixture(["wildcard-hosts.routes.yaml", "--url", url]), json,
      sourceLocation: sourceLocation)
  }

  static func matched(route: String, screen: String, link: String, params: String = "{}")
    -> String
  {
    """
    {
      "action": "navigate",
      "link": "\(link)",
      "params": \(params),
      "presentation": "push",
      "route": "\(route)",
      "screen": "\(screen)",
      "stack": [],
      "status": "matched",
      "tab": null,
      "url": null,
      "variant": "default"
    }
    """
  }

  static let unknownDefault = """
    {
      "status": "unknown_link",
      "variant": "default"
    }
    """

  @Test func theHostBeatsTheLongestWildcardWhichBeatsAnyHost() throws {
    try Self.expectWildcard(
      "https://www.shop.example/p/5",
      Self.matched(route: "landing", screen: "Landing", link: "/{_*}"))
    try Self.expectWildcard(
      "https://de.eu.shop.example/p/3",
      Self.matched(
        route: "store_product", screen: "StoreProduct", link: "/p/{id}",
        params: "{\n    \"id\": 3\n  }"))
    try Self.expectWildcard(
      "https://a.shop.example/read/x",
      Self.matched(
        route: "reader", screen: "Reader", link: "/read/{path*}",
        params: "{\n    \"path\": \"x\"\n  }"))
  }

  @Test func aWildcardDoesNotCoverItsDomainAndAnyHostTakesUnknownHosts() throws {
    try Self.expectWildcard("https://shop.example/deals", Self.unknownDefault)
    try Self.expectWildcard(
      "https://news.example/read/a/b",
      Self.matched(
        route: "reader", screen: "Reader", link: "/read/{path*}",
        params: "{\n    \"path\": \"a/b\"\n  }"))
    // A custom scheme's host is never matched by `*`.
    try Self.expectWildcard("shop://news.example/read/a", Self.unknownDefault)
  }

  // MARK: Usage

  @Test(arguments: [
    (["--payload", "{}"], "give either --url or a payload (--payload, --payload-file), not both"),
    (
      ["--payload-file", "push.json"],
      "give either --url or a payload (--payload, --payload-file), not both"
    ),
    (["--action", "open"], "--action goes with a payload; a --url has none"),
    (
      ["--state", "foreground"],
      "--state applies to pushes; a link is opened by the user and always navigates"
    ),
    (
      ["--variant", "v1", "--remote-value", "1"],
      "give either --variant or --remote-value, not both"
    ),
  ])
  func optionsThatDoNotApplyToAURLExitTwo(more: [String], message: String) throws {
    let result = try Self.resolve("https://academy.example/courses/42", more)
    #expect(result.status == 2, "\(result)")
    #expect(result.stdout == "")
    #expect(
      result.stderrLines == [
        "Error: \(message)", ResolveCommandTests.usage,
        "  See 'routec resolve --help' for more information.",
      ])
  }

  @Test func anUnknownVariantExitsTwo() throws {
    let result = try Self.resolve("https://academy.example/courses/42", ["--variant", "v3"])
    #expect(result.status == 2, "\(result)")
    #expect(result.stdout == "")
    #expect(
      result.stderrLines == [
        "routec: error: unknown variant `v3`; the manifest declares `v1`, `v2`"
      ])
  }
}
