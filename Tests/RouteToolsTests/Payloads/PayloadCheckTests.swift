import CompilerTestSupport
import Foundation
import RouteCompiler
import RouteTable
import Testing

@testable import RouteTools

/// `PayloadCheck` and `PayloadCheckReport`: each line counted once by its worst status over the
/// variants, grouped by type and status, with the messages, JSON summary and findings
/// `routec check-payloads` prints.
@Suite struct PayloadCheckTests {
  /// Two variants; `beta` only in `b`; `order` reads an int at `data.id`.
  static let manifest = """
    manifest: 1
    namespace: Check
    remote_config:
      variant_key: ui
      default_variant: a
    variants:
      a:
        values: ["1"]
        tabs: [home]
      b:
        values: ["2"]
        tabs: [home]
    screens:
      Home: {}
      Order:
        params:
          order_id: int
      Listing:
        params:
          sort: { type: string, choices: [new, top] }
    routes:
      home:
        screen: Home
        tab: home
      order:
        screen: Order
        params:
          order_id: { from: data.id }
      beta:
        screen: Home
        only: [b]
      listing:
        screen: Listing

    """

  static func check(
    _ lines: [String], manifest yaml: String = manifest, fcm: Bool = false
  ) throws -> PayloadCheck {
    let output = lint(yaml)
    let manifest = try #require(output.manifest, "\(output.diagnostics)")
    let table = try #require(output.table).runtimeTable
    var check = PayloadCheck(table: table, manifest: manifest, fcm: fcm)
    for (index, line) in lines.enumerated() {
      var bytes = Array(line.utf8)
      bytes.withUnsafeMutableBufferPointer { buffer in
        check.check(.text(UnsafeBufferPointer(buffer)), file: "t.jsonl", number: index + 1)
      }
    }
    return check
  }

  static let traffic = [
    #"{"type":"order","data":{"id":"7"}}"#,
    #"{"type":"listing","sort":"old"}"#,
    #"{"type":"beta"}"#,
    #"{"type":"ordr"}"#,
    #"{"x":1}"#,
    #"{"type":"order","data":{"id":"x"}}"#,
    "",
    "not json",
  ]

