import CompilerTestSupport
import Foundation
@_spi(Generated) import RouteTable
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
    #expect(resolution.foregroundPolicy == .navigate)
  }

  @Test func appliesPerVariantTabsOverridesDefaultsAndAliases() throws {
    let table = try Self.shopTable()
    let payload = try Self.payload(#"{"aps": {"type": "webview"}, "id": "7", "chapter": 3}"#)
    let v1 = table.resolve(payload, variant: table.variant(remoteValue: "1"), state: .foreground)
    #expect(v1.status == .matched)
    #expect(v1.route == "webview_full")
    #expect(v1.tab == TabSelection(name: "shop", index: 1))
    #expect(v1.presentation == .modal)
    #expect(v1.foregroundPolicy == .banner)
    #expect(
      v1.url
        == "https://m.example.com/index.php?c=fast_show_ctrl&m=show_book_free&id=7&hide_cache=1&chapter=3"
    )
    #expect(v1.destination?.params.map(\.value) == [.int(7), .bool(true), .int(3)])
    let v2 = table.resolve(payload, variant: table.variant(remoteValue: "2.1"))
    #expect(v2.tab == TabSelection(name: "home", index: 0))
    #expect(v2.foregroundPolicy == .navigate)
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
      home: { screen: Home, tab: home, aliases: [start, main], foreground: navigate }
      item:
        screen: Item
        tab: shop
        foreground: navigate
        params:
          id: { from: data.id }
        url: "{web}/items/{id}{?ref,zoom}"
        links: ["/items/{id}?ref={ref}", "/i/{id}/{ref*}", "/items/{id}/new?from=ad"]
        variants:
          a: { presentation: modal }
      promo: { screen: Item, only: [b], params: { id: { value: 7 } }, foreground: navigate }
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
    let encoded = try RouteTableEncoder.encode(manifest)
    let (words, text) = (encoded.words, encoded.text)
    let expectedWords =
      "000<0002000100000002000]0002000m0003001S0005003d0003004D00000002004]0001004_0001004c0055"
      + "0001005;0001005=005?0003005@007M0000007d0000007b007b0000007c007c0000005:0000005;00000000"
      + "007d000200010002000e000;00010002000i00030004000700040007000400030004000<000400000015000@"
      + "000400030015000D000200010000oooo00@0oooo000F0000000F000300000001001P00@0oooo000F0000000M"
      + "000400030002oooo00@0oooo000F00000000000I0004001h0038003W000000000000oooo001V001V0000001V"
      + "000000000001oooo001V001V0000001V001V001^000300040000000200240000001f0000001V000000000000"
      + "000Q0005000V00040002000Z0004000D00020001000F00030001000M0004000000280000002=0000002@0001"
      + "000F00030002000M0004000400040000oooooooo0000oooo000^000700010000oooooooo0002oooo0002002I"
      + "000000010000002`002`002b000100010001002O002C002c0000001V000100000000002O002C002c0000001V"
      + "002f002n000e000400000000003D000000360000001V0000000000000001000i00010001003D0000002=0000"
      + "002@00010000oooooooo003G001V0000001Voooo003M000j000500000000003c0000003U0000001V00000000"
      + "00000005000300040000000e00040001000V00040000000j00050002000Q000500000003oooooooooooooooo"
      + "oooo0001oooo0002oooooooooooooooooooo000000040003000o00010000001000010001001100030000oooo"
      + "oooooooooooo00000001oooo000200010014000400020018000300140004004U004X001;0003001>000E004d"
      + "001S000;0002oooo001^0004001b000400010000001f0004001j0004oooo00030001001S000;00000000oooo"
      + "0000001n000=000700040000005O005i006F0000002;00050001000000000001000F00030001000000010001"
      + "002@000E00000002005C0001005I00000001005Noooooooo000000000000002U000100010000000000020001"
      + "0000000100020001002V000>00010003005^0000001V00000002005goooooooo000000000000002;00050001"
      + "000000000000002d00030000002g0004002k00020001002m000G0002000300680001006A00010001005Noooo"
      + "oooo0000000000020001006U0000001Voooooooooooo0000001V00000001002b0000001Voooooooooooo0000"
      + "001V0001002d0003006Voooo00000000001V0000001V006`oooooooo0000001V00000000001V0001005Noooo"
      + "oooooooo0000001V00000000001V0000001V0079oooooooo0000001V00000000001V0000001Voooooooooooo"
      + "0000001V0002002U0001007C002;0005006o0000oooooooo0001000000000000"
    #expect(words == expectedWords)
    #expect(
      text
        == "uiahomeshopbHomeItemidrefpushzoomstartmaindata/items/item7promo12onetypeapswebhttps://m.example.comitem_updateopenOpenmuteMutem.example.comitems/items/{id}?ref={ref}i/i/{id}/{ref*}newfromad/items/{id}/new?from=ad"
    )
  }
}
