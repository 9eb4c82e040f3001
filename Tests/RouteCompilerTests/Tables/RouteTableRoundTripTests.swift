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
      "000;0002000100000002000X0002000h0003001E0005003M0003003m00000002004F0001004H0001004L004^"
      + "0001004c0001004e004g0003004h006X0000006j0000006i006i0000006j006j0000004c000200010002000`"
      + "000;00010002000d00030004000700040007000400030004000<000400000010000@000400030010000D0002"
      + "00010000oooo00@0000F000300000001001B00@0000M000400030002oooo00@00000000I0004001Z002g003C"
      + "000000000000oooo001H001H0000001H000000000001oooo001H001H0000001H001H001P0003000400000002"
      + "001c0000001X0000001H000Q0005000V00040002000Z0004000D00020001000F00030001000M00040000001g"
      + "0000001l0000001o0001000F00030002000M0004000400040000oooooooo0000oooo000^000700010000oooo"
      + "oooo0002oooo00020028000000010000002O002O002Q000100010001002>0022002R0000001H000100000000"
      + "002>0022002R0000001H002U002]000e00040000000000300000002e0000001H0001000i0001000100300000"
      + "001l0000001o00010000oooooooo0033001H0000001Hoooo0039000j000500000000003L0000003A0000001H"
      + "0005000300040000000e00040001000V00040000000j00050002000Q000500000003oooooooooooooooooooo"
      + "0001oooo0002oooooooooooooooooooo000000040003000o00010000001000010001001100030000oooooooo"
      + "oooooooo00000001oooo000200010014000400020018000300140004004>004A001;0003001>000E004M001S"
      + "000;0002oooo001^0004001b000400010000001f0004001j0004oooo00030001001S000;00000000oooo001n"
      + "000=0007000400000057005N005h0000002;00050001000000000001000F00030001000000010001002@000E"
      + "00000002004k00010051000000010056oooo0000002U0001000100000000000200010000000100020001002V"
      + "000>00010003005C0000001H00000002005Loooo0000002;00050001000000000000002d00030000002g0004"
      + "002k00020001002m000G00020003005Z0001005c000100010056oooo0002000100640000001Hoooo00000001"
      + "002Q0000001Hoooo0001002d00030065oooo00000000001H0000001H006;00000000001H00010056oooo0000"
      + "0000001H0000001H006L00000000001H0000001Hoooo0002002U0001006R002;0005006F0000oooooooo0001"
      + "00000000"
    #expect(words == expectedWords)
    #expect(
      text
        == "uiahomeshopbHomeItemidrefpushzoomstartmaindata/items/item7promo12onetypeapswebhttps://m.example.comitem_updateopenOpenmuteMutem.example.comitems/items/{id}?ref={ref}i/i/{id}/{ref*}newfromad/items/{id}/new?from=ad"
    )
  }
}
