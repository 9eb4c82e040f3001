import Foundation
import RouteTable
import Testing

@testable import RouteCompiler

/// The compiler's encoder and the runtime's resolver meet here: each resolution goes through
/// the packed table built from a real manifest.
@Suite struct RouteTableRoundTripTests {
  static func shopTable() throws -> RouteTable {
    let url = Fixtures.folder.deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("routes/shop.routes.yaml")
    let output = ManifestPipeline.run(
      bytes: [UInt8](try Data(contentsOf: url)), fileName: "shop.routes.yaml")
    let manifest = try #require(output.manifest)
    return RouteTableEncoder.table(for: manifest)
  }

  static func payload(_ json: String) throws -> Payload {
    try Payload(jsonData: Data(json.utf8))
  }

  @Test func matchesACourseAndExpandsItsURL() throws {
    let table = try Self.shopTable()
    let resolution = table.resolve(
      try Self.payload(#"{"type": "course_page", "id": "42"}"#), variant: 1)
    #expect(resolution.status == .matched)
    #expect(resolution.variant == "v2")
    #expect(resolution.route == "course_page")
    #expect(resolution.destination?.name == "LessonDetail")
    #expect(resolution.destination?.params.map(\.name) == ["id"])
    #expect(resolution.destination?.params.first?.value == .string("42"))
    #expect(resolution.tab == TabSelection(name: "courses", index: 1))
    #expect(resolution.url == "https://m.example.com/index.php?c=course_ctrl&m=course_data&id=42")
    #expect(resolution.presentation == .push)
    #expect(resolution.action == .navigate)
  }

  @Test func appliesPerVariantTabsOverridesDefaultsAndAliases() throws {
    let table = try Self.shopTable()
    let payload = try Self.payload(#"{"aps": {"type": "webview"}, "id": "7", "chapter": 3}"#)
    let v1 = table.resolve(payload, variant: table.variant(remoteValue: "1"), state: .foreground)
    #expect(v1.status == .matched)
    #expect(v1.route == "webview_full")
    #expect(v1.tab == TabSelection(name: "shop", index: 1))
    #expect(v1.presentation == .modal)
    #expect(v1.action == .banner)
    #expect(
      v1.url
        == "https://m.example.com/index.php?c=fast_show_ctrl&m=show_book_free&id=7&hide_cache=1&chapter=3"
    )
    #expect(v1.destination?.params.map(\.value) == [.int(7), .bool(true), .int(3)])
    let v2 = table.resolve(payload, variant: table.variant(remoteValue: "2.1"))
    #expect(v2.tab == TabSelection(name: "home", index: 0))
    #expect(v2.action == .navigate)
  }

  @Test func everyStatus() throws {
    let table = try Self.shopTable()
    let v1 = try #require(table.variant(named: "v1"))
    #expect(table.resolve(try Self.payload(#"{"type": "nope"}"#), variant: v1).status == .fallback)
    #expect(table.resolve(try Self.payload(#"{"type": "nope"}"#), variant: v1).route == "home")
    #expect(table.resolve(try Self.payload(#"{}"#), variant: v1).status == .fallback)
    #expect(
      table.resolve(try Self.payload(#"{"type": "new_shelf"}"#), variant: v1).status == .unavailable
    )
    let invalid = table.resolve(
      try Self.payload(#"{"type": "webview_full", "id": "x"}"#), variant: v1)
    #expect(invalid.status == .invalidParams)
    #expect(invalid.errors == [ParameterError(param: "book_id", reason: .invalid)])
    let missing = table.resolve(try Self.payload(#"{"type": "course_page"}"#), variant: v1)
    #expect(missing.errors == [ParameterError(param: "id", reason: .missing)])
  }

  @Test func picksTheDefaultVariantForUnknownRemoteValues() throws {
    let table = try Self.shopTable()
    #expect(table.variantNames == ["v1", "v2"])
    #expect(table.variant(remoteValue: nil) == 1)
    #expect(table.variant(remoteValue: "9") == 1)
    #expect(table.variant(remoteValue: "1") == 0)
    #expect(table.variantKey == "version")
  }

  /// A manifest that uses every part of the table: lookups with aliases and remote values,
  /// per-variant routes, key paths, values, URL templates with queries.
  static let pinned = """
    manifest: 1
    payload:
      type_keys: [type, aps.type]
    remote_config:
      variant_key: ui
      default_variant: b
    variants:
      a: { values: ["1", "one"], tabs: [home, shop] }
      b: { values: ["2"], tabs: [shop, home] }
    bases:
      web: https://m.example.com
    links:
      hosts: [m.example.com]
      schemes: [shop]
    screens:
      Home: {}
      Item:
        params:
          id: int
          ref: { type: string, default: push }
          zoom: { type: double, optional: true }
    routes:
      home: { screen: Home, tab: home, aliases: [start, main] }
      item:
        screen: Item
        tab: shop
        params:
          id: { from: data.id }
        url: "{web}/items/{id}{?ref,zoom}"
        links: ["/items/{id}?ref={ref}", "/i/{id}/{ref*}", "/items/{id}/new?from=ad"]
        variants:
          a: { presentation: modal }
      promo: { screen: Item, only: [b], params: { id: { value: 7 } } }
    fallback: home
    categories:
      item_update:
        actions:
          open: { title: Open, route: item }
          mute: { title: Mute, destructive: true, authentication_required: true }
    """

  /// The table's bytes are pinned: a hash-ordered collection in the encoder (Swift seeds
  /// `Hasher` per process) would give other bytes in another run, which a comparison of two
  /// encodings in one process cannot see. Changing the layout changes these on purpose, with
  /// `RouteTableLayout.version`.
  @Test func encodingIsPinned() throws {
    let manifest = try #require(lint(Self.pinned).manifest)
    let (words, text) = try RouteTableEncoder.encode(manifest)
    let expectedWords =
      "00007000020000100000000020000M000020000]000030001:0000500032000030003R00000000020003k0"
      + "00010003m00001000410004B000010004G000010004I000030004K000600000200001000020000U0000;00"
      + "001000020000Y00003000040000700004000070000400003000040000<00004000000000e0000@00004000"
      + "030000e0000D000020000100000ooooo000@00000F00003000000000100017000@00000M00004000030000"
      + "2ooooo000@0000000000I000040001K0002R0002j000000000000000ooooo0001=0001=000000000000001"
      + "ooooo0001=0001=0001=0001C000030000400000000020001R000000001I0000Q000050000V00004000020"
      + "000Z000040000D00002000010000F00003000010000M00004000000001V000000001[000000001^0000100"
      + "00F00003000020000M00004000040000400000oooooooooo00000ooooo0000^000070000100000oooooooo"
      + "oo00002ooooo000020001g0000000001000000002>0002>0002@0000100001000010001m0001a0002A0000"
      + "100000000000001m0001a0002A0002D0002J0000e0000400000000000002Y000000002P000010000i00001"
      + "000010002Y000000001[000000001^0000100000oooooooooo0002\\0001=ooooo0002b0000j00005000000"
      + "000000031000000002h000050000300004000000000e00004000010000V00004000000000j000050000200"
      + "00Q000050000000003ooooooooooooooooooooooooo00001ooooo00002ooooooooooooooooooooooooo000"
      + "0000004000030000o0000100000000100000100001000110000300000oooooooooooooooooooo000000000"
      + "1ooooo0000200001000140000400002000180000300014000040003c0003f0001;000030001>0000E00042"
      + "0001S0000;000020001^000040001b0000400001000000001f000040001j00004ooooo00003000010001S0"
      + "000;0000000000ooooo0001n0000=00007000040004Y0004k0005B000000002;0000500001000000000000"
      + "0010000F000030000100000000010002@0000E00000000020004N000010004T00000000000002U00001000"
      + "010000000000000020000100000000010002V0000>00001000030004b000000001=00000000000002;0000"
      + "5000010000000000000000002d00003000000002g000040002k00002000010002m0000G000020000300054"
      + "000010005=0000100002000010005K000000001=ooooo00000000010002@000000001=ooooo000010002d0"
      + "00030005Looooo00000000000001=000000001=0005R0000000001000000001=000010005cooooo0000000"
      + "0000001=000000001=0005d00000000000001=000000001=ooooo000020002U000010005j0002;00005000"
      + "5]00000oooooooooo00001"
    #expect(words == expectedWords)
    #expect(
      text
        == "uiahomeshopbHomeItemidrefpushzoomstartmaindata/items/item7promo12onetypeapswebhttps://m.example.comitem_updateopenOpenmuteMutem.example.comitems/items/{id}?ref={ref}i/i/{id}/{ref*}newfromad/items/{id}/new?from=ad"
    )
  }
}
