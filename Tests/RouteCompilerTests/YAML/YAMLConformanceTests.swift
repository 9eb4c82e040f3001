import CompilerTestSupport
import Foundation
import TestSupport
import Testing

@testable import RouteCompiler

// Checks `YAMLReader` against the YAML test suite (`../shared/conformance/yaml-test-suite`).
//
// Every case is classified by rule, never by hand:
//
// 1. A case with an `error` file must be rejected: the YAML reader must report at least one error.
// 2. Otherwise, a case whose `test.event` shows an anchor (`&`), an alias (`=ALI`), a tag (`<...>`)
//    or more than one document (`+DOC`) is excluded from the tree comparison: manifests reject
//    those features on purpose. The YAML reader must report one of the matching rules, and no
//    syntax error.
// 3. Otherwise, a case without `in.json` is not applicable: the suite gives no JSON for inputs whose
//    keys JSON cannot represent (a collection or a null as a key), so there is nothing to compare.
//    The YAML reader must still read it without a syntax error.
// 4. Every other case is compared: the composed tree, converted to JSON-like values, must equal
//    `in.json` (no document: a nil root), and the YAML reader must report nothing.
//
// Scalars are strings in our tree, while `in.json` holds typed values. The comparison resolves
// the tree's plain scalars with the YAML 1.2 core schema (null, bool, int, float, else string) and
// keeps quoted and block scalars as strings. That is stricter than turning the JSON values into
// strings: it also checks each scalar's style (`"65"` must stay a string, `65` must not) and does
// not depend on how a JSON number would print. Mapping keys are compared as written: JSON object
// keys are strings.
//
// libyaml gets some cases wrong: the copy Yams compiles, its sources at commit acd6f6f (just after
// release 0.2.5), which answers every case as the system's 0.2.5 did. They are not excluded:
// `YAMLSuite.knownLibyamlIssues` lists each with what libyaml does, the case still runs, its wrong
// result is pinned exactly, and the expectations it fails run inside `withKnownIssue`, so a case
// that starts passing (a newer libyaml) fails until the list is updated. `suiteTotals` checks and prints the totals.

/// One folder of the suite that holds an `in.yaml`.
struct YAMLSuiteCase: Sendable, CustomTestStringConvertible {
  /// The folder relative to the suite: `2G84/00`.
  var id: String
  /// The case's title, from its `===` file.
  var title: String
  var folder: URL

  var testDescription: String { "\(id) \(title)" }

  func file(_ name: String) -> URL { folder.appendingPathComponent(name) }
  func has(_ name: String) -> Bool { FileManager.default.fileExists(atPath: file(name).path) }
}

enum YAMLSuite {
  static let folder = Fixtures.conformance?.appendingPathComponent("yaml-test-suite")

  /// Every case, sorted by id; empty when the suite is absent.
  static let cases: [YAMLSuiteCase] = {
    guard let folder else { return [] }
    let manager = FileManager.default
    guard let enumerator = manager.enumerator(at: folder, includingPropertiesForKeys: nil) else {
      return []
    }
    var cases: [YAMLSuiteCase] = []
    let base = folder.standardizedFileURL.path
    for case let url as URL in enumerator where url.lastPathComponent == "in.yaml" {
      let caseFolder = url.deletingLastPathComponent().standardizedFileURL
      let id = String(caseFolder.path.dropFirst(base.count + 1))
      let titleFile = caseFolder.appendingPathComponent("===")
      let title = (try? String(contentsOf: titleFile, encoding: .utf8)) ?? ""
      cases.append(
        YAMLSuiteCase(
          id: id, title: title.trimmingCharacters(in: .whitespacesAndNewlines), folder: caseFolder))
    }
    return cases.sorted { $0.id < $1.id }
  }()

