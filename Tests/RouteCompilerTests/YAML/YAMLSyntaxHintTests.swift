import CompilerTestSupport
import Testing

@testable import RouteCompiler

/// The YAML mistakes people make most get libyaml's message, its rule id and its location, and
/// then the fix in words.
@Suite struct YAMLSyntaxHintTests {
  static let head = "manifest: 1\nbases:\n  web: https://m.example.com\nscreens:\n  Home: {}\n"

  @Test func anUnquotedTemplateSaysToQuoteIt() {
    let output = lint(
      Self.head + "routes:\n  home:\n    screen: Home\n    url: {web}/index.php?c=1&m=2\n")
    #expect(brief(output.diagnostics) == ["9:15 yaml-syntax"])
    #expect(
      output.diagnostics.first?.message
        == "YAML syntax error: did not find expected key (while parsing a block mapping at line 8, column 5); a value that starts with `{` is read as a YAML mapping; quote it, as in url: \"{web}/index.php?c=1&m=2\""
    )
  }

  /// A key indented one space too far, or too little: libyaml's message names its state; the
  /// hint names both keys and what to do.
  @Test func aKeyIndentedUnlikeTheOneAboveSaysToLineThemUp() {
    let deeper = lint(Self.head + "routes:\n  home:\n    screen: Home\n     tab: home\n")
    #expect(
      deeper.diagnostics.map { "\(brief([$0])[0]) \($0.message)" } == [
        "9:9 yaml-syntax YAML syntax error: mapping values are not allowed in this context; `tab:` is indented 5 spaces and `screen:` on the line above 4; keys of one mapping start in the same column, so indent `tab:` like the keys beside it"
      ])
    let shallower = lint(
      Self.head + "routes:\n  home:\n     screen: Home\n    # a comment\n\n    tab: home\n")
    #expect(
      shallower.diagnostics.first?.message.hasSuffix(
        "; `tab:` is indented 4 spaces and `screen:` on the line above 5; keys of one mapping start in the same column, so indent `tab:` like the keys beside it"
      ) == true, "\(shallower.diagnostics)")
  }

  /// Each located where it is and naming the actual limit.
  @Test func aControlCharacterIsLocatedWhereItIs() {
    let output = lint(Self.head + "routes:\n  home:\n    screen: Home\n    url: \"a\u{1}b\"\n")
    #expect(
      output.diagnostics.map { "\(brief([$0])[0]) \($0.message)" } == [
        "9:12 yaml-syntax the manifest contains the control character U+0001, which YAML does not allow in a file; remove it, or write it as `\\u0001` inside a double-quoted string"
      ])
    // Tabs, line breaks (NEL among them) and ordinary text pass.
    #expect(InputChecks.firstProblem(in: Array("a:\tb\r\nc: d\u{85}é✓".utf8)) == nil)
    #expect(
      InputChecks.firstProblem(in: Array("ok\n\u{9F}".utf8)).map { "\($0.location)" } == "2:1")
  }

  @Test func anOverlongUnquotedTabIndexIsOutOfRange() {
    let output = lint(
      "manifest: 1\ntabs: [home]\nscreens:\n  Home: {}\nroutes:\n  home:\n    screen: Home\n    tab: 99999999999999999999999999\n"
    )
    #expect(
      output.diagnostics.map { "\(brief([$0])[0]) \($0.message)" } == [
        "8:10 tab-out-of-range tab index 99999999999999999999999999 is out of range: an index counts a variant's tabs from 0"
      ])
  }

  @Test func aKeyOverYAMLsLimitSaysSo() {
    let output = lint("manifest: 1\n" + String(repeating: "k", count: 1030) + ": 1\n")
    #expect(brief(output.diagnostics) == ["2:1031 yaml-syntax"])
    #expect(
      output.diagnostics.first?.message.hasSuffix(
        "; this key is 1030 characters long, and YAML reads keys of at most 1024; names in a manifest are much shorter (push types at most 128)"
      ) == true, "\(output.diagnostics)")
  }

  /// `links: [/orders/{order_id}]`: in a flow sequence `{` starts a mapping.
  @Test func anUnquotedPatternInAFlowListSaysToQuoteIt() {
    let output = lint(
      Self.head + "routes:\n  home:\n    screen: Home\n    links: [/orders/{order_id}]\n")
    #expect(
      output.diagnostics.map { "\(brief([$0])[0]) \($0.message)" } == [
        "9:21 yaml-syntax YAML syntax error: did not find expected ',' or ']' (while parsing a flow sequence at line 9, column 12); inside `[…]` a `{` starts a YAML mapping, so a pattern like `/orders/{id}` must be quoted: write `[\"/orders/{id}\"]`, or one item per line (`- /orders/{id}`)"
      ])
  }

  @Test func anUnquotedTemplateInAListItemSaysToQuoteIt() {
    let output = lint("a:\n  - url: {web}/x\n")
    #expect(brief(output.diagnostics) == ["2:15 yaml-syntax"])
    #expect(
      output.diagnostics.first?.message.hasSuffix("; quote it, as in url: \"{web}/x\"") == true)
  }

  @Test func aTemplateThatIsOnlyABaseIsAMappingAndSaysToQuoteIt() {
    let output = lint(Self.head + "routes:\n  home:\n    screen: Home\n    url: {web}\n")
    #expect(brief(output.diagnostics) == ["9:10 type-mismatch"])
    #expect(
      output.diagnostics.first?.message
        == "`url` of route `home` must be a single value; unquoted, `{web}` is read as a YAML mapping: quote it, as in url: \"{web}\""
    )
  }

  @Test func aFlowMappingWhereAURLBelongsIsAPlainTypeMismatch() {
    let output = lint(Self.head + "routes:\n  home:\n    screen: Home\n    url: {a: 1}\n")
    #expect(
      output.diagnostics.map(\.message)
        == ["`url` of route `home` must be a single value, found a mapping"])
  }

  @Test func aTabIndentSaysToUseSpaces() {
    let output = lint("manifest: 1\nscreens:\n  Home: {}\nroutes:\n  home:\n\tscreen: Home\n")
    #expect(brief(output.diagnostics) == ["6:1 yaml-syntax"])
    #expect(
      output.diagnostics.first?.message
        == "YAML syntax error: found character that cannot start any token (while scanning for the next token at line 6, column 1); YAML indents with spaces, not tabs: replace the tabs at the start of line with spaces"
    )
  }

  @Test func aTabAfterSpacesSaysToUseSpaces() {
    let output = lint("manifest: 1\nroutes:\n  home:\n    screen: Home\n  \t\n")
    #expect(brief(output.diagnostics).first?.hasSuffix("yaml-syntax") == true)
    #expect(
      output.diagnostics.first?.message.hasSuffix(
        "; YAML indents with spaces, not tabs: replace the tabs at the start of line with spaces")
        == true)
  }

  @Test func otherSyntaxErrorsKeepLibyamlsMessageAlone() {
    // Keys that line up, and a second `:` on one line: no hint applies.
    let output = lint("a: b\nc: 2: 3\n")
    #expect(
      output.diagnostics.map(\.message)
        == ["YAML syntax error: mapping values are not allowed in this context"])
  }

  @Test func theHintReadsTheLineAfterCRLFAndOtherBreaks() {
    let output = lint("a: 1\r\nb:\u{85}  c: {web}/x\n")
    #expect(
      output.diagnostics.first?.message.hasSuffix("; quote it, as in c: \"{web}/x\"") == true,
      "\(output.diagnostics)")
  }
}

