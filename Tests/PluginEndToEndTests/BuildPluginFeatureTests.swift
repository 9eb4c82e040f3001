import Foundation
import RoutecTestSupport
import Testing

/// RouteTablePlugin across packages, as a modular app meets it: an app package whose executable
/// target composes two features, each a library target of its own package, all three using the
/// plugin, built with a real `swift build`.
///
/// One set of packages serves every step, in order (the first build compiles `routec`): build
/// and run the app; edit one feature's manifest and see only that feature and the app
/// regenerate; rebuild with nothing changed and see no `routec` run; then declare one push type
/// in both features and see the app's build fail on a located error in the second feature's
/// file that names the first.
@Suite(.timeLimit(.minutes(20)))
struct BuildPluginFeatureTests {
  @Test func composesFeaturesFromOtherPackages() throws {
    let packages = try FeaturePackages()
    defer { packages.remove() }

    // (a) The feature targets generate their `Destination`s, the app its table that wraps them.
    let first = try packages.build()
    try #require(first.status == 0, "the first build failed:\n\(first.output)")
    for command in FeaturePackages.commands {
      #expect(first.output.contains(command), "\(command) did not run:\n\(first.output)")
    }
    #expect(
      try packages.run(["order_shipped", "42"])
        == "matched order_shipped Orders.OrderDetail(42) beneath Orders.OrderList")
    #expect(try packages.run(["profile"]) == "matched profile Profile.Profile beneath -")
    #expect(try packages.run(["home"]) == "matched home Home beneath -")

    // SwiftPM links its copy of `routec` again on the second build of a new scratch folder,
    // which reruns every command once; settle that before measuring what an edit reruns.
    let settled = try packages.build()
    try #require(settled.status == 0, "\(settled.output)")

    // (b) An edit to one feature's manifest regenerates that feature and the app, not the other.
    try packages.writeOrders(extraRoute: FeaturePackages.cancelledRoute)
    let second = try packages.build()
    try #require(second.status == 0, "the rebuild after an edit failed:\n\(second.output)")
    #expect(second.output.contains(FeaturePackages.ordersCommand), "\(second.output)")
    #expect(second.output.contains(FeaturePackages.appCommand), "\(second.output)")
    #expect(!second.output.contains(FeaturePackages.profileCommand), "\(second.output)")
    #expect(
      try packages.run(["order_cancelled", "7"])
        == "matched order_cancelled Orders.OrderDetail(7) beneath -")

    // (c) A no-op build runs no routec command.
    let noop = try packages.build()
    #expect(noop.status == 0, "the no-op build failed:\n\(noop.output)")
    for command in FeaturePackages.commands {
      #expect(!noop.output.contains(command), "\(command) ran:\n\(noop.output)")
    }

    // (c2) `swift package lint-routes` checks the app manifest with the features of its
    // dependencies.
    let lint = try packages.lintRoutes()
    #expect(lint.status == 0, "lint-routes failed:\n\(lint.output)")
    #expect(lint.output.contains("routec lint: 3 manifests checked, no problems"), "\(lint.output)")

    // (d) A push type both features declare fails the app's build, located in the later file.
    try packages.writeProfile(extraRoute: FeaturePackages.collidingRoute)
    let failed = try packages.build()
    #expect(failed.status != 0, "the build passed with a collision:\n\(failed.output)")
    let profile = packages.profileManifest.path
    let orders = packages.ordersManifest.path
    let location = try FeaturePackages.location(
      of: "order_cancelled:", in: packages.profileManifest)
    #expect(
      failed.output.contains(
        "\(profile):\(location.line):\(location.column): error: the push type `order_cancelled` is also declared at \(orders):"
      ), "no located diagnostic in:\n\(failed.output)")
    let failedLint = try packages.lintRoutes()
    #expect(failedLint.status != 0, "\(failedLint.output)")
    #expect(
      failedLint.output.contains("\(profile):\(location.line):\(location.column): error:"),
      "\(failedLint.output)")

    // (e) A composed feature that no dependency holds: the build's message gives the build's
    // fix (a dependency in Package.swift), not the command line's `--feature`.
    try packages.writeProfile(extraRoute: "")
    let appManifest = packages.app.appendingPathComponent("Sources/App/shop.routes.yaml")
    let text = try String(contentsOf: appManifest, encoding: .utf8)
    try text.replacingOccurrences(of: "  - Profile\n", with: "  - Profile\n  - Loyalty\n")
      .write(to: appManifest, atomically: true, encoding: .utf8)
    let missing = try packages.build()
    #expect(missing.status != 0, "the build passed without Loyalty:\n\(missing.output)")
    #expect(
      missing.output.contains(
        "error: `compose` names the feature `Loyalty`, but no feature manifest given declares `feature: Loyalty`; add the target whose sources hold that feature's manifest to this target's dependencies in Package.swift"
      ), "\(missing.output)")
  }
}