  /// The cases libyaml gets wrong, found by running the suite; see the top of this file.
  static let knownLibyamlIssues: [String: KnownLibyamlIssue] = {
    var issues: [String: KnownLibyamlIssue] = [:]
    for (id, what) in acceptedInvalidInputs { issues[id] = .acceptsInvalid(what) }
    for (id, problem) in rejectedValidInputs {
      let parts = problem.split(separator: " ", maxSplits: 1).map(String.init)
      issues[id] = .rejectsValid(at: parts.first ?? "", message: parts.last ?? "")
    }
    for (id, what) in misreadValidInputs { issues[id] = .misreads(what) }
    return issues
  }()

  /// Invalid inputs libyaml accepts without a word: what it fails to catch.
  static let acceptedInvalidInputs: KeyValuePairs<String, String> = [
    "9C9N": "flow sequence lines not indented past the mapping that holds it",
    "9JBA": "a comment right after `]`, with no space before `#`",
    "CVW2": "a comment right after `,`, with no space before `#`",
    "DK95/01": "a double-quoted scalar's continuation line indented by a tab only",
    "G5U8": "plain `-` entries in a flow sequence",
    "MUS6/00": "a comment right after a `%YAML` directive, with no space before `#`",
    "QB6E": "a double-quoted scalar's continuation lines not indented",
    "S98Z": "a block scalar's leading empty lines more indented than what follows",
    "SU5Z": "a comment right after a closing `\"`, with no space before `#`",
    "X4QW": "a comment right after a block scalar's `>`, with no space before `#`",
    "Y79Y/003": "a tab as indentation inside a flow sequence",
    "YJV2": "a plain `-` entry in a flow sequence",
  ]

