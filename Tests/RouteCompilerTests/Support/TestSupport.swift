import CompilerTestSupport
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

/// Runs the whole front end on a fixture file.
func lintFixture(_ relativePath: String) throws -> ManifestPipeline.Output {
  let url = Fixtures.url(relativePath)
  return ManifestPipeline.run(
    bytes: try Fixtures.bytes(relativePath), fileName: url.lastPathComponent)
}
