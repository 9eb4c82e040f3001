import CompilerTestSupport
import Foundation
import Testing

@testable import RouteCompiler

/// Beside the generated table's `words:` literal, a comment names the files that describe its
/// layout: each named file exists, so the pointer cannot go stale.
@Suite struct TableLiteralCommentTests {
  @Test func theWordsLiteralSaysWhereItsLayoutIsDescribed() throws {
    let output = lint("manifest: 1\nscreens:\n  Home: {}\nroutes:\n  home: { screen: Home }\n")
    let source = SwiftGenerator.generate(
      try #require(output.manifest), table: try #require(output.table),
      sourceName: "t.routes.yaml")
    let lines = source.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    let words = try #require(lines.firstIndex { $0.hasPrefix("words: \"") })
    let comment = lines[(words - 3)..<words].joined(separator: " ")
    #expect(comment.hasPrefix("// The table as fixed-width words"))
    let named = comment.split(separator: " ").map {
      $0.trimmingCharacters(in: CharacterSet(charactersIn: ";,."))
    }.filter { $0.hasSuffix(".swift") || $0.hasSuffix(".swift;") }
    #expect(
      named == [
        "Sources/RouteTable/Table/RouteTableLayout.swift", "TableRecords.swift",
        "RouteTableWords.swift",
      ])
    let folder = DocsTests.root.appendingPathComponent("Sources/RouteTable/Table")
    for name in named {
      let file = folder.appendingPathComponent((name as NSString).lastPathComponent)
      #expect(FileManager.default.fileExists(atPath: file.path), "\(name)")
    }
  }
}