  /// Valid inputs libyaml rejects: the location and message of its error.
  static let rejectedValidInputs: KeyValuePairs<String, String> = [
    "2JQS": "1:1 did not find expected key (while parsing a block mapping at line 1, column 1)",
    "2LFX": "1:5 found unknown directive name (while scanning a directive at line 1, column 1)",
    "2SXE": "1:8 mapping values are not allowed in this context",
    "4ABK": "4:14 found unexpected ':' (while scanning a plain scalar at line 4, column 1)",
    "4MUZ/00":
      "2:1 did not find expected ',' or '}' (while parsing a flow mapping at line 1, column 1)",
    "4MUZ/01":
      "2:1 did not find expected ',' or '}' (while parsing a flow mapping at line 1, column 1)",
    "4MUZ/02":
      "2:1 did not find expected ',' or '}' (while parsing a flow mapping at line 1, column 1)",
    "58MP":
      "1:5 did not find expected node content (while parsing a flow node at line 1, column 5)",
    "5MUD":
      "3:3 did not find expected ',' or '}' (while parsing a flow mapping at line 2, column 1)",
    "5T43":
      "2:11 did not find expected node content (while parsing a flow node at line 2, column 11)",
    "6BCT":
      "3:4 found character that cannot start any token (while scanning for the next token at line 3, column 4)",
    "6CA3":
      "1:1 found character that cannot start any token (while scanning for the next token at line 1, column 1)",
    "6LVF": "1:5 found unknown directive name (while scanning a directive at line 1, column 1)",
    "6M2F": "3:1 did not find expected key (while parsing a block mapping at line 1, column 1)",
    "7Z25": "4:1 did not find expected <document start>",
    "8XYN":
      "2:4 did not find expected alphabetic or numeric character (while scanning an anchor at line 2, column 3)",
    "96NN/00":
      "2:2 found a tab character where an indentation space is expected (while scanning a block scalar at line 1, column 6)",
    "96NN/01":
      "2:2 found a tab character where an indentation space is expected (while scanning a block scalar at line 1, column 6)",
    "9SA2":
      "4:8 did not find expected ',' or '}' (while parsing a flow mapping at line 3, column 3)",
    "A2M4":
      "2:4 found character that cannot start any token (while scanning for the next token at line 2, column 4)",
    "BEC7": "1:1 found incompatible YAML document",
    "CFD4":
      "1:5 did not find expected node content (while parsing a flow node at line 1, column 5)",
    "DBG4":
      "8:5 did not find expected node content (while parsing a flow node at line 8, column 5)",
    "DK3J": "2:1 did not find expected <document start>",
    "DK95/00":
      "2:2 found character that cannot start any token (while scanning for the next token at line 2, column 2)",
    "DK95/03":
      "1:2 found character that cannot start any token (while scanning for the next token at line 1, column 2)",
    "DK95/04":
      "2:1 found a tab character that violates indentation (while scanning a plain scalar at line 1, column 6)",
    "FP8R": "2:1 did not find expected <document start>",
    "FRK4": "2:9 found unexpected ':' (while scanning a plain scalar at line 2, column 5)",
    "HM87/00":
      "1:2 did not find expected node content (while parsing a flow node at line 1, column 2)",
    "HWV9":
      "1:1 did not find expected node content (while parsing a block node at line 1, column 1)",
    "K3WX":
      "3:3 did not find expected ',' or '}' (while parsing a flow mapping at line 2, column 1)",
    "M2N8/00": "1:5 did not find expected key (while parsing a block mapping at line 1, column 5)",
    "M7A3": "6:1 did not find expected <document start>",
    "MUS6/05": "1:5 found unknown directive name (while scanning a directive at line 1, column 1)",
    "MUS6/06": "1:7 found unknown directive name (while scanning a directive at line 1, column 1)",
    "NHX8": "1:1 did not find expected key (while parsing a block mapping at line 1, column 1)",
    "NJ66":
      "4:7 did not find expected ',' or '}' (while parsing a flow mapping at line 3, column 3)",
    "NKF9": "3:1 did not find expected key (while parsing a block mapping at line 2, column 1)",
    "Q5MG":
      "1:1 found character that cannot start any token (while scanning for the next token at line 1, column 1)",
    "QT73":
      "2:1 did not find expected node content (while parsing a block node at line 2, column 1)",
    "R4YG":
      "10:2 found a tab character where an indentation space is expected (while scanning a block scalar at line 9, column 3)",
    "S3PD": "2:1 did not find expected key (while parsing a block mapping at line 1, column 1)",
    "SM9W/01": "1:1 did not find expected key (while parsing a block mapping at line 1, column 1)",
    "UKK6/00": "1:3 did not find expected key (while parsing a block mapping at line 1, column 3)",
    "UT92":
      "3:3 did not find expected ',' or '}' (while parsing a flow mapping at line 2, column 1)",
    "VJP3/01":
      "3:2 did not find expected ',' or '}' (while parsing a flow mapping at line 1, column 4)",
    "W4TN":
      "3:2 could not find expected directive name (while scanning a directive at line 3, column 1)",
    "W5VH":
      "1:5 did not find expected alphabetic or numeric character (while scanning an anchor at line 1, column 4)",
    "Y79Y/001":
      "2:2 found a tab character where an indentation space is expected (while scanning a block scalar at line 1, column 6)",
    "Y79Y/010":
      "1:2 found character that cannot start any token (while scanning for the next token at line 1, column 2)",
  ]

  /// Valid inputs libyaml reads without complaint into a different tree.
  static let misreadValidInputs: KeyValuePairs<String, String> = [
    "652Z": "reads the flow key `?foo` as the explicit key `? foo`",
    "HM87/01": "reads the flow entry `?x` as the explicit key `? x`",
    "JEF9/02": "drops the line break of a `|+` scalar's last line, spaces at the end of the stream",
    "L24T/01":
      "drops the line break of a literal scalar's last line, spaces at the end of the stream",
  ]
}

/// How libyaml gets a case wrong.
enum KnownLibyamlIssue {
  /// An invalid input read without any diagnostic: what libyaml fails to catch.
  case acceptsInvalid(String)
  /// A valid input rejected with a syntax error at `at` ("LINE:COL").
  case rejectsValid(at: String, message: String)
  /// A valid input read without a diagnostic into a tree `in.json` does not match.
  case misreads(String)

