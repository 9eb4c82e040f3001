import CompilerTestSupport
import Foundation
import Testing

@testable import RouteCompiler

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// Hostile manifests through the whole front end (`ManifestPipeline.run`), where
// `YAMLReaderTests.swift` checks the YAML reader alone on smaller cases. Each input must end in
// located diagnostics (exact rule, line and column), no manifest, and no work or memory out of
// proportion to the input.
//
// The checks are on what is produced: the exact diagnostics and the size of their messages,
// and memory with a bound far above what the work needs (1 GiB of peak growth), which catches
// a blow-up to gigabytes, not a few megabytes more. Time is not asserted here: a loaded 2-core
// machine makes any wall-clock limit flaky. Benchmarks/Scripts/hostile_lint.py times these
// inputs against a plain manifest of the same size, in the same run.

/// What one hostile run produced, and what it cost.
private struct Outcome {
  var output: ManifestPipeline.Output
  /// How far the process's peak resident size rose during the run, in MiB. Other tests running
  /// at the same time can only add to it, hence the generous bound.
  var peakGrowthMiB: Int

  var brief: [String] { CompilerTestSupport.brief(output.diagnostics) }
  var messageBytes: Int { output.diagnostics.reduce(0) { $0 + $1.message.utf8.count } }
}

private func peakResidentMiB() -> Int {
  var usage = rusage()
  #if canImport(Glibc)
    let who = __rusage_who_t(RUSAGE_SELF.rawValue)  // a C enum on Glibc, an Int32 elsewhere
  #else
    let who = RUSAGE_SELF
  #endif
  guard getrusage(who, &usage) == 0 else { return 0 }
  #if canImport(Darwin)
    return Int(usage.ru_maxrss) / (1024 * 1024)  // bytes on Darwin
  #else
    return Int(usage.ru_maxrss) / 1024  // KiB on Linux
  #endif
}

private func run(_ bytes: [UInt8]) -> Outcome {
  let before = peakResidentMiB()
  let output = ManifestPipeline.run(bytes: bytes, fileName: "hostile.routes.yaml")
  return Outcome(output: output, peakGrowthMiB: peakResidentMiB() - before)
}

private func run(_ text: String) -> Outcome {
  run(Array(text.utf8))
}

/// The bounds every hostile run must stay within.
private func expectBounded(
  _ outcome: Outcome, sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
  #expect(outcome.peakGrowthMiB < 1024, sourceLocation: sourceLocation)
}

private let mebibyte = 1024 * 1024

/// A valid manifest with `count` screens (`Screen0`, ...) and one route, whose screen name is
/// the last line and is left for the caller to append.
private func manifestWithScreens(_ count: Int) -> String {
  "manifest: 1\nscreens:\n"
    + (0..<count).map { "  Screen\($0): {}\n" }.joined()
    + "routes:\n  home:\n    screen: "
}

