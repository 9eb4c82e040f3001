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
      "00007000020000100000000020000M000020000]000030001:000050002l000030003L00000000020003e0"
      + "00010003g000010003k0004<000010004A000010004C000030004E0005j0000200001000020000U0000;00"
      + "001000020000Y00003000040000700004000070000400003000040000<00004000000000e0000@00004000"
      + "030000e0000D000020000100000ooooo000@00000F00003000000000100017000@00000M00004000030000"
      + "2ooooo000@0000000000I000040001K0002L0002d000000000000000ooooo0001=0001=000000000000001"
      + "ooooo0001=0001=0001=0001C000030000400000000020001R000000001I0000Q000050000V00004000020"
      + "000Z000040000D00002000010000F00003000010000M00004000000001V000000001[000000001^0000F00"
      + "0030000M00004000040000400000ooooo000000000^00007000010000D0000200002000020001g00000000"
      + "010000000028000280002:0000100001000010001k0001a0002;0000100000000000001k0001a0002;0002"
      + ">0002D0000e0000400000000000002S000000002J000010000i00001000010002S000000001[000000001^"
      + "0000100000oooooooooo0002V0001=ooooo0002\\0000j0000500000000000002k000000002b00005000030"
      + "0004000000000e00004000010000V00004000000000j00005000020000Q000050000000003oooooooooooo"
      + "ooooooooooooo00001ooooo00002ooooooooooooooooooooooooo0000000004000030000o0000100000000"
      + "100000100001000110000300000oooooooooooooooooooo0000000001ooooo000020000100014000040000"
      + "2000180000300014000040003]0003`0001;000030001>0000E0003l0001S0000;000020001^000040001b"
      + "0000400001000000001f000040001j00004ooooo00003000010001S0000;0000000000ooooo0001n0000=0"
      + "0007000040004S0004e0005<000000002;00005000010000000000000010000F0000300001000000000100"
      + "02@0000E00000000020004H000010004N00000000000002U00001000010000000000000020000100000000"
      + "010002V0000>00001000030004\\000000001=00000000000002;00005000010000000000000000002d0000"
      + "3000000002g000040002k00002000010002m0000G00002000030004n00001000570000100002000010005E"
      + "000000001=ooooo00000000010002:000000001=ooooo000010002d000030005Fooooo00000000000001=0"
      + "00000001=0005L0000000001000000001=000010005]ooooo00000000000001=000000001=0005^0000000"
      + "0000001=000000001=ooooo000020002U000010005d0002;000050005W00000oooooooooo00001"
    #expect(words == expectedWords)
    #expect(
      text
        == "uiahomeshopbHomeItemidrefpushzoomstartmaindata/items/item7promo12onetypeapswebhttps://m.example.comitem_updateopenOpenmuteMutem.example.comitems/items/{id}?ref={ref}i/i/{id}/{ref*}newfromad/items/{id}/new?from=ad"
    )
  }
}
