import Foundation
import RoutecTestSupport
import Testing

/// `routec plist` and `routec entitlements`: what the app must declare, as property lists that
/// Foundation reads back.
@Suite("routec plist and routec entitlements")
struct AppPropertyListCommandTests {
  /// Every door: schemes, hosts, static and dynamic quick actions, activity types.
  static let manifest = """
    manifest: 1
    links:
      hosts: [shop.example, www.shop.example]
      schemes: [shop, shop-beta]
    screens:
      Home: {}
      Search: {}
      Order:
        params:
          order_id: int
    routes:
      home:
        screen: Home
        links: [/]
      search:
        screen: Search
      order_detail:
        screen: Order
        params: { order_id: order.id }
        links: ["/orders/{order_id}"]
    shortcuts:
      search:
        route: search
        title: Search & find <all>
        subtitle: By title
        icon: capturePhoto
      home: { route: home, title: Home, symbol: house }
      reorder: { route: order_detail, dynamic: true }
    activities:
      com.example.shop.order: order_detail
      com.example.shop.search: search

    """

  static func run(_ arguments: [String], manifest: String = manifest) throws -> RoutecResult {
    let folder = try TemporaryFolder()
    try folder.write("app.routes.yaml", manifest)
    return try RoutecRunner.run(
      Array(arguments.prefix(1)) + ["app.routes.yaml"] + arguments.dropFirst(), in: folder.url)
  }

  static let infoPlistXML = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
    \t<key>CFBundleURLTypes</key>
    \t<array>
    \t\t<dict>
    \t\t\t<key>CFBundleURLSchemes</key>
    \t\t\t<array>
    \t\t\t\t<string>shop</string>
    \t\t\t\t<string>shop-beta</string>
    \t\t\t</array>
    \t\t</dict>
    \t</array>
    \t<key>NSUserActivityTypes</key>
    \t<array>
    \t\t<string>com.example.shop.order</string>
    \t\t<string>com.example.shop.search</string>
    \t</array>
    \t<key>UIApplicationShortcutItems</key>
    \t<array>
    \t\t<dict>
    \t\t\t<key>UIApplicationShortcutItemIconType</key>
    \t\t\t<string>UIApplicationShortcutIconTypeCapturePhoto</string>
    \t\t\t<key>UIApplicationShortcutItemSubtitle</key>
    \t\t\t<string>By title</string>
    \t\t\t<key>UIApplicationShortcutItemTitle</key>
    \t\t\t<string>Search &amp; find &lt;all&gt;</string>
    \t\t\t<key>UIApplicationShortcutItemType</key>
    \t\t\t<string>search</string>
    \t\t</dict>
    \t\t<dict>
    \t\t\t<key>UIApplicationShortcutItemIconSymbolName</key>
    \t\t\t<string>house</string>
    \t\t\t<key>UIApplicationShortcutItemTitle</key>
    \t\t\t<string>Home</string>
    \t\t\t<key>UIApplicationShortcutItemType</key>
    \t\t\t<string>home</string>
    \t\t</dict>
    \t</array>
    </dict>
    </plist>

    """

  @Test func plistWritesEveryEntryInXML() throws {
    let result = try Self.run(["plist"])
    #expect(result.status == 0, "\(result)")
    #expect(result.stderr == "")
    #expect(result.stdout == Self.infoPlistXML)
    // Foundation reads it back as the same values.
    let list = try PropertyListSerialization.propertyList(
      from: Data(result.stdout.utf8), options: [], format: nil)
    let root = try #require(list as? [String: Any])
    let types = try #require(root["CFBundleURLTypes"] as? [[String: Any]])
    #expect(types.first?["CFBundleURLSchemes"] as? [String] == ["shop", "shop-beta"])
    let items = try #require(root["UIApplicationShortcutItems"] as? [[String: String]])
    #expect(items.map { $0["UIApplicationShortcutItemType"] } == ["search", "home"])
    #expect(items.first?["UIApplicationShortcutItemTitle"] == "Search & find <all>")
    #expect(
      root["NSUserActivityTypes"] as? [String] == [
        "com.example.shop.order", "com.example.shop.search",
      ])
  }

  /// docs/app-files.md shows what `routec plist` writes for the shop manifest, exactly.
  @Test func theDocsShowTheShopsEntries() throws {
    let root = RoutecRunner.packageRoot
    let docs = try String(
      contentsOf: root.appendingPathComponent("docs/app-files.md"), encoding: .utf8)
    let start = try #require(docs.range(of: "```xml\n"))
    let end = try #require(docs.range(of: "```\n", range: start.upperBound..<docs.endIndex))
    let result = try RoutecRunner.run(["plist", "routes/shop.routes.yaml"], in: root)
    #expect(result.status == 0, "\(result)")
    #expect(String(docs[start.upperBound..<end.lowerBound]) == result.stdout)
  }

  @Test func plistWritesJSONAndTheSameBytesEveryRun() throws {
    let result = try Self.run(["plist", "--format", "json"])
    #expect(result.status == 0, "\(result)")
    #expect(
      result.stdout == """
        {
          "CFBundleURLTypes": [
            {
              "CFBundleURLSchemes": [
                "shop",
                "shop-beta"
              ]
            }
          ],
          "NSUserActivityTypes": [
            "com.example.shop.order",
            "com.example.shop.search"
          ],
          "UIApplicationShortcutItems": [
            {
              "UIApplicationShortcutItemIconType": "UIApplicationShortcutIconTypeCapturePhoto",
              "UIApplicationShortcutItemSubtitle": "By title",
              "UIApplicationShortcutItemTitle": "Search & find <all>",
              "UIApplicationShortcutItemType": "search"
            },
            {
              "UIApplicationShortcutItemIconSymbolName": "house",
              "UIApplicationShortcutItemTitle": "Home",
              "UIApplicationShortcutItemType": "home"
            }
          ]
        }

