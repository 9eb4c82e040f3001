import CompilerTestSupport
import Foundation
import RouteCompiler
import RouteTools
import Testing

/// The examples of the Remote Config template rules in `docs/rules.md`: a manifest in a `yaml`
/// block, a template in a `json` block, and the line `routec remote-config check` prints for the
/// template. RuleExamplesTests (RouteCompilerTests) checks every example's shape; this runs the
/// template rules' through `RemoteConfigCheck`, so the docs cannot drift from it.
@Suite struct TemplateRuleExamplesTests {
  @Test(arguments: RuleID.allCases.filter { RuleID.remoteConfigRules.contains($0) })
  func exampleTriggersTheDiagnosticItShows(_ rule: RuleID) throws {
    let examples = try RuleExamples.all().filter { $0.id == rule.rawValue }
    #expect(examples.count == 1, "docs/rules.md has \(examples.count) examples of the rule")
    let example = try #require(examples.first)
    let yaml = try #require(example.blocks("yaml").first?.lines, "a ```yaml block")
    let json = try #require(example.blocks("json").first?.lines, "a ```json block")
    let expected = try #require(example.blocks("text").first?.lines.first, "a ```text block")
    #expect(yaml.count <= 15 && json.count <= 15, "keep the example short")
    let manifest = try #require(
      ManifestPipeline.run(
        bytes: Array((yaml.joined(separator: "\n") + "\n").utf8), fileName: "example.routes.yaml"
      ).manifest)
    let produced = RemoteConfigCheck.check(
      template: Array((json.joined(separator: "\n") + "\n").utf8), against: manifest
    ).diagnostics.map { $0.formatted(path: "template.json") }
    #expect(produced.contains(expected), "the template produces \(produced)")
  }
}
