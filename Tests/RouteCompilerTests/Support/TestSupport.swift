import Foundation
import RouteCompiler

/// Fixtures live beside the tests that use them, in `Tests/RouteCompilerTests/Fixtures`.
enum Fixtures {
  static let folder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures")

  static func url(_ relativePath: String) -> URL {
    folder.appendingPathComponent(relativePath)
  }

  static func bytes(_ relativePath: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: url(relativePath)))
  }

  /// The shared conformance suites beside the project's root (`../shared/conformance`), or nil
  /// when this checkout has none.
  static var conformance: URL? {
    let url = folder.deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("shared/conformance")
    return FileManager.default.fileExists(atPath: url.path) ? url : nil
  }
}

/// A diagnostic reduced to what tests compare: `"3:5 unknown-screen"`.
func brief(_ diagnostics: [Diagnostic]) -> [String] {
  diagnostics.map { "\($0.location.line):\($0.location.column) \($0.rule.rawValue)" }
}

/// Runs the whole front end on YAML text.
func lint(_ yaml: String, fileName: String = "test.routes.yaml") -> ManifestPipeline.Output {
  ManifestPipeline.run(bytes: Array(yaml.utf8), fileName: fileName)
}

/// Runs the whole front end on a fixture file.
func lintFixture(_ relativePath: String) throws -> ManifestPipeline.Output {
  let url = Fixtures.url(relativePath)
  return ManifestPipeline.run(
    bytes: try Fixtures.bytes(relativePath), fileName: url.lastPathComponent)
}

/// A minimal valid manifest that tests extend with the parts they are about.
let minimalManifest = """
  manifest: 1
  screens:
    Home: {}
  routes:
    home:
      screen: Home

  """
