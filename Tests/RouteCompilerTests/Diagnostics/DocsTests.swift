import Foundation
import Testing

@testable import RouteCompiler

/// The rule table in docs/rules.md is what users read (README.md links it); it must list exactly
/// the rules the code has.
@Suite struct DocsTests {
  static let root = Fixtures.folder.deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  static func ruleIDs(inTableOf file: String) throws -> [String] {
    let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
    return text.split(separator: "\n").compactMap { line in
      guard line.hasPrefix("| `") else { return nil }
      // A rule id is kebab-case: `unknown-key`, never an option like `--payload JSON`.
      let id = line.dropFirst(3).prefix { $0 != "`" }
      let isRuleID =
        id.first?.isLowercase == true
        && id.allSatisfy { ($0.isASCII && ($0.isLowercase || $0.isNumber)) || $0 == "-" }
      return isRuleID ? String(id) : nil
    }
  }

  @Test(arguments: ["docs/rules.md"])
  func ruleTableListsEveryRuleOnce(file: String) throws {
    let listed = try Self.ruleIDs(inTableOf: file)
    #expect(listed == RuleID.allCases.map(\.rawValue))
  }

  /// The files under `Sources/` that report `rule`: those that name it where a diagnostic is
  /// made (`report(.rule`, `Diagnostic(.error, .rule`, `rule: .rule`), as paths below `Sources/`.
  static func reportingFiles(of rule: RuleID, in sources: [(path: String, text: String)]) throws
    -> [String]
  {
    let name = NSRegularExpression.escapedPattern(for: String(describing: rule))
    let pattern = try NSRegularExpression(
      pattern: #"(report\(\s*|Diagnostic\(\s*\.\w+,\s*|rule:\s*)\."# + name + #"\b"#)
    return sources.filter { source in
      pattern.firstMatch(
        in: source.text, range: NSRange(source.text.startIndex..., in: source.text)) != nil
    }.map(\.path)
  }

  /// Every rule's row in docs/rules.md ends with the files that report it, so a reader goes from
  /// a rule id to its code.
  @Test func ruleTableNamesTheFilesThatReportEachRule() throws {
    let sourcesFolder = Self.root.appendingPathComponent("Sources")
    let enumerator = FileManager.default.enumerator(atPath: sourcesFolder.path)
    let paths = (enumerator?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".swift") }
    let sources = try paths.sorted().map { path in
      (
        path: path,
        text: try String(
          contentsOf: sourcesFolder.appendingPathComponent(path), encoding: .utf8)
      )
    }
    let text = try String(
      contentsOf: Self.root.appendingPathComponent("docs/rules.md"), encoding: .utf8)
    let rows = text.split(separator: "\n").filter { $0.hasPrefix("| `") }
    for rule in RuleID.allCases {
      let expected = try Self.reportingFiles(of: rule, in: sources)
      #expect(!expected.isEmpty, "no file reports \(rule.rawValue)")
      let cell = expected.map { "`\($0)`" }.joined(separator: ", ")
      let row = rows.first { $0.hasPrefix("| `\(rule.rawValue)` |") }
      #expect(
        row?.hasSuffix("| \(cell) |") == true,
        "the row of \(rule.rawValue) in docs/rules.md should end with | \(cell) |")
    }
  }

  @Test func ruleTableSeveritiesMatchTheCode() throws {
    let text = try String(
      contentsOf: Self.root.appendingPathComponent("docs/rules.md"), encoding: .utf8)
    for rule in RuleID.allCases {
      #expect(
        text.contains("| `\(rule.rawValue)` | \(rule.severity.rawValue) |"), "\(rule.rawValue)")
    }
  }
}
