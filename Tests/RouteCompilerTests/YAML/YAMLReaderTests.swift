import CompilerTestSupport
import Foundation
import Testing

@testable import RouteCompiler

@Test func minimalManifestIsValid() {
  let output = lint(minimalManifest)
  #expect(output.diagnostics.isEmpty)
  #expect(output.manifest?.namespace == "Test")
}

/// Runs only the YAML reader.
private func read(_ bytes: [UInt8]) -> (root: YAMLNode?, diagnostics: [Diagnostic]) {
  var diagnostics = Diagnostics()
  let root = YAMLReader.read(bytes, diagnostics: &diagnostics)
  return (root, diagnostics.sorted)
}

private func read(_ yaml: String) -> (root: YAMLNode?, diagnostics: [Diagnostic]) {
  read(Array(yaml.utf8))
}

/// `count` collections nested in block style: `a:` mappings, one level more indented each.
private func blockNesting(_ count: Int) -> String {
  (0..<count).map { String(repeating: "  ", count: $0) + "a:" }.joined(separator: "\n")
    + " leaf\n"
}

/// `count` flow sequences nested inside each other: `[[[x]]]`.
private func flowNesting(_ count: Int) -> String {
  String(repeating: "[", count: count) + "x" + String(repeating: "]", count: count) + "\n"
}

extension YAMLNode {
  fileprivate var mapping: YAMLMapping? {
    if case .mapping(let mapping) = self { return mapping }
    return nil
  }

  fileprivate var sequence: YAMLSequence? {
    if case .sequence(let sequence) = self { return sequence }
    return nil
  }

  fileprivate var scalar: YAMLScalar? {
    if case .scalar(let scalar) = self { return scalar }
    return nil
  }
}

@Suite struct YAMLRuleTests {
  @Test func duplicateKeyPointsAtTheSecondKeyAndNamesTheFirst() throws {
    let (root, diagnostics) = read(
      """
      a: 1
      b:
        c: 2
        c: 3
      a: 4

      """)
    #expect(brief(diagnostics) == ["4:3 duplicate-key", "5:1 duplicate-key"])
    #expect(diagnostics.first?.message == "duplicate key `c`; it was first defined at line 3")
    #expect(diagnostics.last?.message == "duplicate key `a`; it was first defined at line 1")
    // The first value is kept; reading goes on after the duplicate.
    let mapping = try #require(root?.mapping)
    #expect(mapping.entries.map(\.key.value) == ["a", "b"])
    #expect(mapping["a"]?.value.scalar?.value == "1")
    #expect(mapping["b"]?.value.mapping?["c"]?.value.scalar?.value == "2")
  }

  @Test func quotedAndPlainKeysAreTheSameKey() {
    let (_, diagnostics) = read("a: 1\n\"a\": 2\n")
    #expect(brief(diagnostics) == ["2:1 duplicate-key"])
  }

  @Test func duplicateKeyInFlowMapping() {
    let (_, diagnostics) = read("{x: 1, y: 2, x: 3}\n")
    #expect(brief(diagnostics) == ["1:14 duplicate-key"])
  }

  @Test func anchorIsReported() {
    let (_, diagnostics) = read("a: &name value\nb:\n  &list [1]\n")
    #expect(brief(diagnostics) == ["1:4 yaml-anchor", "3:3 yaml-anchor"])
    #expect(diagnostics.first?.message.contains("`&name`") == true)
  }

  @Test func aliasIsReported() {
    let (root, diagnostics) = read("a: &x 1\nb: *x\n")
    #expect(brief(diagnostics) == ["1:4 yaml-anchor", "2:4 yaml-alias"])
    #expect(diagnostics.last?.message.contains("`*x`") == true)
    // The alias is not resolved: it stands for an empty value.
    #expect(root?.mapping?["b"]?.value.scalar?.value == "")
  }

  @Test func tagIsReported() {
    let (_, diagnostics) = read("a: !!str 1\nb: !custom\n  c: 2\nd: ! e\n")
    #expect(brief(diagnostics) == ["1:4 yaml-tag", "2:4 yaml-tag", "4:4 yaml-tag"])
    #expect(diagnostics.first?.message.contains("`tag:yaml.org,2002:str`") == true)
  }

  @Test func secondDocumentIsReported() {
    let (root, diagnostics) = read("a: 1\n---\nb: 2\n")
    #expect(brief(diagnostics) == ["2:1 multiple-documents"])
    #expect(root?.mapping?.entries.map(\.key.value) == ["a"])
  }

