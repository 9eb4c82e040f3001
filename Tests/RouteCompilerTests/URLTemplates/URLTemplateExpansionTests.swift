import Foundation
@_spi(Generated) import RouteTable
import TestSupport
import Testing

@testable import RouteCompiler

@Suite struct URLTemplateExpansionTests {
  static let bases = ["web": "https://m.example.com"]

  static func expand(_ template: String, _ values: [String: String]) throws -> String? {
    try URLTemplate(parsing: template).expand(base: { bases[$0] }, value: { values[$0] })
  }

  // MARK: - The manifest's example

  @Test func manifestExampleWithoutAndWithChapter() throws {
    let template =
      "{web}/index.php?c=fast_show_ctrl&m=show_book_free&id={book_id}&hide_cache=1{&chapter}"
    #expect(
      try Self.expand(template, ["book_id": "42"])
        == "https://m.example.com/index.php?c=fast_show_ctrl&m=show_book_free&id=42&hide_cache=1")
    #expect(
      try Self.expand(template, ["book_id": "42", "chapter": "7"])
        == "https://m.example.com/index.php?c=fast_show_ctrl&m=show_book_free&id=42&hide_cache=1&chapter=7"
    )
  }

  /// URLs are written into a buffer on the stack and, when longer, counted and then written:
  /// both ways give the same URL, at every length around the buffer's size.
  @Test func longURLsExpandInFull() throws {
    let prefix = "https://m.example.com/p/"
    // 488 bytes of value make the URL exactly 512 bytes long, the buffer's size.
    for length in [0, 1, 400, 487, 488, 489, 490, 600, 5_000] {
      let value = String(repeating: "a", count: length)
      #expect(try Self.expand("{web}/p/{id}", ["id": value]) == prefix + value, "\(length)")
      // Each `é` is written as six bytes, `%C3%A9`.
      let query = String(repeating: "é", count: length / 6)
      let encoded = String(repeating: "%C3%A9", count: length / 6)
      #expect(
        try Self.expand("{web}/p/{id}{?q}", ["id": "x", "q": query]) == prefix + "x?q=" + encoded,
        "\(length)")
    }
  }

  @Test func templateWithoutExpressionsIsCopied() throws {
    #expect(
      try Self.expand("{web}/index.php?c=salectrl&m=get_manage_card_data", [:])
        == "https://m.example.com/index.php?c=salectrl&m=get_manage_card_data")
    #expect(try Self.expand("{web}", [:]) == "https://m.example.com")
    #expect(try URLTemplate(parsing: "").expand(value: { _ in "x" }) == "")
  }

  // MARK: - Bases

  @Test func unknownBaseFailsExpansion() throws {
    #expect(try Self.expand("{api}/x", [:]) == nil)
    // A parameter of the same name does not stand in for the base: `{name}` at the start is
    // always a base, so a payload value never becomes the scheme or host.
    #expect(try Self.expand("{api}/x", ["api": "https://evil.example"]) == nil)
  }

  @Test func baseIsOnlyTheFirstPartAndIsInsertedVerbatim() throws {
    let template = try URLTemplate(parsing: "{web}/a/{web}")
    let url = template.expand(
      base: { $0 == "web" ? "https://h.example/p%20q" : nil },
      value: { $0 == "web" ? "v/w" : nil })
    #expect(url == "https://h.example/p%20q/a/v%2Fw")
  }

  @Test func literalAbsoluteURLAsksForNoBase() throws {
    var asked: [String] = []
    let url = try URLTemplate(parsing: "https://a.example/{id}{?q}").expand(
      base: {
        asked.append($0)
        return "https://evil.example"
      },
      value: { $0 == "id" ? "1" : nil })
    #expect(url == "https://a.example/1")
    #expect(asked.isEmpty)
  }

  @Test func withoutBasesTheFirstVariableIsAParameter() throws {
    let template = try URLTemplate(parsing: "{id}/x")
    #expect(template.expand(value: { $0 == "id" ? "a/b" : nil }) == "a%2Fb/x")
    #expect(template.expand(value: { _ in nil }) == "/x")
  }

  // MARK: - Encoding

  @Test(arguments: [
    ("1&admin=1", "1%26admin%3D1"),
    ("../../etc/passwd", "..%2F..%2Fetc%2Fpasswd"),
    ("a#frag", "a%23frag"),
    ("a?b=c", "a%3Fb%3Dc"),
    ("user@evil.example", "user%40evil.example"),
    ("100%", "100%25"),
    ("%2F", "%252F"),
    ("a/b", "a%2Fb"),
    ("hello world", "hello%20world"),
    ("a+b", "a%2Bb"),
    ("café", "caf%C3%A9"),
    ("e\u{301}", "e%CC%81"),
    ("👍", "%F0%9F%91%8D"),
    ("👨‍👩‍👧", "%F0%9F%91%A8%E2%80%8D%F0%9F%91%A9%E2%80%8D%F0%9F%91%A7"),
    ("\r\n\0", "%0D%0A%00"),
    ("{x}", "%7Bx%7D"),
    ("AZaz09-._~", "AZaz09-._~"),
    ("", ""),
  ])
  func variableValuesArePercentEncoded(value: String, expected: String) throws {
    #expect(URLTemplate.percentEncode(value) == expected)
    #expect(try Self.expand("{web}/b/{id}", ["id": value]) == "https://m.example.com/b/\(expected)")
    #expect(
      try Self.expand("{web}/b{?id}", ["id": value]) == "https://m.example.com/b?id=\(expected)")
  }

  @Test func everyASCIICharacterOutsideUnreservedIsEncoded() {
    for byte in UInt8(0)...UInt8(127) {
      let text = String(Unicode.Scalar(byte))
      let unreserved =
        ("A"..."Z").contains(text) || ("a"..."z").contains(text) || ("0"..."9").contains(text)
        || "-._~".contains(text)
      let hex = String(byte, radix: 16, uppercase: true)
      let expected = unreserved ? text : "%" + (hex.count == 1 ? "0" + hex : hex)
      #expect(URLTemplate.percentEncode(text) == expected, "byte \(byte)")
    }
  }

  /// Literal text keeps the unreserved and reserved characters and encodes every other byte,
  /// checked byte by byte at both ends of each character class.
  @Test func literalTextKeepsExactlyTheURICharacters() {
    let reserved = ":/?#[]@!$&'()*+,;="
    for byte in UInt8(0)...UInt8(255) where byte != UInt8(ascii: "%") {
      let literal = String(decoding: [UInt8(ascii: "a"), byte], as: UTF8.self)
      let url = URLTemplate(parts: [.literal(literal)]).expand(value: { _ in nil })
      let kept =
        byte < 128
        && (URLTemplate.percentEncode(String(Unicode.Scalar(byte))).count == 1
          || reserved.utf8.contains(byte))
      if kept {
        #expect(url == literal, "byte \(byte)")
      } else {
        #expect(url == "a" + URLTemplate.percentEncode(String(literal.dropFirst())), "byte \(byte)")
      }
    }
  }

  /// Tables store literals encoded and expansion copies them: that gives the same URL only
  /// because encoding a literal twice changes nothing.
  @Test func encodedLiteralsAreWhatExpansionWritesAndEncodeToThemselves() {
    var generator = SplitMix64(seed: 11)
    for _ in 0..<2_000 {
      var text = randomString(using: &generator)
      if Bool.random(using: &generator) { text += "%41%zz%" }
      let encoded = URLTemplate.encodedLiteral(text)
      #expect(URLTemplate(parts: [.literal(text)]).expand(value: { _ in nil }) == encoded)
      #expect(URLTemplate.encodedLiteral(encoded) == encoded, "\(text)")
    }
  }

  @Test func absentVariableExpandsToNothingAndEmptyToEmpty() throws {
    #expect(try Self.expand("{web}/a/{id}/b", [:]) == "https://m.example.com/a//b")
    #expect(try Self.expand("{web}/a/{id}/b", ["id": ""]) == "https://m.example.com/a//b")
  }

  @Test func nonASCIILiteralTextIsPercentEncodedAndEscapesAreKept() throws {
    #expect(
      try Self.expand("{web}/caf%C3%A9/café/{id}", ["id": "é"])
        == "https://m.example.com/caf%C3%A9/caf%C3%A9/%C3%A9")
    // Hand-built parts that the parser would reject are encoded rather than copied.
    let handBuilt = URLTemplate(parts: [.literal("a b%zz%4"), .query(.question, ["n&m"])])
    #expect(handBuilt.expand(value: { _ in "v" }) == "a%20b%25zz%254?n%26m=v")
  }

  // MARK: - Query expressions

  @Test(arguments: [
    ([String: String](), ""),
    (["a": "1"], "?a=1"),
    (["b": "2"], "?b=2"),
    (["a": "1", "b": "2"], "?a=1&b=2"),
    (["a": "", "b": "x y"], "?a=&b=x%20y"),
    (["c": "3"], ""),
  ])
  func questionQuery(values: [String: String], expected: String) throws {
    #expect(try Self.expand("{web}/p{?a,b}", values) == "https://m.example.com/p" + expected)
    let ampersand = expected.isEmpty ? "" : "&" + expected.dropFirst()
    #expect(
      try Self.expand("{web}/p?z=0{&a,b}", values) == "https://m.example.com/p?z=0" + ampersand)
  }

  @Test func queryValuesCannotInjectParameters() throws {
    #expect(
      try Self.expand("{web}/p{?a}{&b}", ["a": "1&admin=1", "b": "2#x"])
        == "https://m.example.com/p?a=1%26admin%3D1&b=2%23x")
  }

  /// `{?name*}`: each of a `query` parameter's items as its own `key=value`, sorted by key,
  /// keys and values encoded so that no item can add another; no items, nothing.
  @Test func passedThroughItemsAreWrittenSortedAndEncoded() throws {
    let template = try URLTemplate(parsing: "{web}/d{?sort}{&more*}")
    func expand(_ values: [String: ParamValue]) -> String? {
      URLExpansion.expand(
        template, base: { _ in .string("https://m.example.com") },
        value: { template.withUTF8($0) { values[String(decoding: $0, as: UTF8.self)] } }
      ).url
    }
    #expect(
      expand(["sort": .string("new"), "more": .query(["b": "2", "a": "1&admin=1", "é": ""])])
        == "https://m.example.com/d?sort=new&a=1%26admin%3D1&b=2&%C3%A9=")
    #expect(
      expand(["sort": .string("new"), "more": .query([:])]) == "https://m.example.com/d?sort=new")
    let first = try URLTemplate(parsing: "{web}/d{?more*}")
    #expect(
      URLExpansion.expand(
        first, base: { _ in .string("https://m.example.com") },
        value: { _ in .query(["x y": "z", "a": "b"]) }
      ).url == "https://m.example.com/d?a=b&x%20y=z")
  }

  // MARK: - Properties

  @Test func percentEncodingRoundTripsRandomStrings() throws {
    var generator = SplitMix64(seed: 0x5EED_0F_0123)
    for _ in 0..<2_000 {
      let text = randomString(using: &generator)
      let encoded = URLTemplate.percentEncode(text)
      #expect(encoded.utf8.allSatisfy { isUnreservedOrPercentOrHex($0) }, "\(encoded)")
      let decoded = try #require(
        PercentDecoding.bytes(encoded.utf8, digits: .uppercase), "not well-formed: \(encoded)")
      #expect(decoded == Array(text.utf8), "\(text.unicodeScalars.map(\.value))")
    }
  }

  @Test func hostileValuesNeverChangeTheHost() throws {
    let template = try URLTemplate(parsing: "{web}/x/{id}{?q}")
    var generator = SplitMix64(seed: 42)
    let hostile = [
      "@evil.example", "/../../", "//evil.example", "#", "?", "\\evil", "%2F%2F", ":80",
      "evil.example/", "\u{FF0F}evil", "\u{2215}", "\u{0}", "http://evil.example",
    ]
    var ids = hostile
    for _ in 0..<1_000 {
      ids.append(randomString(using: &generator))
    }
    for id in ids {
      let url = try #require(
        template.expand(base: { Self.bases[$0] }, value: { $0 == "id" || $0 == "q" ? id : nil }))
      #expect(url.hasPrefix("https://m.example.com/x/"), "\(url)")
      let rest = url.dropFirst("https://m.example.com/x/".count)
      #expect(!rest.contains("/") && !rest.contains("@") && !rest.contains("#"), "\(url)")
      #expect(URL(string: url)?.host == "m.example.com", "\(url)")
    }
  }

  @Test func randomHandBuiltTemplatesExpandToURICharactersOnly() {
    var generator = SplitMix64(seed: 7)
    for _ in 0..<500 {
      var parts: [URLTemplate.Part] = []
      for _ in 0..<Int.random(in: 0...6, using: &generator) {
        switch Int.random(in: 0..<3, using: &generator) {
        case 0: parts.append(.literal(randomString(using: &generator)))
        case 1: parts.append(.variable(randomString(using: &generator)))
        default:
          parts.append(
            .query(
              Bool.random(using: &generator) ? .question : .ampersand,
              (0..<Int.random(in: 0...3, using: &generator)).map { _ in
                randomString(using: &generator)
              }))
        }
      }
      let template = URLTemplate(parts: parts)
      let seed = generator.next()
      let value: (String) -> String? = { name in
        var local = SplitMix64(seed: seed ^ UInt64(truncatingIfNeeded: name.utf8.count))
        return Bool.random(using: &local) ? nil : randomString(using: &local)
      }
      let url = template.expand(value: value)
      #expect(url.utf8.allSatisfy { $0 < 0x80 && $0 > 0x20 && $0 != 0x7F }, "\(url)")
      // Literal text keeps its `%xx` escapes, lowercase ones too.
      #expect(PercentDecoding.bytes(url.utf8) != nil, "\(url)")
      // After a base, nothing but `/`, `?` or `#` may come: whatever would extend it is refused.
      if case .variable? = parts.first {
        let based = template.expand(base: { _ in "B" }, value: value)
        let next = based?.dropFirst().first
        #expect(based == nil || next == nil || "/?#".contains(next ?? "/"), "\(based ?? "nil")")
        let rest = URLTemplate(parts: Array(parts.dropFirst())).expand(value: value)
        #expect(
          (based == nil) == (!rest.isEmpty && !"/?#".contains(rest.first ?? "/")),
          "\(rest) after B")
      }
    }
  }

  // MARK: - Conformance: github.com/uri-templates/uritemplate-test

  // Which cases apply is decided by rule, case by case, in every group of the positive files:
  // a case applies when its template parses with `URLTemplate(parsing:)` and every variable it
  // names is a string, null or undefined in the group's `variables`.
  //
  // - Applies: simple string expansion `{var}` (RFC 6570 Level 1; like ours it encodes
  //   reserved characters too, `!` as `%21`), and form-style query expansion `{?a,b}` and
  //   `{&a,b}` (Level 3) of string variables. In practice: "Level 1 Examples", the query
  //   cases of "Level 3 Examples", sections 3.2.2, 3.2.8 and 3.2.9 of the by-section file (and
  //   `{base}index` from 3.2.3), and the `{var}`/`{?var}` cases of extended-tests, including
  //   "Literal Encoding" (non-ASCII literal text is percent-encoded, RFC 6570 §3.1).
  // - Excluded because the template does not parse: the operators `# . / ;` (unsupported by
  //   design: a `{name}` takes one name and always encodes reserved characters), the `:n` and
  //   `*` modifiers, several names in one `{a,b}`, names with `.` or `%XX`, and literal `'`
  //   (RFC 6570 §2.1 excludes `'` from literals; the suite still uses it in `'{var}'`).
  // - Excluded by design: `{+var}`, which keeps only `/` of a value (RFC 6570 keeps every
  //   reserved character: `?`, `#`, `@` and `:` could then change the URL's structure).
  // - Excluded because of the values: lists and maps (parameters are typed scalars) and JSON
  //   numbers, whose text is the value type's job (`ParameterValue`), not expansion's.
  // There is no base in these templates, so they expand with `expand(value:)`.

  static let conformanceDirectory = Fixtures.folder
    .deletingLastPathComponent()  // RouteCompilerTests
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()  // the package root
    .appendingPathComponent("../shared/conformance/uritemplate-test").standardized

  static let conformanceAvailable = FileManager.default.fileExists(
    atPath: conformanceDirectory.appendingPathComponent("spec-examples.json").path)

  @Test(
    .enabled(
      if: conformanceAvailable,
      "uritemplate-test not found at ../shared/conformance/uritemplate-test from the package root"),
    arguments: ["spec-examples.json", "spec-examples-by-section.json", "extended-tests.json"])
  func conformance(file: String) throws {
    var report: [String] = []
    var applicableInFile = 0
    var applicableByGroup: [String: Int] = [:]
    for (group, cases, variables) in try Self.loadGroups(file) {
      var applicable = 0
      var passed = 0
      var unparsable = 0
      var narrowed = 0
      var listsOrMaps = 0
      var numbers = 0
      for (template, expected) in cases {
        guard let parsed = try? URLTemplate(parsing: template) else {
          unparsable += 1
          continue
        }
        if parsed.parts.contains(where: {
          if case .reserved = $0 { true } else { false }
        }) {
          narrowed += 1
          continue
        }
        var strings: [String: String] = [:]
        var namesListOrMap = false
        var namesNumber = false
        for name in Self.names(in: parsed) {
          // Undefined and null variables are absent.
          guard let raw = variables[name], !(raw is NSNull) else { continue }
          if let text = raw as? String {
            strings[name] = text
          } else if raw is [Any] || raw is [String: Any] {
            namesListOrMap = true
          } else {
            namesNumber = true
          }
        }
        if namesListOrMap {
          listsOrMaps += 1
          continue
        }
        if namesNumber {
          numbers += 1
          continue
        }
        applicable += 1
        let result = parsed.expand(value: { strings[$0] })
        if let expected, expected.contains(result) {
          passed += 1
        } else {
          Issue.record(
            "\(file) / \(group): \(template) expanded to \(result), expected \(expected ?? [])")
        }
      }
      applicableInFile += applicable
      applicableByGroup[group] = applicable
      report.append(
        "\(group): \(passed)/\(applicable) passed; excluded \(unparsable) unparsable, "
          + "\(narrowed) `{+var}`, \(listsOrMaps) with list/map values, \(numbers) with number values"
      )
    }
    print("uritemplate-test \(file):\n  " + report.joined(separator: "\n  "))
    #expect(applicableInFile > 0, "no applicable case in \(file)")
    if file == "spec-examples.json" {
      #expect(applicableByGroup["Level 1 Examples", default: 0] > 0)
      #expect(applicableByGroup["Level 3 Examples", default: 0] > 0)
    }
  }

  /// Every negative case must be rejected: by the parser, or because it names a list or map
  /// (outside the subset: parameters are scalars).
  @Test(
    .enabled(
      if: conformanceAvailable,
      "uritemplate-test not found at ../shared/conformance/uritemplate-test from the package root"))
  func negativeConformance() throws {
    var unparsable = 0
    var outsideSubset = 0
    var total = 0
    for (group, cases, variables) in try Self.loadGroups("negative-tests.json") {
      for (template, _) in cases {
        total += 1
        guard let parsed = try? URLTemplate(parsing: template) else {
          unparsable += 1
          continue
        }
        if Self.names(in: parsed).contains(where: {
          variables[$0] is [Any] || variables[$0] is [String: Any]
        }) {
          outsideSubset += 1
        } else {
          Issue.record("negative-tests.json / \(group): \(template) is accepted")
        }
      }
    }
    print(
      "uritemplate-test negative-tests.json: \(total) cases, \(unparsable) rejected by the parser, "
        + "\(outsideSubset) outside the subset")
    #expect(total > 0)
    #expect(unparsable + outsideSubset == total)
  }

  static func names(in template: URLTemplate) -> [String] {
    template.parts.flatMap { part -> [String] in
      switch part {
      case .literal: []
      case .variable(let name), .reserved(let name), .passThrough(_, let name): [name]
      case .query(_, let names): names
      }
    }
  }

  /// The groups of a suite file: name, cases (template, acceptable results or nil for
  /// `false`), variables.
  static func loadGroups(
    _ file: String
  ) throws -> [(String, [(String, [String]?)], [String: Any])] {
    let data = try Data(contentsOf: conformanceDirectory.appendingPathComponent(file))
    let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    return try root.keys.sorted().map { group in
      let body = try #require(root[group] as? [String: Any])
      let variables = try #require(body["variables"] as? [String: Any])
      let testcases = try #require(body["testcases"] as? [[Any]])
      let cases = try testcases.map { testcase -> (String, [String]?) in
        try #require(testcase.count == 2)
        let template = try #require(testcase[0] as? String)
        switch testcase[1] {
        case let text as String: return (template, [text])
        case let texts as [String]: return (template, texts)
        default: return (template, nil)
        }
      }
      return (group, cases, variables)
    }
  }
}

// MARK: - Helpers

/// Up to 24 scalars: ASCII (reserved characters and controls included), Latin-1, combining
/// marks, the rest of the BMP (no surrogates) and astral scalars such as emoji.
private func randomString(using generator: inout SplitMix64) -> String {
  var scalars = String.UnicodeScalarView()
  for _ in 0..<Int.random(in: 0...24, using: &generator) {
    let value: UInt32
    switch Int.random(in: 0..<6, using: &generator) {
    case 0, 1: value = UInt32.random(in: 0...0x7F, using: &generator)
    case 2: value = UInt32.random(in: 0x80...0xFF, using: &generator)
    case 3: value = UInt32.random(in: 0x300...0x36F, using: &generator)
    case 4: value = UInt32.random(in: 0x100...0xD7FF, using: &generator)
    default: value = UInt32.random(in: 0x1_0000...0x10_FFFF, using: &generator)
    }
    if let scalar = Unicode.Scalar(value) {
      scalars.append(scalar)
    }
  }
  return String(scalars)
}

private func isUnreservedOrPercentOrHex(_ byte: UInt8) -> Bool {
  switch byte {
  case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
    UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
    UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "%"):
    return true
  default:
    return false
  }
}
