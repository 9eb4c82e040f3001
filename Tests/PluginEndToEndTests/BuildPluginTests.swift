import Foundation
import RoutecTestSupport
import Testing

/// RouteTablePlugin as an app meets it: a throwaway package that depends on this checkout by
/// path, with one executable target that has a manifest among its sources and uses the plugin,
/// built with a real `swift build`.
///
/// One package serves every step, in order, because its first build compiles `routec` and
/// swift-argument-parser (about a minute on two cores) and each later step is incremental:
/// build and run it, add a route and see the rebuilt program resolve it, rebuild with nothing
/// changed and see that `routec` does not run, then break the manifest and see the build fail on
/// a located diagnostic.
@Suite(.timeLimit(.minutes(15)))
struct BuildPluginTests {
  @Test func buildsRebuildsAndFailsOnTheManifest() throws {
    let package = try ThrowawayPackage()
    defer { package.remove() }

    // (a) The first build generates DemoRoutes and compiles the program that switches over it.
    let first = try package.build()
    try #require(first.status == 0, "the first build failed:\n\(first.output)")
    #expect(first.output.contains(ThrowawayPackage.commandName))
    let generated = try #require(package.generatedFile(), "no generated file:\n\(first.output)")
    #expect(try package.run(["type": "detail", "id": "42"]) == "matched detail Detail(42)")
    #expect(try package.run(["type": "promo"]) == "fallback home Home")

    // (b) A route added to the manifest reaches the generated file and the rebuilt program.
    try package.writeManifest(routes: ThrowawayPackage.routes + ThrowawayPackage.promoRoute)
    let second = try package.build()
    try #require(second.status == 0, "the rebuild after an edit failed:\n\(second.output)")
    #expect(second.output.contains(ThrowawayPackage.commandName))
    #expect(try String(contentsOf: generated, encoding: .utf8).contains("promo"))
    #expect(try package.run(["type": "promo", "id": "7"]) == "matched promo Detail(7)")

    // (c) A no-op build runs nothing: no routec command, the generated file keeps its date.
    let before = try modificationDate(generated)
    let noop = try package.build()
    #expect(noop.status == 0, "the no-op build failed:\n\(noop.output)")
    #expect(!noop.output.contains(ThrowawayPackage.commandName), "routec ran:\n\(noop.output)")
    #expect(try modificationDate(generated) == before)

    // (c2) As docs/plugin.md says: `swift package lint-routes` builds `routec` for itself, and
    // SwiftPM then rebuilds the plugin's copy of it, so the next build may run `routec` once
    // more (the generated file comes out the same); the build after that runs nothing.
    let lint = try package.lintRoutes()
    #expect(lint.status == 0, "lint-routes failed:\n\(lint.output)")
    #expect(lint.output.contains("routec lint: 1 manifest checked, no problems"), "\(lint.output)")
    let afterLint = try package.build()
    #expect(afterLint.status == 0, "\(afterLint.output)")
    #expect(try modificationDate(generated) == before)
    let settled = try package.build()
    #expect(
      !settled.output.contains(ThrowawayPackage.commandName), "routec ran:\n\(settled.output)")

    // (d) A manifest error fails the build with the manifest's absolute path, line and column.
    try package.writeManifest(
      routes: ThrowawayPackage.routes.replacingOccurrences(
        of: "screen: Detail", with: "screen: Detial"))
    let failed = try package.build()
    #expect(failed.status != 0, "the build passed with an invalid manifest:\n\(failed.output)")
    let location = try package.manifestLocation(of: "Detial")
    #expect(
      failed.output.contains(
        "\(package.manifest.path):\(location.line):\(location.column): error:"),
      "no located diagnostic in:\n\(failed.output)")

    // (e) A `*.routes.yml` manifest is compiled too, into its own file.
    try package.writeManifest(routes: ThrowawayPackage.routes)
    try package.writeExtraManifest()
    let withYml = try package.build()
    #expect(withYml.status == 0, "the build with a .routes.yml manifest failed:\n\(withYml.output)")
    #expect(withYml.output.contains(ThrowawayPackage.extraCommandName), "\(withYml.output)")
  }

  private func modificationDate(_ url: URL) throws -> Date {
    let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
    return try #require(attributes[.modificationDate] as? Date)
  }
}

/// A package in a temporary folder: `Demo`, an executable target with `demo.routes.yaml`.
private struct ThrowawayPackage {
  let root: URL
  var manifest: URL { root.appendingPathComponent("Sources/Demo/demo.routes.yaml") }
  var scratch: URL { root.appendingPathComponent(".build") }

  /// The plugin's display name for the manifest's command, which SwiftPM prints when it runs it.
  static let commandName = "Generating Demo_demoRoutes.swift"
  static let extraCommandName = "Generating Demo_extraRoutes.swift from extra.routes.yml"

  static let routes = """
    routes:
      home:
        screen: Home
        tab: home
      detail:
        screen: Detail
        tab: home
        params:
          id: { from: id }

    """

  static let promoRoute = """
      promo:
        screen: Detail
        tab: home
        params:
          id: { from: id }

    """