  var comment: Comment {
    switch self {
    case .acceptsInvalid(let what): "libyaml accepts \(what)"
    case .rejectsValid(_, let message): "libyaml rejects a valid input: \(message)"
    case .misreads(let what): "libyaml \(what)"
    }
  }

  /// Checks that the case fails exactly as recorded.
  func expectPinned(_ diagnostics: [Diagnostic]) {
    switch self {
    case .acceptsInvalid, .misreads:
      #expect(diagnostics.isEmpty)
    case .rejectsValid(let location, let message):
      #expect(brief(diagnostics).last == "\(location) yaml-syntax")
      // libyaml's own words, before any hint routec adds after "; ".
      let libyamlPart = diagnostics.last?.message.components(separatedBy: "; ").first
      #expect(libyamlPart == "YAML syntax error: \(message)")
    }
  }
}

// MARK: - Classification

/// What the suite expects of a case, decided by the rules at the top of this file.
enum YAMLSuiteExpectation {
  case rejected
  case excluded(Set<YAMLSuiteFeature>)
  case notApplicable(String)
  case tree(JSONLike?)
}

/// The YAML features manifests reject on purpose, as `test.event` shows them.
enum YAMLSuiteFeature: String, CaseIterable, Comparable, Sendable {
  case anchor, alias, tag, multipleDocuments = "multiple documents"

  /// The rules the YAML reader reports the feature with.
  var rules: Set<RuleID> {
    switch self {
    case .anchor: [.yamlAnchor]
    case .alias: [.yamlAlias]
    case .tag: [.yamlTag]
    case .multipleDocuments: [.multipleDocuments]
    }
  }

  static func < (lhs: Self, rhs: Self) -> Bool {
    allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
  }
}

/// A `test.event` stream, read just enough to apply the exclusion rules.
struct YAMLEventStream {
  var lines: [Substring]

  init(_ text: String) {
    lines = text.split(separator: "\n").map { $0.drop { $0 == " " } }
  }

  /// The rejected features the stream shows.
  var features: Set<YAMLSuiteFeature> {
    var features: Set<YAMLSuiteFeature> = []
    var documents = 0
    for line in lines {
      if line.hasPrefix("=ALI") { features.insert(.alias) }
      if line.hasPrefix("+DOC") { documents += 1 }
      for property in Self.properties(line) {
        features.insert(property.hasPrefix("&") ? .anchor : .tag)
      }
    }
    if documents > 1 { features.insert(.multipleDocuments) }
    return features
  }

  /// The anchor (`&a`) and tag (`<tag>`) properties of a `+MAP`, `+SEQ` or `=VAL` line. For
  /// `=VAL` they come before the value, which starts with its style indicator (`:'"|>`).
  static func properties(_ line: Substring) -> [Substring] {
    guard line.hasPrefix("+MAP") || line.hasPrefix("+SEQ") || line.hasPrefix("=VAL") else {
      return []
    }
    var rest = line.dropFirst(4).drop { $0 == " " }
    var properties: [Substring] = []
    while let first = rest.first, first == "&" || first == "<" {
      let end =
        first == "<"
        ? rest.firstIndex(of: ">").map { rest.index(after: $0) } ?? rest.endIndex
        : rest.firstIndex(of: " ") ?? rest.endIndex
      properties.append(rest[..<end])
      rest = rest[end...].drop { $0 == " " }
    }
    return properties
  }

