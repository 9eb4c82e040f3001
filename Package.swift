// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "RouteTable",
  platforms: [.iOS(.v16), .macOS(.v13), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
  products: [
    .executable(name: "routec", targets: ["routec"]),
    .library(name: "RouteTable", targets: ["RouteTable"]),
    .library(name: "RouteCompiler", targets: ["RouteCompiler"]),
    .plugin(name: "RouteTablePlugin", targets: ["RouteTablePlugin"]),
    .plugin(name: "LintRoutes", targets: ["LintRoutes"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0")
  ],
  targets: [
    .systemLibrary(
      name: "CYAML",
      pkgConfig: "yaml-0.1",
      providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
    ),
    // The runtime apps link: the standard library, Foundation and Observation (both ship with
    // every toolchain), and Apple frameworks only inside `#if canImport` blocks.
    .target(name: "RouteTable"),
    .target(name: "RouteCompiler", dependencies: ["CYAML", "RouteTable"]),
    .executableTarget(
      name: "routec",
      dependencies: [
        "RouteCompiler",
        "RouteTable",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .plugin(name: "RouteTablePlugin", capability: .buildTool(), dependencies: ["routec"]),
    .plugin(
      name: "LintRoutes",
      capability: .command(
        intent: .custom(verb: "lint-routes", description: "Lint route manifests")),
      dependencies: ["routec"]
    ),
    // What more than one test target uses: a YAML tree as JSON with plain scalars resolved by the
    // YAML 1.2 core schema (as editors read manifests), a seeded random number generator, and
    // the reference link matcher (which the link fuzzer compiles in too).
    .target(
      name: "TestSupport", dependencies: ["RouteCompiler", "RouteTable"], path: "Tests/TestSupport"),
    .testTarget(
      name: "RouteCompilerTests",
      dependencies: ["RouteCompiler", "TestSupport"],
      exclude: ["Fixtures"]
    ),
    .testTarget(
      name: "RouteTableTests", dependencies: ["RouteTable", "TestSupport"],
      exclude: ["PublicAPI.txt"]),
    .testTarget(
      name: "routecTests",
      dependencies: ["routec", "RouteCompiler", "TestSupport"],
      exclude: ["Fixtures"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
