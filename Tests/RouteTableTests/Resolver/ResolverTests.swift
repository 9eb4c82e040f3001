import Foundation
import TestSupport
import Testing

@_spi(Generated) @testable import RouteTable

/// The resolver's rules (the resolution statuses and their members), each on a small manifest of
/// `Fixtures/` whose table routec compiled (the committed reference outputs `ReferenceTables/` links).
@Suite struct ResolverTests {

  static func payload(_ json: String) throws -> Payload {
    try Payload(jsonData: Data(json.utf8))
  }

  @Test func findsRoutesByPushTypeAndAlias() throws {
    let table = AliasesRoutes.table
    #expect(table.route(forPushType: "home") == 0)
    #expect(table.route(forPushType: "item") == 1)
    #expect(table.route(forPushType: "item_v1") == 1)
    #expect(table.route(forPushType: "old_item") == 1)
    #expect(table.route(forPushType: "Item") == nil)
    #expect(table.route(forPushType: "") == nil)
    #expect(table.pushTypeEntries.map(\.name) == ["home", "item", "item_v1", "old_item"])
  }

  @Test func coercesPayloadValuesToParameterTypes() throws {
    let table = TypedParamsRoutes.table
    let resolution = table.resolve(
      try Self.payload(
        #"{"kind": "item", "data": {"count": "12"}, "flag": "1", "ratio": "2.5", "label": 12345}"#),
      variant: 0)
    #expect(resolution.status == .matched)
    #expect(resolution.variant == "default")
    #expect(
      resolution.destination?.params.map(\.value) == [
        .int(12), .bool(true), .double(2.5), .string("12345"), nil, .int(1), .string("push"),
      ])
  }

