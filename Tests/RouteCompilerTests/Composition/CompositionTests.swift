import CompilerTestSupport
import Foundation
import RouteCompiler
import Testing

/// Feature manifests and the app manifests that compose them (`Fixtures/composition`): a feature
/// checked alone, a composition checked as one manifest, and every cross-file diagnostic located
/// in the file that holds the line, naming the other place.
@Suite("Composing manifests: feature modules")
struct CompositionTests {
  /// `files[0]` is the app manifest; the rest are its features, in order.
  static func compose(_ folder: String, _ files: [String]) throws -> ManifestPipeline.Output {
    let inputs = try files.map { input(try Fixtures.bytes("composition/\(folder)/\($0)"), $0) }
    return ManifestPipeline.run(app: inputs[0], features: Array(inputs.dropFirst()))
  }

  /// A file of a composition, named `name` in messages.
  static func input(_ bytes: [UInt8], _ name: String) -> ManifestPipeline.Input {
    ManifestPipeline.Input(bytes: bytes, fileName: name, path: name)
  }

  /// The app manifest `app` composed with the feature fixture `appscreens/orders.routes.yaml`.
  static func composeAppScreens(app: String) throws -> ManifestPipeline.Output {
    ManifestPipeline.run(
      app: input(Array(app.utf8), "app.routes.yaml"),
      features: [
        input(try Fixtures.bytes("composition/appscreens/orders.routes.yaml"), "orders.routes.yaml")
      ])
  }

  /// `"orders.routes.yaml:15:3 duplicate-push-type"`: a diagnostic with its file's name.
  static func located(_ output: ManifestPipeline.Output, _ files: [String]) -> [String] {
    output.diagnostics.map {
      "\(files[$0.location.file]):\($0.location.line):\($0.location.column) \($0.ruleID)"
    }
  }

  static let clean = ["shop.routes.yaml", "orders.routes.yaml", "profile.routes.yaml"]
  static let collisions = ["app.routes.yaml", "orders.routes.yaml", "profile.routes.yaml"]

