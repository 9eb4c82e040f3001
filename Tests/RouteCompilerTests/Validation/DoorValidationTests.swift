import CompilerTestSupport
import Foundation
import Testing

@testable import RouteCompiler

/// `shortcuts` and `activities`: what lint checks beyond the rule fixtures, and what the
/// resolved manifest holds.
@Suite struct DoorValidationTests {
  private static let head = """
    manifest: 1
    screens:
      Search: {}
      Order:
        params:
          order_id: int
    routes:
      search:
        screen: Search
        aliases: [find]
      order_detail:
        screen: Order
        params: { order_id: order.id }

    """

  private func messages(_ yaml: String) -> [String] {
    lint(Self.head + yaml).diagnostics.map {
      "\($0.location.line):\($0.location.column) \($0.ruleID) \($0.message)"
    }
  }

  @Test func theResolvedManifestHoldsEachDoorInManifestOrder() throws {
    let output = lint(
      Self.head + """
        shortcuts:
          search: { route: find, title: Search, subtitle: Teachers, icon: search }
          reorder: { route: order_detail, dynamic: true, title: Again }
          orders: { route: search, title: Orders, symbol: shippingbox }
        activities:
          com.example.order: order_detail
          com.example.search: { route: find }

        """)
    #expect(output.diagnostics.isEmpty, "\(output.diagnostics)")
    let manifest = try #require(output.manifest)
    #expect(
      manifest.shortcuts == [
        .init(
          type: "search", route: 0, isDynamic: false, title: "Search", subtitle: "Teachers",
          icon: "search", symbol: nil),
        .init(
          type: "reorder", route: 1, isDynamic: true, title: "Again", subtitle: nil, icon: nil,
          symbol: nil),
        .init(
          type: "orders", route: 0, isDynamic: false, title: "Orders", subtitle: nil, icon: nil,
          symbol: "shippingbox"),
      ])
    #expect(
      manifest.activities == [
        .init(type: "com.example.order", route: 1), .init(type: "com.example.search", route: 0),
      ])
  }

  @Test func aStaticShortcutNeedsATitle() {
    #expect(
      messages("shortcuts:\n  search: { route: search }\n") == [
        "15:3 missing-key shortcut `search` is missing the required key `title`; a static shortcut is written to Info.plist and `title` is the text the Home Screen shows; add `title:`, or `dynamic: true` when the app adds it"
      ])
    #expect(
      messages("shortcuts:\n  search: { route: search, dynamic: true, title: Find }\n") == [])
  }

  /// A dynamic quick action without a title lints clean (titles localized at run time): the
  /// generated builder then takes `title: String`, so the compiler asks the app for the text.
  @Test func aDynamicQuickActionWithoutATitleMakesTheBuilderTakeOne() throws {
    func builder(_ shortcuts: String) throws -> String {
      let output = lint(Self.head + "shortcuts:\n" + shortcuts)
      #expect(output.diagnostics.isEmpty, "\(output.diagnostics)")
      let source = SwiftGenerator.generate(
        try #require(output.manifest), table: try #require(output.table),
        sourceName: "doors.routes.yaml")
      return try #require(
        source.split(separator: "\n").first { $0.contains("func shortcutItem(") }
      ).trimmingCharacters(in: .whitespaces)
    }
    #expect(
      try builder("  reorder: { route: order_detail, dynamic: true }\n")
        == "public static func shortcutItem(for destination: Destination, title: String, variant: Variant) -> ShortcutItem? {"
    )
    #expect(
      try builder(
        "  reorder: { route: order_detail, dynamic: true, title: Again }\n"
          + "  search: { route: search, title: Find }\n")
        == "public static func shortcutItem(for destination: Destination, title: String? = nil, variant: Variant) -> ShortcutItem? {"
    )
  }

  /// A misspelt `title` is one mistake: the unknown key names the missing one.
  @Test func aMisspeltTitleIsOneError() {
    #expect(
      messages("shortcuts:\n  search:\n    route: search\n    titel: Search\n") == [
        "17:5 unknown-key unknown key `titel` in shortcut `search`; did you mean `title`? (shortcut `search` has no `title`, which it needs)"
      ])
  }

  /// A static item's route that needs a value only in some variants names them.
  @Test func aValueNeededInSomeVariantsNamesThem() {
    let yaml = """
      manifest: 1
      remote_config: { variant_key: ui, default_variant: a }
      variants:
        a: { values: ["1"], tabs: [home] }
        b: { values: ["2"], tabs: [home] }
      screens:
        Search: {}
        Order:
          params:
            order_id: int
            code: string
      routes:
        search:
          screen: Search
          variants:
            b: { screen: Order }
      shortcuts:
        search: { route: search, title: Search }

      """
    #expect(
      lint(yaml).diagnostics.map { "\($0.location.line):\($0.location.column) \($0.message)" } == [
        "18:20 shortcut `search` is static, so it opens route `search` with no `userInfo`, but the route needs `order_id` and `code` in variant `b`; give each a constant in the route (`params: { order_id: { value: ... } }`), or make the shortcut `dynamic: true` and give the value when the app adds it"
      ])
  }

  /// The activity types iOS sends for a universal link and a Spotlight result are routed as
  /// links: declaring one is an error, and nothing else is said about it.
  @Test func theSystemsActivityTypesAreNotDeclared() {
    #expect(
      messages(
        """
        activities:
          NSUserActivityTypeBrowsingWeb: search
          CSSearchableItemActionType: serch
          com.apple.corespotlightitem: { route: search }

        """) == [
          "15:3 invalid-door-type activity type `NSUserActivityTypeBrowsingWeb` is how iOS delivers a universal link (`NSUserActivityTypeBrowsingWeb`), which the router routes by `links`; remove it from `activities`",
          "16:3 invalid-door-type activity type `CSSearchableItemActionType` is how iOS delivers a Spotlight result (`CSSearchableItemActionType`), which the router continues as the link in its identifier (index the item with `link(for:)` as its `uniqueIdentifier`); remove it from `activities`",
          "17:3 invalid-door-type activity type `com.apple.corespotlightitem` is how iOS delivers a Spotlight result (`CSSearchableItemActionType`), which the router continues as the link in its identifier (index the item with `link(for:)` as its `uniqueIdentifier`); remove it from `activities`",
        ])
  }

  /// Every reference to a route (a door's, a category action's, `fallback`, a requirement's)
  /// suggests the nearest push type *or alias*, and an empty one says it names no route.
  @Test func aNearAliasIsSuggestedAndAnEmptyRouteNamesNone() {
    #expect(
      messages(
        """
        shortcuts:
          search: { route: fnd, title: Search }
        activities:
          com.example.order:
        fallback: fnd

        """) == [
          "15:20 unknown-route shortcut `search` opens the push type `fnd`, which no route declares; did you mean `find`?",
          "17:21 unknown-route activity type `com.example.order` names no route; give the push type or an alias of the route it opens",
          "18:11 unknown-route `fallback` names the push type `fnd`, which no route declares; did you mean `find`?",
        ])
  }

  @Test func anIconFileExcludesTheOtherIcons() {
    #expect(
      messages(
        """
        shortcuts:
          search: { route: search, title: Search, icon: search, icon_file: Find }
          reorder: { route: order_detail, dynamic: true, title: Again, icon_file: Box }

        """) == [
          "15:49 conflicting-keys shortcut `search` has both `icon` and `icon_file`; keep one: `icon` is a system icon, `symbol` an SF Symbol, `icon_file` an image of the app's asset catalog",
          "16:75 conflicting-keys shortcut `reorder` is dynamic: the app sets its icon when it adds the item; remove `icon_file`",
        ])
  }

  @Test func iconAndSymbolExcludeEachOtherAndADynamicShortcutHasNeither() {
    #expect(
      messages(
        """
        shortcuts:
          search: { route: search, title: Search, icon: search, symbol: magnifyingglass }
          reorder: { route: order_detail, dynamic: true, title: Again, icon: add, symbol: plus }

        """) == [
          "15:49 conflicting-keys shortcut `search` has both `icon` and `symbol`; keep one: `icon` is a system icon, `symbol` an SF Symbol, `icon_file` an image of the app's asset catalog",
          "16:70 conflicting-keys shortcut `reorder` is dynamic: the app sets its icon when it adds the item; remove `icon`",
          "16:83 conflicting-keys shortcut `reorder` is dynamic: the app sets its icon when it adds the item; remove `symbol`",
        ])
  }

  @Test func anUnknownRouteIsOneErrorWithTheNearestName() {
    #expect(
      messages(
        """
        shortcuts:
          search: { route: serch, title: Search }
        activities:
          com.example.order: order_detial

        """) == [
          "15:20 unknown-route shortcut `search` opens the push type `serch`, which no route declares; did you mean `search`?",
          "17:22 unknown-route activity type `com.example.order` opens the push type `order_detial`, which no route declares; did you mean `order_detail`?",
        ])
  }

  @Test func keysAndShapesAreChecked() {
    #expect(
      messages(
        """
        shortcuts:
          search: { route: search, title: Search, dynamic: yes, badge: 1 }
        activities:
          com.example.order: { route: order_detail, title: Order }
          com.example.list: [search]

        """) == [
          "15:52 invalid-bool `dynamic` of shortcut `search` must be `true` or `false`; `yes` is a YAML 1.1 boolean, which manifests do not accept",
          "15:57 unknown-key unknown key `badge` in shortcut `search`; expected `route`, `dynamic`, `title`, `subtitle`, `icon`, `symbol` or `icon_file`",
          "17:45 unknown-key unknown key `title` in activity type `com.example.order`; expected `route`",
          "18:21 type-mismatch activity type `com.example.list` must be a mapping, found a list",
        ])
  }

  /// Quick action and activity types and intents are app-wide: a feature that declares one the app
  /// does is one error at the feature's, naming the app's.
  @Test func typesAreUniqueAcrossAnAppAndItsFeatures() {
    let app = ManifestPipeline.Input(
      bytes: Array(
        """
        manifest: 1
        compose: [Orders]
        shortcuts:
          orders: { route: order_list, title: Orders }
        activities:
          com.example.order: order_list
        intents:
          show_orders: { route: order_list, title: Show Orders }

        """.utf8), fileName: "app.routes.yaml", path: "app.routes.yaml")
    let feature = ManifestPipeline.Input(
      bytes: Array(
        """
        manifest: 1
        feature: Orders
        screens:
          OrderList: {}
        routes:
          order_list:
            screen: OrderList
        shortcuts:
          orders: { route: order_list, title: All orders }
        activities:
          com.example.order: order_list
        intents:
          show_orders: { route: order_list, title: Show My Orders }

        """.utf8), fileName: "orders.routes.yaml", path: "orders.routes.yaml")
    let output = ManifestPipeline.run(app: app, features: [feature])
    #expect(
      output.diagnostics.map {
        "\($0.location.file):\($0.location.line):\($0.location.column) \($0.message)"
      } == [
        "1:9:3 the shortcut type `orders` is also declared at app.routes.yaml:4:3; shortcut types are app-wide",
        "1:11:3 the activity type `com.example.order` is also declared at app.routes.yaml:6:3; activity types are app-wide",
        "1:13:3 the intent `show_orders` is also declared at app.routes.yaml:8:3; intents are app-wide",
      ])
  }
}
