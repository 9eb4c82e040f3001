@_spi(Generated) import RouteTable
import Testing

/// Links as the resolver reads them, on the table routec compiled from RoutecEndToEndTests'
/// fixture of what real apps' routes need (`real-apps.routes.yaml`;
/// `ReferenceTables/RealAppsRoutes.swift`): `{_}`, `{_*}` and `!key`, hosts and schemes per
/// pattern, a scheme whose authority is a web host, URLs routed again, query items passed
/// through, a parameter with `choices`. Each URL's whole resolution is compared; `LinkRulesTests`
/// has the rules every pattern follows.
@Suite struct LinkResolutionTests {
  typealias Routes = RealAppsRoutes
  typealias Expected = Outcome<RealAppsRoutes.Destination>

  /// Expects `url` to resolve to exactly `expected`.
  static func expect(
    _ url: String, _ expected: Expected, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let resolved = Expected(Routes.resolve(url: url, variant: .default))
    #expect(resolved == expected, "\(url)", sourceLocation: sourceLocation)
  }

  static let unknownLink = Expected(status: .unknownLink, variant: "default")

  /// A matched link, navigating.
  static func matched(
    _ route: String, _ destination: Routes.Destination, link: String, url: String? = nil,
    reroutedFrom: [String] = []
  ) -> Expected {
    Expected(
      status: .matched, variant: "default", reroutedFrom: reroutedFrom, route: route, link: link,
      destination: destination, url: url, presentation: .push, foregroundPolicy: .navigate)
  }

  static let project = matched(
    "project", .project(project: "robot"), link: "/projects/{_}/{project}?!token")

  /// An `unknown_link` that routes with `reroute` carried, with the URL handed on.
  static func rerouted(_ routes: [String], url: String? = nil) -> Expected {
    Expected(status: .unknownLink, variant: "default", reroutedFrom: routes, url: url)
  }

  @Test func aWildcardSegmentMatchesAnyValueAndBindsNothing() {
    Self.expect("https://shop.example/projects/ada/robot", Self.project)
    Self.expect("https://shop.example/projects/x%20y/robot", Self.project)
    // Like a placeholder, `{_}` takes no dot segment, which URL parsers remove.
    Self.expect("https://shop.example/projects/../robot", Self.unknownLink)
  }

  @Test func anAbsentConditionHoldsOnlyWithoutTheKey() {
    let previewLink = "/projects/{_}/{project}?token={token}"
    Self.expect(
      "https://shop.example/projects/ada/robot?token=abc",
      Self.matched(
        "project_preview", .projectPreview(project: "robot", token: "abc"), link: previewLink))
    Self.expect("https://shop.example/projects/ada/robot?ref=mail", Self.project)
    // An item without `=` is still the key: the condition does not hold, so the preview's
    // pattern wins, and its binding has no value (`token` is invalid).
    Self.expect(
      "https://shop.example/projects/ada/robot?token",
      Expected(
        status: .invalidParams, variant: "default", route: "project_preview", link: previewLink,
        errors: [ParameterError(param: "token", reason: .invalid)]))
  }

  @Test func aWildcardRestTakesEverySegmentLeft() {
    let files = Self.matched("files", .files, link: "/files/{_*}")
    Self.expect("https://shop.example/files/a", files)
    Self.expect("https://shop.example/files/a/b/c", files)
    Self.expect("https://shop.example/files", Self.unknownLink)
    Self.expect("https://shop.example/files/a/%2E%2E/c", Self.unknownLink)
  }

  @Test func aPatternOpensOnlyFromItsHostsAndSchemes() {
    let emailClick = Self.matched("email_click", .emailClick, link: "/{_*}")
    Self.expect("https://clicks.shop.example/f/a/b", emailClick)
    Self.expect("https://shop.example/f/a/b", Self.unknownLink)
    // `schemes: []`: not through the scheme, even with the host as its authority.
    Self.expect("shop://clicks.shop.example/f/a/b", Self.unknownLink)
    Self.expect(
      "https://clicks.shop.example/settings",
      Self.matched("settings", .settings, link: "/settings"))
    Self.expect("shop://shop.example/settings", Self.unknownLink)
    Self.expect("legacy://settings", Self.unknownLink)
    Self.expect("legacy://home", Self.matched("legacy_home", .legacyHome, link: "/home"))
    Self.expect("https://shop.example/home", Self.unknownLink)
    Self.expect(
      "legacy://p/robot", Self.matched("project", .project(project: "robot"), link: "/p/{project}"))
    Self.expect("https://shop.example/p/robot", Self.unknownLink)
  }

  @Test func aSchemeWhoseAuthorityIsAHostReadsTheHostAndNotASegment() {
    Self.expect("shop://shop.example/projects/ada/robot", Self.project)
    Self.expect("SHOP://SHOP.EXAMPLE/projects/ada/robot", Self.project)
    for url in [
      "shop://projects/ada/robot", "shop:///projects/ada/robot", "shop:projects/ada/robot",
      "shop://evil.example/projects/ada/robot", "shop://shop.example:8080/projects/ada/robot",
      "shop://me@shop.example/projects/ada/robot",
    ] {
      Self.expect(url, Self.unknownLink)
    }
  }

  @Test func aRedirectIsFollowedTwiceAtMost() {
    var twice = Self.project
    twice.reroutedFrom = ["redirect", "redirect"]
    Self.expect(
      "https://shop.example/go?to=%2Fgo%3Fto%3D%252Fprojects%252Fada%252Frobot", twice)
    Self.expect(
      "https://shop.example/go?to=/go?to=/go?to=/projects/ada/robot",
      Self.rerouted(["redirect", "redirect", "redirect"]))
  }