@Suite struct HostileAliasTests {
  @Test func billionLaughsInAManifestIsReportedNotExpanded() throws {
    // Nine levels of nine aliases each: expanded, the last list would hold 9^9 strings.
    var lines = ["manifest: 1", "screens:", "  Home: {}", "routes:", "  home:", "    screen: Home"]
    lines.append("    description: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]")
    let names = "abcdefghi".map(String.init)
    for level in 1..<9 {
      let aliases = Array(repeating: "*\(names[level - 1])", count: 9).joined(separator: ", ")
      lines.append("  r\(level):\n    screen: Home\n    description: &\(names[level]) [\(aliases)]")
    }
    let outcome = run(lines.joined(separator: "\n") + "\n")
    expectBounded(outcome)
    #expect(outcome.output.manifest == nil)
    let rules = outcome.output.diagnostics.map(\.rule)
    #expect(rules.filter { $0 == .yamlAnchor }.count == 9)
    #expect(rules.filter { $0 == .yamlAlias }.count == 8 * 9)
    // Each `description` holds a list, not text: one mismatch per route, none per alias.
    #expect(rules.filter { $0 == .typeMismatch }.count == 9)
    #expect(rules.count == 9 + 8 * 9 + 9)
    #expect(
      Array(outcome.brief.prefix(4)) == [
        "7:18 yaml-anchor", "7:18 type-mismatch", "10:18 yaml-anchor", "10:18 type-mismatch",
      ])
    #expect(outcome.brief.contains("10:22 yaml-alias"))
    #expect(outcome.brief.last == "31:54 yaml-alias")
  }

  @Test func tenThousandAliasesOfOneLargeAnchorCostOneDiagnosticEach() {
    // The quadratic variant: a 1 MiB value aliased 10,000 times would be 10 GiB expanded.
    let large = String(repeating: "x", count: mebibyte)
    let aliases = Array(repeating: "*big", count: 10_000).joined(separator: ", ")
    let outcome = run("big: &big \(large)\nall: [\(aliases)]\n")
    expectBounded(outcome)
    let rules = outcome.output.diagnostics.map(\.rule)
    #expect(rules.filter { $0 == .yamlAlias }.count == 10_000)
    #expect(rules.filter { $0 == .yamlAnchor }.count == 1)
    // The keys are unknown and the required ones missing; then one diagnostic per alias.
    #expect(
      Array(outcome.brief.prefix(7)) == [
        "1:1 unknown-key", "1:1 missing-key", "1:1 missing-key", "1:1 missing-key",
        "1:6 yaml-anchor", "2:1 unknown-key", "2:7 yaml-alias",
      ])
    #expect(outcome.brief.last == "2:\(7 + 9_999 * 6) yaml-alias")
    // Messages name the alias, never its value: the output does not grow with the anchor.
    #expect(outcome.messageBytes < 100 * outcome.output.diagnostics.count)
  }
}

@Suite struct HostileNestingTests {
  @Test func hundredThousandClosedFlowSequences() {
    let depth = 100_000
    let outcome = run(
      String(repeating: "[", count: depth) + "x" + String(repeating: "]", count: depth) + "\n")
    expectBounded(outcome)
    #expect(outcome.brief == ["1:65 too-deep"])
    #expect(outcome.output.manifest == nil && outcome.output.declaration == nil)
  }

  @Test func hundredThousandFlowMappings() {
    let depth = 100_000
    let outcome = run(
      String(repeating: "{a: ", count: depth) + "b" + String(repeating: "}", count: depth) + "\n")
    expectBounded(outcome)
    // Each level is 4 characters; the 65th mapping opens at column 4 * 64 + 1.
    #expect(outcome.brief == ["1:257 too-deep"])
    #expect(outcome.output.manifest == nil)
  }

  @Test func hundredThousandOpenBracketsInsideAManifest() {
    // The manifest's own mappings count: the root and `routes` are levels 1 and 2.
    let outcome = run(
      "manifest: 1\nroutes:\n  home: " + String(repeating: "[", count: 100_000) + "\n")
    expectBounded(outcome)
    #expect(outcome.brief == ["3:71 too-deep"])
    #expect(outcome.output.manifest == nil)
  }

  @Test func fourThousandBlockMappingLevels() {
    // One space of indentation per level keeps 4,000 levels at about 8 MB.
    let depth = 4_000
    let text =
      (0..<depth).map { String(repeating: " ", count: $0) + "a:" }.joined(separator: "\n")
      + " leaf\n"
    let outcome = run(text)
    expectBounded(outcome)
    #expect(outcome.brief == ["65:65 too-deep"])
    #expect(outcome.output.manifest == nil)
  }

  @Test func tenThousandCompactBlockSequenceLevels() {
    let outcome = run(String(repeating: "- ", count: 10_000) + "x\n")
    expectBounded(outcome)
    #expect(outcome.brief == ["1:129 too-deep"])
    #expect(outcome.output.manifest == nil)
  }

