// swift-tools-version: 6.1
import PackageDescription

// A feature module of the modular shop: its screens and the feature manifest beside them.
// RouteTablePlugin generates `LearningRoutes` (the feature's `Destination`) in this module; the app
// that composes the feature resolves pushes, action taps and links to it.
let package = Package(
  name: "Learning",
  platforms: [.macOS(.v13), .iOS(.v16)],
  products: [.library(name: "Learning", targets: ["Learning"])],
  dependencies: [
    .package(name: "RouteTable", path: "../../../..")
  ],
  targets: [
    .target(
      name: "Learning",
      dependencies: [.product(name: "RouteTable", package: "RouteTable")],
      plugins: [.plugin(name: "RouteTablePlugin", package: "RouteTable")]
    )
  ],
  swiftLanguageModes: [.v6]
)
