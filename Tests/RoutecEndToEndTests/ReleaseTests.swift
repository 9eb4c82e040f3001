import Foundation
import RouteTools
import RoutecTestSupport
import Testing

/// The version is said in one place in the source (`Release.version`, which RouteToolsTests
/// checks against CHANGELOG.md's newest release); the binary must print it, and README's
/// dependency snippet must name it.
@Suite struct ReleaseTests {
  static func text(_ file: String) throws -> String {
    try String(
      contentsOf: RoutecRunner.packageRoot.appendingPathComponent(file), encoding: .utf8)
  }

  @Test func routecAndReadmeNameTheRelease() throws {
    let result = try RoutecRunner.run(["--version"])
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout == "\(Release.version)\n", "\(result)")
    #expect(try Self.text("README.md").contains(#"from: "\#(Release.version)")"#))
  }
}
