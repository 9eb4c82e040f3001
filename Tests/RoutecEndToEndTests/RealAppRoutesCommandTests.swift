import Foundation
import RoutecTestSupport
import Testing

/// `routec resolve`, `aasa` and `graph` on `Fixtures/real-apps.routes.yaml`: the link forms real
/// apps need (`{_}`, `{_*}`, `!key`, links restricted to hosts and schemes, a scheme whose
/// authority is a web host), pushes told apart by their keys and default taps routed by
/// category, each resolution printed exactly.
@Suite("routec on real apps' routes")
struct RealAppRoutesCommandTests {
  static let fixture = "real-apps.routes.yaml"

  /// A matched resolution of a route whose screen is `screen`, in the printed form; `members`
  /// are the lines between `action` and `params` (keys sort there: `category`, `link`,
  /// `matched_by`).
  static func resolution(route: String, screen: String, params: String, members: [String])
    -> String
  {
    (["{", "  \"action\": \"navigate\","] + members.map { "  \($0)," } + [
      "  \"params\": \(params),", "  \"presentation\": \"push\",", "  \"route\": \"\(route)\",",
      "  \"screen\": \"\(screen)\",", "  \"stack\": [],", "  \"status\": \"matched\",",
      "  \"tab\": null,",
      "  \"url\": null,", "  \"variant\": \"default\"", "}",
    ]).joined(separator: "\n")
  }

  /// A matched resolution of a link.
  static func matched(
    route: String, screen: String, link: String, params: [(String, String)] = []
  ) -> String {
    let members =
      params.isEmpty
      ? "{}"
      : "{\n"
        + params.map { "    \"\($0.0)\": \"\($0.1)\"" }.joined(separator: ",\n") + "\n  }"
    return resolution(
      route: route, screen: screen, params: members, members: ["\"link\": \"\(link)\""])
  }

  static let unknownLink = """
    {
      "status": "unknown_link",
      "variant": "default"
    }
    """

  static func expect(
    _ url: String, _ json: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let result = try RoutecRunner.run(["resolve", fixture, "--url", url])
    #expect(result.status == 0, "\(url): \(result)", sourceLocation: sourceLocation)
    #expect(result.stdout == json + "\n", "\(url)", sourceLocation: sourceLocation)
    #expect(result.stderr == "", "\(url)", sourceLocation: sourceLocation)
  }

  static let project = matched(
    route: "project", screen: "Project", link: "/projects/{_}/{project}?!token",
    params: [("project", "robot")])

  @Test func aWildcardSegmentMatchesAnyValueAndBindsNothing() throws {
    try Self.expect("https://shop.example/projects/ada/robot", Self.project)
    try Self.expect("https://shop.example/projects/x%20y/robot", Self.project)
    // Like a placeholder, `{_}` takes no dot segment, which URL parsers remove.
    try Self.expect("https://shop.example/projects/../robot", Self.unknownLink)
  }

  @Test func anAbsentConditionHoldsOnlyWithoutTheKey() throws {
    try Self.expect(
      "https://shop.example/projects/ada/robot?token=abc",
      Self.matched(
        route: "project_preview", screen: "ProjectPreview",
        link: "/projects/{_}/{project}?token={token}",
        params: [("project", "robot"), ("token", "abc")]))
    try Self.expect("https://shop.example/projects/ada/robot?ref=mail", Self.project)
    // An item without `=` is still the key: the condition does not hold, so the preview's
    // pattern wins, and its binding has no value (`token` is invalid).
    let result = try RoutecRunner.run([
      "resolve", Self.fixture, "--url", "https://shop.example/projects/ada/robot?token",
    ])
    #expect(result.stdout.contains("\"status\": \"invalid_params\""), "\(result)")
  }

  @Test func aWildcardRestTakesEverySegmentLeft() throws {
    let files = Self.matched(route: "files", screen: "Files", link: "/files/{_*}")
    try Self.expect("https://shop.example/files/a", files)
    try Self.expect("https://shop.example/files/a/b/c", files)
    try Self.expect("https://shop.example/files", Self.unknownLink)
    try Self.expect("https://shop.example/files/a/%2E%2E/c", Self.unknownLink)
  }

