@_spi(Generated) import RouteTable
import Testing

/// Links as the resolver reads them, on the table routec compiled from RoutecEndToEndTests' fixture of
/// what real apps' routes need (`real-apps.routes.yaml`; `ReferenceTables/RealAppsRoutes.swift`):
/// hosts and schemes per pattern, a scheme whose authority is a web host, URLs routed again, and
/// query items passed through. RoutecEndToEndTests checks the same fixture through `routec resolve`.
@Suite struct LinkResolutionTests {
  static let table = RealAppsRoutes.table

  /// `route` when the URL matches, else the status's raw value.
  static func opens(_ url: String) -> String {
    let resolution = table.resolve(url: url, variant: 0)
    return resolution.status == .matched ? resolution.route ?? "?" : resolution.status.rawValue
  }

  @Test func aPatternOpensOnlyFromItsHostsAndSchemes() {
    #expect(Self.opens("https://clicks.shop.example/f/a/b") == "email_click")
    #expect(Self.opens("https://shop.example/f/a/b") == "unknown_link")
    #expect(Self.opens("shop://clicks.shop.example/f/a/b") == "unknown_link")
    #expect(Self.opens("https://clicks.shop.example/settings") == "settings")
    #expect(Self.opens("shop://shop.example/settings") == "unknown_link")
    #expect(Self.opens("legacy://home") == "legacy_home")
    #expect(Self.opens("https://shop.example/home") == "unknown_link")
    #expect(Self.opens("legacy://p/robot") == "project")
    #expect(Self.opens("https://shop.example/p/robot") == "unknown_link")
  }

  @Test func aSchemeWhoseAuthorityIsAHostReadsTheHost() {
    #expect(Self.opens("shop://shop.example/projects/ada/robot") == "project")
    #expect(Self.opens("SHOP://SHOP.EXAMPLE/projects/ada/robot") == "project")
    for url in [
      "shop://projects/ada/robot", "shop:///projects/ada/robot", "shop:projects/ada/robot",
      "shop://evil.example/projects/ada/robot", "shop://shop.example:8080/projects/ada/robot",
      "shop://me@shop.example/projects/ada/robot",
    ] {
      #expect(Self.opens(url) == "unknown_link", "\(url)")
    }
  }

  @Test func aRedirectIsFollowedTwiceAtMost() {
    let twice = Self.table.resolve(
      url: "https://shop.example/go?to=%2Fgo%3Fto%3D%252Fprojects%252Fada%252Frobot", variant: 0)
    #expect(twice.status == .matched)
    #expect(twice.route == "project")
    #expect(twice.link == "/projects/{_}/{project}?!token")
    #expect(twice.reroutedFrom == ["redirect", "redirect"])
    let thrice = Self.table.resolve(
      url: "https://shop.example/go?to=/go?to=/go?to=/projects/ada/robot", variant: 0)
    #expect(thrice.status == .unknownLink)
    #expect(thrice.reroutedFrom == ["redirect", "redirect", "redirect"])
    #expect(thrice.url == nil)
  }

  @Test func aRedirectToAnotherSiteIsHandedBackAsItIs() {
    let other = Self.table.resolve(
      url: "https://shop.example/go?to=https%3A%2F%2Fother.example%2Fx%3Fa%3D1", variant: 0)
    #expect(other.status == .unknownLink)
    #expect(other.reroutedFrom == ["redirect"])
    #expect(other.url == "https://other.example/x?a=1")
    let plain = Self.table.resolve(
      url: "https://shop.example/go?to=HTTP://other.example", variant: 0)
    #expect(plain.url == "HTTP://other.example")
  }

  /// Only a web address is handed on: a carried value of any other scheme, or none, is
  /// `unknown_link` without `url`, so an app that opens `url` opens nothing it did not mean to.
  @Test func aRedirectToAnythingButTheWebCarriesNoURL() {
    for value in [
      "javascript:alert(1)", "file:///etc/passwd", "//evil.example/x", "data:text/html,x",
      "httpx://a.example", "http:/a.example", "https:a.example", "shop://elsewhere",
    ] {
      let resolution = Self.table.resolve(
        url: "https://shop.example/go?to=" + PercentEncoding.encoded(value, keeping: .unreserved),
        variant: 0)
      #expect(resolution.status == .unknownLink, "\(value)")
      #expect(resolution.reroutedFrom == ["redirect"], "\(value)")
      #expect(resolution.url == nil, "\(value)")
    }
    // A path keeps the carrier's host: through `shop://clicks.shop.example`, whose settings
    // pattern takes no scheme, nothing opens, and the app's own scheme is no web address.
    let path = Self.table.resolve(url: "shop://clicks.shop.example/go?to=/settings", variant: 0)
    #expect(path.status == .unknownLink)
    #expect(path.url == nil)
  }

  @Test func aRedirectWithoutAUsableValueIsInvalidParams() {
    for (url, reason) in [
      ("https://shop.example/go?to=", ParameterError.Reason.invalid),
      ("https://shop.example/go?to=a&to=b", .invalid), ("https://shop.example/go", .missing),
    ] {
      let resolution = Self.table.resolve(url: url, variant: 0)
      #expect(resolution.status == .invalidParams, "\(url)")
      #expect(resolution.route == "redirect")
      #expect(resolution.link == "/go?to={to}")
      #expect(resolution.errors == [ParameterError(param: "to", reason: reason)])
      #expect(resolution.reroutedFrom.isEmpty)
    }
  }

  @Test func queryItemsThatNoOtherItemNamesPassThrough() throws {
    let resolution = Self.table.resolve(
      url:
        "https://shop.example/discover?sort=new&category=art&category=film&staff_picks=true&flag",
      variant: 0)
    #expect(resolution.route == "discover")
    let screen = try #require(resolution.destination)
    #expect(
      screen.values == [
        .string("new"), .query(["category": "film", "flag": "", "staff_picks": "true"]),
      ])
    #expect(
      resolution.url == "https://m.shop.example/discover?category=film&flag=&staff_picks=true")
  }
}
