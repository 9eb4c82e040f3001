import Foundation
import RoutecTestSupport
import Testing

/// `RouteTableGenerate`, the build tool plugin's tool: `routec generate`'s arguments and output,
/// byte for byte, and its exit statuses. (PluginEndToEndTests build packages through the plugin.)
@Suite struct PluginGeneratorTests {
  /// Built beside `routec` (RoutecEndToEndTests depends on both).
  static var generator: URL? {
    RoutecRunner.executableURL.map {
      $0.deletingLastPathComponent().appendingPathComponent("RouteTableGenerate")
    }
  }

  static func run(_ arguments: [String], in folder: URL) throws -> RoutecResult {
    let generator = try #require(generator, "RouteTableGenerate was not built")
    return try RoutecRunner.runProcess(generator, arguments, in: folder)
  }

  @Test func writesWhatRoutecGenerateWrites() throws {
    let folder = try TemporaryFolder()
    try folder.write("shop.routes.yaml", try fixture("valid.routes.yaml"))
    let plugin = try Self.run(
      ["shop.routes.yaml", "--output", "plugin.swift", "--build-plugin", "package"],
      in: folder.url)
    #expect(plugin.status == 0, "\(plugin)")
    #expect(plugin.output == "")
    let routec = try RoutecRunner.run(
      ["generate", "shop.routes.yaml", "-o", "routec.swift", "--access", "public"],
      in: folder.url)
    #expect(routec.status == 0, "\(routec)")
    let written = try Data(contentsOf: folder.url.appendingPathComponent("plugin.swift"))
    #expect(written == (try Data(contentsOf: folder.url.appendingPathComponent("routec.swift"))))
  }

  @Test(arguments: [
    (
      [],
      "routec: error: usage: RouteTableGenerate MANIFEST --output FILE [--access public|internal] [--feature PATH]... [--import MODULE]... [--build-plugin package|xcode]"
    ),
    (["a.routes.yaml", "--output"], "routec: error: --output needs a value"),
    (
      ["a.routes.yaml", "-o", "x.swift", "--access", "open"],
      "routec: error: --access is public or internal, not `open`"
    ),
    (
      ["a.routes.yaml", "-o", "x.swift", "--import", "Not-A-Module"],
      "routec: error: --import expects a module name, got `Not-A-Module`"
    ),
    (["a.routes.yaml", "-o", "x.swift", "--verbose"], "routec: error: unknown option `--verbose`"),
    (
      ["a.routes.yaml", "b.routes.yaml", "-o", "x.swift"],
      "routec: error: one manifest only; `b.routes.yaml` is a second"
    ),
    (["missing.routes.yaml", "-o", "x.swift"], "routec: error: no such file: missing.routes.yaml"),
  ])
  func usageAndFileProblemsExitTwo(arguments: [String], message: String) throws {
    let folder = try TemporaryFolder()
    let result = try Self.run(arguments, in: folder.url)
    #expect(result.status == 2, "\(result)")
    #expect(result.stderrLines == [message])
  }

  @Test func aManifestWithErrorsExitsOneAndWritesNothing() throws {
    let folder = try TemporaryFolder()
    try folder.write(
      "bad.routes.yaml", "manifest: 1\nscreens:\n  Home: {}\nroutes:\n  a: { screen: B }\n")
    let result = try Self.run(["bad.routes.yaml", "-o", "x.swift"], in: folder.url)
    #expect(result.status == 1, "\(result)")
    #expect(
      result.stderrLines.last
        == "routec generate: bad.routes.yaml has 1 error, 0 warnings; nothing written")
    #expect(
      !FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("x.swift").path))
  }
}
