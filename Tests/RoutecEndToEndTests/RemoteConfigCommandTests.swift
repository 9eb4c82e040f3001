import Foundation
import RouteCompiler
import RouteTools
import RoutecTestSupport
import Testing

/// `routec remote-config defaults` and `check` as CI and app developers run them.
@Suite("routec remote-config")
struct RemoteConfigCommandTests {
  static let shop = RoutecRunner.packageRoot.appendingPathComponent("routes/shop.routes.yaml").path
  static let template = "remote-config/shop-template.json"

  // MARK: check

  @Test func aValueThatPicksNoVariantIsAWarningAtItsPlace() throws {
    let result = try RoutecRunner.run([
      "remote-config", "check", Self.shop, "--template", Self.template,
    ])
    #expect(result.status == 0, "\(result)")
    #expect(
      result.stderrLines == [
        "remote-config/shop-template.json:9:36: warning: the value for the condition `beta_testers` serves `2.2` for `version`, which picks no variant; users who get it see the default variant `v2`; did you mean `2.1`? [remote-config-unknown-value]",
        "routec remote-config check: 2 values of `version` checked, 0 errors, 1 warning",
      ])
    #expect(result.stdout.isEmpty)
  }

  @Test func strictFailsOnWarnings() throws {
    let result = try RoutecRunner.run([
      "remote-config", "check", Self.shop, "--template", Self.template, "--strict",
    ])
    #expect(result.status == 1, "\(result)")
  }

  @Test func reportFormatsCarryTheTemplateLocation() throws {
    let json = try RoutecRunner.run([
      "remote-config", "check", Self.shop, "--template", Self.template, "--format", "json",
    ])
    #expect(json.status == 0, "\(json)")
    #expect(
      json.stdout == """
        [
          {
            "column": 36,
            "file": "remote-config/shop-template.json",
            "line": 9,
            "message": "the value for the condition `beta_testers` serves `2.2` for `version`, which picks no variant; users who get it see the default variant `v2`; did you mean `2.1`?",
            "rule": "remote-config-unknown-value",
            "severity": "warning"
          }
        ]

        """)
    let github = try RoutecRunner.run([
      "remote-config", "check", Self.shop, "--template", Self.template, "--format", "github",
    ])
    #expect(
      github.stdoutLines.first?.hasPrefix(
        "::warning file=remote-config/shop-template.json,line=9,col=36,title=remote-config-unknown-value::"
      )
        == true, "\(github)")
  }

  /// SARIF describes every rule the command can report: the manifest's and the template's, in
  /// that order, with the result's index into them.
  @Test func sarifDescribesTheManifestAndTemplateRules() throws {
    let sarif = try RoutecRunner.run([
      "remote-config", "check", Self.shop, "--template", Self.template, "--format", "sarif",
    ])
    #expect(sarif.status == 0, "\(sarif)")
    let log = try #require(
      try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])
    let run = try #require((log["runs"] as? [[String: Any]])?.first)
    let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
    let ids = (driver["rules"] as? [[String: Any]])?.compactMap { $0["id"] as? String }
    #expect(
      ids == RuleID.allCases.map(\.rawValue) + RemoteConfigRule.allCases.map(\.rawValue))
    let result = try #require((run["results"] as? [[String: Any]])?.first)
    #expect(result["ruleId"] as? String == "remote-config-unknown-value")
    #expect(result["ruleIndex"] as? Int == RuleID.allCases.count + 1)
  }

  @Test func aBrokenTemplateExitsOne() throws {
    let folder = try TemporaryFolder()
    try folder.write("t.json", "{\"parameters\": [] }\n")
    let result = try RoutecRunner.run(
      ["remote-config", "check", Self.shop, "--template", "t.json"], in: folder.url)
    #expect(result.status == 1, "\(result)")
    #expect(
      result.stderrLines == [
        "t.json:1:16: error: `parameters` must be an object, found an array [remote-config-shape]",
        "routec remote-config check: 0 values of `version` checked, 1 error, 0 warnings",
      ])
  }

  @Test func aManifestWithoutVariantsHasNothingToCheck() throws {
    let news = RoutecRunner.packageRoot.appendingPathComponent("routes/news.routes.yaml").path
    let result = try RoutecRunner.run(["remote-config", "check", news, "--template", Self.template])
    #expect(result.status == 1, "\(result)")
    #expect(
      result.stderrLines == [
        "routec remote-config check: \(news) declares no variants, so there is no remote-config value to check"
      ])
  }

  @Test func aMissingTemplateIsAUsageError() throws {
    let result = try RoutecRunner.run([
      "remote-config", "check", Self.shop, "--template", "nowhere.json",
    ])
    #expect(result.status == 2, "\(result)")
    #expect(result.stderrLines == ["routec: error: no such file: nowhere.json"])
  }

  @Test func aManifestWithErrorsExitsOneWithItsDiagnostics() throws {
    let result = try RoutecRunner.run([
      "remote-config", "check", "errors.routes.yaml", "--template", Self.template,
    ])
    #expect(result.status == 1, "\(result)")
    #expect(
      result.stderrLines.last?.hasPrefix("routec remote-config check: errors.routes.yaml has ")
        == true, "\(result)")
    #expect(result.stderrLines.last?.hasSuffix("; nothing checked") == true, "\(result)")
  }

  // MARK: defaults

  @Test func defaultsAsAPropertyListThatPlistlibReads() throws {
    let result = try RoutecRunner.run(["remote-config", "defaults", Self.shop])
    #expect(result.status == 0, "\(result)")
    #expect(
      result.stdout == """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>version</key>
        \t<string>2</string>
        </dict>
        </plist>

        """)
    let folder = try TemporaryFolder()
    try folder.write("defaults.plist", result.stdout)
    let python = try RoutecRunner.runProcess(
      URL(fileURLWithPath: "/usr/bin/env"),
      [
        "python3", "-c",
        "import plistlib, sys; print(plistlib.load(open(sys.argv[1], 'rb')))", "defaults.plist",
      ], in: folder.url)
    #expect(python.status == 0, "\(python)")
    #expect(python.stdout == "{'version': '2'}\n")
  }

  @Test func defaultsAsJSON() throws {
    let result = try RoutecRunner.run(["remote-config", "defaults", Self.shop, "--format", "json"])
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout == "{\n  \"version\": \"2\"\n}\n")
  }

  @Test func defaultsOfAManifestWithoutVariantsExitOne() throws {
    let news = RoutecRunner.packageRoot.appendingPathComponent("routes/news.routes.yaml").path
    let result = try RoutecRunner.run(["remote-config", "defaults", news])
    #expect(result.status == 1, "\(result)")
    #expect(
      result.stderrLines == [
        "routec remote-config defaults: \(news): the manifest declares no variants, so there is no remote-config value to default"
      ])
    #expect(result.stdout.isEmpty)
  }

  @Test func helpListsBothCommands() throws {
    let result = try RoutecRunner.run(["remote-config", "--help"])
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout.contains("  defaults "), "\(result)")
    #expect(result.stdout.contains("  check "), "\(result)")
  }
}
