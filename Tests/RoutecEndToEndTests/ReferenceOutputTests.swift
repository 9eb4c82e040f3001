import Foundation
import RoutecTestSupport
import Testing

/// The generator's reference outputs (`Reference/` beside this file): what `routec generate`
/// writes for the shop example, a manifest with every key, two feature manifests and the app
/// that composes them, and the tables the runtime's tests run over (RouteTableTests and
/// RouteTableNavigationTests link them, so they need no compiler). Each must equal the committed file byte for byte, so every change to the
/// generator is a diff of these files in review; `scripts/update-reference.sh` rewrites them.
@Suite struct ReferenceOutputTests {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Reference")

  /// The lines of `Reference/commands.txt`: a reference file, then `routec generate`'s
  /// arguments.
  static func commands() throws -> [(output: String, arguments: [String])] {
    let text = try String(
      contentsOf: folder.appendingPathComponent("commands.txt"), encoding: .utf8)
    return text.split(separator: "\n").compactMap { line in
      let words = line.split(separator: " ").map(String.init)
      guard let output = words.first, !output.hasPrefix("#") else { return nil }
      return (output, Array(words.dropFirst()))
    }
  }

  @Test func commandsCoverTheReferenceFolder() throws {
    let listed = Set(try Self.commands().map(\.output))
    let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path)
      .filter { $0.hasSuffix(".swift") }
    #expect(listed == Set(files))
    #expect(listed.count == 16)
  }

  @Test(arguments: try commands().map(\.output))
  func routecWritesTheReferenceByteForByte(output: String) throws {
    let arguments = try #require(try Self.commands().first { $0.output == output }).arguments
    let folder = try TemporaryFolder()
    let written = folder.url.appendingPathComponent(output)
    let result = try RoutecRunner.run(
      ["generate"] + arguments + ["--output", written.path], in: RoutecRunner.packageRoot)
    try #require(result.status == 0, "\(result)")
    let expected = try Data(contentsOf: Self.folder.appendingPathComponent(output))
    #expect(
      try Data(contentsOf: written) == expected,
      "routec generate no longer writes Reference/\(output); if the change is intended, run scripts/update-reference.sh and review the diff"
    )
  }

  /// The provenance each `Destination` case carries, in the shop's reference.
  @Test func destinationCasesSayWhereTheyComeFrom() throws {
    let text = try String(
      contentsOf: Self.folder.appendingPathComponent("ShopRoutes.swift"), encoding: .utf8)
    #expect(
      text.contains(
        """
            /// `LessonDetail`, declared at shop.routes.yaml:36.
            /// Push types: `course_page`.
            /// Links: `/courses/{id}`, `/learn/{id*}`.
            case lessonDetail(id: String)
        """))
    #expect(
      text.contains(
        """
            /// `OrderList`, declared at shop.routes.yaml:45.
            /// No route opens it; it is shown beneath other screens, in back stacks.
            case orderList
        """))
    let mark = try #require(text.range(of: "// MARK: - Runtime support"))
    #expect(try #require(text.range(of: "static func _destination(")).lowerBound > mark.lowerBound)
    #expect(try #require(text.range(of: "static let table")).lowerBound < mark.lowerBound)
  }
}
