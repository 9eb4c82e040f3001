import Foundation
import Testing

@testable import RouteCompiler
@testable import RouteTools

/// docs/ci.md is what a team reads before wiring routec into CI: its table of `routec diff`
/// change classes must list exactly the classes the diff reports, marked breaking or not.
@Suite struct CIDocsTests {
  @Test func theChangeClassTableMatchesTheDiff() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let text = try String(
      contentsOf: root.appendingPathComponent("docs/ci.md"), encoding: .utf8)
    let rows = text.split(separator: "\n").compactMap { line -> [String]? in
      let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
      guard cells.count >= 3, cells[0].hasPrefix("`"), cells[1] == "yes" || cells[1] == "no"
      else { return nil }
      return [cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`")), cells[1]]
    }
    #expect(
      rows == ManifestChange.Kind.allCases.map { [$0.rawValue, $0.isBreaking ? "yes" : "no"] })
  }
}