  @Test func threeThousandIndentedBlockSequenceLevels() {
    let depth = 3_000
    let text = (0..<depth).map { String(repeating: " ", count: $0) + "-" }.joined(separator: "\n")
    let outcome = run(text + " x\n")
    expectBounded(outcome)
    #expect(outcome.brief == ["65:65 too-deep"])
    #expect(outcome.output.manifest == nil)
  }
}

@Suite struct HostileSizeTests {
  @Test func twentyMegabyteScalarIsRejectedUnread() {
    var bytes = Array("manifest: 1\ndescription: ".utf8)
    bytes += [UInt8](repeating: UInt8(ascii: "x"), count: 20_000_000)
    bytes.append(UInt8(ascii: "\n"))
    let outcome = run(bytes)
    expectBounded(outcome)
    #expect(outcome.brief == ["1:1 file-too-large"])
    #expect(outcome.output.manifest == nil && outcome.output.declaration == nil)
    #expect(outcome.messageBytes < 200)
  }

  @Test func oneByteOverTheLimitIsTooLargeAndNothingElse() {
    // A valid manifest padded with a comment to exactly one byte over the limit.
    var bytes = Array((minimalManifest + "#").utf8)
    bytes += [UInt8](
      repeating: UInt8(ascii: " "), count: ManifestPipeline.maximumFileSize + 1 - bytes.count)
    #expect(bytes.count == 16 * mebibyte + 1)
    let outcome = run(bytes)
    expectBounded(outcome)
    #expect(outcome.brief == ["1:1 file-too-large"])
  }

  @Test func fifteenMebibyteDescriptionIsAccepted() throws {
    let value = String(repeating: "y", count: 15 * mebibyte)
    let outcome = run(minimalManifest + "    description: \(value)\n")
    expectBounded(outcome)
    #expect(outcome.brief == [])
    let route = try #require(outcome.output.manifest?.routes.first)
    #expect(route.description?.utf8.count == 15 * mebibyte)
  }

  /// Regression: did-you-mean compared the name with every screen by edit distance, quadratic in
  /// the name's length, so this took minutes. Now candidates whose length is too far off are
  /// skipped before any distance is computed.
  @Test func fifteenMebibyteScreenNameAmongManyScreens() {
    let name = "H" + String(repeating: "o", count: 15 * mebibyte)
    let outcome = run(manifestWithScreens(200) + name + "\n")
    expectBounded(outcome)
    #expect(outcome.brief == ["205:13 unknown-screen"])
    // The message quotes the name, so it is as large as the input, and not larger.
    #expect(outcome.messageBytes < name.utf8.count + 200)
  }

  /// An explicit key (`? `) is not bound by libyaml's 1,024-character limit on simple keys, so
  /// an unknown key can be megabytes long; its suggestion must not cost per character squared.
  @Test func megabyteExplicitUnknownKey() {
    let key = String(repeating: "k", count: 4 * mebibyte)
    let outcome = run("? \(key)\n: 1\n" + minimalManifest)
    expectBounded(outcome)
    #expect(outcome.brief == ["1:3 unknown-key"])
    #expect(outcome.messageBytes < key.utf8.count + 500)
  }

  @Test func simpleKeyOverLibyamlsLimitIsASyntaxError() {
    let outcome = run(String(repeating: "k", count: 2_000) + ": 1\n")
    expectBounded(outcome)
    #expect(outcome.brief == ["1:2001 yaml-syntax"])
    #expect(
      outcome.output.diagnostics.first?.message
        == "YAML syntax error: mapping values are not allowed in this context; this key is 2000 characters long, and YAML reads keys of at most 1024; names in a manifest are much shorter (push types at most 128)"
    )
  }
}