  @Test func aRedirectToAnotherSiteIsHandedBackAsItIs() {
    Self.expect(
      "https://shop.example/go?to=https%3A%2F%2Fother.example%2Fx%3Fa%3D1",
      Self.rerouted(["redirect"], url: "https://other.example/x?a=1"))
    Self.expect(
      "https://shop.example/go?to=https://other.example/x",
      Self.rerouted(["redirect"], url: "https://other.example/x"))
    Self.expect(
      "https://shop.example/go?to=HTTP://other.example",
      Self.rerouted(["redirect"], url: "HTTP://other.example"))
  }

  /// Only a web address is handed on: a carried value of any other scheme, or none, is
  /// `unknown_link` without `url`, so an app that opens `url` opens nothing it did not mean to.
  /// A value that is not a path (`//host`) is not joined to the carrier's origin: it names
  /// another host, so it opens nothing.
  @Test func aRedirectToAnythingButTheWebCarriesNoURL() {
    for value in [
      "javascript:alert(1)", "file:///etc/passwd", "//evil.example/x", "data:text/html,x",
      "httpx://a.example", "http:/a.example", "https:a.example", "shop://elsewhere",
    ] {
      Self.expect(
        "https://shop.example/go?to=" + PercentEncoding.encoded(value, keeping: .unreserved),
        Self.rerouted(["redirect"]))
    }
    // Unencoded, as a link in a mail may carry them.
    for value in ["//evil.example/x", "javascript:alert(1)"] {
      Self.expect("https://shop.example/go?to=\(value)", Self.rerouted(["redirect"]))
    }
    // A path keeps the carrier's host: through `shop://clicks.shop.example`, whose settings
    // pattern takes no scheme, nothing opens, and the app's own scheme is no web address.
    Self.expect("shop://clicks.shop.example/go?to=/settings", Self.rerouted(["redirect"]))
  }

  /// A carried path is resolved as RFC 3986 resolves a reference against the URL that carried
  /// it: the carrier's scheme and authority stay, its path and query go. For `legacy`, whose
  /// authority is the first segment, `legacy://go?to=/home` is `legacy://go/home`, which no
  /// pattern takes, so it does not open `/home` (it did when the carrier's authority was
  /// dropped); through a scheme whose authority is a host, the host stays.
  @Test func aCarriedPathKeepsTheCarriersAuthority() {
    Self.expect("legacy://go?to=/home", Self.rerouted(["redirect"]))
    Self.expect("legacy://home", Self.matched("legacy_home", .legacyHome, link: "/home"))
    Self.expect(
      "shop://clicks.shop.example/go?to=/files/a/b",
      Self.matched("files", .files, link: "/files/{_*}", reroutedFrom: ["redirect"]))
  }

  /// A redirect whose value cannot be used is the redirect's `invalid_params`, as any route's:
  /// nothing is resolved again. Without the item, the pattern does not match: its one
  /// parameter is required, so `to={to}` needs the key.
  @Test func aRedirectWithoutAUsableValueIsInvalidParams() {
    for url in ["https://shop.example/go?to=", "https://shop.example/go?to=a&to=b"] {
      Self.expect(
        url,
        Expected(
          status: .invalidParams, variant: "default", route: "redirect", link: "/go?to={to}",
          errors: [ParameterError(param: "to", reason: .invalid)]))
    }
    Self.expect("https://shop.example/go", Self.unknownLink)
  }

  /// The last value of a repeated key; an item without `=` as an empty value; `sort` is bound by
  /// its own item, so it is not passed; the URL template writes the items sorted by key.
  @Test func queryItemsThatNoOtherItemNamesPassThrough() {
    let link = "/discover?sort={sort}&{filters*}"
    Self.expect(
      "https://shop.example/discover?sort=new&category=art&category=film&staff_picks=true&flag",
      Self.matched(
        "discover",
        .discover(sort: "new", filters: ["category": "film", "flag": "", "staff_picks": "true"]),
        link: link, url: "https://m.shop.example/discover?category=film&flag=&staff_picks=true"))
    // No items: the default, the empty map.
    Self.expect(
      "https://shop.example/discover",
      Self.matched(
        "discover", .discover(sort: nil, filters: [:]), link: link,
        url: "https://m.shop.example/discover"))
    // Keys and values are decoded, and written encoded again.
    Self.expect(
      "shop://shop.example/discover/advanced?sort=x&q=%E2%9C%93",
      Self.matched(
        "discover", .discover(sort: nil, filters: ["q": "✓", "sort": "x"]),
        link: "/discover/advanced?{filters*}",
        url: "https://m.shop.example/discover?q=%E2%9C%93&sort=x"))
  }

  @Test func aValueOutsideAParametersChoicesIsInvalid() {
    let invalid = Expected(
      status: .invalidParams, variant: "default", route: "discover",
      link: "/discover?sort={sort}&{filters*}",
      errors: [ParameterError(param: "sort", reason: .invalid)])
    Self.expect("https://shop.example/discover?sort=oldest&category=art", invalid)
    // Choices compare exactly: `New` is not `new`.
    Self.expect("https://shop.example/discover?sort=New", invalid)
  }

  @Test func anOptionalQueryParameterIsNilWithoutItemsAndConditionsAreNotPassed() {
    let link = "/search?term={term}&ref=app&{extra*}"
    Self.expect(
      "https://shop.example/search?term=x&ref=app",
      Self.matched("search", .search(term: "x", extra: nil), link: link))
    Self.expect(
      "https://shop.example/search?ref=app&z=1&term=x",
      Self.matched("search", .search(term: "x", extra: ["z": "1"]), link: link))
    // The condition still holds for the pattern to match at all.
    Self.expect("https://shop.example/search?term=x&ref=web", Self.unknownLink)
  }
}