  init() throws {
    // The real path: a symbolic link in the temporary folder's path (macOS's /var) would make
    // SwiftPM's paths differ from the ones the test expects.
    let base = FileManager.default.temporaryDirectory.resolvingSymlinksInPath()
    root = base.appendingPathComponent("routetable-plugin-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: root.appendingPathComponent("Sources/Demo"), withIntermediateDirectories: true)
    let routeTable = RoutecRunner.packageRoot.path
    try write(
      "Package.swift",
      """
      // swift-tools-version: 6.1
      import PackageDescription

      let package = Package(
        name: "PluginDemo",
        platforms: [.macOS(.v13)],
        dependencies: [.package(name: "RouteTable", path: \(Self.literal(routeTable)))],
        targets: [
          .executableTarget(
            name: "Demo",
            dependencies: [.product(name: "RouteTable", package: "RouteTable")],
            plugins: [.plugin(name: "RouteTablePlugin", package: "RouteTable")]
          )
        ]
      )

      """)
    try write(
      "Sources/Demo/main.swift",
      """
      import RouteTable

      // Prints `STATUS ROUTE SCREEN` for the payload {"type": ARG1, "id": ARG2}.
      let arguments = CommandLine.arguments.dropFirst()
      var payload: [AnyHashable: Any] = [:]
      if let type = arguments.first { payload["type"] = type }
      if arguments.count > 1 { payload["id"] = arguments[arguments.startIndex + 1] }
      let resolution = DemoRoutes.resolve(payload, variant: .v1)
      let screen: String
      switch resolution.destination {
      case .home?: screen = "Home"
      case .detail(let id)?: screen = "Detail(\\(id))"
      case nil: screen = "-"
      }
      print(resolution.status.rawValue, resolution.route ?? "-", screen)

      """)
    try writeManifest(routes: Self.routes)
  }

  func writeManifest(routes: String) throws {
    try write(
      "Sources/Demo/demo.routes.yaml",
      """
      manifest: 1
      namespace: Demo

      remote_config:
        variant_key: version
        default_variant: v1

      variants:
        v1:
          values: ["1"]
          tabs: [home]

      screens:
        Home: {}
        Detail:
          params:
            id: string

      \(routes)
      fallback: home

      """)
  }

  /// A second manifest, named the way teams whose YAML files end in `.yml` name it.
  func writeExtraManifest() throws {
    try write(
      "Sources/Demo/extra.routes.yml",
      """
      manifest: 1
      screens:
        Extra: {}
      routes:
        extra:
          screen: Extra

      """)
  }

  /// The 1-based line and column of the first occurrence of `text` in the manifest.
  func manifestLocation(of text: String) throws -> (line: Int, column: Int) {
    let lines = try String(contentsOf: manifest, encoding: .utf8).components(separatedBy: "\n")
    for (index, line) in lines.enumerated() {
      if let range = line.range(of: text) {
        return (index + 1, line.distance(from: line.startIndex, to: range.lowerBound) + 1)
      }
    }
    throw CommandFailure(description: "`\(text)` is not in the manifest")
  }

  /// `swift build` of the package; checks read both streams through `output`.
  func build() throws -> RoutecResult {
    try Self.run(
      URL(fileURLWithPath: "/usr/bin/env"),
      ["swift", "build", "--package-path", root.path, "--scratch-path", scratch.path],
      timeout: 600)
  }

  /// `swift package lint-routes` of the package.
  func lintRoutes() throws -> RoutecResult {
    try Self.run(
      URL(fileURLWithPath: "/usr/bin/env"),
      [
        "swift", "package", "--package-path", root.path, "--scratch-path", scratch.path,
        "lint-routes",
      ],
      timeout: 600)
  }

  /// Runs the built program with the payload's type and id; its one line of output.
  func run(_ payload: [String: String]) throws -> String {
    let program = scratch.appendingPathComponent("debug/Demo")
    let arguments = [payload["type"], payload["id"]].compactMap { $0 }
    let result = try Self.run(program, arguments, timeout: 60)
    guard result.status == 0 else {
      throw CommandFailure(description: "Demo exited \(result.status):\n\(result.output)")
    }
    return result.output.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// The file the plugin generated, wherever this SwiftPM keeps plugin outputs.
  func generatedFile() -> URL? {
    let outputs = scratch.appendingPathComponent("plugins/outputs")
    let files = FileManager.default.enumerator(at: outputs, includingPropertiesForKeys: nil)
    while let file = files?.nextObject() as? URL {
      if file.lastPathComponent == "Demo_demoRoutes.swift" { return file }
    }
    return nil
  }

  func remove() {
    try? FileManager.default.removeItem(at: root)
  }

  private func write(_ relativePath: String, _ contents: String) throws {
    try Data(contents.utf8).write(to: root.appendingPathComponent(relativePath), options: .atomic)
  }

  private static func literal(_ text: String) -> String {
    "\""
      + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(
        of: "\"", with: "\\\"") + "\""
  }

  private static func run(
    _ executable: URL, _ arguments: [String], timeout: Int
  ) throws -> RoutecResult {
    try RoutecRunner.runProcess(executable, arguments, timeout: .seconds(timeout))
  }

}

private struct CommandFailure: Error, CustomStringConvertible {
  var description: String
}
