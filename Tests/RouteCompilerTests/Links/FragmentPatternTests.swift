import CompilerTestSupport
import Foundation
@_spi(Generated) import RouteTable
import TestSupport
import Testing

@testable import RouteCompiler

/// Patterns in the fragment: `/#/room/{room_id}` matches the URL's fragment split and decoded
/// like a path, after the path; a pattern without `#` ignores the fragment. docs/manifest.md
/// shows the chat example and these resolutions.
@Suite struct FragmentPatternTests {
  /// docs/manifest.md's chat example, as written there.
  static let chat = """
    manifest: 1
    bases:
      web: https://chat.example
    links:
      hosts: [chat.example]
    screens:
      Home: {}
      Room:
        params:
          room_id: string
      Event:
        params:
          room_id: string
          event_id: string
          via: { type: string, optional: true }
    routes:
      home:
        screen: Home
        links: [/]
      room:
        screen: Room
        url: "{web}/#/room/{room_id}"
        links: ["/#/room/{room_id}"]
      event:
        screen: Event
        links: ["/#/room/{room_id}/{event_id}?via={via}"]

    """

  @Test func theDocsExampleRoutesByTheFragment() throws {
    let docs = try String(
      contentsOf: DocsTests.root.appendingPathComponent("docs/manifest.md"), encoding: .utf8)
    #expect(docs.contains("```yaml\n" + Self.chat + "```"))
    let table = try lintedTable(Self.chat)
    let room = table.resolve(url: "https://chat.example/#/room/!abc:chat.example", variant: 0)
    #expect(room.link == "/#/room/{room_id}")
    #expect(room.destination?.values == [.string("!abc:chat.example")])
    // The template writes the fragment's value as it writes a path's.
    #expect(room.url == "https://chat.example/#/room/%21abc%3Achat.example")
    let event = table.resolve(
      url: "https://chat.example/#/room/!abc:chat.example/$ev1?via=chat.example", variant: 0)
    #expect(event.link == "/#/room/{room_id}/{event_id}?via={via}")
    #expect(
      event.destination?.values == [
        .string("!abc:chat.example"), .string("$ev1"), .string("chat.example"),
      ])
    // A fragment that is no path, or none, is ignored: the root's pattern ignores fragments.
    for url in [
      "https://chat.example/", "https://chat.example/#top", "https://chat.example/#/room/",
      "https://chat.example/#/room//x", "https://chat.example/#/room/%zz",
    ] {
      #expect(table.resolve(url: url, variant: 0).link == "/", "\(url)")
    }
    // `link(for:)` writes the fragment, and the URL opens the same destination.
    let destination = ScreenKey(1).string("!abc:chat.example")
    let link = try #require(table.link(for: destination, variant: 0))
    #expect(link == "https://chat.example/#/room/%21abc%3Achat.example")
    #expect(table.resolve(url: link, variant: 0).destination?.values == destination.values)
  }

  /// Paths are compared first; at the path's end a fragment pattern beats the same path
  /// without one; then fragments compare as paths do, then query conditions (the query's and
  /// the fragment's together).
  @Test func pathsFirstThenFragmentsThenConditions() throws {
    let table = try lintedTable(
      """
      manifest: 1
      links:
        hosts: [a.example]
      screens:
        S: {}
      routes:
        a_any: { screen: S, links: ["/a/{_}"] }
        any_b: { screen: S, links: ["/{_}/b#/f"] }
        app: { screen: S, links: ["/app"] }
        app_any: { screen: S, links: ["/app#/{_}"] }
        app_settings: { screen: S, links: ["/app#/settings"] }
        app_settings_tab: { screen: S, links: ["/app?tab=1#/settings"] }
        app_settings_full: { screen: S, links: ["/app?tab=1#/settings?full"] }

      """)
    for (url, link) in [
      ("https://a.example/a/b#/f", "/a/{_}"),
      ("https://a.example/x/b#/f", "/{_}/b#/f"),
      ("https://a.example/app", "/app"),
      ("https://a.example/app#/x", "/app#/{_}"),
      ("https://a.example/app#/x/y", "/app"),
      ("https://a.example/app#/settings", "/app#/settings"),
      ("https://a.example/app?tab=1#/settings", "/app?tab=1#/settings"),
      ("https://a.example/app?tab=1#/settings?full", "/app?tab=1#/settings?full"),
      ("https://a.example/app#/settings?full", "/app#/settings"),
    ] {
      #expect(table.resolve(url: url, variant: 0).link == link, "\(url)")
    }
  }

  /// Two fragment patterns of one shape tie, and the example URL has the fragment; a fragment
  /// pattern never ties with the same path without one.
  @Test func fragmentPatternsTieWithAFragmentInTheExample() {
    let output = lint(
      """
      manifest: 1
      links:
        hosts: [chat.example]
      screens:
        Home: {}
        Room:
          params:
            room_id: string
        User:
          params:
            user_id: string
      routes:
        home: { screen: Home, links: [/] }
        room:
          screen: Room
          links: ["/#/{room_id}?via=a"]
        user:
          screen: User
          links: ["/#/{user_id}?via=a"]

      """)
    #expect(
      output.diagnostics.map { "\(brief([$0])[0]) \($0.message)" } == [
        "19:13 ambiguous-links the link `/#/{user_id}?via=a` ties with `/#/{room_id}?via=a` of route `room` (line 16): `https://chat.example/#/1?via=a` matches both and neither is more specific; make one of them more specific or remove it"
      ])
  }
}
