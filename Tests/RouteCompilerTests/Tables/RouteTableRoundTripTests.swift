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
      "000:0002000100000002000U0002000e0003001B0005003J0003003j00000002004C0001004E0001004I00"
      + "4Z0001004_0001004a0003004c006P0000006b0000006a006a0000006b006b000200010002000]000;0001"
      + "0002000a00030004000700040007000400030004000<00040000000m000@00040003000m000D0002000100"
      + "00oooo00@0000F000300000001001?00@0000M000400030002oooo00@00000000I0004001W002d003@0000"
      + "00000000oooo001E001E0000001E000000000001oooo001E001E0000001E001E001M000300040000000200"
      + "1`0000001U0000001E000Q0005000V00040002000Z0004000D00020001000F00030001000M00040000001d"
      + "0000001i0000001l0001000F00030002000M0004000400040000oooooooo0000oooo000^000700010000oo"
      + "oooooo0002oooo00020025000000010000002L002L002N000100010001002;001o002O0000001E00010000"
      + "0000002;001o002O0000001E002R002Z000e000400000000002m0000002b0000001E0001000i0001000100"
      + "2m0000001i0000001l00010000oooooooo0030001E0000001Eoooo0036000j000500000000003I0000003>"
      + "0000001E0005000300040000000e00040001000V00040000000j00050002000Q000500000003oooooooooo"
      + "oooooooooo0001oooo0002oooooooooooooooooooo000000040003000o0001000000100001000100110003"
      + "0000oooooooooooooooo00000001oooo000200010014000400020018000300140004004;004>001;000300"
      + "1>000E004J001S000;0002001^0004001b000400010000001f0004001j0004oooo00030001001S000;0000"
      + "0000oooo001n000=000700040052005H005a0000002;00050001000000000001000F000300010000000100"
      + "01002@000E00000002004f0001004l0000000100510000002U000100010000000000020001000000010002"
      + "0001002V000>00010003005=0000001E00000002005F0000002;00050001000000000000002d0003000000"
      + "2g0004002k00020001002m000G00020003005S0001005\\00010001005100020001005l0000001Eoooo0000"
      + "0001002N0000001Eoooo0001002d0003005moooo00000000001E0000001E006300000000001E00010051oo"
      + "oo00000000001E0000001E006D00000000001E0000001Eoooo0002002U0001006J002;0005006>0000oooo"
      + "oooo000100000000"
    #expect(words == expectedWords)
    #expect(
      text
        == "uiahomeshopbHomeItemidrefpushzoomstartmaindata/items/item7promo12onetypeapswebhttps://m.example.comitem_updateopenOpenmuteMutem.example.comitems/items/{id}?ref={ref}i/i/{id}/{ref*}newfromad/items/{id}/new?from=ad"
    )
  }
}