@Suite struct HostileEncodingTests {
  @Test(
    arguments: [
      // UTF-16 and UTF-32 files: their byte order marks are not UTF-8.
      ([0xFF, 0xFE] + Array("m\0".utf8), "1:1 invalid-utf8"),
      ([0xFE, 0xFF, 0x00, 0x6D], "1:1 invalid-utf8"),
      ([0x00, 0x00, 0xFE, 0xFF], "1:1 nul-byte"),
      ([0xFF, 0xFE, 0x00, 0x00], "1:1 invalid-utf8"),
      // UTF-16 without a mark: the second byte is NUL.
      (Array("m\0a\0".utf8), "1:2 nul-byte"),
      // Latin-1 in a comment on line 3.
      (Array("manifest: 1\n# ok\n# caf".utf8) + [0xE9] + Array("\n".utf8), "3:6 invalid-utf8"),
      // A UTF-8 mark followed by a UTF-16 one: the first is skipped, the second is not UTF-8.
      ([0xEF, 0xBB, 0xBF, 0xFF, 0xFE], "1:1 invalid-utf8"),
      // NUL right after a byte order mark is at column 1: the mark is not a column.
      ([0xEF, 0xBB, 0xBF, 0x00], "1:1 nul-byte"),
      (Array(minimalManifest.utf8) + [0x00], "7:1 nul-byte"),
      // CESU-8 (a surrogate pair encoded as two 3-byte sequences) after a CRLF line.
      (Array("a: 1\r\nb: ".utf8) + [0xED, 0xA0, 0xBD, 0xED, 0xB8, 0x80], "2:4 invalid-utf8"),
    ] as [([UInt8], String)])
  func badBytesAreTheOnlyDiagnostic(_ bytes: [UInt8], expected: String) {
    let outcome = run(bytes)
    expectBounded(outcome)
    #expect(outcome.brief == [expected])
    #expect(outcome.output.declaration == nil)
  }

  @Test func megabytesOfNulBytesStopAtTheFirst() {
    let outcome = run(Array("manifest: 1\n".utf8) + [UInt8](repeating: 0, count: 8 * mebibyte))
    expectBounded(outcome)
    #expect(outcome.brief == ["2:1 nul-byte"])
  }

  @Test func nulWrittenAsAnEscapeIsTextNotAByte() {
    // `"\0"` is YAML's escape for U+0000: valid text, so the manifest rules judge it.
    let outcome = run(minimalManifest + "  \"bad\\0type\":\n    screen: Home\n")
    expectBounded(outcome)
    #expect(outcome.brief == ["7:3 invalid-push-type"])
  }

  @Test func byteOrderMarkInsideALineIsText() {
    // Only a mark at the very start of the file is skipped; inside a line U+FEFF is an ordinary
    // (invisible) character, here part of a key the manifest language does not know.
    let outcome = run(
      Array((minimalManifest + "ex").utf8) + [0xEF, 0xBB, 0xBF] + Array("tra: 1\n".utf8))
    expectBounded(outcome)
    #expect(outcome.brief == ["7:1 unknown-key"])
    #expect(
      outcome.output.diagnostics.first?.message.hasPrefix("unknown key `ex\u{FEFF}tra`") == true)
  }

  @Test func byteOrderMarkAtTheStartOfALaterLine() {
    // libyaml drops a mark that starts a line but counts it as a column, so `extra` is one
    // column further in than the mapping it would belong to. The caret lands on the `e`.
    let outcome = run(Array(minimalManifest.utf8) + [0xEF, 0xBB, 0xBF] + Array("extra: 1\n".utf8))
    expectBounded(outcome)
    #expect(outcome.brief == ["7:2 yaml-syntax"])
    #expect(
      outcome.output.diagnostics.first?.message
        == "YAML syntax error: did not find expected key (while parsing a block mapping at line 1, column 1)"
    )
  }

  @Test func twoByteOrderMarks() {
    // The first mark is skipped; the second is dropped by libyaml but counted as a column, which
    // indents `manifest` past the keys below it.
    let outcome = run([0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF] + Array(minimalManifest.utf8))
    expectBounded(outcome)
    #expect(outcome.brief == ["2:1 yaml-syntax"])
    #expect(
      outcome.output.diagnostics.first?.message
        == "YAML syntax error: did not find expected <document start>")
  }

  @Test func byteOrderMarkDoesNotShiftSyntaxErrorColumns() {
    let outcome = run([0xEF, 0xBB, 0xBF] + Array("a: [1, 2\nb: 3\n".utf8))
    #expect(outcome.brief == ["2:2 yaml-syntax"])
  }
}