  @Test func oneDocumentWithMarkersIsFine() {
    let (root, diagnostics) = read("---\na: 1\n...\n")
    #expect(diagnostics.isEmpty)
    #expect(root?.mapping?["a"]?.value.scalar?.value == "1")
  }

  @Test func complexKeyIsReported() throws {
    let (root, diagnostics) = read("? [a, b]\n: c\n? {d: e}\n: f\ng: h\n")
    #expect(brief(diagnostics) == ["1:3 complex-key", "3:3 complex-key"])
    // The complex keys' values are dropped; the other entries are kept.
    let mapping = try #require(root?.mapping)
    #expect(mapping.entries.map(\.key.value) == ["g"])
  }

  @Test func complexKeyInFlowMapping() {
    let (_, diagnostics) = read("{[a]: b, c: d}\n")
    #expect(brief(diagnostics) == ["1:2 complex-key"])
  }

  @Test func sixtyFourLevelsAreFine() {
    for yaml in [blockNesting(64), flowNesting(64)] {
      let (root, diagnostics) = read(yaml)
      #expect(diagnostics.isEmpty)
      #expect(root != nil)
    }
  }

  @Test func sixtyFiveBlockLevelsAreTooDeep() {
    let (root, diagnostics) = read(blockNesting(65))
    // The 65th mapping starts at its first key, `a:` on line 65 indented by 64 levels of 2.
    #expect(brief(diagnostics) == ["65:129 too-deep"])
    #expect(root == nil)
  }

  @Test func sixtyFiveFlowLevelsAreTooDeep() {
    let (root, diagnostics) = read(flowNesting(65))
    #expect(brief(diagnostics) == ["1:65 too-deep"])
    #expect(root == nil)
  }

  @Test func hostileFlowNestingStopsEarly() {
    let result = read(String(repeating: "[", count: 100_000))
    #expect(brief(result.diagnostics) == ["1:65 too-deep"])
    #expect(result.root == nil)
  }

  @Test func fileOverSixteenMiBIsTooLarge() {
    var bytes = [UInt8](repeating: UInt8(ascii: "#"), count: 16 * 1024 * 1024 + 1)
    bytes[0] = UInt8(ascii: "a")
    bytes[1] = UInt8(ascii: ":")
    let (root, diagnostics) = read(bytes)
    #expect(brief(diagnostics) == ["1:1 file-too-large"])
    #expect(root == nil)
  }

  @Test func fileOfSixteenMiBIsNotTooLarge() {
    // A comment of exactly 16 MiB: the limit itself is allowed.
    var bytes = [UInt8](repeating: UInt8(ascii: " "), count: 16 * 1024 * 1024)
    bytes[0] = UInt8(ascii: "#")
    let (root, diagnostics) = read(bytes)
    #expect(diagnostics.isEmpty)
    #expect(root == nil)
  }

  @Test func invalidUTF8PointsAtTheBadByte() {
    // `é` is two bytes but one column; the stray continuation byte is the 4th character.
    let (root, diagnostics) = read(Array("a: 1\nb: é".utf8) + [0x80] + Array("\n".utf8))
    #expect(brief(diagnostics) == ["2:5 invalid-utf8"])
    #expect(diagnostics.first?.message.contains("0x80") == true)
    #expect(root == nil)
  }

  @Test(
    arguments: [
      [0xC0, 0xAF],  // overlong `/`
      [0xED, 0xA0, 0x80],  // a UTF-16 surrogate
      [0xF4, 0x90, 0x80, 0x80],  // past U+10FFFF
      [0xE2, 0x82],  // truncated at the end of the file
      [0xFF],
    ] as [[UInt8]])
  func malformedSequencesAreInvalidUTF8(_ sequence: [UInt8]) {
    let (_, diagnostics) = read(Array("k: ".utf8) + sequence)
    #expect(brief(diagnostics) == ["1:4 invalid-utf8"])
  }

  @Test func nulBytePointsAtItsPosition() {
    let (root, diagnostics) = read(Array("a: 1\nbb: x".utf8) + [0] + Array("y\n".utf8))
    #expect(brief(diagnostics) == ["2:6 nul-byte"])
    #expect(root == nil)
  }

