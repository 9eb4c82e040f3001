import Foundation
import RouteTable
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
    var table = try ResolverTests.table(Self.manifest)
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
}
