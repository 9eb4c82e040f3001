import Foundation
import RouteCompiler
import RoutecTestSupport
import Testing

/// `routec lint --format github|json|sarif`: the report on standard output, the summary alone on
/// standard error, and the same exit statuses as the text format.
@Suite("routec lint --format")
struct LintFormatTests {
  static let summary = "routec lint: 1 manifest checked, 1 error, 1 warning"

  @Test func githubAnnotatesEachDiagnostic() throws {
    let result = try RoutecRunner.run(["lint", "mixed.routes.yaml", "--format", "github"])
    #expect(result.status == 1, "\(result)")
    #expect(
      result.stdoutLines == [
        "::warning file=mixed.routes.yaml,line=10,col=11,title=insecure-url::the URL uses plain http; use https (for a host without https, start the URL with a base that has `allow_http: true`)",
        "::error file=mixed.routes.yaml,line=11,col=19,title=invalid-value::`presentation` of route `home` must be `push` or `modal`, found `sideways`",
      ])
    #expect(result.stderrLines == [Self.summary])
  }

  @Test func jsonListsEachDiagnostic() throws {
    let result = try RoutecRunner.run(["lint", "mixed.routes.yaml", "--format", "json"])
    #expect(result.status == 1, "\(result)")
    #expect(
      result.stdout == """
        [
          {
            "column": 11,
            "file": "mixed.routes.yaml",
            "line": 10,
            "message": "the URL uses plain http; use https (for a host without https, start the URL with a base that has `allow_http: true`)",
            "rule": "insecure-url",
            "severity": "warning"
          },
          {
            "column": 19,
            "file": "mixed.routes.yaml",
            "line": 11,
            "message": "`presentation` of route `home` must be `push` or `modal`, found `sideways`",
            "rule": "invalid-value",
            "severity": "error"
          }
        ]

        """)
    #expect(result.stderrLines == [Self.summary])
  }

  @Test func aCleanManifestGivesAnEmptyReportAndExitsZero() throws {
    let json = try RoutecRunner.run(["lint", "valid.routes.yaml", "--format", "json"])
    #expect(json.status == 0, "\(json)")
    #expect(json.stdout == "[]\n")
    let github = try RoutecRunner.run(["lint", "valid.routes.yaml", "--format", "github"])
    #expect(github.status == 0, "\(github)")
    #expect(github.stdout == "")
    #expect(github.stderrLines == ["routec lint: 1 manifest checked, no problems"])
  }

  @Test func warningsFailOnlyWithStrict() throws {
    let plain = try RoutecRunner.run(["lint", "warnings.routes.yaml", "--format", "sarif"])
    #expect(plain.status == 0, "\(plain)")
    let strict = try RoutecRunner.run([
      "lint", "warnings.routes.yaml", "--format", "sarif", "--strict",
    ])
    #expect(strict.status == 1, "\(strict)")
    #expect(strict.stdout == plain.stdout)
  }

  @Test func sarifReportsResultsWithRelativePaths() throws {
    let absolute = RoutecRunner.fixtures.appendingPathComponent("mixed.routes.yaml").path
    let result = try RoutecRunner.run(
      ["lint", absolute, "--format", "sarif"], in: RoutecRunner.packageRoot)
    #expect(result.status == 1, "\(result)")
    let log = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let run = try #require((log["runs"] as? [[String: Any]])?.first)
    let results = try #require(run["results"] as? [[String: Any]])
    let uris = results.map { result in
      (((result["locations"] as? [[String: Any]])?.first?["physicalLocation"]
        as? [String: Any])?["artifactLocation"] as? [String: Any])?["uri"] as? String
    }
    #expect(
      uris == Array(repeating: "Tests/RoutecEndToEndTests/Fixtures/mixed.routes.yaml", count: 2))
    #expect(results.map { $0["ruleId"] as? String } == ["insecure-url", "invalid-value"])
    let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
    #expect((driver["rules"] as? [Any])?.count == RuleID.allCases.count)
  }

  @Test func anUnknownFormatIsAUsageError() throws {
    let result = try RoutecRunner.run(["lint", "valid.routes.yaml", "--format", "xml"])
    #expect(result.status == 2, "\(result)")
    #expect(result.stderr.contains("xml"))
    #expect(result.stdout == "")
  }
}
