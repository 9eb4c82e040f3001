import Foundation
import Testing

@testable import RouteCompiler
@testable import RouteTools

/// The CI formats of `routec lint` and `routec diff`, on reports built by hand.
@Suite struct ReportFormatTests {
  static let report = Report(
    rules: [
      Report.Rule(id: "unknown-key", summary: "An unknown key.", level: .error),
      Report.Rule(id: "insecure-url", summary: "Plain http.", level: .warning),
      Report.Rule(id: "added-route", summary: "A route was added.", level: .note),
    ],
    items: [
      Report.Item(
        path: "routes/shop.routes.yaml", location: SourceLocation(line: 8, column: 3),
        level: .error, rule: "unknown-key", message: "unknown key `colour`; expected `screen`"),
      Report.Item(
        path: "./routes/my app/news.routes.yaml", location: SourceLocation(line: 2, column: 10),
        level: .warning, rule: "insecure-url", message: "uses http"),
      Report.Item(
        path: "/abs/ünï.routes.yaml", location: SourceLocation(line: 1, column: 1),
        level: .note, rule: "added-route", message: "route `new` was added"),
    ])

  // MARK: github

  @Test func githubWritesOneWorkflowCommandPerFinding() {
    #expect(
      GitHubAnnotations.text(Self.report) == """
        ::error file=routes/shop.routes.yaml,line=8,col=3,title=unknown-key::unknown key `colour`; expected `screen`
        ::warning file=./routes/my app/news.routes.yaml,line=2,col=10,title=insecure-url::uses http
        ::notice file=/abs/ünï.routes.yaml,line=1,col=1,title=added-route::route `new` was added
        """)
  }

  @Test func githubEscapesMessagesAsTheRunnerDecodesThem() {
    #expect(GitHubAnnotations.escapeData("100% sure") == "100%25 sure")
    #expect(GitHubAnnotations.escapeData("one\ntwo\r\nthree") == "one%0Atwo%0D%0Athree")
    // Only properties end at `:` and `,`; in a message they are text.
    #expect(GitHubAnnotations.escapeData("a: b, c") == "a: b, c")
    #expect(GitHubAnnotations.escapeData("%0A") == "%250A")
  }

  @Test func githubEscapesPropertiesAlsoAtColonsAndCommas() {
    #expect(GitHubAnnotations.escapeProperty("C:\\a,b.yaml") == "C%3A\\a%2Cb.yaml")
    #expect(GitHubAnnotations.escapeProperty("50%\nx") == "50%25%0Ax")
    let item = Report.Item(
      path: "odd,name:x.routes.yaml", location: SourceLocation(line: 3, column: 4), level: .error,
      rule: "yaml-syntax", message: "line one\nline two: 100%")
    #expect(
      GitHubAnnotations.command(item)
        == "::error file=odd%2Cname%3Ax.routes.yaml,line=3,col=4,title=yaml-syntax::line one%0Aline two: 100%25"
    )
  }

  // MARK: json

  @Test func jsonIsAStableArrayOfFindings() {
    let single = Report(rules: Self.report.rules, items: [Self.report.items[0]])
    #expect(
      JSONWriter.text(ReportJSON.value(single)) == """
        [
          {
            "column": 3,
            "file": "routes/shop.routes.yaml",
            "line": 8,
            "message": "unknown key `colour`; expected `screen`",
            "rule": "unknown-key",
            "severity": "error"
          }
        ]
        """)
    #expect(JSONWriter.text(ReportJSON.value(Report(rules: [], items: []))) == "[]")
  }

  // MARK: sarif

  static func sarif(_ report: Report) throws -> [String: Any] {
    let text = JSONWriter.text(SARIFLog.value(report, toolName: "routec", toolVersion: "9.9.9"))
    return try #require(
      try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  @Test func sarifHasTheRequiredStructure() throws {
    let log = try Self.sarif(Self.report)
    #expect(log["version"] as? String == "2.1.0")
    #expect(log["$schema"] as? String == "https://json.schemastore.org/sarif-2.1.0.json")
    let runs = try #require(log["runs"] as? [[String: Any]])
    #expect(runs.count == 1)
    let run = try #require(runs.first)
    #expect(run["columnKind"] as? String == "unicodeCodePoints")
    let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
    #expect(driver["name"] as? String == "routec")
    #expect(driver["version"] as? String == "9.9.9")

    let rules = try #require(driver["rules"] as? [[String: Any]])
    #expect(rules.map { $0["id"] as? String } == ["unknown-key", "insecure-url", "added-route"])
    #expect(
      rules.map { ($0["shortDescription"] as? [String: Any])?["text"] as? String } == [
        "An unknown key.", "Plain http.", "A route was added.",
      ])
    #expect(
      rules.map { ($0["defaultConfiguration"] as? [String: Any])?["level"] as? String } == [
        "error", "warning", "note",
      ])

    let results = try #require(run["results"] as? [[String: Any]])
    #expect(results.count == 3)
    for (result, item) in zip(results, Self.report.items) {
      #expect(result["ruleId"] as? String == item.rule)
      #expect(result["level"] as? String == item.level.rawValue)
      #expect((result["message"] as? [String: Any])?["text"] as? String == item.message)
      // ruleIndex points at the descriptor with the same id.
      let index = try #require(result["ruleIndex"] as? Int)
      #expect(rules[index]["id"] as? String == item.rule)
      let locations = try #require(result["locations"] as? [[String: Any]])
      let physical = try #require(locations.first?["physicalLocation"] as? [String: Any])
      let region = try #require(physical["region"] as? [String: Any])
      #expect(region["startLine"] as? Int == item.location.line)
      #expect(region["startColumn"] as? Int == item.location.column)
    }
  }

  @Test func sarifPathsAreRelativeURIsOrFileURIs() throws {
    let results = try #require(
      ((try Self.sarif(Self.report)["runs"] as? [[String: Any]])?.first)?["results"]
        as? [[String: Any]])
    let artifacts = results.map { result in
      ((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?[
        "artifactLocation"] as? [String: String]
    }
    #expect(
      artifacts == [
        ["uri": "routes/shop.routes.yaml", "uriBaseId": "%SRCROOT%"],
        ["uri": "routes/my%20app/news.routes.yaml", "uriBaseId": "%SRCROOT%"],
        ["uri": "file:///abs/%C3%BCn%C3%AF.routes.yaml"],
      ])
  }

  @Test func sarifOfALintReportDescribesEveryRuleOnce() throws {
    let diagnostic = Diagnostic(
      .warning, .deprecatedRoute, at: SourceLocation(line: 4, column: 2), "route `a` is old")
    let report = Report.diagnostics([(path: "a.routes.yaml", diagnostics: [diagnostic])])
    #expect(report.rules.map(\.id) == RuleID.allCases.map(\.rawValue))
    #expect(report.rules.allSatisfy { !$0.summary.isEmpty })
    #expect(
      report.items == [
        Report.Item(
          path: "a.routes.yaml", location: SourceLocation(line: 4, column: 2), level: .warning,
          rule: "deprecated-route", message: "route `a` is old")
      ])
    let results = try #require(
      ((try Self.sarif(report)["runs"] as? [[String: Any]])?.first)?["results"]
        as? [[String: Any]])
    #expect(results.first?["ruleIndex"] as? Int == RuleID.allCases.firstIndex(of: .deprecatedRoute))
  }
}