/// `App`, `Orders` and `Profile` packages side by side in a temporary folder.
private struct FeaturePackages {
  let root: URL
  var app: URL { root.appendingPathComponent("App") }
  var scratch: URL { app.appendingPathComponent(".build") }
  var ordersManifest: URL {
    root.appendingPathComponent("Orders/Sources/Orders/orders.routes.yaml")
  }
  var profileManifest: URL {
    root.appendingPathComponent("Profile/Sources/Profile/profile.routes.yaml")
  }

  static let appCommand = "Generating App_shopRoutes.swift from shop.routes.yaml"
  static let ordersCommand = "Generating Orders_ordersRoutes.swift from orders.routes.yaml"
  static let profileCommand = "Generating Profile_profileRoutes.swift from profile.routes.yaml"
  static let commands = [appCommand, ordersCommand, profileCommand]

  static let cancelledRoute = """
      order_cancelled:
        screen: OrderDetail
        tab: orders

    """

  static let collidingRoute = """
      order_cancelled:
        screen: Profile

    """

  init() throws {
    let base = FileManager.default.temporaryDirectory.resolvingSymlinksInPath()
    root = base.appendingPathComponent("routetable-features-\(UUID().uuidString)")
    let routeTable = Self.literal(RoutecRunner.packageRoot.path)
    for feature in ["Orders", "Profile"] {
      try write(
        "\(feature)/Package.swift",
        """
        // swift-tools-version: 6.1
        import PackageDescription

        let package = Package(
          name: "\(feature)",
          platforms: [.macOS(.v13)],
          products: [.library(name: "\(feature)", targets: ["\(feature)"])],
          dependencies: [.package(name: "RouteTable", path: \(routeTable))],
          targets: [
            .target(
              name: "\(feature)",
              dependencies: [.product(name: "RouteTable", package: "RouteTable")],
              plugins: [.plugin(name: "RouteTablePlugin", package: "RouteTable")]
            )
          ]
        )

        """)
    }
    try writeOrders(extraRoute: "")
    try writeProfile(extraRoute: "")
    // Each feature builds its own screens from its own `Destination`.
    try write(
      "Orders/Sources/Orders/OrderScreens.swift",
      """
      public enum OrderScreens {
        public static func describe(_ destination: OrdersRoutes.Destination) -> String {
          switch destination {
          case .orderList: "Orders.OrderList"
          case .orderDetail(let id): "Orders.OrderDetail(\\(id))"
          }
        }
      }

      """)
    try write(
      "Profile/Sources/Profile/ProfileScreens.swift",
      """
      public enum ProfileScreens {
        public static func describe(_ destination: ProfileRoutes.Destination) -> String {
          switch destination {
          case .profile: "Profile.Profile"
          }
        }
      }

      """)
    try write(
      "App/Package.swift",
      """
      // swift-tools-version: 6.1
      import PackageDescription

      let package = Package(
        name: "App",
        platforms: [.macOS(.v13)],
        dependencies: [
          .package(name: "RouteTable", path: \(routeTable)),
          .package(path: "../Orders"),
          .package(path: "../Profile"),
        ],
        targets: [
          .executableTarget(
            name: "App",
            dependencies: [
              .product(name: "RouteTable", package: "RouteTable"),
              .product(name: "Orders", package: "Orders"),
              .product(name: "Profile", package: "Profile"),
            ],
            plugins: [.plugin(name: "RouteTablePlugin", package: "RouteTable")]
          )
        ]
      )

      """)
    try write(
      "App/Sources/App/shop.routes.yaml",
      """
      manifest: 1
      namespace: Shop
      compose:                  # a block list, as some teams write it
        - Orders
        - Profile
      tabs: [home, orders]
      screens:
        Home: {}
      routes:
        home:
          screen: Home

      """)
    try write(
      "App/Sources/App/main.swift",
      """
      import Orders
      import Profile
      import RouteTable

      /// `Feature.Screen(values)`, as `routec resolve` names a screen: the app's switch
      /// delegates each feature's destinations to the feature.
      func describe(_ destination: ShopRoutes.Destination) -> String {
        switch destination {
        case .home: "Home"
        case .orders(let destination): OrderScreens.describe(destination)
        case .profile(let destination): ProfileScreens.describe(destination)
        }
      }

      // Prints `STATUS ROUTE SCREEN beneath STACK` for the payload {"type": ARG1, "order_id": ARG2}.
      let arguments = Array(CommandLine.arguments.dropFirst())
      var payload: [AnyHashable: Any] = ["type": arguments[0]]
      if arguments.count > 1 { payload["order_id"] = arguments[1] }
      let resolution = ShopRoutes.resolve(payload, variant: .default)
      let stack = resolution.stack.map(describe).joined(separator: ",")
      print(
        resolution.status.rawValue, resolution.route ?? "-",
        resolution.destination.map(describe) ?? "-", "beneath", stack.isEmpty ? "-" : stack)

      """)
  }