  /// Why JSON cannot hold the case: a collection or a null as a mapping key, or nil when the
  /// stream shows neither.
  var unrepresentableKey: String? {
    // Each open collection and how many children it has had; a mapping's even children are keys.
    var stack: [(isMapping: Bool, children: Int)] = []
    var reason: String?
    for line in lines {
      let isStart = line.hasPrefix("+MAP") || line.hasPrefix("+SEQ")
      let isNode = isStart || line.hasPrefix("=VAL") || line.hasPrefix("=ALI")
      if isNode, let top = stack.last {
        if top.isMapping && top.children % 2 == 0 {
          if isStart {
            reason = reason ?? "a collection as a key"
          } else if line.hasPrefix("=VAL"), Self.isNullScalar(line) {
            reason = reason ?? "a null as a key"
          }
        }
        stack[stack.count - 1].children += 1
      }
      if isStart {
        stack.append((line.hasPrefix("+MAP"), 0))
      } else if line.hasPrefix("-MAP") || line.hasPrefix("-SEQ") {
        _ = stack.popLast()
      }
    }
    return reason
  }

  private static func isNullScalar(_ line: Substring) -> Bool {
    var rest = line.dropFirst(4).drop { $0 == " " }
    for property in properties(line) {
      rest = rest.dropFirst(property.count).drop { $0 == " " }
    }
    guard rest.first == ":" else { return false }
    return CoreSchema.resolve(String(rest.dropFirst())) == .null
  }
}

extension YAMLSuiteCase {
  var expectation: YAMLSuiteExpectation {
    get throws {
      if has("error") { return .rejected }
      let events = YAMLEventStream(try String(contentsOf: file("test.event"), encoding: .utf8))
      let features = events.features
      if !features.isEmpty { return .excluded(features) }
      guard has("in.json") else {
        return .notApplicable(events.unrepresentableKey ?? "no in.json")
      }
      let data = try Data(contentsOf: file("in.json"))
      if data.allSatisfy({ [0x20, 0x0A, 0x0D, 0x09].contains($0) }) {
        return .tree(nil)
      }
      let object = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
      return .tree(try JSONLike(json: object))
    }
  }

  func compose() throws -> (root: YAMLNode?, diagnostics: [Diagnostic]) {
    var diagnostics = Diagnostics()
    let bytes = [UInt8](try Data(contentsOf: file("in.yaml")))
    let root = YAMLReader.read(bytes, diagnostics: &diagnostics)
    return (root, diagnostics.all)
  }
}

// `JSONLike` and `CoreSchema`, the core-schema view of a tree, are in Tests/TestSupport: the
// schema validator tests read manifests the same way.

// MARK: - Tests

extension YAMLSuiteExpectation {
  /// Records an issue for each way the YAML reader's result breaks the rules at the top of the file.
  func check(root: YAMLNode?, diagnostics: [Diagnostic]) {
    let rules = Set(diagnostics.map(\.rule))
    switch self {
    case .rejected:
      #expect(diagnostics.contains { $0.severity == .error }, "no error for an invalid input")
      if rules.contains(.yamlSyntax) || rules.contains(.tooDeep) {
        #expect(root == nil, "a tree despite \(brief(diagnostics))")
      }
    case .excluded(let features):
      let expected = features.reduce(into: Set<RuleID>()) { $0.formUnion($1.rules) }
      #expect(!rules.isDisjoint(with: expected), "reported \(brief(diagnostics)) for \(features)")
      #expect(!rules.contains(.yamlSyntax), "a valid input rejected: \(brief(diagnostics))")
    case .notApplicable:
      #expect(!rules.contains(.yamlSyntax), "a valid input rejected: \(brief(diagnostics))")
    case .tree(let expected):
      #expect(diagnostics.isEmpty, "diagnostics for a valid input: \(brief(diagnostics))")
      #expect(root.map(JSONLike.init) == expected)
    }
  }

