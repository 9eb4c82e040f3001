import CompilerTestSupport
import Foundation
import RouteCompiler
import Testing

@testable import RouteTools

/// The rules of `routec remote-config check` in `docs/remote-config.md` ("Rules" and
/// "Examples"): the table lists exactly the code's rules with their severities and the files that
/// report them, and each example's template gives the line the example shows.
@Suite struct RemoteConfigDocsTests {
  static let file = "docs/remote-config.md"

  /// The table's rows: the cells of each line that starts with a rule id of the check.
  static func rows() throws -> [[String]] {
    let text = try String(
      contentsOf: RuleExamples.root.appendingPathComponent(file), encoding: .utf8)
    return text.split(separator: "\n").compactMap { line -> [String]? in
      guard line.hasPrefix("| `remote-config-") else { return nil }
      return line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
    }
  }

  @Test func theTableListsEveryRuleWithItsSeverityAndItsFiles() throws {
    let rows = try Self.rows()
    #expect(rows.map(\.first) == RemoteConfigRule.allCases.map { "`\($0.id)`" })
    let sources = RuleExamples.root.appendingPathComponent("Sources")
    let paths =
      (FileManager.default.enumerator(atPath: sources.path)?.allObjects as? [String] ?? [])
      .filter { $0.hasSuffix(".swift") }.sorted()
    let texts = try paths.map {
      try String(contentsOf: sources.appendingPathComponent($0), encoding: .utf8)
    }
    for (rule, row) in zip(RemoteConfigRule.allCases, rows) {
      #expect(row.count == 5, "\(row)")
      #expect(row.dropFirst().first == rule.severity.rawValue, "\(rule.id)")
      let reporting = zip(paths, texts).filter { $0.1.contains("RemoteConfigRule.\(rule)") }
        .map { "`\($0.0)`" }.joined(separator: ", ")
      #expect(!reporting.isEmpty, "no file reports \(rule.id)")
      #expect(row.last == reporting, "the row of \(rule.id) should end with | \(reporting) |")
    }
  }

  @Test func everyRuleHasOneExampleInTheOrderOfTheTable() throws {
    #expect(try RuleExamples.all(in: Self.file).map(\.id) == RemoteConfigRule.allCases.map(\.id))
  }

  @Test(arguments: RemoteConfigRule.allCases)
  func exampleTriggersTheDiagnosticItShows(_ rule: RemoteConfigRule) throws {
    let examples = try RuleExamples.all(in: Self.file).filter { $0.id == rule.id }
    let example = try #require(examples.first)
    let yaml = try #require(example.blocks("yaml").first?.lines, "a ```yaml block")
    let json = try #require(example.blocks("json").first?.lines, "a ```json block")
    let texts = example.blocks("text")
    #expect(texts.count == 1 && texts.first?.lines.count == 1, "one diagnostic line")
    let expected = try #require(texts.first?.lines.first)
    #expect(expected.hasPrefix("template.json:"))
    #expect(expected.hasSuffix(" [\(rule.id)]"))
    #expect(example.fixLines.count == 1, "one `Fix: ...` line")
    #expect(yaml.count <= 15 && json.count <= 15, "keep the example short")
    let manifest = try #require(
      ManifestPipeline.run(
        bytes: Array((yaml.joined(separator: "\n") + "\n").utf8), fileName: "example.routes.yaml"
      ).manifest)
    let produced = RemoteConfigCheck.check(
      template: Array((json.joined(separator: "\n") + "\n").utf8), against: manifest
    ).diagnostics
    #expect(
      produced.map { $0.formatted(path: "template.json") }.contains(expected),
      "the template produces \(produced.map { $0.formatted(path: "template.json") })")
    #expect(produced.contains { $0.rule(as: RemoteConfigRule.self) == rule })
  }
}