  @Test func aCleanCompositionIsOneManifest() throws {
    let output = try Self.compose("clean", Self.clean)
    #expect(output.diagnostics.isEmpty, "\(output.diagnostics)")
    let manifest = try #require(output.manifest)
    #expect(manifest.namespace == "Shop")
    #expect(
      manifest.screens.map(\.name) == [
        "Home", "SignIn", "Orders.OrderList", "Orders.OrderDetail", "Profile.Profile",
        "Profile.OrderDetail",
      ])
    #expect(
      manifest.routes.map(\.key) == [
        "home", "sign_in", "order_list", "order_shipped", "profile", "past_order",
      ])
    // A bare name in a feature means its own screen; another feature's is written in full.
    let shipped = try #require(manifest.routes.first { $0.key == "order_shipped" })
    let shippedRoute = try #require(shipped.variants[0])
    #expect(shippedRoute.screen.map { manifest.screens[$0].name } == "Orders.OrderDetail")
    #expect(shippedRoute.stack.map { manifest.screens[$0.screen].name } == ["Orders.OrderList"])
    #expect(shipped.requires.map { manifest.requirements[$0].name } == ["signed_in"])
    let past = try #require(manifest.routes.first { $0.key == "past_order" })
    let pastRoute = try #require(past.variants[0])
    #expect(pastRoute.screen.map { manifest.screens[$0].name } == "Profile.OrderDetail")
    #expect(
      pastRoute.stack.map { manifest.screens[$0.screen].name } == [
        "Profile.Profile", "Orders.OrderList",
      ])
    // `only: [v2]` names the app's variant.
    let profile = try #require(manifest.routes.first { $0.key == "profile" })
    #expect(profile.variants.map { $0 != nil } == [false, true])
  }

  @Test func collisionsAreLocatedInTheFileThatHoldsTheLine() throws {
    let output = try Self.compose("collisions", Self.collisions)
    #expect(
      Self.located(output, Self.collisions) == [
        "app.routes.yaml:3:28 unknown-feature",
        "orders.routes.yaml:4:3 duplicate-key",
        "orders.routes.yaml:6:3 duplicate-key",
        "orders.routes.yaml:15:3 duplicate-push-type",
        "orders.routes.yaml:20:10 unknown-tab",
        "profile.routes.yaml:10:15 duplicate-push-type",
        "profile.routes.yaml:11:16 unknown-requirement",
        "profile.routes.yaml:12:13 ambiguous-links",
      ])
    #expect(output.manifest == nil)
  }

  @Test func aCollisionNamesTheOtherFileAndLine() throws {
    let output = try Self.compose("collisions", Self.collisions)
    let messages = output.diagnostics.map(\.message)
    #expect(
      messages.contains(
        "the push type `order_list` is also declared at app.routes.yaml:18:3; push types and aliases are unique across the app and its features"
      ))
    #expect(
      messages.contains(
        "the alias `order_shipped` is also declared at orders.routes.yaml:18:3; push types and aliases are unique across the app and its features"
      ))
    #expect(
      messages.contains(
        "the category `order` is also declared at app.routes.yaml:10:3; categories are app-wide"))
    #expect(
      messages.contains(
        "the base `web` is also declared at app.routes.yaml:8:3; bases are app-wide"))
    #expect(
      messages.contains(
        "the link `/orders/{id}` ties with `/orders/{order_id}` of route `order_shipped` (orders.routes.yaml:21:13): `https://shop.example/orders/1` matches both and neither is more specific; make one of them more specific or remove it"
      ))
    #expect(
      messages.contains(
        "`compose` names the feature `Cart`, but no feature manifest given declares `feature: Cart`; give its manifest too (`routec lint APP --feature PATH`, or lint the folder that holds both)"
      ))
  }

  /// The app's `Destination` has a case per app screen and one per feature; each feature's
  /// `Destination` has its own screens' cases, and its enum is `<Feature>Routes`.
  @Test func swiftNamesClashOnlyWithinAModule() throws {
    let files = [
      "app.routes.yaml", "orders.routes.yaml", "shop.routes.yaml", "profile.routes.yaml",
    ]
    let output = try Self.compose("names", files)
    #expect(
      Self.located(output, files) == [
        "app.routes.yaml:3:11 swift-name-collision", "app.routes.yaml:3:19 swift-name-collision",
        "profile.routes.yaml:6:3 swift-name-collision",
      ])
    #expect(
      output.diagnostics.map(\.message) == [
        "the feature `Orders` and the app's screen `Orders` (app.routes.yaml:5:3) both become the case `orders` of the app's `Destination`; rename one",
        "the feature `Shop` and the app's namespace (app.routes.yaml:2:12) both become the enum `ShopRoutes`; rename one",
        "screen `Profile.UrlPage` and `Profile.URLPage` (profile.routes.yaml:5:3) both become the Swift name `urlPage`; rename one",
      ])
  }

  /// A bare screen name a feature does not declare (nor nearly) is the app's: alone it is
  /// taken on trust with the parameters the feature binds for it, composed it must be an app
  /// screen that has them.
  @Test func aFeatureMayNameTheAppsScreens() throws {
    let alone = try Self.compose("appscreens", ["orders.routes.yaml"])
    #expect(alone.diagnostics.isEmpty, "\(alone.diagnostics)")
    let files = ["app.routes.yaml", "orders.routes.yaml"]
    let composed = try Self.compose("appscreens", files)
    #expect(composed.diagnostics.isEmpty, "\(composed.diagnostics)")
    let manifest = try #require(composed.manifest)
    let list = try #require(manifest.routes.first { $0.key == "order_list" }?.variants[0])
    #expect(list.stack.map { manifest.screens[$0.screen].name } == ["Home"])
    let home = try #require(manifest.routes.first { $0.key == "orders_home" }?.variants[0])
    #expect(home.screen.map { manifest.screens[$0].name } == "Home")
    let withoutHome = try Self.composeAppScreens(
      app: "manifest: 1\nnamespace: Shop\ncompose: [Orders]\n")
    #expect(
      Self.located(withoutHome, files) == [
        "orders.routes.yaml:8:13 unknown-screen", "orders.routes.yaml:10:13 unknown-screen",
        "orders.routes.yaml:12:13 unknown-screen",
      ])
    // The parameters a feature binds for an app screen are the app's to check.
    let withoutParam = try Self.composeAppScreens(
      app:
        "manifest: 1\nnamespace: Shop\ncompose: [Orders]\nscreens:\n  Home: {}\n  Account: {}\n  Profile:\n    params:\n      user_id: int\n"
    )
    #expect(
      Self.located(withoutParam, files) == [
        "orders.routes.yaml:14:7 unknown-param", "orders.routes.yaml:16:56 unknown-param",
      ])
  }

  /// A feature manifest that cannot be parsed is one mistake: its syntax error, not also an
  /// unknown feature at `compose`, nor every reference to its screens and routes.
  @Test func anUnreadableFeatureIsOneError() throws {
    let orders = Array("manifest: 1\nfeature: Orders\nscreens: [\n".utf8)
    let output = ManifestPipeline.run(
      app: Self.input(try Fixtures.bytes("composition/clean/shop.routes.yaml"), "shop.routes.yaml"),
      features: [
        Self.input(orders, "orders.routes.yaml"),
        Self.input(
          try Fixtures.bytes("composition/clean/profile.routes.yaml"), "profile.routes.yaml"),
      ])
    let files = ["shop.routes.yaml", "orders.routes.yaml", "profile.routes.yaml"]
    #expect(Self.located(output, files) == ["orders.routes.yaml:4:1 yaml-syntax"])
    #expect(ManifestRole(bytes: orders) == .feature("Orders"))
  }

  @Test func aFeatureNamedTwiceIsOneErrorAtTheSecond() throws {
    let files = ["shop.routes.yaml", "orders.routes.yaml", "orders.routes.yaml"]
    let output = try Self.compose("clean", files)
    #expect(
      Self.located(output, files) == [
        "shop.routes.yaml:3:19 unknown-feature", "orders.routes.yaml:2:10 duplicate-key",
      ])
    #expect(output.diagnostics.last?.location.file == 2)
    #expect(
      output.diagnostics.last?.message
        == "the feature `Orders` is also declared at orders.routes.yaml:2:10; a feature's name is unique in the app"
    )
  }

  @Test func aFeatureAloneChecksWhatItCanWithoutTheApp() throws {
    // Tabs, variants, requirements, bases and link hosts are the app's: not errors alone.
    for feature in ["orders.routes.yaml", "profile.routes.yaml"] {
      let output = try lintFixture("composition/clean/\(feature)")
      #expect(output.diagnostics.isEmpty, "\(feature): \(output.diagnostics)")
      #expect(output.feature != nil)
    }
    // What the feature says about itself is checked: its own screens, parameters and links.
    let broken = lint(
      """
      manifest: 1
      feature: Orders
      screens:
        OrderList: {}
        OrderDetail:
          params:
            order_id: int
      routes:
        order_shipped:
          screen: OrderDetal
          tab: orders
          links: ["/orders/{id}"]
        order_list:
          screen: OrderDetail
          stack: [OrderLst]
      """)
    #expect(brief(broken.diagnostics) == ["10:13 unknown-screen", "15:13 unknown-screen"])
    #expect(
      broken.diagnostics.first?.message
        == "route `order_shipped` uses the screen `Orders.OrderDetal`, which is not declared; did you mean `Orders.OrderDetail`?"
    )
    #expect(broken.diagnostics.allSatisfy { $0.location.file == 0 })
  }

  /// The clean app manifest with `compose` rewritten to `items`.
  static func app(composing items: String) throws -> ManifestPipeline.Input {
    let text = String(
      decoding: try Fixtures.bytes("composition/clean/shop.routes.yaml"), as: UTF8.self)
    return input(
      Array(text.replacingOccurrences(of: "compose: [Orders, Profile]", with: items).utf8),
      "shop.routes.yaml")
  }

  /// A misspelt feature in `compose` is one error with the name it nearly is, and is composed as
  /// that feature: no error for what the feature supplies (its routes, its screens that another
  /// feature's stack names).
  @Test func aMisspeltFeatureIsOneErrorThatNamesTheFeatureGiven() throws {
    let output = ManifestPipeline.run(
      app: try Self.app(composing: "compose: [Order, Profile]"),
      features: try ["orders.routes.yaml", "profile.routes.yaml"].map {
        Self.input(try Fixtures.bytes("composition/clean/\($0)"), $0)
      })
    #expect(brief(output.diagnostics) == ["3:11 unknown-feature"])
    #expect(
      output.diagnostics.first?.message
        == "`compose` names the feature `Order`, but no feature manifest given declares `feature: Order`; did you mean `Orders`?"
    )
  }

  /// A feature not given at all is one error too: another feature's reference to one of its
  /// screens, under any feature name not composed, is not reported on top of it.
  @Test func aFeatureNotGivenIsOneErrorWithTheFixForWhereFeaturesComeFrom() throws {
    let profile = Self.input(
      try Fixtures.bytes("composition/clean/profile.routes.yaml"), "profile.routes.yaml")
    let fixes: [FeatureSource: String] = [
      .commandLine:
        "give its manifest too (`routec lint APP --feature PATH`, or lint the folder that holds both)",
      .packageBuild:
        "add the target whose sources hold that feature's manifest to this target's dependencies in Package.swift (the build reads the feature manifests of the targets this one depends on)",
      .xcodeBuild:
        "add that feature's manifest to the files of a target of this project (the build reads the feature manifests of the project's targets)",
    ]
    for source in FeatureSource.allCases {
      let output = ManifestPipeline.run(
        app: try Self.app(composing: "compose: [Order, Profile]"), features: [profile],
        source: source)
      #expect(brief(output.diagnostics) == ["3:11 unknown-feature"], "\(source)")
      #expect(
        output.diagnostics.first?.message
          == "`compose` names the feature `Order`, but no feature manifest given declares `feature: Order`; \(fixes[source] ?? "")"
      )
    }
    // A composed feature's screen that does not exist is still an error.
    let broken = String(decoding: profile.bytes, as: UTF8.self)
      .replacingOccurrences(
        of: "stack: [Profile, Orders.OrderList]", with: "stack: [Profile, Profile.Nope]")
    let output = ManifestPipeline.run(
      app: try Self.app(composing: "compose: [Order, Profile]"),
      features: [Self.input(Array(broken.utf8), "profile.routes.yaml")])
    #expect(brief(output.diagnostics) == ["3:11 unknown-feature", "17:22 unknown-screen"])
  }

  /// A tab a variant lacks that a feature's routes select is one error at the app's variant,
  /// naming each route in its file; a route's tab missing from every variant it exists in is one
  /// error at the route, naming the variants.
  @Test func aTabAVariantLacksIsOneErrorAcrossFiles() throws {
    let text = String(
      decoding: try Fixtures.bytes("composition/clean/shop.routes.yaml"), as: UTF8.self)
    let app = Self.input(
      Array(
        text.replacingOccurrences(
          of: "v1: { values: [\"1\"], tabs: [home, orders] }",
          with: "v1: { values: [\"1\"], tabs: [home] }"
        ).utf8), "shop.routes.yaml")
    let features = try ["orders.routes.yaml", "profile.routes.yaml"].map {
      Self.input(try Fixtures.bytes("composition/clean/\($0)"), $0)
    }
    let output = ManifestPipeline.run(app: app, features: features)
    #expect(Self.located(output, Self.clean) == ["shop.routes.yaml:7:24 unknown-tab"])
    #expect(
      output.diagnostics.first?.message
        == "variant `v1` has no tab `orders`, which 2 routes select: `order_list` (orders.routes.yaml:11:10) and `order_shipped` (orders.routes.yaml:15:10); add `orders` to its `tabs`, or give those routes a tab per variant (`tab: { v1: ..., ... }`)"
    )
    let misspelt = String(decoding: features[0].bytes, as: UTF8.self)
      .replacingOccurrences(
        of: "    tab: orders\n    links: [\"/orders\"]",
        with: "    tab: ordrs\n    links: [\"/orders\"]")
    let typo = ManifestPipeline.run(
      app: try Self.app(composing: "compose: [Orders, Profile]"),
      features: [Self.input(Array(misspelt.utf8), "orders.routes.yaml"), features[1]])
    #expect(Self.located(typo, Self.clean) == ["orders.routes.yaml:11:10 unknown-tab"])
    #expect(
      typo.diagnostics.first?.message
        == "variants `v1` and `v2` have no tab `ordrs`; did you mean `orders`?")
  }

  @Test func anAppManifestAloneReportsEachFeatureItCannotFind() throws {
    let output = try lintFixture("composition/clean/shop.routes.yaml")
    #expect(brief(output.diagnostics) == ["3:11 unknown-feature", "3:19 unknown-feature"])
  }
}