  /// Whether `check` would record nothing.
  func passes(root: YAMLNode?, diagnostics: [Diagnostic]) -> Bool {
    let rules = Set(diagnostics.map(\.rule))
    switch self {
    case .rejected:
      return diagnostics.contains { $0.severity == .error }
        && (root == nil || rules.isDisjoint(with: [.yamlSyntax, .tooDeep]))
    case .excluded(let features):
      let expected = features.reduce(into: Set<RuleID>()) { $0.formUnion($1.rules) }
      return !rules.isDisjoint(with: expected) && !rules.contains(.yamlSyntax)
    case .notApplicable:
      return !rules.contains(.yamlSyntax)
    case .tree(let expected):
      return diagnostics.isEmpty && root.map(JSONLike.init) == expected
    }
  }
}

@Suite(
  // Skipped, with this message, in a checkout without `../shared/conformance`.
  .enabled(
    if: YAMLSuite.folder != nil,
    "the YAML test suite is absent (../shared/conformance/yaml-test-suite); conformance not checked"
  )
)
struct YAMLConformanceTests {
  @Test(arguments: YAMLSuite.cases)
  func readerMatchesSuite(_ suiteCase: YAMLSuiteCase) throws {
    let (root, diagnostics) = try suiteCase.compose()
    let expectation = try suiteCase.expectation
    guard let known = YAMLSuite.knownLibyamlIssues[suiteCase.id] else {
      expectation.check(root: root, diagnostics: diagnostics)
      return
    }
    known.expectPinned(diagnostics)
    withKnownIssue(known.comment) {
      expectation.check(root: root, diagnostics: diagnostics)
    }
  }

  /// The whole suite at once, so its totals are checked and printed.
  @Test func suiteTotals() throws {
    var failed: Set<String> = []
    var compared: [String] = []
    var invalid: [String] = []
    var excluded: [YAMLSuiteFeature: Int] = [:]
    var excludedCases = 0
    var notApplicable: [String: Int] = [:]
    for suiteCase in YAMLSuite.cases {
      let (root, diagnostics) = try suiteCase.compose()
      let expectation = try suiteCase.expectation
      if !expectation.passes(root: root, diagnostics: diagnostics) { failed.insert(suiteCase.id) }
      switch expectation {
      case .rejected:
        invalid.append(suiteCase.id)
      case .excluded(let features):
        excludedCases += 1
        for feature in features { excluded[feature, default: 0] += 1 }
      case .notApplicable(let reason):
        notApplicable[reason, default: 0] += 1
      case .tree:
        compared.append(suiteCase.id)
      }
    }
    let comparedFailed = compared.filter(failed.contains)
    let invalidAccepted = invalid.filter(failed.contains)
    let features = excluded.sorted { $0.key < $1.key }.map { "\($0.key.rawValue) \($0.value)" }
    let reasons = notApplicable.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
    print(
      """
      YAML test suite: \(YAMLSuite.cases.count) cases
        tree compared: \(compared.count), passed \(compared.count - comparedFailed.count), \
      failed \(comparedFailed.count) (all known libyaml issues)
        excluded: \(excludedCases) (\(features.joined(separator: ", ")); a case can show several)
        not applicable: \(YAMLSuite.cases.count - compared.count - invalid.count - excludedCases) \
      (\(reasons.joined(separator: ", ")))
        invalid inputs: \(invalid.count), rejected \(invalid.count - invalidAccepted.count), \
      accepted by libyaml \(invalidAccepted.count): \(invalidAccepted.joined(separator: " "))
        known libyaml issues: \(YAMLSuite.knownLibyamlIssues.count), failing \(failed.count)
      """)
    // Every failure is a listed libyaml issue and every listed issue fails.
    #expect(failed == Set(YAMLSuite.knownLibyamlIssues.keys))
    #expect(Set(invalidAccepted) == Set(YAMLSuite.acceptedInvalidInputs.map(\.key)))
    // The totals for this copy of the suite and of libyaml, as the final report quotes them.
    #expect(YAMLSuite.cases.count == 402)
    #expect(compared.count == 212)
    #expect(comparedFailed.count == 37)
    #expect(excludedCases == 76)
    #expect(invalid.count == 94)
    #expect(invalidAccepted.count == 12)
  }
}
