import Foundation
import Testing

@testable import RouteCompiler

/// The rule tables in README.md and docs/rules.md are what users read; they must list exactly
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

  @Test(arguments: ["README.md", "docs/rules.md"])
  func ruleTableListsEveryRuleOnce(file: String) throws {
    let listed = try Self.ruleIDs(inTableOf: file)
    #expect(listed == RuleID.allCases.map(\.rawValue))
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