  func writeOrders(extraRoute: String) throws {
    try write(
      "Orders/Sources/Orders/orders.routes.yaml",
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
          screen: OrderDetail
          tab: orders
          stack: [OrderList]
      \(extraRoute)
      """)
  }

  func writeProfile(extraRoute: String) throws {
    try write(
      "Profile/Sources/Profile/profile.routes.yaml",
      """
      manifest: 1
      feature: Profile
      screens:
        Profile: {}
      routes:
        profile:
          screen: Profile
      \(extraRoute)
      """)
  }

  /// The 1-based line and column of the first occurrence of `text` in `file`.
  static func location(of text: String, in file: URL) throws -> (line: Int, column: Int) {
    let lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
    for (index, line) in lines.enumerated() {
      if let range = line.range(of: text) {
        return (index + 1, line.distance(from: line.startIndex, to: range.lowerBound) + 1)
      }
    }
    throw FeatureFailure(description: "`\(text)` is not in \(file.path)")
  }

  func build() throws -> RoutecResult {
    try RoutecRunner.runProcess(
      URL(fileURLWithPath: "/usr/bin/env"),
      ["swift", "build", "--package-path", app.path, "--scratch-path", scratch.path],
      timeout: .seconds(900))
  }

  /// `swift package lint-routes` of the app package.
  func lintRoutes() throws -> RoutecResult {
    try RoutecRunner.runProcess(
      URL(fileURLWithPath: "/usr/bin/env"),
      [
        "swift", "package", "--package-path", app.path, "--scratch-path", scratch.path,
        "lint-routes",
      ], timeout: .seconds(900))
  }

  /// Runs the app with a push type and an order id; its one line of output.
  func run(_ arguments: [String]) throws -> String {
    let result = try RoutecRunner.runProcess(
      scratch.appendingPathComponent("debug/App"), arguments, timeout: .seconds(60))
    guard result.status == 0 else {
      throw FeatureFailure(description: "App exited \(result.status):\n\(result.output)")
    }
    return result.output.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  func remove() {
    try? FileManager.default.removeItem(at: root)
  }

  private func write(_ relativePath: String, _ contents: String) throws {
    let url = root.appendingPathComponent(relativePath)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(contents.utf8).write(to: url, options: .atomic)
  }

  private static func literal(_ text: String) -> String {
    "\""
      + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(
        of: "\"", with: "\\\"") + "\""
  }
}

private struct FeatureFailure: Error, CustomStringConvertible {
  var description: String
}