  @Test func syntaxErrorPointsAtLibyamlsProblemMark() {
    // libyaml finds the unexpected `:` of the over-indented `c: 2` after reading `c`.
    let (root, diagnostics) = read("a: b\n  c: 2\n")
    #expect(brief(diagnostics) == ["2:4 yaml-syntax"])
    #expect(
      diagnostics.first?.message
        == "YAML syntax error: mapping values are not allowed in this context; `c:` is indented 2 spaces and `a:` on the line above 0; keys of one mapping start in the same column, so indent `c:` like the keys beside it"
    )
    #expect(root == nil)
  }

  @Test func unclosedFlowSequenceIsASyntaxError() {
    // In flow context `2` and `b` fold into one plain scalar; libyaml stops at the `:` after it.
    let (root, diagnostics) = read("a: [1, 2\nb: 3\n")
    #expect(brief(diagnostics) == ["2:2 yaml-syntax"])
    #expect(
      diagnostics.first?.message
        == "YAML syntax error: did not find expected ',' or ']' (while parsing a flow sequence at line 1, column 4)"
    )
    #expect(root == nil)
  }

  @Test func emptyFileIsAnEmptyManifest() {
    let (root, diagnostics) = read("")
    #expect(root == nil)
    #expect(diagnostics.isEmpty)
    #expect(brief(lint("").diagnostics) == ["1:1 empty-manifest"])
  }

  @Test func commentsOnlyFileIsAnEmptyManifest() {
    let yaml = "# routes come later\n\n   # indented comment\n"
    let (root, diagnostics) = read(yaml)
    #expect(root == nil)
    #expect(diagnostics.isEmpty)
    #expect(brief(lint(yaml).diagnostics) == ["1:1 empty-manifest"])
  }

  @Test func billionLaughsIsNotExpanded() {
    var lines = ["a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    for (index, name) in "bcdefghi".enumerated() {
      let previous = "abcdefghi".map(String.init)[index]
      let aliases = Array(repeating: "*\(previous)", count: 9).joined(separator: ", ")
      lines.append("\(name): &\(name) [\(aliases)]")
    }
    let result = read(lines.joined(separator: "\n") + "\n")
    let rules = result.diagnostics.map(\.rule)
    #expect(rules.filter { $0 == .yamlAnchor }.count == 9)
    #expect(rules.filter { $0 == .yamlAlias }.count == 8 * 9)
    #expect(rules.count == 9 + 8 * 9)
    #expect(
      Array(brief(result.diagnostics).prefix(3)) == [
        "1:4 yaml-anchor", "2:4 yaml-anchor", "2:8 yaml-alias",
      ])
    // Each alias stands for one empty value: nothing was expanded.
    let last = result.root?.mapping?["i"]?.value.sequence
    #expect(last?.items.count == 9)
    #expect(last?.items.allSatisfy { $0.scalar?.value == "" } == true)
  }
}