/// One line-break rule for diagnostics, the input checks, the YAML reader and source snippets.
@Suite struct LineBreakTests {
  @Test func eachBreakHasItsLength() {
    let cases: [([UInt8], Int)] = [
      (Array("\n".utf8), 1), (Array("\r\n".utf8), 2), (Array("\r".utf8), 1),
      (Array("\r\r".utf8), 1), ([0xC2, 0x85], 2), ([0xE2, 0x80, 0xA8], 3),
      ([0xE2, 0x80, 0xA9], 3), ([0xE2, 0x80, 0xA7], 0), ([0xC2], 0), ([0xC2, 0x86], 0),
      (Array("a".utf8), 0), ([0xE2, 0x80], 0),
    ]
    for (bytes, length) in cases {
      #expect(LineBreak.length(in: bytes, at: 0) == length, "\(bytes)")
    }
  }

  @Test func sourceLinesSplitWhereDiagnosticsCount() {
    let text = "one\r\ntwo\rthree\u{85}four\u{2028}five\u{2029}six\nseven"
    let lines = SourceLines(text)
    #expect(
      (1...7).map { lines[$0].map(String.init) } == [
        "one", "two", "three", "four", "five", "six", "seven",
      ])
    #expect(lines[8] == nil)
  }

  @Test func inputCheckLinesMatchSourceLines() {
    // A NUL on the fourth line, after each kind of break: the input check counts the same lines.
    let bytes = Array("a\r\nb\u{2028}c\rd".utf8) + [0]
    var diagnostics = Diagnostics()
    _ = YAMLReader.read(bytes, diagnostics: &diagnostics)
    #expect(brief(diagnostics.all) == ["4:2 nul-byte"])
  }
}