  @Test func aSchemeWithAHostAuthorityReadsTheHostAndNotASegment() throws {
    try Self.expect("shop://shop.example/projects/ada/robot", Self.project)
    try Self.expect("SHOP://SHOP.EXAMPLE/projects/ada/robot", Self.project)
    for url in [
      "shop://projects/ada/robot", "shop:///projects/ada/robot", "shop:projects/ada/robot",
      "shop://evil.example/projects/ada/robot", "shop://shop.example:8080/projects/ada/robot",
      "shop://me@shop.example/projects/ada/robot",
    ] {
      try Self.expect(url, Self.unknownLink)
    }
  }

  @Test func aLinkOpensOnlyFromItsHostsAndSchemes() throws {
    let emailClick = Self.matched(route: "email_click", screen: "EmailClick", link: "/{_*}")
    try Self.expect("https://clicks.shop.example/f/a/b", emailClick)
    try Self.expect("https://shop.example/f/a/b", Self.unknownLink)
    // `schemes: []`: not through the scheme, even with the host as its authority.
    try Self.expect("shop://clicks.shop.example/f/a/b", Self.unknownLink)
    let settings = Self.matched(route: "settings", screen: "Settings", link: "/settings")
    try Self.expect("https://clicks.shop.example/settings", settings)
    try Self.expect("shop://shop.example/settings", Self.unknownLink)
    try Self.expect("legacy://settings", Self.unknownLink)
    let legacy = Self.matched(route: "legacy_home", screen: "LegacyHome", link: "/home")
    try Self.expect("legacy://home", legacy)
    try Self.expect("https://shop.example/home", Self.unknownLink)
    try Self.expect(
      "legacy://p/robot",
      Self.matched(
        route: "project", screen: "Project", link: "/p/{project}", params: [("project", "robot")]
      ))
    try Self.expect("https://shop.example/p/robot", Self.unknownLink)
  }

  /// The discover and search patterns, on every host: a `{name*}` query item claims no query.
  static let passThroughPaths = [
    #""/": "/discover","#, #""/": "/discover/","#, #""/": "/discover/advanced","#,
    #""/": "/discover/advanced/","#, #""/": "/search","#, #""/": "/search/","#,
  ]

