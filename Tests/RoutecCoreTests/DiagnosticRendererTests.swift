import RouteCompiler
import Testing

@testable import RoutecCore

/// The text `routec lint` writes for a diagnostic, on a terminal and piped.
@Suite("DiagnosticRenderer")
struct DiagnosticRendererTests {
  static let terminal = DiagnosticRenderer(showsSourceLines: true, usesColor: false)

  static func unknownKey(line: Int, column: Int) -> Diagnostic {
    Diagnostic(
      .error, .unknownKey, at: SourceLocation(line: line, column: column), "unknown key `x`")
  }

  @Test func pipedOutputIsTheCompilerLineOnly() {
    let renderer = DiagnosticRenderer(showsSourceLines: false, usesColor: false)
    let text = renderer.render(
      Self.unknownKey(line: 2, column: 3), path: "a.routes.yaml", source: "a: 1\nb: 2\n")
    #expect(text == "a.routes.yaml:2:3: error: unknown key `x` [unknown-key]")
  }

  @Test func caretUnderTheColumn() {
    let text = Self.terminal.render(
      Self.unknownKey(line: 2, column: 3), path: "a.routes.yaml",
      source: "manifest: 1\nx: y\n  key: value\n")
    #expect(
      text == """
        a.routes.yaml:2:3: error: unknown key `x` [unknown-key]
          |
        2 | x: y
          |   ^
        """)
  }

  @Test func caretAtColumnOneHasNoIndent() {
    let text = Self.terminal.render(
      Self.unknownKey(line: 1, column: 1), path: "p", source: "oops: 1")
    #expect(text == "p:1:1: error: unknown key `x` [unknown-key]\n  |\n1 | oops: 1\n  | ^")
  }

  @Test func gutterWidensWithTheLineNumber() {
    let source = (1...120).map { "line\($0): v" }.joined(separator: "\n")
    let text = Self.terminal.render(
      Self.unknownKey(line: 105, column: 10), path: "p", source: source)
    #expect(
      text == """
        p:105:10: error: unknown key `x` [unknown-key]
            |
        105 | line105: v
            |          ^
        """)
  }

  @Test func tabsBeforeTheColumnAreCopied() {
    // Columns count characters; a tab is one. Copying it into the caret line makes the caret
    // land under the same character whatever the tab width, since both lines start with a
    // prefix of the same width ("1 | " and "  | ").
    let line = "\tkey:\t\tvalue"
    let text = Self.terminal.render(Self.unknownKey(line: 1, column: 8), path: "p", source: line)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 4)
    #expect(lines[2] == "1 | \tkey:\t\tvalue")
    #expect(lines[3] == "  | \t    \t\t^")
    #expect(Self.expandTabs(String(lines[3])).count == Self.expandTabs("1 | \tkey:\t\t").count + 1)
  }

  @Test(arguments: [
    // (line, column of `x`): one space per Unicode scalar before it, however many UTF-8 bytes.
    ("café: x", 7),
    ("naïve → ünïcödé: x", 18),
    ("title: \"日本語\" x", 14),
    ("emoji: 🙂🙂 x", 11),
  ])
  func multiByteCharactersTakeOneColumnEach(line: String, column: Int) {
    let xIndex = line.unicodeScalars.firstIndex(of: "x")!
    #expect(line.unicodeScalars[..<xIndex].count == column - 1, "test data: column of `x`")
    let text = Self.terminal.render(
      Self.unknownKey(line: 2, column: column), path: "p", source: "a: 1\n\(line)\n")
    #expect(
      text == """
        p:2:\(column): error: unknown key `x` [unknown-key]
          |
        2 | \(line)
          | \(String(repeating: " ", count: column - 1))^
        """)
  }

  @Test func tabsAndMultiByteCharactersTogether() {
    let line = "  é:\t☕ x"
    let text = Self.terminal.render(Self.unknownKey(line: 1, column: 8), path: "p", source: line)
    #expect(text.hasSuffix("\n1 | \(line)\n  |     \t  ^"))
  }

  // Lines are split the way libyaml counts them, so the snippet is the line the diagnostic means
  // in CRLF and old-Mac (CR) files too.
  @Test func laterLinesOfACRLFFileHaveSnippets() {
    let text = Self.terminal.render(
      Self.unknownKey(line: 2, column: 1), path: "p", source: "a: 1\r\nb: 2\r\nc: 3\r\n")
    #expect(text == "p:2:1: error: unknown key `x` [unknown-key]\n  |\n2 | b: 2\n  | ^")
  }

  @Test func firstLineOfACRLFFileIsOneLine() {
    let text = Self.terminal.render(
      Self.unknownKey(line: 1, column: 4), path: "p", source: "a: 1\r\nb: 2\r\n")
    #expect(text == "p:1:4: error: unknown key `x` [unknown-key]\n  |\n1 | a: 1\n  |    ^")
  }

  @Test func aLoneCarriageReturnEndsALine() {
    let text = Self.terminal.render(
      Self.unknownKey(line: 2, column: 1), path: "p", source: "a: 1\rb: 2\rc: 3")
    #expect(text == "p:2:1: error: unknown key `x` [unknown-key]\n  |\n2 | b: 2\n  | ^")
  }

  @Test func aCarriageReturnEndingTheLineIsNotShown() {
    // The one case the "\r" handling reaches today: a last line without "\n" after its "\r".
    let text = Self.terminal.render(
      Self.unknownKey(line: 2, column: 1), path: "p", source: "a: 1\nb: 2\r")
    #expect(text == "p:2:1: error: unknown key `x` [unknown-key]\n  |\n2 | b: 2\n  | ^")
  }

  @Test func noSnippetForALinePastTheEnd() {
    let text = Self.terminal.render(
      Self.unknownKey(line: 9, column: 1), path: "p", source: "a: 1\n")
    #expect(text == "p:9:1: error: unknown key `x` [unknown-key]")
  }

  @Test func colourWrapsOnlyTheLabel() {
    let renderer = DiagnosticRenderer(showsSourceLines: false, usesColor: true)
    let error = renderer.render(Self.unknownKey(line: 1, column: 1), path: "p", source: "")
    #expect(error == "p:1:1: \u{1B}[1;31merror:\u{1B}[0m unknown key `x` [unknown-key]")
    let warning = renderer.render(
      Diagnostic(.warning, .insecureURL, at: .start, "plain http"), path: "p", source: "")
    #expect(warning == "p:1:1: \u{1B}[1;33mwarning:\u{1B}[0m plain http [insecure-url]")
  }

  /// `text` with tabs expanded to 8-column stops, as a terminal shows it.
  static func expandTabs(_ text: String) -> String {
    var result = ""
    for character in text {
      if character == "\t" {
        result += String(repeating: " ", count: 8 - result.count % 8)
      } else {
        result.append(character)
      }
    }
    return result
  }

  /// A line of megabytes shows a window around the column: 60 scalars before the caret, 120 in
  /// all, `…` where it is cut, so a one-line file with many findings prints a line each.
  @Test func aLongLineShowsAWindowAroundTheColumn() {
    let line = String(repeating: "a", count: 1_000) + "X" + String(repeating: "b", count: 1_000)
    let text = Self.terminal.render(
      Self.unknownKey(line: 1, column: 1_001), path: "p", source: line)
    let window = String(repeating: "a", count: 60) + "X" + String(repeating: "b", count: 59)
    #expect(
      text
        == "p:1:1001: error: unknown key `x` [unknown-key]\n  |\n1 | …\(window)…\n  |  \(String(repeating: " ", count: 60))^"
    )
    let short = Self.terminal.render(
      Self.unknownKey(line: 1, column: 3), path: "p", source: String(repeating: "c", count: 500))
    #expect(short.hasSuffix("1 | \(String(repeating: "c", count: 120))…\n  |   ^"))
  }

  /// Regression (found by fuzzing): a syntax error at the end of a file without a final line
  /// break is on its last line, which the snippet shows.
  @Test func aSyntaxErrorAtTheEndOfAFileWithoutALineBreakShowsTheLastLine() throws {
    let source = "a: b\nc"
    let output = ManifestPipeline.run(
      app: ManifestPipeline.Input(
        bytes: Array(source.utf8), fileName: "h.routes.yaml", path: "h.routes.yaml"),
      features: [])
    let diagnostic = try #require(output.diagnostics.first)
    let rendered = Self.terminal.render(diagnostic, path: "h.routes.yaml", source: source)
    #expect(rendered.hasSuffix("\n  |\n2 | c\n  |  ^"))
  }
}
