@_spi(Generated) import RouteTable
import Testing

/// The rules of link matching (docs/manifest.md, Links), one test per rule, on the table routec
/// compiled from RoutecEndToEndTests' links fixture (`links.routes.yaml`;
/// `ReferenceTables/LinksRoutes.swift`): two variants, the default `v2`; hosts `academy.example`
/// and `www.academy.example`, scheme `academy`; typed path placeholders, a `{name*}` rest, query
/// conditions and placeholders, patterns that overlap without tying, a route in one variant only
/// and one whose screen changes in a variant. Each URL's whole resolution is compared.
@Suite struct LinkRulesTests {
  typealias Routes = LinksRoutes
  typealias Expected = Outcome<LinksRoutes.Destination>

  static let web = "https://academy.example"

  /// Expects `url` to resolve to exactly `expected` in `variant`.
  static func expect(
    _ url: String, _ expected: Expected, variant: Routes.Variant = .v2,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let resolved = Expected(Routes.resolve(url: url, variant: variant))
    #expect(resolved == expected, "\(url)", sourceLocation: sourceLocation)
  }

  // MARK: The resolutions the tests expect

  static func unknownLink(_ variant: String = "v2") -> Expected {
    Expected(status: .unknownLink, variant: variant)
  }

  static let coursesTab = TabSelection(name: "courses", index: 1)

  /// A matched link, navigating.
  static func matched(
    _ route: String, _ destination: Routes.Destination, link: String, tab: TabSelection? = nil,
    url: String? = nil, presentation: Presentation = .push, variant: String = "v2"
  ) -> Expected {
    Expected(
      status: .matched, variant: variant, route: route, link: link, destination: destination,
      tab: tab, url: url, presentation: presentation, foregroundPolicy: .navigate)
  }

  /// Route `course`, screen `CourseDetail(id: int)`.
  static func course(_ id: Int, link: String = "/courses/{id}") -> Expected {
    matched(
      "course", .courseDetail(id: id), link: link, tab: coursesTab,
      url: "https://m.academy.example/course/\(id)")
  }

  /// Route `course_by_slug`, screen `CourseBySlug(slug: string, max_length 40)`.
  static func slug(_ slug: String) -> Expected {
    matched("course_by_slug", .courseBySlug(slug: slug), link: "/courses/{slug*}", tab: coursesTab)
  }

  /// Route `tag`, screen `Tag(name: string, max_length 5)`.
  static func tag(_ name: String, link: String = "/tags/{name}") -> Expected {
    matched("tag", .tag(name: name), link: link)
  }

  /// Route `lesson`, screen `Lesson(course: int, number: int)`.
  static func lesson(_ course: Int, _ number: Int, link: String) -> Expected {
    matched("lesson", .lesson(course: course, number: number), link: link, tab: coursesTab)
  }

  static let searchLink = "/search?q={query}&page={page}&exact={exact}"

  /// Route `search`, screen `Search(query: string, page: int = 1, exact: bool?)`.
  static func search(
    _ query: String, page: Int = 1, exact: Bool? = nil, link: String = searchLink
  ) -> Expected {
    matched("search", .search(query: query, page: page, exact: exact), link: link)
  }

  /// `invalid_params` of route `search` through its query pattern.
  static func searchErrors(_ errors: [(param: String, reason: ParameterError.Reason)]) -> Expected {
    Expected(
      status: .invalidParams, variant: "v2", route: "search", link: searchLink,
      errors: errors.map { ParameterError(param: $0.param, reason: $0.reason) })
  }

  /// Route `home`, screen `Home`.
  static func home(link: String) -> Expected {
    matched("home", .home, link: link, tab: TabSelection(name: "home", index: 0))
  }

  static let newCourse = matched(
    "new_course", .newCourse, link: "/courses/new", tab: coursesTab, presentation: .modal)

  // MARK: Rule 1: which URLs are links