  @Test func aasaNeedsAHostAndClaimsOnlyItsPatterns() throws {
    let missing = try RoutecRunner.run(["aasa", Self.fixture, "--app-id", "ABCDE12345.com.x"])
    #expect(missing.status == 2)
    #expect(
      missing.stderrLines == [
        "routec: error: real-apps.routes.yaml: some link patterns apply to some hosts only, so each host serves its own file: give --host, one of `shop.example`, `clicks.shop.example`"
      ])
    let unknown = try RoutecRunner.run([
      "aasa", Self.fixture, "--app-id", "ABCDE12345.com.x", "--host", "evil.example",
    ])
    #expect(unknown.status == 2)
    #expect(
      unknown.stderrLines == [
        "routec: error: real-apps.routes.yaml: --host `evil.example` is not one of `links.hosts`: `shop.example`, `clicks.shop.example`"
      ])
    func paths(_ host: String) throws -> [String] {
      let result = try RoutecRunner.run([
        "aasa", Self.fixture, "--app-id", "ABCDE12345.com.x", "--host", host,
      ])
      #expect(result.status == 0, "\(result)")
      return result.stdout.split(separator: "\n").filter { $0.contains("\"/\":") }.map {
        String($0.trimmingCharacters(in: .whitespaces))
      }
    }
    #expect(
      try paths("shop.example") == [
        #""/": "/blog/?*","#, #""/": "/go","#, #""/": "/go/","#, #""/": "/projects/?*/?*","#,
        #""/": "/files/?*","#, #""/": "/settings","#, #""/": "/settings/","#,
      ] + Self.passThroughPaths)
    #expect(
      try paths("clicks.shop.example") == [
        #""/": "/blog/?*","#, #""/": "/go","#, #""/": "/go/","#, #""/": "/projects/?*/?*","#,
        #""/": "/files/?*","#, #""/": "/?*","#, #""/": "/settings","#, #""/": "/settings/","#,
      ] + Self.passThroughPaths)
  }

  @Test func graphNamesTheHostsAndSchemesOfARestrictedLink() throws {
    let result = try RoutecRunner.run(["graph", Self.fixture])
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout.contains(#"[/"/{_*}<br>(clicks.shop.example)"/]"#), "\(result.stdout)")
    #expect(result.stdout.contains(#"[/"/home<br>(legacy:)"/]"#), "\(result.stdout)")
  }

  // MARK: Pushes

  static func push(
    _ payload: String, _ more: [String] = [], _ json: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let result = try RoutecRunner.run(["resolve", fixture, "--payload", payload] + more)
    #expect(result.status == 0, "\(payload): \(result)", sourceLocation: sourceLocation)
    #expect(result.stdout == json + "\n", "\(payload)", sourceLocation: sourceLocation)
  }

  /// A push matched by `when_present` or a category's route, in the printed form.
  static func matchedBy(
    _ match: String, route: String, screen: String, params: String, category: String? = nil
  ) -> String {
    resolution(
      route: route, screen: screen, params: params,
      members: (category.map { ["\"category\": \"\($0)\""] } ?? []) + [
        "\"matched_by\": \"\(match)\""
      ])
  }

  @Test func aPushWithoutATypeOpensTheFirstRouteWhoseKeysItHolds() throws {
    let update = Self.matchedBy(
      "present", route: "project_update", screen: "ProjectUpdate",
      params: "{\n    \"project\": \"robot\",\n    \"update\": 3\n  }")
    try Self.push(#"{"project": {"slug": "robot"}, "update": {"id": 3}}"#, [], update)
    // An undeclared type is no type: the keys decide, and no `type` is printed.
    try Self.push(
      #"{"type": "nope", "project": {"slug": "robot"}, "update": {"id": 3}}"#, [], update)
    try Self.push(
      #"{"project": {"slug": "robot"}}"#, [],
      Self.matchedBy(
        "present", route: "project_activity", screen: "Project",
        params: "{\n    \"project\": \"robot\"\n  }"))
    // Manifest order: `thread` is tried before the project routes.
    try Self.push(
      #"{"message": {"id": 5}, "project": {}}"#, [],
      Self.matchedBy(
        "present", route: "thread", screen: "Thread", params: "{\n    \"message\": 5\n  }"))
  }

  @Test func aKeyHoldingNullIsAbsentAndADeclaredTypeWins() throws {
    try Self.push(
      #"{"survey": {"id": null}}"#, [],
      """
      {
        "status": "missing_type",
        "variant": "default"
      }
      """)
    let result = try RoutecRunner.run([
      "resolve", Self.fixture, "--payload", #"{"type": "reminders", "message": {"id": 1}}"#,
    ])
    #expect(result.stdout.contains(#""route": "reminders""#), "\(result)")
    #expect(!result.stdout.contains("matched_by"), "\(result)")
  }

  @Test func aMatchByKeysReadsItsValuesLikeAnyPush() throws {
    try Self.push(
      #"{"project": {}}"#, [],
      """
      {
        "errors": [
          {
            "param": "project",
            "reason": "missing"
          }
        ],
        "matched_by": "present",
        "route": "project_activity",
        "status": "invalid_params",
        "variant": "default"
      }
      """)
  }

  @Test func aDefaultTapOpensItsCategorysRoute() throws {
    let reminders = Self.matchedBy(
      "category", route: "reminders", screen: "Reminders", params: "{}", category: "reminder")
    try Self.push(#"{"aps": {"category": "reminder"}}"#, [], reminders)
    // A local notification: the category comes with --category, the way the router passes it.
    try Self.push(#"{"aps": {"alert": "Weekly roundup"}}"#, ["--category", "reminder"], reminders)
    try Self.push("{}", ["--category", "reminder"], reminders)
    // The payload's own category wins; keys come before the category.
    try Self.push(
      #"{"aps": {"category": "comment"}, "message": {"id": 1}}"#, ["--category", "reminder"],
      Self.matchedBy(
        "present", route: "thread", screen: "Thread", params: "{\n    \"message\": 1\n  }"))
    // A button still opens its own route, with the category --category gives.
    let reply = try RoutecRunner.run([
      "resolve", Self.fixture, "--payload", #"{"message": {"id": 4}}"#, "--category", "comment",
      "--action", "reply",
    ])
    #expect(reply.stdout.contains(#""notification_action": "reply""#), "\(reply)")
    #expect(reply.stdout.contains(#""message": 4"#), "\(reply)")
  }

  @Test func categoryGoesWithAPayloadOnly() throws {
    let result = try RoutecRunner.run([
      "resolve", Self.fixture, "--url", "https://shop.example/settings", "--category", "reminder",
    ])
    #expect(result.status == 2)
    #expect(result.stderrLines.first == "Error: --category goes with a payload; a --url has none")
  }

  // MARK: Routes without a screen

  @Test func aCommandResolvesToItsAppAction() throws {
    try Self.push(
      #"{"sync": true}"#, [],
      """
      {
        "app_action": "sync_inbox",
        "matched_by": "present",
        "status": "app_action",
        "variant": "default"
      }
      """)
    try Self.push(
      #"{"type": "sync"}"#, [],
      """
      {
        "app_action": "sync_inbox",
        "status": "app_action",
        "type": "sync",
        "variant": "default"
      }
      """)
  }

  @Test func aPushCarryingALinkOpensWhatTheLinkOpens() throws {
    let project = """
      {
        "action": "navigate",
        "link": "/projects/{_}/{project}?!token",
        "matched_by": "present",
        "params": {
          "project": "robot"
        },
        "presentation": "push",
        "rerouted_from": [
          "push_link"
        ],
        "route": "project",
        "screen": "Project",
        "stack": [],
        "status": "matched",
        "tab": null,
        "url": null,
        "variant": "default"
      }
      """
    try Self.push(#"{"deep_link": "https://shop.example/projects/ada/robot"}"#, [], project)
    // A path is resolved against `https://` and the first host.
    try Self.push(#"{"deep_link": "/projects/ada/robot"}"#, [], project)
    // Anything that opens no route is handed back for the browser.
    try Self.push(
      #"{"deep_link": "https://elsewhere.example/a"}"#, [],
      """
      {
        "matched_by": "present",
        "rerouted_from": [
          "push_link"
        ],
        "status": "unknown_link",
        "url": "https://elsewhere.example/a",
        "variant": "default"
      }
      """)
  }

  @Test func aRedirectLinkIsResolvedAgainAtMostTwice() throws {
    let twice = try RoutecRunner.run([
      "resolve", Self.fixture, "--url",
      "https://shop.example/go?to=%2Fgo%3Fto%3D%252Fprojects%252Fada%252Frobot",
    ])
    #expect(twice.stdout.contains(#""route": "project""#), "\(twice)")
    #expect(
      twice.stdout.contains("\"rerouted_from\": [\n    \"redirect\",\n    \"redirect\"\n  ]"),
      "\(twice)")
    try Self.expect(
      "https://shop.example/go?to=/go?to=/go?to=/projects/ada/robot",
      """
      {
        "rerouted_from": [
          "redirect",
          "redirect",
          "redirect"
        ],
        "status": "unknown_link",
        "url": null,
        "variant": "default"
      }
      """)
    // Through the scheme whose authority is a host, a path keeps that host.
    let scheme = try RoutecRunner.run([
      "resolve", Self.fixture, "--url", "shop://clicks.shop.example/go?to=/settings",
    ])
    #expect(scheme.stdout.contains(#""route": "settings""#) == false, "\(scheme)")
    #expect(scheme.stdout.contains(#""status": "unknown_link""#), "\(scheme)")
  }

  /// A discover page's link pattern, a route with a URL template that writes the items again.
  static func discover(link: String, filters: String, sort: String, url: String) -> String {
    """
    {
      "action": "navigate",
      "link": "\(link)",
      "params": {
        "filters": \(filters),
        "sort": \(sort)
      },
      "presentation": "push",
      "route": "discover",
      "screen": "Discover",
      "stack": [],
      "status": "matched",
      "tab": null,
      "url": "\(url)",
      "variant": "default"
    }
    """
  }

  @Test func queryItemsNoOtherItemNamesPassThroughToAQueryParameter() throws {
    // The last value of a repeated key; an item without `=` as an empty value; `sort` is bound
    // by its own item, so it is not passed; the template writes the items sorted by key.
    try Self.expect(
      "https://shop.example/discover?sort=new&category=art&category=film&staff_picks=true&flag",
      Self.discover(
        link: "/discover?sort={sort}&{filters*}",
        filters: """
          {
                "category": "film",
                "flag": "",
                "staff_picks": "true"
              }
          """, sort: "\"new\"",
        url: "https://m.shop.example/discover?category=film&flag=&staff_picks=true"))
    // No items: the default, the empty map.
    try Self.expect(
      "https://shop.example/discover",
      Self.discover(
        link: "/discover?sort={sort}&{filters*}", filters: "{}", sort: "null",
        url: "https://m.shop.example/discover"))
    // Keys and values are decoded, and written encoded again.
    try Self.expect(
      "shop://shop.example/discover/advanced?sort=x&q=%E2%9C%93",
      Self.discover(
        link: "/discover/advanced?{filters*}",
        filters: """
          {
                "q": "✓",
                "sort": "x"
              }
          """, sort: "null", url: "https://m.shop.example/discover?q=%E2%9C%93&sort=x"))
  }

  /// A redirect whose value cannot be used is the redirect's `invalid_params`, as any route's:
  /// nothing is resolved again.
  @Test func aRedirectWithoutAUsableValueIsInvalidParams() throws {
    func redirect(_ reason: String) -> String {
      """
      {
        "errors": [
          {
            "param": "to",
            "reason": "\(reason)"
          }
        ],
        "link": "/go?to={to}",
        "route": "redirect",
        "status": "invalid_params",
        "variant": "default"
      }
      """
    }
    try Self.expect("https://shop.example/go?to=", redirect("invalid"))
    try Self.expect("https://shop.example/go?to=a&to=b", redirect("invalid"))
    try Self.expect("https://shop.example/go", redirect("missing"))
    // A value that is not a path (`//host`) is not joined to the carrier's origin: it names
    // another host, so it opens nothing; it is no `http` or `https` URL, so no `url` is handed
    // back, as for `javascript:`. A web address is.
    for value in ["//evil.example/x", "javascript:alert(1)"] {
      try Self.expect(
        "https://shop.example/go?to=\(value)",
        """
        {
          "rerouted_from": [
            "redirect"
          ],
          "status": "unknown_link",
          "url": null,
          "variant": "default"
        }
        """)
    }
    try Self.expect(
      "https://shop.example/go?to=https://other.example/x",
      """
      {
        "rerouted_from": [
          "redirect"
        ],
        "status": "unknown_link",
        "url": "https://other.example/x",
        "variant": "default"
      }
      """)
  }

  @Test func aValueOutsideAParametersChoicesIsInvalid() throws {
    try Self.expect(
      "https://shop.example/discover?sort=oldest&category=art",
      """
      {
        "errors": [
          {
            "param": "sort",
            "reason": "invalid"
          }
        ],
        "link": "/discover?sort={sort}&{filters*}",
        "route": "discover",
        "status": "invalid_params",
        "variant": "default"
      }
      """)
    // Choices compare exactly: `New` is not `new`.
    let cased = try RoutecRunner.run([
      "resolve", Self.fixture, "--url", "https://shop.example/discover?sort=New",
    ])
    #expect(cased.stdout.contains(#""status": "invalid_params""#), "\(cased)")
  }

  @Test func anOptionalQueryParameterIsNilWithoutItemsAndConditionsAreNotPassed() throws {
    let search = { (extra: String) in
      Self.resolution(
        route: "search", screen: "Search",
        params: "{\n    \"extra\": \(extra),\n    \"term\": \"x\"\n  }",
        members: [#""link": "/search?term={term}&ref=app&{extra*}""#])
    }
    try Self.expect("https://shop.example/search?term=x&ref=app", search("null"))
    try Self.expect(
      "https://shop.example/search?ref=app&z=1&term=x", search("{\n      \"z\": \"1\"\n    }"))
    // The condition still holds for the pattern to match at all.
    try Self.expect("https://shop.example/search?term=x&ref=web", Self.unknownLink)
  }

  @Test func aPayloadDictionaryOfScalarsIsAQueryValue() throws {
    let result = try RoutecRunner.run([
      "resolve", Self.fixture, "--payload",
      #"{"search": {"term": "hi", "filters": {"a": 1, "b": true, "c": null, "d": "x", "e": 2.5}}}"#,
    ])
    #expect(result.status == 0, "\(result)")
    #expect(
      result.stdout
        == Self.resolution(
          route: "search", screen: "Search",
          params: """
            {
                "extra": {
                  "a": "1",
                  "b": "true",
                  "d": "x",
                  "e": "2.5"
                },
                "term": "hi"
              }
            """, members: [#""matched_by": "present""#]) + "\n")
    let nested = try RoutecRunner.run([
      "resolve", Self.fixture, "--payload", #"{"search": {"term": "hi", "filters": {"a": [1]}}}"#,
    ])
    #expect(
      nested.stdout == """
        {
          "errors": [
            {
              "param": "extra",
              "reason": "invalid"
            }
          ],
          "matched_by": "present",
          "route": "search",
          "status": "invalid_params",
          "variant": "default"
        }

        """, "\(nested)")
  }
}
