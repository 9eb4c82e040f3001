import CompilerTestSupport
import Foundation
import RouteTable
import Testing

@testable import RouteCompiler

/// `from: $webpage_url` and `from: $title`: what a user activity carries beside its userInfo,
/// read by a route's parameters through the activity door only.
@Suite struct ArrivalValueTests {
  /// docs/manifest.md's example, as written there.
  static let manifest = """
    manifest: 1
    links:
      hosts: [shop.example]
    screens:
      Product:
        params:
          id: int
      Search:
        params:
          query: string
    routes:
      product:
        screen: Product
        links: ["/p/{id}"]
      handoff:
        reroute: url
        params:
          url: { from: $webpage_url }
      reading:
        screen: Search
        params:
          query: { from: $title }
    activities:
      com.shop.browsing: handoff
      com.shop.reading: reading

    """

  static func table() throws -> RouteTable {
    let output = lint(manifest)
    #expect(output.diagnostics.isEmpty)
    return RouteTableEncoder.table(for: try #require(output.manifest))
  }

  @Test func theDocsShowThisManifest() throws {
    let docs = try String(
      contentsOf: DocsTests.root.appendingPathComponent("docs/manifest.md"), encoding: .utf8)
    #expect(docs.contains("```yaml\n" + Self.manifest + "```"))
  }

  /// A browsing activity handed off from a web page continues through a `reroute` route; an
  /// activity's title fills a string parameter.
  @Test func anActivitysWebpageURLAndTitleAreRead() throws {
    let table = try Self.table()
    let handedOff = table.resolve(
      .activity, type: "com.shop.browsing",
      Payload([:]).addingActivityValues(
        webpageURL: URL(string: "https://shop.example/p/42"), title: nil),
      variant: 0)
    #expect(handedOff.status == .matched)
    #expect(handedOff.route == "product")
    #expect(handedOff.reroutedFrom == ["handoff"])
    #expect(handedOff.destination?.values == [.int(42)])
    let reading = table.resolve(
      .activity, type: "com.shop.reading",
      Payload([:]).addingActivityValues(webpageURL: nil, title: "Red shoes"), variant: 0)
    #expect(reading.status == .matched)
    #expect(reading.destination?.values == [.string("Red shoes")])
  }

  /// Without the value, the parameter is missing; a payload's own member named `$title` is no
  /// value (it did not come through the activity door), and a userInfo cannot stand in for
  /// one the activity lacks.
  @Test func onlyTheActivityDoorGivesThem() throws {
    let table = try Self.table()
    let forged = Payload(["$title": .string("forged")])
    for payload in [Payload([:]), forged] {
      let resolution = table.resolve(.activity, type: "com.shop.reading", payload, variant: 0)
      #expect(resolution.status == .invalidParams)
      #expect(resolution.errors == [ParameterError(param: "query", reason: .missing)])
    }
    let withoutTitle = table.resolve(
      .activity, type: "com.shop.reading",
      forged.addingActivityValues(webpageURL: nil, title: nil), variant: 0)
    #expect(withoutTitle.errors == [ParameterError(param: "query", reason: .missing)])
    let pushed = table.resolve(
      Payload(["type": .string("reading"), "$title": .string("forged")]), variant: 0)
    #expect(pushed.status == .invalidParams)
  }

  /// No payload gives an activity's values, so a route that needs one has no example payload
  /// (the manifest fuzzer found one that did not resolve).
  @Test func aRouteThatNeedsAnActivityValueHasNoExamplePayload() throws {
    let table = try Self.table()
    #expect(table.examplePayloads.map { table.pushTypeEntries[$0.pushType].name } == ["product"])
    #expect(table.exampleReroutePayloads.isEmpty)
  }

  /// `$` starts no payload key path: a key path elsewhere that starts with it is
  /// `invalid-key-path`, a `$` name in `from` that is not one of the two `unknown-arrival-value`.
  @Test func dollarNamesAreOnlyArrivalValues() {
    let output = lint(
      Self.manifest.replacingOccurrences(of: "$webpage_url", with: "$webpage_ur")
        .replacingOccurrences(of: "query: { from: $title }", with: "query: $query"))
    #expect(
      output.diagnostics.map { "\(brief([$0])[0]) \($0.message)" } == [
        "18:20 unknown-arrival-value `from` of parameter `url` of route `handoff` is `$webpage_ur`, which no arrival carries; did you mean `$webpage_url`?",
        "22:14 unknown-arrival-value the payload key of parameter `query` of route `reading` is `$query`, which no arrival carries; a `$` name is `$webpage_url` or `$title` (a user activity's), and no payload key starts with `$`",
      ])
  }
}