  @Test(arguments: [
    "https://academy.example/courses/42", "https://www.academy.example/courses/42",
    "https://ACADEMY.Example/courses/42", "HTTPS://academy.example/courses/42",
    "hTtPs://WWW.ACADEMY.EXAMPLE/courses/42",
  ])
  func aDeclaredHostInAnyCaseOverHTTPSIsALink(url: String) {
    Self.expect(url, Self.course(42))
  }

  /// The authority of a custom-scheme URL is its first segment, and the scheme's case does not
  /// matter.
  @Test(arguments: [
    "academy://courses/42", "academy:///courses/42", "academy:courses/42", "academy:/courses/42",
    "ACADEMY://courses/42", "Academy:///courses/42",
  ])
  func aDeclaredSchemeWithOrWithoutAuthorityIsALink(url: String) {
    Self.expect(url, Self.course(42))
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
    // The host of a base URL is no link host: the URL `course`'s template writes.
    "https://m.academy.example/course/42",
    // Any text at all.
    "not a url", "", "mailto:someone@academy.example", "javascript:alert(1)",
  ])
  func anythingElseIsAnUnknownLink(url: String) {
    Self.expect(url, Self.unknownLink())
  }

  /// A manifest without links (the variants fixture) resolves every URL, its own base URL's
  /// included, as unknown.
  @Test func aManifestWithoutLinksHasOnlyUnknownLinks() {
    for url in ["https://example.com/p/42", "https://example.com/", "variants://p/42"] {
      let resolution = VariantsRoutes.resolve(url: url, variant: .new)
      #expect(
        Outcome(resolution) == Outcome(status: .unknownLink, variant: "new"), "\(url)")
    }
  }

  // MARK: Rule 2: splitting and decoding

  @Test func oneTrailingSlashIsIgnored() {
    Self.expect("\(Self.web)/courses/42/", Self.course(42))
    Self.expect("academy://courses/42/", Self.course(42))
    Self.expect("\(Self.web)/courses/new/", Self.newCourse)
    Self.expect("\(Self.web)/courses/a/b/", Self.slug("a/b"))
  }

  @Test(arguments: [
    "https://academy.example/courses/42//", "https://academy.example/courses//42",
    "https://academy.example//courses/42", "https://academy.example/courses/a//b",
    "academy://courses//42", "academy:////courses/42", "https://academy.example//",
    "academy:courses//42",
  ])
  func anyOtherEmptySegmentMatchesNothing(url: String) {
    Self.expect(url, Self.unknownLink())
  }

  @Test func literalsAndValuesArePercentDecoded() {
    // A literal segment written encoded in the URL, or in the pattern (`caf%C3%A9`).
    Self.expect("\(Self.web)/%63ourses/new", Self.newCourse)
    let cafe = "/caf%C3%A9/{course}/{number}"
    Self.expect("\(Self.web)/caf%C3%A9/1/2", Self.lesson(1, 2, link: cafe))
    Self.expect("\(Self.web)/caf%c3%a9/1/2", Self.lesson(1, 2, link: cafe))
    Self.expect("\(Self.web)/café/1/2", Self.lesson(1, 2, link: cafe))
    // Compared as decoded bytes: the decomposed `e` + U+0301 is another text.
    Self.expect("\(Self.web)/cafe%CC%81/1/2", Self.unknownLink())
    // Values are decoded before their type is checked, and their length counts scalars.
    Self.expect("\(Self.web)/courses/%34%32", Self.course(42))
    Self.expect("\(Self.web)/tags/caf%C3%A9s", Self.tag("cafés"))
    Self.expect("\(Self.web)/tags/%F0%9F%98%80", Self.tag("😀"))
    // Query keys and values too; an item is split at its first `=`.
    Self.expect("\(Self.web)/open?%74o=%68ome", Self.home(link: "/open?to=home"))
    Self.expect("\(Self.web)/search?q=caf%C3%A9%20bar%26co", Self.search("café bar&co"))
    Self.expect("\(Self.web)/search?%71=swift", Self.search("swift"))
    Self.expect("\(Self.web)/search?q=a=b", Self.search("a=b"))
  }

  @Test func anEncodedSlashStaysInsideItsSegment() {
    Self.expect("\(Self.web)/tags/a%2Fb", Self.tag("a/b"))
    Self.expect("\(Self.web)/tags/a%2fb", Self.tag("a/b"))
    Self.expect("\(Self.web)/courses/a%2Fb/c", Self.slug("a/b/c"))
    // One segment, so not `/courses/{course}/lessons/{number}`.
    Self.expect("\(Self.web)/courses/1%2Flessons%2F2", Self.slug("1/lessons/2"))
    Self.expect("\(Self.web)/courses%2F42", Self.unknownLink())
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
  func badPercentEncodingAnywhereMatchesNothing(url: String) {
    Self.expect(url, Self.unknownLink())
  }

  @Test func aPlusStaysAPlus() {
    Self.expect("\(Self.web)/tags/a+b", Self.tag("a+b"))
    Self.expect("\(Self.web)/search?q=a+b", Self.search("a+b"))
    Self.expect("\(Self.web)/search?q=a%2Bb", Self.search("a+b"))
  }

  @Test func theFragmentIsIgnored() {
    Self.expect("\(Self.web)/courses/42#reviews", Self.course(42))
    Self.expect("\(Self.web)/courses/42#%ZZ", Self.course(42))
    Self.expect("\(Self.web)/courses/42?x=1#/courses/new", Self.course(42))
    Self.expect("academy://courses/42#top", Self.course(42))
    // A query inside the fragment is not the URL's query.
    Self.expect("\(Self.web)/open#?to=home", Self.unknownLink())
  }

  // MARK: Rule 3: when a pattern matches

  /// An `int` segment is digits with an optional leading `-` that fit `Int`; anything else
  /// makes `/courses/{id}` not match, so `/courses/{slug*}` gets it.
  @Test func intSegments() {
    Self.expect("\(Self.web)/courses/-7", Self.course(-7))
    Self.expect("\(Self.web)/courses/007", Self.course(7))
    Self.expect("\(Self.web)/c/9223372036854775807", Self.course(Int.max, link: "/c/{id}"))
    for text in ["99999999999999999999", "9223372036854775808", "+7", "4.0", "1e3", "0x2A", "-"] {
      Self.expect("\(Self.web)/courses/\(text)", Self.slug(text))
      Self.expect("\(Self.web)/c/\(text)", Self.unknownLink())
    }
  }

  @Test func boolSegments() {
    for (text, value) in [("true", true), ("false", false), ("1", true), ("0", false)] {
      Self.expect(
        "\(Self.web)/settings/notifications/\(text)",
        Self.matched(
          "settings", .settings(notifications: value),
          link: "/settings/notifications/{notifications}"))
    }
    for text in ["yes", "no", "TRUE", "True", "2", "01"] {
      Self.expect("\(Self.web)/settings/notifications/\(text)", Self.unknownLink())
    }
  }

  @Test func doubleSegments() {
    for (text, value) in [("2.50", 2.5), ("-1e3", -1000.0), ("7", 7.0), ("0.1", 0.1)] {
      Self.expect(
        "\(Self.web)/prices/\(text)",
        Self.matched("price", .price(amount: value), link: "/prices/{amount}"))
    }
    for text in ["1e999", "-1e999", "nan", "NaN", "inf", "infinity", "abc", "1,5"] {
      Self.expect("\(Self.web)/prices/\(text)", Self.unknownLink())
    }
  }

  @Test func stringSegmentsRespectMaxLength() {
    Self.expect("\(Self.web)/tags/abcde", Self.tag("abcde"))
    Self.expect("\(Self.web)/tags/abcdef", Self.unknownLink())
    // `{slug*}` (max_length 40): the `/` between segments counts.
    let forty = "abcdefghij/abcdefghij/abcdefghij/abcdefg"
    Self.expect("\(Self.web)/courses/\(forty)", Self.slug(forty))
    Self.expect("\(Self.web)/courses/\(forty)h", Self.unknownLink())
  }

  @Test func aRestTakesOneOrMoreSegmentsJoinedBySlash() {
    Self.expect("\(Self.web)/courses/intro", Self.slug("intro"))
    Self.expect("\(Self.web)/courses/a/b/c", Self.slug("a/b/c"))
    Self.expect("academy://courses/a/b%20c/d", Self.slug("a/b c/d"))
    // A placeholder that is not valid for its type makes its pattern fail, not the URL.
    Self.expect("\(Self.web)/courses/x/lessons/2", Self.slug("x/lessons/2"))
    Self.expect("\(Self.web)/courses", Self.unknownLink())
    Self.expect("\(Self.web)/courses/", Self.unknownLink())
  }

  @Test func queryConditions() {
    Self.expect("\(Self.web)/open?to=home", Self.home(link: "/open?to=home"))
    // Every occurrence must have the value.
    Self.expect("\(Self.web)/open?to=home&to=home", Self.home(link: "/open?to=home"))
    for query in ["", "?", "?to", "?to=", "?to=away", "?to=Home", "?to=home&to=away", "?To=home"] {
      Self.expect("\(Self.web)/open\(query)", Self.unknownLink())
    }
  }

  @Test func queryPlaceholders() {
    // Absent: the optional one is nil, the defaulted one its default.
    Self.expect("\(Self.web)/search?q=swift", Self.search("swift"))
    Self.expect(
      "\(Self.web)/search?exact=0&page=2&q=swift", Self.search("swift", page: 2, exact: false))
    Self.expect(
      "\(Self.web)/search?q=swift&page=-3&exact=true", Self.search("swift", page: -3, exact: true))
    // Absent and required: the binding needs its key, so the pattern does not match.
    Self.expect("\(Self.web)/search", Self.unknownLink())
    Self.expect("\(Self.web)/search?page=2", Self.unknownLink())
    Self.expect("\(Self.web)/search?Q=swift", Self.unknownLink())
    // Repeated (even with one value), empty, or without `=`.
    for query in ["q=swift&q=ios", "q=swift&q=swift", "q=", "q", "q&q=swift"] {
      Self.expect("\(Self.web)/search?\(query)", Self.searchErrors([("query", .invalid)]))
    }
    Self.expect("\(Self.web)/search?q=swift&page=", Self.searchErrors([("page", .invalid)]))
    Self.expect(
      "\(Self.web)/search?q=swift&exact=1&exact=1", Self.searchErrors([("exact", .invalid)]))
    // Not valid for the type.
    Self.expect("\(Self.web)/search?q=swift&page=x", Self.searchErrors([("page", .invalid)]))
    Self.expect(
      "\(Self.web)/search?q=swift&page=99999999999999999999",
      Self.searchErrors([("page", .invalid)]))
    Self.expect("\(Self.web)/search?q=swift&exact=yes", Self.searchErrors([("exact", .invalid)]))
    // Every bad parameter, in the screen's order.
    Self.expect(
      "\(Self.web)/search?exact=2&page=1.5&q",
      Self.searchErrors([("query", .invalid), ("page", .invalid), ("exact", .invalid)]))
  }

  @Test func otherQueryItemsAreIgnored() {
    Self.expect("\(Self.web)/courses/42?utm_source=mail&to=x", Self.course(42))
    Self.expect("\(Self.web)/courses/42?&&flag&=x", Self.course(42))
    Self.expect(
      "\(Self.web)/search?q=swift&&utm_source=mail&page=3", Self.search("swift", page: 3))
    Self.expect("\(Self.web)/open?x=1&to=home&y", Self.home(link: "/open?to=home"))
    // A path placeholder's parameter is not read from the query.
    Self.expect("\(Self.web)/search/swift?q=ios", Self.search("swift", link: "/search/{query}"))
  }

  // MARK: Rule 4: the most specific pattern wins

  @Test func aLiteralBeatsAPlaceholderWhichBeatsARest() {
    Self.expect("\(Self.web)/courses/new", Self.newCourse)
    Self.expect("\(Self.web)/courses/42", Self.course(42))
    Self.expect("\(Self.web)/courses/intro", Self.slug("intro"))
    Self.expect(
      "\(Self.web)/courses/1/lessons/2",
      Self.lesson(1, 2, link: "/courses/{course}/lessons/{number}"))
    // The leftmost difference decides: `/t/new/{name}` beats `/t/{name}/top`.
    Self.expect("\(Self.web)/t/new/top", Self.tag("top", link: "/t/new/{name}"))
    Self.expect("\(Self.web)/t/abc/top", Self.tag("abc", link: "/t/{name}/top"))
    Self.expect("\(Self.web)/t/new/abc", Self.tag("abc", link: "/t/new/{name}"))
  }

  @Test func withTiedPathsMoreConditionsWin() {
    let newCourse = Self.matched(
      "new_course", .newCourse, link: "/open?to=courses&new=1", tab: Self.coursesTab,
      presentation: .modal)
    let courseList = Self.matched(
      "course_list", .courseList, link: "/open?to=courses", tab: Self.coursesTab)
    Self.expect("\(Self.web)/open?to=courses&new=1", newCourse)
    Self.expect("\(Self.web)/open?new=1&to=courses", newCourse)
    Self.expect("\(Self.web)/open?to=courses", courseList)
    Self.expect("\(Self.web)/open?to=courses&new=2", courseList)
    Self.expect("\(Self.web)/open?to=courses&new", courseList)
  }

  // MARK: Rule 5: the route in the variant

  @Test func aRouteOutsideItsVariantsIsUnavailable() {
    let unavailable = Expected(
      status: .unavailable, variant: "v1", route: "labs", link: "/labs/{id}")
    Self.expect("\(Self.web)/labs/7", unavailable, variant: .v1)
    Self.expect("academy://labs/7", unavailable, variant: Routes.Variant(remoteValue: "1"))
    // The placeholder is checked against the route's screen where it exists.
    Self.expect("\(Self.web)/labs/x", Self.unknownLink("v1"), variant: .v1)
    Self.expect(
      "\(Self.web)/labs/7",
      Self.matched(
        "labs", .lab(id: 7), link: "/labs/{id}", tab: TabSelection(name: "labs", index: 2)),
      variant: .v2)
  }

  /// `profile` has `Profile(user: int)` in v1 and `ProfileV2(user: string)` in v2.
  @Test func placeholdersHaveTheTypesOfTheVariantsScreen() {
    Self.expect(
      "\(Self.web)/u/7",
      Self.matched("profile", .profile(user: 7), link: "/u/{user}", variant: "v1"), variant: .v1)
    Self.expect(
      "\(Self.web)/u/7", Self.matched("profile", .profileV2(user: "7"), link: "/u/{user}"),
      variant: .v2)
    Self.expect("\(Self.web)/u/ada", Self.unknownLink("v1"), variant: .v1)
    Self.expect(
      "\(Self.web)/u/ada", Self.matched("profile", .profileV2(user: "ada"), link: "/u/{user}"))
  }

  @Test func aBaseOverrideChangesTheURL() throws {
    var table = Routes.table
    try table.overrideBase("web", with: "https://staging.academy.example")
    var expected = Self.course(5, link: "/c/{id}")
    expected.url = "https://staging.academy.example/course/5"
    #expect(
      Expected(
        table.resolve(url: "\(Self.web)/c/5", variant: Routes.Variant.v2.rawValue)
          .map(Routes._destination)) == expected)
  }

  @Test(arguments: [
    "https://academy.example", "https://academy.example/", "https://academy.example?to=away",
    "https://www.academy.example/#top", "academy://", "academy:///", "academy:", "academy:/",
    "academy://?to=home",
  ])
  func theRoot(url: String) {
    Self.expect(url, Self.home(link: "/"))
  }
}
