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
      "AAAAFAAAACAAAABAAAAAAAAACAAAAdAAAACAAAAtAAAADAAABKAAAAFAAAC8AAAADAAADcAAAAAAAAACAAAD1"
      + "AAAABAAAD3AAAABAAAD7AAAEMAAAABAAAERAAAABAAAETAAAADAAAEVAAAF6AAAACAAAABAAAACAAAAlAAAAL"
      + "AAAABAAAACAAAApAAAADAAAAEAAAAHAAAAEAAAAHAAAAEAAAADAAAAEAAAAMAAAAEAAAAAAAAA1AAAAQAAAAE"
      + "AAAADAAAA1AAAAUAAAACAAAABAAAAA/////AAAQAAAAAWAAAADAAAAAAAAABAAABHAAAQAAAAAdAAAAEAAAAD"
      + "AAAAC/////AAAQAAAAAAAAAAZAAAAEAAABbAAACcAAAC0AAAAAAAAAAAAAAA/////AAABNAAABNAAAAAAAAAA"
      + "AAAAB/////AAABNAAABNAAABNAAABTAAAADAAAAEAAAAAAAAACAAABiAAAAAAAABZAAAAhAAAAFAAAAmAAAAE"
      + "AAAACAAAAqAAAAEAAAAUAAAACAAAABAAAAWAAAADAAAABAAAAdAAAAEAAAAAAAABmAAAAAAAABrAAAAAAAABu"
      + "AAAAWAAAADAAAAdAAAAEAAAAEAAAABAAAAuAAAADAAAAAAAAAxAAAAHAAAABAAAAUAAAACAAAACAAAACAAAB3"
      + "AAAAAAAAABAAAAAAAACIAAACIAAACKAAAABAAAABAAAABAAAB7AAABxAAACLAAAABAAAAAAAAAAAAAB7AAABx"
      + "AAACLAAACOAAACUAAAA4AAAAEAAAAAAAAAAAAACjAAAAAAAACaAAAABAAAA8AAAABAAAABAAACjAAAAAAAABr"
      + "AAAAAAAABuAAAABAAAAA//////////AAACmAAABN/////AAACsAAAA9AAAAFAAAAAAAAAAAAAC7AAAAAAAACy"
      + "AAAAFAAAADAAAAEAAAAAAAAA4AAAAEAAAABAAAAmAAAAEAAAAAAAAA9AAAAFAAAACAAAAhAAAAFAAAAAAAAAD"
      + "/////////////////////////AAAAB/////AAAAC/////////////////////////AAAAAAAAAEAAAADAAABC"
      + "AAAABAAAAAAAABDAAAABAAAABAAABEAAAADAAAAA////////////////////AAAAAAAAAB/////AAAACAAAAB"
      + "AAABHAAAAEAAAACAAABLAAAADAAABHAAAAEAAADtAAADwAAAAuAAAADAAABOAAAAVAAAD8AAABjAAAALAAAAC"
      + "AAABuAAAAEAAAByAAAAEAAAABAAAAAAAAB2AAAAEAAAB6AAAAE/////AAAADAAAABAAABjAAAALAAAAAAAAAA"
      + "/////AAAB+AAAANAAAAHAAAAEAAAEjAAAE1AAAFMAAAAAAAACLAAAAFAAAABAAAAAAAAAAAAAABAAAAWAAAAD"
      + "AAAABAAAAAAAAABAAACQAAAAVAAAAAAAAACAAAEYAAAABAAAEeAAAAAAAAAAAAAClAAAABAAAABAAAAAAAAAA"
      + "AAAACAAAABAAAAAAAAABAAACmAAAAOAAAABAAAADAAAEsAAAAAAAABNAAAAAAAAAAAAACLAAAAFAAAABAAAAA"
      + "AAAAAAAAAAAAAC0AAAADAAAAAAAAC3AAAAEAAAC7AAAACAAAABAAAC9AAAAXAAAACAAAADAAAE+AAAABAAAFH"
      + "AAAABAAAACAAAABAAAFVAAAAAAAABN/////AAAAAAAAABAAACKAAAAAAAABN/////AAAABAAAC0AAAADAAAFW"
      + "/////AAAAAAAAAAAAABNAAAAAAAABNAAAFcAAAAAAAAABAAAAAAAABNAAAABAAAFt/////AAAAAAAAAAAAABN"
      + "AAAAAAAABNAAAFuAAAAAAAAAAAAABNAAAAAAAABN/////AAAACAAAClAAAABAAAF0AAACLAAAAFAAAFnAAAAA"
      + "//////////AAAAB"
    #expect(words == expectedWords)
    #expect(
      text
        == "uiahomeshopbHomeItemidrefpushzoomstartmaindataweb/items/item7promo12onetypeapshttps://m.example.comitem_updateopenOpenmuteMutem.example.comitems/items/{id}?ref={ref}i/i/{id}/{ref*}newfromad/items/{id}/new?from=ad"
    )
  }
}