  @Test func theTextReportGroupsByStatusAndType() throws {
    let check = try Self.check(Self.traffic)
    #expect(
      PayloadCheckReport.text(check) == [
        "malformed: 1 line",
        "  t.jsonl:8: not a payload: unexpected `n` where a value should be",
        "invalid_params: `listing`, 1 line",
        "  t.jsonl:2: route `listing`: `sort` (string at `sort`, one of `new`, `top`) is invalid: found the string \"old\"",
        "invalid_params: `order`, 1 line",
        "  t.jsonl:6: route `order`: `order_id` (int at `data.id`) is invalid: found the string \"x\"",
        "unknown_type: `ordr`, 1 line",
        "  t.jsonl:4: push type `ordr` names no route, and the manifest has no fallback; did you mean `order`?",
        "missing_type: 1 line",
        "  t.jsonl:5: no type key (`type`) holds a push type, and the manifest has no fallback",
        "unavailable: `beta`, 1 line",
        "  t.jsonl:3: route `beta` is not in variant `a`; its `only` leaves it out",
      ])
    #expect(
      PayloadCheckReport.summary(check)
        == "routec check-payloads: 7 lines: 1 malformed, 2 invalid_params, 1 unknown_type, 1 missing_type, 1 unavailable, 1 matched"
    )
    #expect(check.fails(strict: false))
  }

  @Test func theJSONSummaryIsPinned() throws {
    let check = try Self.check([
      #"{"type":"order","data":{"id":7}}"#, #"{"type":"order","data":{}}"#, "[1]",
    ])
    #expect(
      JSONWriter.text(PayloadCheckReport.json(check)) == """
        {
          "groups": [
            {
              "count": 1,
              "examples": [
                {
                  "column": 1,
                  "file": "t.jsonl",
                  "line": 3,
                  "message": "not a payload: the line holds an array, not a JSON object"
                }
              ],
              "status": "malformed",
              "type": null
            },
            {
              "count": 1,
              "examples": [
                {
                  "column": 1,
                  "file": "t.jsonl",
                  "line": 2,
                  "message": "route `order`: `order_id` (int at `data.id`) is missing"
                }
              ],
              "status": "invalid_params",
              "type": "order"
            }
          ],
          "lines": 3,
          "statuses": {
            "invalid_params": 1,
            "malformed": 1,
            "matched": 1
          }
        }
        """)
  }

  @Test func aLineCountsOnceByItsWorstStatusOverTheVariants() throws {
    // `beta` opens in `b` and is unavailable in `a`: one line, `unavailable`.
    let check = try Self.check([#"{"type":"beta"}"#, #"{"type":"home"}"#])
    #expect(check.lines == 2)
    #expect(check.statuses == [.resolved(.unavailable): 1, .resolved(.matched): 1])
    #expect(!check.fails(strict: false))
    #expect(check.fails(strict: true))
  }

  @Test func fallbackOpensAndFailsOnlyWhenStrict() throws {
    let check = try Self.check(
      [#"{"type":"gone"}"#, #"{}"#], manifest: Self.manifest + "fallback: home\n")
    #expect(
      PayloadCheckReport.text(check) == [
        "fallback: 1 line",
        "  t.jsonl:2: no type key (`type`) holds a push type; the fallback (`home`) opens instead",
        "fallback: `gone`, 1 line",
        "  t.jsonl:1: push type `gone` names no route; the fallback (`home`) opens instead",
      ])
    #expect(!check.fails(strict: false))
    #expect(check.fails(strict: true))
  }

  /// Every way a line is not a payload is located, and the check goes on.
  @Test(arguments: [
    ("{\"type\": \"a\u{1}\"}", 12, "a control character inside a string must be escaped"),
    ("{\"type\": 1,}", 12, "expected a member name in quotes, found `}`"),
    ("\"just a string\"", 1, "the line holds a string, not a JSON object"),
    ("{} {}", 4, "unexpected `{` after the JSON value"),
    ("{\"a\": 01}", 8, "a number cannot start with `0` followed by digits"),
    ("{\"a\": 1e999}", 7, "the number 1e999 is too large"),
    ("{\"a\": \"\\ud800\"}", 14, "a high surrogate `\\u` escape without its low surrogate"),
    ("{\"a\": \"\\q\"}", 9, "`\\q` is not a JSON escape"),
    ("{\"a\"", 5, "expected `:` after a member name, found the end of the line"),
  ])
  func malformedLinesAreLocated(line: String, column: Int, reason: String) throws {
    let check = try Self.check([line, #"{"type":"home"}"#])
    let group = try #require(check.groups.first)
    #expect(group.status == .malformed)
    #expect(
      group.examples == [
        .init(file: "t.jsonl", line: 1, column: column, message: "not a payload: " + reason)
      ])
    #expect(check.statuses[.resolved(.matched)] == 1)
  }

  @Test func invalidUTF8AndOverlongLinesAreMalformed() throws {
    let output = lint(Self.manifest)
    var check = PayloadCheck(
      table: try #require(output.table).runtimeTable, manifest: try #require(output.manifest),
      fcm: false)
    var bytes: [UInt8] = Array(#"{"type":"ho"#.utf8) + [0xC3, 0x28] + Array(#"me"}"#.utf8)
    bytes.withUnsafeMutableBufferPointer { buffer in
      check.check(.text(UnsafeBufferPointer(buffer)), file: "t.jsonl", number: 1)
    }
    check.check(.tooLong(length: 2_000_000), file: "t.jsonl", number: 2)
    #expect(
      check.groups.first?.examples.map(\.message) == [
        "not a payload: the line is not valid UTF-8",
        "not a payload: the line is 2000000 bytes long, more than the 1048576 a payload line may have",
      ])
    #expect(check.groups.first?.examples.map(\.column) == [12, 1])
  }

  @Test func aGroupShowsItsFirstLinesAndCountsTheRest() throws {
    let check = try Self.check(Array(repeating: #"{"type":"ordr"}"#, count: 8))
    #expect(check.groups.count == 1)
    #expect(check.groups[0].count == 8)
    #expect(check.groups[0].examples.map(\.line) == [1, 2, 3, 4, 5])
    #expect(PayloadCheckReport.text(check).last == "  and 3 more lines")
  }

  /// A stream of made-up types cannot grow the check: past the limit they share a group.
  @Test func typesPastTheGroupLimitShareOneGroup() throws {
    let count = PayloadCheck.maximumGroups + 3
    let check = try Self.check((0..<count).map { #"{"type":"made_up_\#($0)"}"# })
    let groups = check.groups
    #expect(groups.count == PayloadCheck.maximumGroups + 1)
    let others = try #require(groups.first { $0.isOtherTypes })
    #expect(others.count == 3)
    #expect(others.type == nil)
    #expect(PayloadCheckReport.text(check).contains("unknown_type: other types, 3 lines"))
  }

  @Test func fcmMessagesAreCheckedAsWhatIOSReceives() throws {
    let check = try Self.check(
      [
        #"{"message":{"data":{"type":"order"},"apns":{"payload":{"aps":{},"data":{"id":"9"}}}}}"#,
        #"{"data":{"type":"order","data":"{}"}}"#,
        #"{"message":{"notification":{"title":"hi"}}}"#,
        #"{"message":{"data":{"type":"home","n":1}}}"#,
      ], fcm: true)
    #expect(check.statuses[.resolved(.matched)] == 1)
    #expect(
      check.groups.map { $0.examples.map(\.message) } == [
        [
          "not a payload: the FCM message has neither `apns.payload` nor `data`, so nothing of it reaches the app",
          "not a payload: `data.n` of the FCM message is not a string; FCM accepts only string values in `data`",
        ],
        // FCM `data` values are strings: a key path through one finds nothing.
        ["route `order`: `order_id` (int at `data.id`) is missing"],
      ])
  }

  @Test func findingsAreErrorsOrWarningsByWhetherTheyFail() throws {
    let check = try Self.check([#"{"type":"beta"}"#, #"{"type":"ordr"}"#])
    let report = PayloadCheckReport.findings(check)
    #expect(
      report.items == [
        .init(
          path: "t.jsonl", location: SourceLocation(line: 2, column: 1), level: .error,
          rule: "unknown_type",
          message:
            "`ordr`: push type `ordr` names no route, and the manifest has no fallback; did you mean `order`?"
        ),
        .init(
          path: "t.jsonl", location: SourceLocation(line: 1, column: 1), level: .warning,
          rule: "unavailable",
          message: "`beta`: route `beta` is not in variant `a`; its `only` leaves it out"),
      ])
    #expect(report.rules.map(\.id) == PayloadCheckReport.rules.map(\.id))
  }

  @Test func controlCharactersInTypesAndValuesAreShownEscaped() throws {
    let check = try Self.check([#"{"type":"x\u001b[2J"}"#])
    #expect(
      PayloadCheckReport.text(check) == [
        "unknown_type: `x\\u{1B}[2J`, 1 line",
        "  t.jsonl:1: push type `x\\u{1B}[2J` names no route, and the manifest has no fallback",
      ])
  }
}
