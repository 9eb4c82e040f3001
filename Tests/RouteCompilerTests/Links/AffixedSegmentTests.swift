import CompilerTestSupport
import Foundation
@_spi(Generated) import RouteTable
import TestSupport
import Testing

@testable import RouteCompiler

/// Segments with literal text around their placeholder (`/wiki/Talk:{title}`,
/// `/files/{name}.pdf`), and string parameters with a `prefix` their values keep
/// (`/#/{room_id}` with `prefix: "!"`). docs/manifest.md shows the example and these
/// resolutions.
@Suite struct AffixedSegmentTests {
  /// docs/manifest.md's example, as written there.
  static let example = """
    manifest: 1
    links:
      hosts: [chat.example, en.wiki.example]
    screens:
      Article:
        params:
          title: string
      Talk:
        params:
          title: string
      File:
        params:
          name: string
      Room:
        params:
          room_id: { type: string, prefix: "!" }
      User:
        params:
          user_id: { type: string, prefix: "@" }
    routes:
      article:
        screen: Article
        links: ["/wiki/{title}"]
      talk:
        screen: Talk
        links: ["/wiki/Talk:{title}"]
      file:
        screen: File
        links: ["/files/{name}.pdf"]
      room:
        screen: Room
        links: ["/#/{room_id}"]
      user:
        screen: User
        links: ["/#/{user_id}"]

    """

  @Test func theDocsExampleResolvesAsShown() throws {
    let docs = try String(
      contentsOf: DocsTests.root.appendingPathComponent("docs/manifest.md"), encoding: .utf8)
    #expect(docs.contains("```yaml\n" + Self.example + "```"))
    let table = try lintedTable(Self.example)
    for (url, link, values) in [
      ("https://en.wiki.example/wiki/Dog", "/wiki/{title}", [ParamValue.string("Dog")]),
      ("https://en.wiki.example/wiki/Talk:Dog", "/wiki/Talk:{title}", [.string("Dog")]),
      // Nothing between the literal texts: the segment is no `Talk:{title}`.
      ("https://en.wiki.example/wiki/Talk:", "/wiki/{title}", [.string("Talk:")]),
      ("https://en.wiki.example/files/report.pdf", "/files/{name}.pdf", [.string("report")]),
      ("https://chat.example/#/!abc:chat.example", "/#/{room_id}", [.string("!abc:chat.example")]),
      ("https://chat.example/#/@ada:chat.example", "/#/{user_id}", [.string("@ada:chat.example")]),
    ] {
      let resolution = table.resolve(url: url, variant: 0)
      #expect(resolution.link == link, "\(url)")
      #expect(resolution.destination?.values == values.map { Optional($0) }, "\(url)")
    }
    #expect(table.resolve(url: "https://chat.example/#/ada", variant: 0).status == .unknownLink)
    #expect(
      table.resolve(url: "https://en.wiki.example/files/report.txt", variant: 0).status
        == .unknownLink)
    // A value without the prefix is invalid from a push too.
    let push = table.resolve(Payload(["type": "room", "room_id": "abc"]), variant: 0)
    #expect(push.status == .invalidParams)
    #expect(push.errors == [ParameterError(param: "room_id", reason: .invalid)])
    // `link(for:)` writes the value as it is, and the prefix and suffix around a placeholder.
    #expect(
      table.link(for: ScreenKey(3).string("!abc"), variant: 0) == "https://chat.example/#/%21abc")
    #expect(
      table.link(for: ScreenKey(2).string("report"), variant: 0)
        == "https://chat.example/files/report.pdf")
    #expect(table.link(for: ScreenKey(3).string("abc"), variant: 0) == nil)
  }

  /// At one position a literal beats more literal text around a placeholder, which beats less,
  /// which beats `{param}`.
  @Test func moreLiteralTextRanksFirst() throws {
    let table = try lintedTable(
      """
      manifest: 1
      links:
        hosts: [a.example]
      screens:
        S: {}
      routes:
        param: { screen: S, links: ["/w/{_}"] }
        short: { screen: S, links: ["/w/T{_}"] }
        long: { screen: S, links: ["/w/Talk:{_}"] }
        literal: { screen: S, links: ["/w/Talk:Main"] }

      """)
    for (url, link) in [
      ("https://a.example/w/Talk:Main", "/w/Talk:Main"),
      ("https://a.example/w/Talk:Dog", "/w/Talk:{_}"),
      ("https://a.example/w/Tea", "/w/T{_}"), ("https://a.example/w/Dog", "/w/{_}"),
    ] {
      #expect(table.resolve(url: url, variant: 0).link == link, "\(url)")
    }
  }

  /// Two segments at one position with as much literal text that one segment fits are an error
  /// at the later pattern; prefixes that exclude each other are not.
  @Test func overlappingLiteralTextIsAnError() {
    let output = lint(
      """
      manifest: 1
      links:
        hosts: [a.example]
      screens:
        S: {}
      routes:
        a: { screen: S, links: ["/x/a{_}/1"] }
        b: { screen: S, links: ["/x/{_}b/2", "/x/{_}.c/3"] }

      """)
    #expect(
      output.diagnostics.map { "\(brief([$0])[0]) \($0.message)" } == [
        "8:27 ambiguous-links the link `/x/{_}b/2` ties with `/x/a{_}/1` of route `a` (line 7): a segment like `a1b` fits the literal text of both at the same position, and neither has more; give one more literal text, or text the other's cannot match"
      ])
  }

  /// A whole `{param}` segment of a parameter with a `prefix` becomes a segment with that
  /// literal text, which keeps the prefix in the value it binds.
  @Test func aParametersPrefixIsLiteralTextOfItsSegment() throws {
    let manifest = try #require(lint(Self.example).manifest)
    let room = try #require(manifest.routes.first { $0.key == "room" })
    #expect(
      room.links.first?.fragment?.segments == [
        .affixed(LinkAffixes(prefix: "!", suffix: "", keepsPrefix: true), "room_id")
      ])
  }
}