@Suite struct HostileDocumentShapeTests {
  @Test(
    arguments: [
      ("just text\n", "1:1 type-mismatch"),
      ("- manifest\n- 1\n", "1:1 type-mismatch"),
      ("[manifest, 1]\n", "1:1 type-mismatch"),
      ("~\n", "1:1 type-mismatch"),
      ("null\n", "1:1 type-mismatch"),
      ("--- |\n  manifest: 1\n", "1:5 type-mismatch"),
      ("---\n", "2:1 type-mismatch"),
      ("\"manifest: 1\"\n", "1:1 type-mismatch"),
      ("# only a comment", "1:1 empty-manifest"),
      ("\n\n\n", "1:1 empty-manifest"),
      // libyaml does not accept a document end marker without a document.
      ("...\n", "1:1 yaml-syntax"),
    ])
  func nonMappingDocument(_ text: String, expected: String) {
    let outcome = run(text)
    expectBounded(outcome)
    #expect(outcome.brief == [expected])
    #expect(outcome.output.manifest == nil)
  }

  /// Regression (found by fuzzing): libyaml ends a file without a final line break with a line
  /// break of its own, and placed this document's empty root on line 2 of a one-line file.
  @Test func documentMarkerWithoutALineBreak() {
    #expect(run("--- ").brief == ["1:5 type-mismatch"])
    #expect(run("---").brief == ["1:4 type-mismatch"])
  }

  /// Regression (found by fuzzing): a syntax error found at the end of a file without a final
  /// line break was reported on a line past the last one, so no source line could be shown
  /// (DiagnosticRendererTests shows it).
  @Test func syntaxErrorAtTheEndOfAFileWithoutALineBreak() throws {
    #expect(run("a: b\nc").brief == ["2:2 yaml-syntax"])
  }

  @Test func syntaxErrorAtTheEndOfAFileWithALineBreakKeepsLibyamlsPosition() {
    // Here the line after the last break exists (it is empty), so nothing needs moving.
    #expect(run("a: b\nc\n").brief == ["3:1 yaml-syntax"])
  }

  @Test func complexKeysInsideAManifestStopAtTheKey() {
    let outcome = run(
      minimalManifest + "  ? [gift, page]\n  : { screen: Home }\n  ? { a: b }\n  : x\n")
    expectBounded(outcome)
    #expect(outcome.brief == ["7:5 complex-key", "9:5 complex-key"])
    #expect(outcome.output.manifest == nil)
  }

  @Test func tagsInEveryForm() {
    let text = """
      %TAG !e! tag:example.com,2000:
      ---
      manifest: !e!version 1
      screens: !!map
        Home: !<tag:yaml.org,2002:map> {}
      routes:
        home:
          screen: !!binary SG9tZQ==
          only: !seq [default]

      """
    let outcome = run(text)
    expectBounded(outcome)
    #expect(
      outcome.brief == [
        "3:11 yaml-tag", "4:10 yaml-tag", "5:9 yaml-tag", "8:13 yaml-tag",
        // The tag is reported, not applied: the screen is the text `SG9tZQ==`.
        "8:13 unknown-screen", "9:11 yaml-tag",
      ])
    #expect(outcome.output.manifest == nil)
  }

  @Test func tagOnTheRootDocument() {
    let outcome = run("--- !manifest\n" + minimalManifest)
    #expect(outcome.brief == ["1:5 yaml-tag"])
    #expect(outcome.output.manifest == nil)
  }
}