  @Test(arguments: [
    (#"{"kind": "item", "flag": true, "ratio": 1, "label": "abc"}"#, ["count:missing"]),
    (
      #"{"kind": "item", "data": {"count": "1x"}, "flag": "yes", "ratio": "nan", "label": "toolong"}"#,
      ["count:invalid", "flag:invalid", "ratio:invalid", "label:invalid"]
    ),
    (
      #"{"kind": "item", "data": {"count": 1}, "flag": false, "ratio": 1, "label": true}"#,
      ["label:invalid"]
    ),
    (
      #"{"kind": "item", "data": {"count": 1}, "flag": 1, "ratio": 1, "label": "a", "page": "p"}"#,
      ["flag:invalid", "page:invalid"]
    ),
  ])
  func reportsEachMissingOrInvalidParameter(json: String, expected: [String]) throws {
    let table = TypedParamsRoutes.table
    let resolution = table.resolve(try Self.payload(json), variant: 0)
    #expect(resolution.status == .invalidParams)
    #expect(resolution.route == "item")
    #expect(resolution.destination == nil)
    #expect(resolution.errors.map { "\($0.param):\($0.reason.rawValue)" } == expected)
  }

  @Test func readsThePushTypeFromTheFirstTypeKeyHoldingANonEmptyString() throws {
    let table = TypedParamsRoutes.table
    let base = #""data": {"count": 1}, "flag": true, "ratio": 1, "label": "a""#
    #expect(
      table.resolve(
        try Self.payload("{\"kind\": \"\", \"aps\": {\"type\": \"item\"}, \(base)}"), variant: 0
      ).status == .matched)
    #expect(
      table.resolve(
        try Self.payload("{\"kind\": 5, \"aps\": {\"type\": \"item\"}, \(base)}"), variant: 0
      ).status == .matched)
    let missing = table.resolve(try Self.payload("{\"type\": \"item\", \(base)}"), variant: 0)
    #expect(missing.status == .missingType)
    #expect(missing.pushType == nil)
    let unknown = table.resolve(try Self.payload("{\"kind\": \"other\", \(base)}"), variant: 0)
    #expect(unknown.status == .unknownType)
    #expect(unknown.pushType == "other")
    #expect(unknown.route == nil)
  }

  @Test(arguments: [
    (AppState.launch, ForegroundPolicy.navigate), (.background, .navigate), (.foreground, .ignore),
  ])
  func appliesTheForegroundPolicyOnlyInTheForeground(state: AppState, action: ForegroundPolicy)
    throws
  {
    let table = TypedParamsRoutes.table
    let payload = try Self.payload(
      #"{"kind": "item", "data": {"count": 1}, "flag": true, "ratio": 1, "label": "a"}"#)
    #expect(table.resolve(payload, variant: 0, state: state).foregroundPolicy == action)
  }

  @Test func neverHidesInvalidParamsBehindTheFallback() throws {
    let table = VariantsRoutes.table
    let new = try #require(table.variant(named: "new"))
    let unknown = table.resolve(try Self.payload(#"{"type": "nope"}"#), variant: new)
    #expect(unknown.status == .invalidParams)
    #expect(unknown.route == "page")
    #expect(unknown.errors == [ParameterError(param: "id", reason: .missing)])
    let fallback = table.resolve(try Self.payload(#"{"type": "nope", "id": "a b"}"#), variant: new)
    #expect(fallback.status == .fallback)
    #expect(fallback.pushType == "nope")
    #expect(fallback.url == "https://example.com/p/a%20b")
    #expect(fallback.tab == TabSelection(name: "home", index: 1))
  }

  @Test func resolvesAsUnavailableOutsideOnly() throws {
    let table = VariantsRoutes.table
    let resolution = table.resolve(
      try Self.payload(#"{"type": "home"}"#), variant: try #require(table.variant(named: "new")))
    #expect(resolution.status == .unavailable)
    #expect(resolution.route == "home")
    #expect(resolution.destination == nil)
    #expect(table.resolve(try Self.payload(#"{"type": "home"}"#), variant: 0).status == .matched)
  }

  @Test func anOutOfRangeVariantUsesTheDefault() throws {
    let table = VariantsRoutes.table
    #expect(
      table.resolve(try Self.payload(#"{"type": "page", "id": "1"}"#), variant: 99).variant == "new"
    )
  }

  @Test func overridesBasesWithValidURLsOnly() throws {
    var table = VariantsRoutes.table
    try table.overrideBase("web", with: "https://staging.example.com/v2")
    #expect(
      table.resolve(try Self.payload(#"{"type": "page", "id": "1"}"#), variant: 1).url
        == "https://staging.example.com/v2/p/1")
    for bad in [
      "staging.example.com", "https://x.example/", "https://x.example?a=1", "javascript://x",
      "https://", "http://a b",
    ] {
      #expect(throws: RouteTable.BaseOverrideError.invalidURL(base: "web", url: bad)) {
        try table.overrideBase("web", with: bad)
      }
    }
    #expect(throws: RouteTable.BaseOverrideError.unknownBase("api")) {
      try table.overrideBase("api", with: "https://api.example.com")
    }
    #expect(table.baseOverrides == ["web": "https://staging.example.com/v2"])
  }

  @Test func aDamagedTableNeverCrashes() throws {
    let storage = VariantsRoutes.table.image.storage
    let (words, text) = (Array(storage.words), String(decoding: storage.text, as: UTF8.self))
    let payload = try Self.payload(#"{"type": "page", "id": "1"}"#)
    var generator = SplitMix64(seed: 0x5EED)
    for _ in 0..<200 {
      var damaged = words
      for _ in 0..<8 where !damaged.isEmpty {
        damaged[Int.random(in: 0..<damaged.count, using: &generator)] = UInt8.random(
          in: 0...127, using: &generator)
      }
      let cut = Int.random(in: 0...damaged.count, using: &generator)
      let table = RouteTable(
        image: RouteTableImage(
          copyingWords: String(decoding: damaged.prefix(cut), as: UTF8.self), text: text))
      _ = table.resolve(payload, variant: 0)
      _ = table.variantNames
      _ = table.variant(remoteValue: "1")
    }
  }
}
