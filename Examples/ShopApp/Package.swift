// swift-tools-version: 6.1
import PackageDescription

// An app's routing module, as an app would set it up: the manifest sits among the target's
// sources, RouteTablePlugin turns it into `ShopRoutes` on every build, and the target switches
// over `ShopRoutes.Destination`. `.ci/run` builds this package against the RouteTable checkout
// two folders up.
let package = Package(
  name: "ShopApp",
  platforms: [.macOS(.v13), .iOS(.v16)],
  dependencies: [
    .package(name: "RouteTable", path: "../..")
  ],
  targets: [
    .target(
      name: "ShopRouting",
      dependencies: [.product(name: "RouteTable", package: "RouteTable")],
      plugins: [.plugin(name: "RouteTablePlugin", package: "RouteTable")]
    ),
    // Resolves a few payloads through the generated API and exits 1 when one comes out wrong.
    .executableTarget(name: "ShopDemo", dependencies: ["ShopRouting"]),
    .testTarget(name: "ShopRoutingTests", dependencies: ["ShopRouting"]),
  ],
  swiftLanguageModes: [.v6]
)