@Suite struct YAMLNodeTests {
  @Test func keysAndValuesHaveOneBasedLocations() throws {
    let (root, diagnostics) = read(
      """
      screens:
        Home: {}
        Reader:
          params: [id, "page"]
      routes:   # comment
          home: 'x'

      """)
    #expect(diagnostics.isEmpty)
    let mapping = try #require(root?.mapping)
    #expect(mapping.location == SourceLocation(line: 1, column: 1))
    let screens = try #require(mapping["screens"])
    #expect(screens.key.location == SourceLocation(line: 1, column: 1))
    #expect(screens.value.location == SourceLocation(line: 2, column: 3))
    let home = try #require(screens.value.mapping?["Home"])
    #expect(home.key.location == SourceLocation(line: 2, column: 3))
    #expect(home.value.location == SourceLocation(line: 2, column: 9))
    let params = try #require(screens.value.mapping?["Reader"]?.value.mapping?["params"])
    #expect(params.key.location == SourceLocation(line: 4, column: 5))
    let items = try #require(params.value.sequence)
    #expect(items.location == SourceLocation(line: 4, column: 13))
    #expect(
      items.items.map(\.location) == [
        SourceLocation(line: 4, column: 14), SourceLocation(line: 4, column: 18),
      ])
    let routes = try #require(mapping["routes"])
    #expect(routes.key.location == SourceLocation(line: 5, column: 1))
    #expect(routes.value.location == SourceLocation(line: 6, column: 5))
    let homeRoute = try #require(routes.value.mapping?["home"])
    #expect(homeRoute.key.location == SourceLocation(line: 6, column: 5))
    #expect(homeRoute.value.location == SourceLocation(line: 6, column: 11))
    #expect(homeRoute.value.scalar?.style == .singleQuoted)
  }

  @Test func blockSequenceItemsAreLocated() throws {
    let (root, _) = read("tabs:\n  - home\n  - shop\n")
    let tabs = try #require(root?.mapping?["tabs"]?.value.sequence)
    #expect(tabs.location == SourceLocation(line: 2, column: 3))
    #expect(
      tabs.items.map(\.location) == [
        SourceLocation(line: 2, column: 5), SourceLocation(line: 3, column: 5),
      ])
  }

  @Test func columnsCountUnicodeScalars() throws {
    let (root, _) = read("é😀: ü\n")
    let entry = try #require(root?.mapping?.entries.first)
    #expect(entry.key.value == "é😀")
    #expect(entry.value.location == SourceLocation(line: 1, column: 5))
  }

  @Test func plainScalarIsVerbatim() throws {
    let (root, _) = read("url: https://x.org/a?id=1\n")
    let scalar = try #require(root?.mapping?["url"]?.value.scalar)
    #expect(scalar.style == .plain)
    #expect(scalar.isVerbatim)
    #expect(scalar.location == SourceLocation(line: 1, column: 6))
    #expect(scalar.location(ofOffset: 0) == SourceLocation(line: 1, column: 6))
    #expect(scalar.location(ofOffset: 8) == SourceLocation(line: 1, column: 14))
  }

  @Test func quotedScalarOffsetsSkipTheQuote() throws {
    let (root, _) = read("a: \"é{x}\"\nb: 'it{y}'\n")
    let double = try #require(root?.mapping?["a"]?.value.scalar)
    #expect(double.style == .doubleQuoted)
    #expect(double.isVerbatim)
    #expect(double.location(ofOffset: 1) == SourceLocation(line: 1, column: 6))
    let single = try #require(root?.mapping?["b"]?.value.scalar)
    #expect(single.style == .singleQuoted)
    #expect(single.isVerbatim)
    #expect(single.location(ofOffset: 2) == SourceLocation(line: 2, column: 7))
  }

  @Test(arguments: [
    "a: \"x\\ty{z}\"\n",  // an escape
    "a: 'it''s {z}'\n",  // a doubled quote
    "a: x\n  y{z}\n",  // a folded plain scalar
    "a: \"x\n  y{z}\"\n",  // a folded quoted scalar
    "a: |\n  y{z}\n",  // a block scalar
  ])
  func rewrittenScalarsAreNotVerbatim(_ yaml: String) throws {
    let (root, diagnostics) = read(yaml)
    #expect(diagnostics.isEmpty)
    let scalar = try #require(root?.mapping?["a"]?.value.scalar)
    #expect(!scalar.isVerbatim)
    // Offsets fall back to the start of the scalar.
    #expect(scalar.location(ofOffset: 3) == scalar.location)
    #expect(scalar.location == SourceLocation(line: 1, column: 4))
  }

  @Test func scalarStylesAreKept() throws {
    let (root, _) = read("p: x\ns: 'x'\nd: \"x\"\nl: |\n  x\nf: >\n  x\ne:\n")
    let mapping = try #require(root?.mapping)
    let styles = mapping.entries.map { $0.value.scalar?.style }
    #expect(styles == [.plain, .singleQuoted, .doubleQuoted, .literal, .folded, .plain])
    #expect(mapping["l"]?.value.scalar?.value == "x\n")
    #expect(mapping["e"]?.value.scalar?.isEmptyPlain == true)
  }

  @Test func byteOrderMarkIsAccepted() throws {
    let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("a: 1\nb: 2\n".utf8)
    let (root, diagnostics) = read(bytes)
    #expect(diagnostics.isEmpty)
    let mapping = try #require(root?.mapping)
    #expect(mapping.entries.map(\.key.value) == ["a", "b"])
    // The mark is not a character of the first line.
    #expect(
      mapping.entries.map(\.key.location) == [
        SourceLocation(line: 1, column: 1), SourceLocation(line: 2, column: 1),
      ])
    #expect(mapping["a"]?.value.location == SourceLocation(line: 1, column: 4))
  }

  @Test func byteOrderMarkIsNotAColumn() {
    let (_, diagnostics) = read([0xEF, 0xBB, 0xBF] + Array("a: b".utf8) + [0xFF])
    #expect(brief(diagnostics) == ["1:5 invalid-utf8"])
  }

  @Test func byteOrderMarkAloneIsAnEmptyManifest() {
    let bytes: [UInt8] = [0xEF, 0xBB, 0xBF]
    let (root, diagnostics) = read(bytes)
    #expect(root == nil)
    #expect(diagnostics.isEmpty)
    #expect(
      brief(ManifestPipeline.run(bytes: bytes, fileName: "a.routes.yaml").diagnostics) == [
        "1:1 empty-manifest"
      ])
  }

  @Test func byteOrderMarkBeforeAManifest() {
    let output = ManifestPipeline.run(
      bytes: [0xEF, 0xBB, 0xBF] + Array(minimalManifest.utf8), fileName: "test.routes.yaml")
    #expect(output.diagnostics.isEmpty)
    #expect(output.manifest != nil)
  }
}
