import CompilerTestSupport
import Foundation
import Testing

@testable import RouteCompiler

/// `docs/rules.md` ends with a section `## Examples`: for every rule, in the order of `RuleID`, a
/// subsection `### \`rule-id\`` with a manifest in a `yaml` block, the line `routec lint` prints
/// for it in a `text` block, and a `Fix:` line. These tests run every example through the
/// compiler, so the docs cannot drift from it.
@Suite struct RuleExamplesTests {
  /// The file name the examples' diagnostic lines use.
  static let fileName = "example.routes.yaml"
  static let notCheckedMarker = RuleExamples.notCheckedMarker
  typealias RuleExample = RuleExamples.Example

  /// The inputs the prose of the unchecked subsections describes, built here so that their
  /// diagnostic lines are checked too. Only these rules may have an unchecked example.
  static let unprintableInputs: [RuleID: [UInt8]] = [
    // `minimalManifest` padded with a comment to one byte over the limit.
    .fileTooLarge: Array(minimalManifest.utf8)
      + [UInt8](
        repeating: UInt8(ascii: "#"),
        count: ManifestPipeline.maximumFileSize + 1 - minimalManifest.utf8.count),
    // `minimalManifest` and `    description: Café` with `é` in Latin-1.
    .invalidUTF8: Array((minimalManifest + "    description: Caf").utf8) + [0xE9, 0x0A],
    // `minimalManifest` with a NUL byte at the end of its last line, `    screen: Home`.
    .nulByte: Array(minimalManifest.dropLast().utf8) + [0x00, 0x0A],
  ]

  /// The subsections of `## Examples` in `docs/rules.md`, in order.
  static func examples() throws -> [RuleExample] {
    try RuleExamples.all()
  }

  static func example(for rule: RuleID) throws -> RuleExample {
    let matching = try examples().filter { $0.id == rule.rawValue }
    #expect(matching.count == 1, "docs/rules.md has \(matching.count) examples of the rule")
    return try #require(matching.first)
  }

  // MARK: - Tests

  @Test func everyRuleHasOneExampleInTheOrderOfTheTables() throws {
    let ids = try Self.examples().map(\.id)
    #expect(ids == RuleID.allCases.map(\.rawValue))
  }

  @Test func onlyInputsThatCannotBeTextAreUnchecked() throws {
    let unchecked = try Self.examples().filter { !$0.isChecked }.map(\.id)
    #expect(Set(unchecked) == Set(Self.unprintableInputs.keys.map(\.rawValue)))
  }

  @Test(arguments: RuleID.allCases)
  func exampleTriggersTheDiagnosticItShows(_ rule: RuleID) throws {
    let example = try Self.example(for: rule)
    let texts = example.blocks("text")
    #expect(texts.count == 1, "one ```text block with the diagnostic")
    let shown = try #require(texts.first?.lines)
    #expect(shown.count == 1, "the ```text block holds one diagnostic line")
    let expected = try #require(shown.first)
    #expect(expected.hasPrefix("\(Self.fileName):"))
    #expect(expected.contains(": \(rule.severity.rawValue): "))
    #expect(expected.hasSuffix(" [\(rule.rawValue)]"))
    #expect(example.fixLines.count == 1, "one `Fix: ...` line")
    #expect(
      !example.prose.dropFirst().contains(Self.notCheckedMarker),
      "the marker goes right after the heading")

    let bytes: [UInt8]
    if example.isChecked {
      let yamls = example.blocks("yaml")
      #expect(yamls.count == 1, "one ```yaml block with the manifest")
      let yaml = try #require(yamls.first?.lines)
      #expect(yaml.count <= 15, "keep the example short")
      bytes = Array((yaml.joined(separator: "\n") + "\n").utf8)
    } else {
      #expect(example.blocks("yaml").isEmpty, "an unchecked example describes its input in prose")
      bytes = try #require(
        Self.unprintableInputs[rule], "only inputs that cannot be text may be unchecked")
    }
    let output = ManifestPipeline.run(bytes: bytes, fileName: Self.fileName)
    let produced = output.diagnostics.map { $0.formatted(path: Self.fileName) }
    let list = produced.isEmpty ? "no diagnostics" : produced.joined(separator: "\n  ")
    #expect(
      produced.contains(expected),
      """
      docs/rules.md shows
        \(expected)
      but the example produces
        \(list)
      """)
  }
}