        """)
    #expect(try Self.run(["plist", "--format", "json"]).stdout == result.stdout)
  }

  /// Keys with nothing to list are left out: a manifest without doors gives an empty dictionary.
  @Test func keysWithNothingToListAreLeftOut() throws {
    let minimal = "manifest: 1\nscreens:\n  Home: {}\nroutes:\n  home:\n    screen: Home\n"
    for command in ["plist", "entitlements"] {
      let result = try Self.run([command], manifest: minimal)
      #expect(result.status == 0, "\(result)")
      #expect(result.stdout.hasSuffix("<plist version=\"1.0\">\n<dict/>\n</plist>\n"), "\(result)")
    }
  }

  @Test func entitlementsListEveryHost() throws {
    let result = try Self.run(["entitlements"])
    #expect(result.status == 0, "\(result)")
    #expect(
      result.stdout == """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>com.apple.developer.associated-domains</key>
        \t<array>
        \t\t<string>applinks:shop.example</string>
        \t\t<string>applinks:www.shop.example</string>
        \t</array>
        </dict>
        </plist>

        """)
    let list = try PropertyListSerialization.propertyList(
      from: Data(result.stdout.utf8), options: [], format: nil)
    #expect(
      (list as? [String: [String]])?["com.apple.developer.associated-domains"] == [
        "applinks:shop.example", "applinks:www.shop.example",
      ])
  }

  /// `--output` writes the file; a manifest with errors is exit 1 with lint's diagnostics.
  @Test func writesAFileAndRefusesAManifestWithErrors() throws {
    let folder = try TemporaryFolder()
    try folder.write("app.routes.yaml", Self.manifest)
    let written = try RoutecRunner.run(
      ["plist", "app.routes.yaml", "-o", "Generated.plist"], in: folder.url)
    #expect(written.status == 0, "\(written)")
    #expect(
      try String(contentsOf: folder.url.appendingPathComponent("Generated.plist"), encoding: .utf8)
        == Self.infoPlistXML)
    let broken = try Self.run(
      ["entitlements"],
      manifest: "manifest: 1\nscreens:\n  Home: {}\nroutes:\n  home:\n    screen: Hom\n")
    #expect(broken.status == 1)
    #expect(broken.stdout == "")
    #expect(
      broken.stderrLines.first
        == "app.routes.yaml:6:13: error: route `home` uses the screen `Hom`, which is not declared; did you mean `Home`? [unknown-screen]"
    )
  }

  /// A title with a control character is a manifest error (`invalid-shortcut-title`): exit 1.
  @Test func aControlCharacterInATitleIsAnError() throws {
    let result = try Self.run(
      ["plist"],
      manifest: """
        manifest: 1
        screens:
          Home: {}
        routes:
          home:
            screen: Home
        shortcuts:
          home: { route: home, title: "Ho\\u0001me" }

        """)
    #expect(result.status == 1, "\(result)")
    #expect(
      result.stderrLines == [
        "app.routes.yaml:8:31: error: `title` of shortcut `home` holds the control character \\u{1}, which the Home Screen cannot show and Info.plist cannot hold; remove it [invalid-shortcut-title]",
        "routec plist: app.routes.yaml has 1 error, 0 warnings; nothing written",
      ])
  }

  /// A noncharacter (U+FFFE) in a title is the same lint error, so what lint passes `plist`
  /// always writes: one rule for what a title may hold.
  @Test func aNoncharacterInATitleIsALintError() throws {
    let manifest = """
      manifest: 1
      screens:
        Home: {}
      routes:
        home:
          screen: Home
      shortcuts:
        home: { route: home, title: "Ho\\uFFFEme" }

      """
    let lint = try Self.run(["lint"], manifest: manifest)
    #expect(lint.status == 1, "\(lint)")
    #expect(
      lint.stderrLines.first
        == "app.routes.yaml:8:31: error: `title` of shortcut `home` holds the noncharacter \\u{FFFE}, which the Home Screen cannot show and Info.plist cannot hold; remove it [invalid-shortcut-title]"
    )
    let plist = try Self.run(["plist"], manifest: manifest)
    #expect(plist.status == 1, "\(plist)")
    #expect(
      plist.stderrLines.last
        == "routec plist: app.routes.yaml has 1 error, 0 warnings; nothing written")
  }
}
