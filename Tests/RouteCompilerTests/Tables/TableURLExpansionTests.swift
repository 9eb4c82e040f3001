import CompilerTestSupport
import Foundation
@_spi(Generated) import RouteTable
import Testing

@testable import RouteCompiler

/// A resolution expands its route's URL template from the table's records in place; it must
/// give exactly what the parsed template gives, for values that need percent-encoding, absent
/// query values, non-ASCII literals and base overrides.
@Suite struct TableURLExpansionTests {
  static let template = "{web}/caf%C3%A9/é/{id}?x=1{&n,q}"
  static let manifest = """
    manifest: 1
    bases:
      web: https://m.example.com/a
    screens:
      Page:
        params:
          id: string
          n: { type: int, optional: true }
          q: { type: string, optional: true }
    routes:
      page:
        screen: Page
        url: "\(template)"
    """

  @Test(arguments: [
    ["id": "a b"], ["id": "é/ü", "n": "7"], ["id": "%41", "q": "?#&="],
    ["id": "x&y=z", "n": "-3", "q": "ok"],
    // Ints are written digit by digit, not through a `String`: every width and both signs.
    ["id": "a", "n": "0"], ["id": "a", "n": "9"], ["id": "a", "n": "10"],
    ["id": "a", "n": "-9223372036854775808"], ["id": "a", "n": "9223372036854775807"],
  ])
  func expandsLikeTheParsedTemplate(values: [String: String]) throws {
    var table = try compiledTable(Self.manifest)
    let parsed = try URLTemplate(parsing: Self.template)
    var json = values
    json["type"] = "page"
    let payload = Payload(json.mapValues { .string($0) })
    for base in [nil, "https://staging.example"] {
      if let base { try table.overrideBase("web", with: base) }
      let expected = parsed.expand(
        base: { $0 == "web" ? base ?? "https://m.example.com/a" : nil }, value: { values[$0] })
      let resolution = table.resolve(payload, variant: 0)
      #expect(resolution.status == .matched)
      #expect(resolution.url == expected)
      #expect(
        resolution.url?.hasPrefix((base ?? "https://m.example.com/a") + "/caf%C3%A9/%C3%A9/")
          == true)
    }
  }

  static let twoBases = """
    manifest: 1
    bases:
      web: https://m.example.com
      api: https://api.example.com/v1
    screens:
      Page: {}
    routes:
      web_page: { screen: Page, url: "{web}/w" }
      api_page: { screen: Page, url: "{api}/a" }
    """

  /// A template names its base by index in the table: each route gets its own base, and an
  /// override replaces only the base it names.
  @Test func eachTemplateExpandsItsOwnBase() throws {
    var table = try compiledTable(Self.twoBases)
    let web = try Payload(jsonData: Data(#"{"type": "web_page"}"#.utf8))
    let api = try Payload(jsonData: Data(#"{"type": "api_page"}"#.utf8))
    #expect(table.resolve(web, variant: 0).url == "https://m.example.com/w")
    #expect(table.resolve(api, variant: 0).url == "https://api.example.com/v1/a")
    try table.overrideBase("api", with: "https://staging.example.com")
    #expect(table.resolve(web, variant: 0).url == "https://m.example.com/w")
    #expect(table.resolve(api, variant: 0).url == "https://staging.example.com/a")
  }

  /// A damaged table whose template names a base index past the base list expands to no URL
  /// rather than to a URL without its host.
  @Test func aBaseIndexOutsideTheTableGivesNoURL() throws {
    let manifest = try #require(lint(Self.twoBases).manifest)
    let encoded = try RouteTableEncoder.encode(manifest)
    let (words, text) = (encoded.words, encoded.text)
    // The api template's base part: kind `base`, index 1, `none`.
    let base = Array("00040001oooo".utf8)
    let damaged = Array("00040002oooo".utf8)
    var bytes = Array(words.utf8)
    let start = try #require(
      stride(from: 0, to: bytes.count, by: RouteTableWords.wordWidth).first {
        bytes[$0...].starts(with: base)
      })
    bytes.replaceSubrange(start..<start + base.count, with: damaged)
    let table = RouteTable(
      image: RouteTableImage(copyingWords: String(decoding: bytes, as: UTF8.self), text: text))
    let resolution = table.resolve(
      try Payload(jsonData: Data(#"{"type": "api_page"}"#.utf8)), variant: 0)
    #expect(resolution.status == .matched)
    #expect(resolution.url == nil)
  }
}
