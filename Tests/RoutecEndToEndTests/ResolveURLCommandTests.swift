import Foundation
import RoutecTestSupport
import Testing

/// `routec resolve --url` on `Fixtures/links.routes.yaml`, one test per rule of link matching,
/// each with the exact JSON printed. The fixture's default variant is `v2`; its hosts are
/// `academy.example` and `www.academy.example`, its scheme `academy`.
@Suite("routec resolve --url")
struct ResolveURLCommandTests {
  static let web = "https://academy.example"

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
    let result = try resolve(url, more)
    #expect(result.status == 0, "\(url): \(result)", sourceLocation: sourceLocation)
    #expect(result.stdout == json + "\n", "\(url)", sourceLocation: sourceLocation)
    #expect(result.stderr == "", "\(url)", sourceLocation: sourceLocation)
  }

  // MARK: The resolutions the tests expect, in the exact form routec prints them

  static func unknownLink(_ variant: String = "v2") -> String {
    """
    {
      "status": "unknown_link",
      "variant": "\(variant)"
    }
    """
  }

  /// Route `course`, screen `CourseDetail(id: int)`.
  static func course(_ id: String, link: String = "/courses/{id}") -> String {
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
      "url": "https://m.academy.example/course/\(id)",
      "variant": "v2"
    }
    """
  }

  /// Route `course_by_slug`, screen `CourseBySlug(slug: string, max_length 40)`.
  static func slug(_ slug: String) -> String {
    """
    {
      "action": "navigate",
      "link": "/courses/{slug*}",
      "params": {
        "slug": "\(slug)"
      },
      "presentation": "push",
      "route": "course_by_slug",
      "screen": "CourseBySlug",
      "stack": [],
      "status": "matched",
      "tab": {
        "index": 1,
        "name": "courses"
      },
      "url": null,
      "variant": "v2"
    }
    """
  }

  /// Route `tag`, screen `Tag(name: string, max_length 5)`.
  static func tag(_ name: String, link: String = "/tags/{name}") -> String {
    """
    {
      "action": "navigate",
      "link": "\(link)",
      "params": {
        "name": "\(name)"
      },
      "presentation": "push",
      "route": "tag",
      "screen": "Tag",
      "stack": [],
      "status": "matched",
      "tab": null,
      "url": null,
      "variant": "v2"
    }
    """
  }

  /// Route `lesson`, screen `Lesson(course: int, number: int)`.
  static func lesson(_ course: Int, _ number: Int, link: String) -> String {
    """
    {
      "action": "navigate",
      "link": "\(link)",
      "params": {
        "course": \(course),
        "number": \(number)
      },
      "presentation": "push",
      "route": "lesson",
      "screen": "Lesson",
      "stack": [],
      "status": "matched",
      "tab": {
        "index": 1,
        "name": "courses"
      },
      "url": null,
      "variant": "v2"
    }
    """
  }

  static let searchLink = "/search?q={query}&page={page}&exact={exact}"

  /// Route `search`, screen `Search(query: string, page: int = 1, exact: bool?)`.
  static func search(
    _ query: String, page: Int = 1, exact: String = "null", link: String = searchLink
  ) -> String {
    """
    {
      "action": "navigate",
      "link": "\(link)",
      "params": {
        "exact": \(exact),
        "page": \(page),
        "query": "\(query)"
      },
      "presentation": "push",
      "route": "search",
      "screen": "Search",
      "stack": [],
      "status": "matched",
      "tab": null,
      "url": null,
      "variant": "v2"
    }
    """
  }

  /// `invalid_params` of route `search` through its query pattern.
  static func searchErrors(_ errors: [(param: String, reason: String)]) -> String {
    let list = errors.map {
      """
          {
            "param": "\($0.param)",
            "reason": "\($0.reason)"
          }
      """
    }
    return """
      {
        "errors": [
      \(list.joined(separator: ",\n"))
        ],
        "link": "\(searchLink)",
        "route": "search",
        "status": "invalid_params",
        "variant": "v2"
      }
      """
  }

  /// Route `home`, screen `Home`.
  static func home(link: String, variant: String = "v2") -> String {
    """
    {
      "action": "navigate",
      "link": "\(link)",
      "params": {},
      "presentation": "push",
      "route": "home",
      "screen": "Home",
      "stack": [],
      "status": "matched",
      "tab": {
        "index": 0,
        "name": "home"
      },
      "url": null,
      "variant": "\(variant)"
    }
    """
  }

  /// A route without parameters on the `courses` tab.
  static func courses(route: String, screen: String, link: String, presentation: String)
    -> String
  {
    """
    {
      "action": "navigate",
      "link": "\(link)",
      "params": {},
      "presentation": "\(presentation)",
      "route": "\(route)",
      "screen": "\(screen)",
      "stack": [],
      "status": "matched",
      "tab": {
        "index": 1,
        "name": "courses"
      },
      "url": null,
      "variant": "v2"
    }
    """
  }

  static let newCourse = courses(
    route: "new_course", screen: "NewCourse", link: "/courses/new", presentation: "modal")

  // MARK: Rule 1: which URLs are links

  @Test(arguments: [
    "https://academy.example/courses/42", "https://www.academy.example/courses/42",
    "https://ACADEMY.Example/courses/42", "HTTPS://academy.example/courses/42",
    "hTtPs://WWW.ACADEMY.EXAMPLE/courses/42",
  ])
  func aDeclaredHostInAnyCaseOverHTTPSIsALink(url: String) throws {
    try Self.expect(url, Self.course("42"))
  }

  /// The authority of a custom-scheme URL is its first segment, and the scheme's case does not
  /// matter.
  @Test(arguments: [
    "academy://courses/42", "academy:///courses/42", "academy:courses/42", "academy:/courses/42",
    "ACADEMY://courses/42", "Academy:///courses/42",
  ])
  func aDeclaredSchemeWithOrWithoutAuthorityIsALink(url: String) throws {
    try Self.expect(url, Self.course("42"))
  }

  @Test(arguments: [
    // A port, even the default one, or an empty one.
    "https://academy.example:443/courses/42", "https://academy.example:/courses/42",
    // User info.
    "https://me@academy.example/courses/42", "https://me:secret@academy.example/courses/42",
    // Plain http, a host that is not declared, one that only ends like a declared one.
    "http://academy.example/courses/42", "https://evil.example/courses/42",
    "https://api.academy.example/courses/42", "https://academy.example.evil.example/courses/42",
    "https://evilacademy.example/courses/42", "https://academy.example./courses/42",
    // https without an authority, an undeclared scheme, no scheme at all.
    "https:/academy.example/courses/42", "https:academy.example/courses/42", "https:", "https://",
    "academy-beta://courses/42", "academy.example/courses/42", "//academy.example/courses/42",
    // Any text at all.
    "not a url", "", "mailto:someone@academy.example", "javascript:alert(1)",
  ])
  func anythingElseIsAnUnknownLink(url: String) throws {
    try Self.expect(url, Self.unknownLink())
  }

  /// A manifest without links resolves every URL, its own web hosts' included, as unknown.
  @Test func aManifestWithoutLinksHasOnlyUnknownLinks() throws {
    let result = try ResolveCommandTests.resolve([
      "shop.routes.yaml", "--url", "https://m.example.com/index.php?c=course_ctrl&id=42",
    ])
    ResolveCommandTests.expectJSON(result, Self.unknownLink())
  }

  // MARK: Rule 2: splitting and decoding

  @Test func oneTrailingSlashIsIgnored() throws {
    try Self.expect("\(Self.web)/courses/42/", Self.course("42"))
    try Self.expect("academy://courses/42/", Self.course("42"))
    try Self.expect("\(Self.web)/courses/new/", Self.newCourse)
    try Self.expect("\(Self.web)/courses/a/b/", Self.slug("a/b"))
  }

  @Test(arguments: [
    "https://academy.example/courses/42//", "https://academy.example/courses//42",
    "https://academy.example//courses/42", "https://academy.example/courses/a//b",
    "academy://courses//42", "academy:////courses/42", "https://academy.example//",
    "academy:courses//42",
  ])
  func anyOtherEmptySegmentMatchesNothing(url: String) throws {
    try Self.expect(url, Self.unknownLink())
  }

  @Test func literalsAndValuesArePercentDecoded() throws {
    // A literal segment written encoded in the URL, or in the pattern (`caf%C3%A9`).
    try Self.expect("\(Self.web)/%63ourses/new", Self.newCourse)
    let cafe = "/caf%C3%A9/{course}/{number}"
    try Self.expect("\(Self.web)/caf%C3%A9/1/2", Self.lesson(1, 2, link: cafe))
    try Self.expect("\(Self.web)/caf%c3%a9/1/2", Self.lesson(1, 2, link: cafe))
    try Self.expect("\(Self.web)/café/1/2", Self.lesson(1, 2, link: cafe))
    // Compared as decoded bytes: the decomposed `e` + U+0301 is another text.
    try Self.expect("\(Self.web)/cafe%CC%81/1/2", Self.unknownLink())
    // Values are decoded before their type is checked, and their length counts scalars.
    try Self.expect("\(Self.web)/courses/%34%32", Self.course("42"))
    try Self.expect("\(Self.web)/tags/caf%C3%A9s", Self.tag("cafés"))
    try Self.expect("\(Self.web)/tags/%F0%9F%98%80", Self.tag("😀"))
    // Query keys and values too; an item is split at its first `=`.
    try Self.expect("\(Self.web)/open?%74o=%68ome", Self.home(link: "/open?to=home"))
    try Self.expect("\(Self.web)/search?q=caf%C3%A9%20bar%26co", Self.search("café bar&co"))
    try Self.expect("\(Self.web)/search?%71=swift", Self.search("swift"))
    try Self.expect("\(Self.web)/search?q=a=b", Self.search("a=b"))
  }

  @Test func anEncodedSlashStaysInsideItsSegment() throws {
    try Self.expect("\(Self.web)/tags/a%2Fb", Self.tag("a/b"))
    try Self.expect("\(Self.web)/tags/a%2fb", Self.tag("a/b"))
    try Self.expect("\(Self.web)/courses/a%2Fb/c", Self.slug("a/b/c"))
    // One segment, so not `/courses/{course}/lessons/{number}`.
    try Self.expect("\(Self.web)/courses/1%2Flessons%2F2", Self.slug("1/lessons/2"))
    try Self.expect("\(Self.web)/courses%2F42", Self.unknownLink())
  }

  @Test(arguments: [
    "https://academy.example/tags/%ZZ", "https://academy.example/tags/%E0%A4",
    "https://academy.example/tags/%", "https://academy.example/tags/a%2",
    "https://academy.example/tags/%C0%AF", "https://academy.example/tags/%ED%A0%80",
    "https://academy.example/tags/%FF", "https://academy.example/%ZZ/courses/42",
    "academy://%ZZ/courses/42",
    // In the query, even in an item no pattern reads.
    "https://academy.example/search?q=%ZZ", "https://academy.example/courses/42?utm=%",
    "https://academy.example/courses/42?%E0%A4=1",
  ])
  func badPercentEncodingAnywhereMatchesNothing(url: String) throws {
    try Self.expect(url, Self.unknownLink())
  }

  @Test func aPlusStaysAPlus() throws {
    try Self.expect("\(Self.web)/tags/a+b", Self.tag("a+b"))
    try Self.expect("\(Self.web)/search?q=a+b", Self.search("a+b"))
    try Self.expect("\(Self.web)/search?q=a%2Bb", Self.search("a+b"))
  }

  @Test func theFragmentIsIgnored() throws {
    try Self.expect("\(Self.web)/courses/42#reviews", Self.course("42"))
    try Self.expect("\(Self.web)/courses/42#%ZZ", Self.course("42"))
    try Self.expect("\(Self.web)/courses/42?x=1#/courses/new", Self.course("42"))
    try Self.expect("academy://courses/42#top", Self.course("42"))
    // A query inside the fragment is not the URL's query.
    try Self.expect("\(Self.web)/open#?to=home", Self.unknownLink())
  }

  // MARK: Rule 3: when a pattern matches

  /// An `int` segment is digits with an optional leading `-` that fit `Int`; anything else
  /// makes `/courses/{id}` not match, so `/courses/{slug*}` gets it.
  @Test func intSegments() throws {
    try Self.expect("\(Self.web)/courses/-7", Self.course("-7"))
    try Self.expect("\(Self.web)/courses/007", Self.course("7"))
    try Self.expect(
      "\(Self.web)/c/9223372036854775807", Self.course("9223372036854775807", link: "/c/{id}"))
    for text in ["99999999999999999999", "9223372036854775808", "+7", "4.0", "1e3", "0x2A", "-"] {
      try Self.expect("\(Self.web)/courses/\(text)", Self.slug(text))
      try Self.expect("\(Self.web)/c/\(text)", Self.unknownLink())
    }
  }

  @Test func boolSegments() throws {
    for (text, value) in [("true", true), ("false", false), ("1", true), ("0", false)] {
      try Self.expect(
        "\(Self.web)/settings/notifications/\(text)",
        """
        {
          "action": "navigate",
          "link": "/settings/notifications/{notifications}",
          "params": {
            "notifications": \(value)
          },
          "presentation": "push",
          "route": "settings",
          "screen": "Settings",
          "stack": [],
          "status": "matched",
          "tab": null,
          "url": null,
          "variant": "v2"
        }
        """)
    }
    for text in ["yes", "no", "TRUE", "True", "2", "01"] {
      try Self.expect("\(Self.web)/settings/notifications/\(text)", Self.unknownLink())
    }
  }

  @Test func doubleSegments() throws {
    for (text, value) in [("2.50", "2.5"), ("-1e3", "-1000.0"), ("7", "7.0"), ("0.1", "0.1")] {
      try Self.expect(
        "\(Self.web)/prices/\(text)",
        """
        {
          "action": "navigate",
          "link": "/prices/{amount}",
          "params": {
            "amount": \(value)
          },
          "presentation": "push",
          "route": "price",
          "screen": "Price",
          "stack": [],
          "status": "matched",
          "tab": null,
          "url": null,
          "variant": "v2"
        }
        """)
    }
    for text in ["1e999", "-1e999", "nan", "NaN", "inf", "infinity", "abc", "1,5"] {
      try Self.expect("\(Self.web)/prices/\(text)", Self.unknownLink())
    }
  }

  @Test func stringSegmentsRespectMaxLength() throws {
    try Self.expect("\(Self.web)/tags/abcde", Self.tag("abcde"))
    try Self.expect("\(Self.web)/tags/abcdef", Self.unknownLink())
    // `{slug*}` (max_length 40): the `/` between segments counts.
    let forty = "abcdefghij/abcdefghij/abcdefghij/abcdefg"
    try Self.expect("\(Self.web)/courses/\(forty)", Self.slug(forty))
    try Self.expect("\(Self.web)/courses/\(forty)h", Self.unknownLink())
  }

  @Test func aRestTakesOneOrMoreSegmentsJoinedBySlash() throws {
    try Self.expect("\(Self.web)/courses/intro", Self.slug("intro"))
    try Self.expect("\(Self.web)/courses/a/b/c", Self.slug("a/b/c"))
    try Self.expect("academy://courses/a/b%20c/d", Self.slug("a/b c/d"))
    // A placeholder that is not valid for its type makes its pattern fail, not the URL.
    try Self.expect("\(Self.web)/courses/x/lessons/2", Self.slug("x/lessons/2"))
    try Self.expect("\(Self.web)/courses", Self.unknownLink())
    try Self.expect("\(Self.web)/courses/", Self.unknownLink())
  }

  @Test func queryConditions() throws {
    try Self.expect("\(Self.web)/open?to=home", Self.home(link: "/open?to=home"))
    // Every occurrence must have the value.
    try Self.expect("\(Self.web)/open?to=home&to=home", Self.home(link: "/open?to=home"))
    for query in ["", "?", "?to", "?to=", "?to=away", "?to=Home", "?to=home&to=away", "?To=home"] {
      try Self.expect("\(Self.web)/open\(query)", Self.unknownLink())
    }
  }

  @Test func queryPlaceholders() throws {
    // Absent: the optional one is null, the defaulted one its default.
    try Self.expect("\(Self.web)/search?q=swift", Self.search("swift"))
    try Self.expect(
      "\(Self.web)/search?exact=0&page=2&q=swift", Self.search("swift", page: 2, exact: "false"))
    try Self.expect(
      "\(Self.web)/search?q=swift&page=-3&exact=true", Self.search("swift", page: -3, exact: "true")
    )
    // Absent and required.
    try Self.expect("\(Self.web)/search", Self.searchErrors([("query", "missing")]))
    try Self.expect("\(Self.web)/search?page=2", Self.searchErrors([("query", "missing")]))
    try Self.expect("\(Self.web)/search?Q=swift", Self.searchErrors([("query", "missing")]))
    // Repeated (even with one value), empty, or without `=`.
    for query in ["q=swift&q=ios", "q=swift&q=swift", "q=", "q", "q&q=swift"] {
      try Self.expect("\(Self.web)/search?\(query)", Self.searchErrors([("query", "invalid")]))
    }
    try Self.expect(
      "\(Self.web)/search?q=swift&page=", Self.searchErrors([("page", "invalid")]))
    try Self.expect(
      "\(Self.web)/search?q=swift&exact=1&exact=1", Self.searchErrors([("exact", "invalid")]))
    // Not valid for the type.
    try Self.expect("\(Self.web)/search?q=swift&page=x", Self.searchErrors([("page", "invalid")]))
    try Self.expect(
      "\(Self.web)/search?q=swift&page=99999999999999999999",
      Self.searchErrors([("page", "invalid")]))
    try Self.expect(
      "\(Self.web)/search?q=swift&exact=yes", Self.searchErrors([("exact", "invalid")]))
    // Every bad parameter, in the screen's order.
    try Self.expect(
      "\(Self.web)/search?exact=2&page=1.5&q",
      Self.searchErrors([("query", "invalid"), ("page", "invalid"), ("exact", "invalid")]))
  }

  @Test func otherQueryItemsAreIgnored() throws {
    try Self.expect("\(Self.web)/courses/42?utm_source=mail&to=x", Self.course("42"))
    try Self.expect("\(Self.web)/courses/42?&&flag&=x", Self.course("42"))
    try Self.expect(
      "\(Self.web)/search?q=swift&&utm_source=mail&page=3", Self.search("swift", page: 3))
    try Self.expect("\(Self.web)/open?x=1&to=home&y", Self.home(link: "/open?to=home"))
    // A path placeholder's parameter is not read from the query.
    try Self.expect("\(Self.web)/search/swift?q=ios", Self.search("swift", link: "/search/{query}"))
  }

  // MARK: Rule 4: the most specific pattern wins

  @Test func aLiteralBeatsAPlaceholderWhichBeatsARest() throws {
    try Self.expect("\(Self.web)/courses/new", Self.newCourse)
    try Self.expect("\(Self.web)/courses/42", Self.course("42"))
    try Self.expect("\(Self.web)/courses/intro", Self.slug("intro"))
    try Self.expect(
      "\(Self.web)/courses/1/lessons/2",
      Self.lesson(1, 2, link: "/courses/{course}/lessons/{number}"))
    // The leftmost difference decides: `/t/new/{name}` beats `/t/{name}/top`.
    try Self.expect("\(Self.web)/t/new/top", Self.tag("top", link: "/t/new/{name}"))
    try Self.expect("\(Self.web)/t/abc/top", Self.tag("abc", link: "/t/{name}/top"))
    try Self.expect("\(Self.web)/t/new/abc", Self.tag("abc", link: "/t/new/{name}"))
  }

  @Test func withTiedPathsMoreConditionsWin() throws {
    let newCourse = Self.courses(
      route: "new_course", screen: "NewCourse", link: "/open?to=courses&new=1",
      presentation: "modal")
    let courseList = Self.courses(
      route: "course_list", screen: "CourseList", link: "/open?to=courses", presentation: "push")
    try Self.expect("\(Self.web)/open?to=courses&new=1", newCourse)
    try Self.expect("\(Self.web)/open?new=1&to=courses", newCourse)
    try Self.expect("\(Self.web)/open?to=courses", courseList)
    try Self.expect("\(Self.web)/open?to=courses&new=2", courseList)
    try Self.expect("\(Self.web)/open?to=courses&new", courseList)
  }

  // MARK: Rule 5: the route in the variant

  @Test func aRouteOutsideItsVariantsIsUnavailable() throws {
    let unavailable = """
      {
        "link": "/labs/{id}",
        "route": "labs",
        "status": "unavailable",
        "variant": "v1"
      }
      """
    try Self.expect("\(Self.web)/labs/7", ["--variant", "v1"], unavailable)
    try Self.expect("academy://labs/7", ["--remote-value", "1"], unavailable)
    // The placeholder is checked against the route's screen where it exists.
    try Self.expect("\(Self.web)/labs/x", ["--variant", "v1"], Self.unknownLink("v1"))
    try Self.expect(
      "\(Self.web)/labs/7", ["--variant", "v2"],
      """
      {
        "action": "navigate",
        "link": "/labs/{id}",
        "params": {
          "id": 7
        },
        "presentation": "push",
        "route": "labs",
        "screen": "Lab",
        "stack": [],
        "status": "matched",
        "tab": {
          "index": 2,
          "name": "labs"
        },
        "url": null,
        "variant": "v2"
      }
      """)
  }

  /// `profile` has `Profile(user: int)` in v1 and `ProfileV2(user: string)` in v2.
  @Test func placeholdersHaveTheTypesOfTheVariantsScreen() throws {
    func profile(_ screen: String, _ user: String, _ variant: String) -> String {
      """
      {
        "action": "navigate",
        "link": "/u/{user}",
        "params": {
          "user": \(user)
        },
        "presentation": "push",
        "route": "profile",
        "screen": "\(screen)",
        "stack": [],
        "status": "matched",
        "tab": null,
        "url": null,
        "variant": "\(variant)"
      }
      """
    }
    try Self.expect("\(Self.web)/u/7", ["--variant", "v1"], profile("Profile", "7", "v1"))
    try Self.expect("\(Self.web)/u/7", ["--variant", "v2"], profile("ProfileV2", "\"7\"", "v2"))
    try Self.expect("\(Self.web)/u/ada", ["--variant", "v1"], Self.unknownLink("v1"))
    try Self.expect("\(Self.web)/u/ada", [], profile("ProfileV2", "\"ada\"", "v2"))
  }

  @Test func aBaseOverrideChangesTheURL() throws {
    try Self.expect(
      "\(Self.web)/c/5", ["--base", "web=https://staging.academy.example"],
      Self.course("5", link: "/c/{id}").replacingOccurrences(
        of: "https://m.academy.example", with: "https://staging.academy.example"))
  }

  @Test(arguments: [
    "https://academy.example", "https://academy.example/", "https://academy.example?to=away",
    "https://www.academy.example/#top", "academy://", "academy:///", "academy:", "academy:/",
    "academy://?to=home",
  ])
  func theRoot(url: String) throws {
    try Self.expect(url, Self.home(link: "/"))
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
