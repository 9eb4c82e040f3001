import Foundation
import RoutecTestSupport
import Testing

/// The version is said in three places that must agree: `routec --version`, the newest section
/// of CHANGELOG.md, and the version README's dependency snippet names for when it is tagged.
@Suite struct ReleaseTests {
  static func text(_ file: String) throws -> String {
    try String(
      contentsOf: RoutecRunner.packageRoot.appendingPathComponent(file), encoding: .utf8)
  }

  @Test func routecChangelogAndReadmeNameOneVersion() throws {
    let heading = try #require(
      try Self.text("CHANGELOG.md").split(separator: "\n").first { $0.hasPrefix("## ") })
    let version = String(heading.dropFirst(3).prefix { $0 != " " })
    #expect(version == "0.1.0")
    let result = try RoutecRunner.run(["--version"])
    #expect(result.stdout.hasPrefix("\(version)-dev (untagged)") || result.stdout == "\(version)\n")
    #expect(try Self.text("README.md").contains(#"from: "\#(version)")"#))
  }
}
