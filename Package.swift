// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "RouteTable",
  platforms: [.iOS(.v16), .macOS(.v13), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
  products: [
    .executable(name: "routec", targets: ["routec"]),
    .library(name: "RouteTable", targets: ["RouteTable"]),
    .library(name: "RouteTableNavigation", targets: ["RouteTableNavigation"]),
    .plugin(name: "RouteTablePlugin", targets: ["RouteTablePlugin"]),
    .plugin(name: "LintRoutes", targets: ["LintRoutes"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    // libyaml's C sources, compiled by Yams as its `CYaml` target: the compiler drives libyaml's
    // event parser directly (`import CYaml`), and no machine installs libyaml or pkg-config.
    .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
  ],
  targets: [
    // The core runtime, the one module generated code imports: packed tables, the resolver for
    // pushes, action taps and links, URL expansion, `Resolution`. The standard library and
    // Foundation only.
    .target(name: "RouteTable"),
    // What an app wires in: the router with its cold-launch gate, the navigation decision and
    // `NavigationState` (Observation, which ships with every toolchain), and the UIKit, SwiftUI
    // and UserNotifications appliers inside exact `#if canImport` blocks. Re-exports RouteTable.
    .target(name: "RouteTableNavigation", dependencies: ["RouteTable"]),
    // The pipeline and nothing else: YAML -> nodes -> manifest -> composition -> validation ->
    // tables -> Swift (`ManifestPipeline`), with the parsers only it needs.
    .target(
      name: "RouteCompiler",
      dependencies: ["RouteTable", .product(name: "Yams", package: "Yams")]),
    // What consumes a resolved manifest: diff, schemas, graph, Remote Config, report formats,
    // the apple-app-site-association file.
    .target(name: "RouteTools", dependencies: ["RouteCompiler", "RouteTable"]),
    // What routec and the plugin's generator share: manifest files and the file system,
    // diagnostics as text, `routec generate`'s work. No argument parser, no tools.
    .target(name: "RoutecCore", dependencies: ["RouteCompiler", "RouteTable"]),
    .executableTarget(
      name: "routec",
      dependencies: [
        "RouteCompiler",
        "RoutecCore",
        "RouteTools",
        "RouteTable",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    // The build tool plugin's tool: `routec generate` and nothing else, so an app's first
    // build compiles the pipeline, not the argument parser and the tools (Benchmarks/RESULTS.md).
    .executableTarget(name: "RouteTableGenerate", dependencies: ["RoutecCore", "RouteCompiler"]),
    .plugin(
      name: "RouteTablePlugin", capability: .buildTool(), dependencies: ["RouteTableGenerate"]),
    .plugin(
      name: "LintRoutes",
      capability: .command(
        intent: .custom(verb: "lint-routes", description: "Lint route manifests")),
      dependencies: ["routec"]
    ),
    // What more than one test target uses, without libyaml: a seeded random number generator,
    // a reference percent-decoder, the public-API extraction the pinned lists are checked with.
    .target(name: "TestSupport", dependencies: ["RouteTable"], path: "Tests/TestSupport"),
    // What the compiler's and routec's tests share: a YAML tree as JSON with plain scalars
    // resolved by the YAML 1.2 core schema (as editors read manifests), the reference link
    // matcher (which the link fuzzer compiles in too), and the examples of docs/rules.md.
    .target(
      name: "CompilerTestSupport", dependencies: ["RouteCompiler", "TestSupport"],
      path: "Tests/CompilerTestSupport"),
    .testTarget(
      name: "RouteCompilerTests",
      dependencies: ["RouteCompiler", "TestSupport", "CompilerTestSupport"],
      exclude: ["Fixtures"]
    ),
    // What routec and the plugin's generator share, in-process: the diagnostic text renderer.
    .testTarget(name: "RoutecCoreTests", dependencies: ["RoutecCore", "RouteCompiler"]),
    .testTarget(
      name: "RouteToolsTests",
      dependencies: ["RouteTools", "RouteCompiler", "TestSupport", "CompilerTestSupport"],
      exclude: ["Fixtures"]
    ),
    // The runtime's tests, in folders named after the sources'. The resolver's run over tables
    // compiled by routec from the manifests in Fixtures/: ReferenceTables/ links their committed
    // reference outputs (Tests/RoutecEndToEndTests/Reference), so no test here needs the compiler.
    .testTarget(
      name: "RouteTableTests", dependencies: ["RouteTable", "TestSupport"],
      exclude: ["PublicAPI.txt", "Fixtures"]),
    // The router's tests run over tables compiled by routec: ReferenceTables/ links the committed
    // reference outputs of the manifests in Fixtures/ and the compiler's doors and intents
    // fixtures (Tests/RoutecEndToEndTests/Reference), so they need no compiler.
    .testTarget(
      name: "RouteTableNavigationTests",
      dependencies: ["RouteTableNavigation", "RouteTable", "TestSupport"],
      exclude: ["PublicAPI.txt", "PublicAPI-iOS.txt", "Fixtures"]),
    // The tests that compile Swift with swiftc (the public API of the two runtime modules, pinned
    // in the PublicAPI.txt files of their test folders, and code that must not compile): seconds
    // each, so apart from the unit tests.
    .testTarget(name: "CompiledAPIEndToEndTests", dependencies: ["TestSupport"]),
    // The committed reference outputs of `routec generate` (symbolic links to
    // Tests/RoutecEndToEndTests/Reference), compiled as an app's code and called as an app calls them.
    .testTarget(name: "ReferenceConsumerTests", dependencies: ["RouteTable"]),
    // What RoutecEndToEndTests and PluginEndToEndTests share: the runner of the built routec binary and
    // child processes, temporary folders.
    .target(name: "RoutecTestSupport", path: "Tests/RoutecTestSupport"),
    .testTarget(
      name: "RoutecEndToEndTests",
      dependencies: [
        "routec", "RouteTableGenerate", "RoutecCore", "RouteCompiler", "RouteTools", "TestSupport",
        "CompilerTestSupport",
        "RoutecTestSupport",
      ],
      exclude: ["Fixtures", "Reference"]
    ),
    // The tests that run real `swift build`s of packages through the build tool plugin: minutes,
    // where the rest of the suite takes seconds per target. `swift test --skip PluginEndToEndTests`
    // runs the fast suite.
    .testTarget(
      name: "PluginEndToEndTests", dependencies: ["routec", "RoutecTestSupport", "TestSupport"]),
  ],
  swiftLanguageModes: [.v6]
)
