// swift-tools-version: 6.1
import PackageDescription

// The app of the modular shop: `ShopRouting` holds the app manifest, which composes the Orders
// and Learning features of the packages beside it. RouteTablePlugin finds their feature
// manifests through the target's dependencies, checks the composition on every build, and
// generates `ShopRoutes`, whose `Destination` wraps each feature's. `.ci/run` builds and tests
// this package against the RouteTable checkout four folders up.
let package = Package(
  name: "ModularShopApp",
  platforms: [.macOS(.v13), .iOS(.v16)],
  dependencies: [
    .package(name: "RouteTable", path: "../../.."),
    .package(path: "../Features/Orders"),
    .package(path: "../Features/Learning"),
  ],
  targets: [
    .target(
      name: "ShopRouting",
      dependencies: [
        .product(name: "RouteTable", package: "RouteTable"),
        .product(name: "Orders", package: "Orders"),
        .product(name: "Learning", package: "Learning"),
      ],
      plugins: [.plugin(name: "RouteTablePlugin", package: "RouteTable")]
    ),
    // Resolves a few payloads and links through the generated API; exits 1 when one is wrong.
    .executableTarget(name: "ModularShopDemo", dependencies: ["ShopRouting"]),
    .testTarget(name: "ShopRoutingTests", dependencies: ["ShopRouting"]),
  ],
  swiftLanguageModes: [.v6]
)
