import CompilerTestSupport
import Foundation
@_spi(Generated) import RouteTable
import TestSupport
import Testing

@testable import RouteCompiler

/// Links written with `case_sensitive: false`: their literals (path and fragment), condition
/// values and choices compare with ASCII letters folded, query keys exactly; letter case decides
/// no tie against them. docs/manifest.md shows the news example and these resolutions.
@Suite struct CaseInsensitiveLinkTests {
  /// docs/manifest.md's example, as written there.
  static let news = """
    manifest: 1
    links:
      hosts: [news.example]
    screens:
      Home: {}
      About: {}
      Section:
        params:
          name: { type: string, choices: [world, sport] }
          sort: { type: string, choices: [new, top], default: new }
      Archive:
        params:
          year: int
    routes:
      home:
        screen: Home
        links: [/]
      about:
        screen: About
        links:
          - { path: /About, case_sensitive: false }
      section:
        screen: Section
        links:
          - path: "/s/{name}?view=list&sort={sort}"
            case_sensitive: false
      archive:
        screen: Archive
        links:
          - { path: "/#/Archive/{year}", case_sensitive: false }

    """

  @Test func theDocsExampleResolvesInAnyLetterCase() throws {
    #expect(try QueryPresenceTests.docs().contains("```yaml\n" + Self.news + "```"))
    let table = try lintedTable(Self.news)
    func resolved(_ path: String) -> Resolution<ScreenInstance> {
      table.resolve(url: "https://news.example" + path, variant: 0)
    }
    for path in ["/ABOUT", "/about/", "/About", "/aBoUt"] {
      let resolution = resolved(path)
      #expect(resolution.route == "about", "\(path)")
      #expect(resolution.link == "/About", "\(path)")
    }
    // A choice in other letter case binds the choice as declared; so does a condition value.
    var resolution = resolved("/S/World?view=LIST&sort=TOP")
    #expect(resolution.status == .matched)
    #expect(resolution.link == "/s/{name}?view=list&sort={sort}")
    #expect(resolution.destination?.values == [.string("world"), .string("top")])
    // Query keys compare exactly; a value that is no choice in any case opens nothing.
    #expect(resolved("/s/world?VIEW=list").status == .unknownLink)
    #expect(resolved("/s/weather?view=list").status == .unknownLink)
    // A query binding's value outside the choices is invalid, as for any link.
    resolution = resolved("/s/sport?view=list&sort=old")
    #expect(resolution.status == .invalidParams)
    #expect(resolution.errors == [ParameterError(param: "sort", reason: .invalid)])
    // The fragment's literals fold too.
    resolution = resolved("/#/archive/2024")
    #expect(resolution.route == "archive")
    #expect(resolution.destination?.values == [.int(2024)])
    #expect(resolved("/#/ARCHIVE/2024").route == "archive")
    // `link(for:)` writes literals and choices as declared.
    #expect(table.link(for: ScreenKey(1), variant: 0) == "https://news.example/About")
    #expect(
      table.link(for: ScreenKey(2).string("sport").string("top"), variant: 0)
        == "https://news.example/s/sport?view=list&sort=top")
  }

  @Test func theDocsTieIsReportedWithAURLBothMatch() throws {
    let tied = Self.news.replacingOccurrences(of: "links: [/]", with: "links: [/, /about]")
    let output = lint(tied, fileName: "news.routes.yaml")
    let message =
      "the link `/About` ties with `/about` of route `home` (line 17): `https://news.example/about` matches both and neither is more specific; make one of them more specific or remove it"
    #expect(
      output.diagnostics.map { "\(brief([$0])[0]) \($0.message)" } == [
        "21:17 ambiguous-links \(message)"
      ])
    #expect(
      try QueryPresenceTests.docs().contains(
        "news.routes.yaml:21:17: error: \(message) [ambiguous-links]"))
  }

  static let header = """
    manifest: 1
    links:
      hosts: [a.example]
    screens:
      Page:
        params:
          kind: { type: string, choices: [new, Old], optional: true }
    routes:

    """

  static func ties(_ routes: String) -> [String] {
    lint(header + routes).diagnostics.map { "\(brief([$0])[0]) \($0.message)" }
  }

  /// Two case-sensitive links that differ in letter case do not tie; a case-insensitive one ties
  /// with either, and its example URL takes the case-sensitive spelling.
  @Test func letterCaseDecidesNoTieAgainstACaseInsensitiveLink() {
    #expect(
      Self.ties(
        """
          upper:
            screen: Page
            links: [/About]
          lower:
            screen: Page
            links: [/about]

        """) == [])
    #expect(
      Self.ties(
        """
          upper:
            screen: Page
            links: [/About]
          folded:
            screen: Page
            links: [{ path: /ABOUT, case_sensitive: false }]

        """) == [
          "14:21 ambiguous-links the link `/ABOUT` ties with `/About` of route `upper` (line 11): `https://a.example/About` matches both and neither is more specific; make one of them more specific or remove it"
        ])
    #expect(
      Self.ties(
        """
          folded:
            screen: Page
            links: [{ path: "/x/{_}?sort=New", case_sensitive: false }]
          exact:
            screen: Page
            links: ["/X/{_}?sort=new"]

        """) == [
          "14:13 ambiguous-links the link `/X/{_}?sort=new` ties with `/x/{_}?sort=New` of route `folded` (line 11): `https://a.example/X/1?sort=new` matches both and neither is more specific; make one of them more specific or remove it"
        ])
    // Conditions that differ only in case exclude each other only between exact links.
    #expect(
      Self.ties(
        """
          first:
            screen: Page
            links: ["/q?sort=new"]
          second:
            screen: Page
            links: ["/q?sort=NEW"]

        """) == [])
    // Two case-insensitive links tie in the fragment too.
    #expect(
      Self.ties(
        """
          first:
            screen: Page
            links: [{ path: "/#/Room", case_sensitive: false }]
          second:
            screen: Page
            links: [{ path: "/#/rOOM", case_sensitive: false }]

        """) == [
          "14:21 ambiguous-links the link `/#/rOOM` ties with `/#/Room` of route `first` (line 11): `https://a.example/#/Room` matches both and neither is more specific; make one of them more specific or remove it"
        ])
  }

  /// Exact and case-insensitive literals at one position: an exact child holds the
  /// case-insensitive patterns whose literal folds the same, so specificity is decided over both.
  @Test func specificityComparesExactAndFoldedLiteralsTogether() throws {
    let table = try lintedTable(
      Self.header
        + """
          exact:
            screen: Page
            links: ["/about/{kind}"]
          folded:
            screen: Page
            links: [{ path: /ABOUT/team, case_sensitive: false }]
          other:
            screen: Page
            links: [{ path: "/Other/{kind}", case_sensitive: false }]

        """)
    func link(_ path: String) -> String? {
      table.resolve(url: "https://a.example" + path, variant: 0).link
    }
    #expect(link("/about/team") == "/ABOUT/team")
    #expect(link("/About/Team") == "/ABOUT/team")
    #expect(link("/about/new") == "/about/{kind}")
    // Exact only: `/About/new` is no spelling of `/about/{kind}`.
    #expect(link("/About/new") == nil)
    // A choice through a case-insensitive path segment binds the declared spelling.
    let resolution = table.resolve(url: "https://a.example/OTHER/old", variant: 0)
    #expect(resolution.link == "/Other/{kind}")
    #expect(resolution.destination?.values == [.string("Old")])
    // Only ASCII letters fold.
    #expect(link("/other/ÖLD") == nil)
  }

  @Test func caseSensitiveMustBeABoolean() {
    let output = lint(
      Self.header
        + """
          page:
            screen: Page
            links: [{ path: /a, case_sensitive: "no" }]

        """)
    #expect(
      output.diagnostics.map { "\(brief([$0])[0]) \($0.message)" } == [
        "11:41 invalid-bool `case_sensitive` of a link of `links` of route `page` must be `true` or `false` without quotes, found `no`"
      ])
  }
}
