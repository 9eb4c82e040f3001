import CompilerTestSupport
import Foundation
@_spi(Generated) import RouteTable
import Testing

@testable import RouteCompiler

/// What the encoder shares between records, and what it must keep apart.
@Suite struct TableSharingTests {
  /// A manifest of `routes` routes over 50 screens in `variants` variants that all have the same
  /// tabs and no overrides, so every route behaves the same in every variant.
  static func manifest(routes: Int, variants: Int) -> String {
    var yaml = "manifest: 1\nnamespace: Big\n"
    if variants > 1 {
      yaml += "remote_config:\n  variant_key: ui\n  default_variant: v0\nvariants:\n"
      for variant in 0..<variants {
        yaml += "  v\(variant):\n    values: [\"\(variant)\"]\n    tabs: [home, shop, profile]\n"
      }
    } else {
      yaml += "tabs: [home, shop, profile]\n"
    }
    yaml += "bases:\n  web: https://m.example.com\nscreens:\n"
    for screen in 0..<50 {
      yaml +=
        "  Screen\(screen):\n    params:\n      item_id: int\n"
        + "      page: { type: int, default: 1 }\n      ref: { type: string, optional: true }\n"
    }
    yaml += "routes:\n"
    for route in 0..<routes {
      yaml +=
        "  route_\(route):\n    screen: Screen\(route % 50)\n    tab: shop\n"
        + "    params:\n      item_id: { from: data.id }\n      ref: { value: push }\n"
        + "    url: \"{web}/items/{item_id}?p={page}{&ref}\"\n"
    }
    return yaml
  }

  static func generated(routes: Int, variants: Int) throws -> String {
    let output = lint(manifest(routes: routes, variants: variants), fileName: "big.routes.yaml")
    #expect(output.diagnostics.isEmpty, "\(output.diagnostics)")
    return SwiftGenerator.generate(
      try #require(output.manifest), table: try #require(output.table),
      sourceName: "big.routes.yaml")
  }

  /// Records equal across variants are written once: 20 variants without overrides cost little
  /// more than one (the variant enum and remote-config values), not 20 copies of every route.
  @Test func variantsWithoutOverridesShareTheirRecords() throws {
    let one = try Self.generated(routes: 200, variants: 1).utf8.count
    let twenty = try Self.generated(routes: 200, variants: 20).utf8.count
    let ratio = Double(twenty) / Double(one)
    #expect(ratio <= 1.3, "200 routes: \(one) bytes in one variant, \(twenty) in 20")
  }

  /// Every variant of a shared record still resolves to what it declares.
  @Test func sharedRecordsResolveInEveryVariant() throws {
    let output = lint(Self.manifest(routes: 3, variants: 4))
    let table = RouteTableEncoder.table(for: try #require(output.manifest))
    let payload = try Payload(jsonData: Data(#"{"type": "route_2", "data": {"id": "7"}}"#.utf8))
    for variant in 0..<4 {
      let resolution = table.resolve(payload, variant: variant)
      #expect(resolution.status == .matched)
      #expect(resolution.variant == "v\(variant)")
      #expect(resolution.destination?.name == "Screen2")
      #expect(
        resolution.destination?.params.map(\.value) == [.int(7), .int(1), .string("push")])
      #expect(resolution.tab == TabSelection(name: "shop", index: 1))
      #expect(resolution.url == "https://m.example.com/items/7?p=1&ref=push")
    }
  }

  /// Swift's `String` equality is canonical equivalence, so a table keyed by `String` gave `é`
  /// (one scalar) and `e` + U+0301 one offset with two lengths: the second read the first's
  /// bytes, cut or run on. Strings are shared only when their bytes are equal.
  @Test func canonicallyEquivalentStringsKeepTheirOwnBytes() throws {
    let composed = "caf\u{E9}"
    let decomposed = "cafe\u{301}"
    let output = lint(
      """
      manifest: 1
      screens:
        Menu:
          params:
            first: string
            second: string
      routes:
        menu:
          screen: Menu
          params:
            first: { value: "\(composed)" }
            second: { value: "\(decomposed)" }
      """)
    let table = RouteTableEncoder.table(for: try #require(output.manifest))
    let resolution = table.resolve(Payload(["type": "menu"]), variant: 0)
    let values = try #require(resolution.destination?.params.map(\.value))
    #expect(values.count == 2)
    guard case .string(let first)? = values[0], case .string(let second)? = values[1] else {
      Issue.record("the constants are not strings: \(values)")
      return
    }
    #expect(Array(first.utf8) == Array(composed.utf8))
    #expect(Array(second.utf8) == Array(decomposed.utf8))
  }

  /// A variant index past the table's variants read the next record's words as a route's
  /// reference, and built a payload for a variant that does not exist.
  @Test func examplePayloadOfAVariantOutOfRangeIsNil() throws {
    let output = lint(Self.manifest(routes: 3, variants: 2))
    let table = RouteTableEncoder.table(for: try #require(output.manifest))
    #expect(table.examplePayload(route: 0, variant: 0) != nil)
    #expect(table.examplePayload(route: 0, variant: 1) != nil)
    for route in 0..<3 {
      #expect(table.examplePayload(route: route, variant: 2) == nil)
      #expect(table.examplePayload(route: route, variant: 3) == nil)
      #expect(table.examplePayload(route: route, variant: -1) == nil)
    }
    #expect(table.examplePayload(route: 3, variant: 0) == nil)
  }
}
