import Foundation
import RouteTable
import TestSupport
import Testing

@testable import RouteTools

/// `PayloadJSONParser` reads what `Payload(jsonData:)` reads, into the same values: the
/// payloads `check-payloads` resolves are the ones `routec resolve` and the app resolve.
@Suite struct PayloadJSONParserTests {
  static func parse(_ text: String) -> Result<PayloadValue, PayloadJSONParser.Problem> {
    var bytes = Array(text.utf8)
    return bytes.withUnsafeMutableBufferPointer { buffer in
      Result { () throws(PayloadJSONParser.Problem) in
        try PayloadJSONParser.value(UnsafeBufferPointer(buffer))
      }
    }
  }

  /// What `Payload(jsonData:)` makes of `{"v": TEXT}`: the value, or nil when it refuses it.
  static func foundation(_ text: String) -> PayloadValue?? {
    guard let payload = try? Payload(jsonData: Data("{\"v\": \(text)}".utf8)) else { return nil }
    return .some(payload.object["v"])
  }

  @Test(arguments: [
    "0", "-0", "7", "-12", "9223372036854775807", "-9223372036854775808",
    "9223372036854775808", "-9223372036854775809", "1.0", "1.5", "-2.25e3", "1E2", "1e-7",
    "123456789012345678901234567890", "0.1", "true", "false", "null", "\"\"", "\"a\\\"b\"",
    "\"\\u00e9\\u4e2d\\ud83d\\ude00\"", "\"caf\u{E9} \u{1F600}\"", "\"\\/\\b\\f\\n\\r\\t\"",
    "[]", "[1, [2, {\"a\": null}]]", "{\"a\": 1, \"a\": 2}", "{\"\": {}}",
  ])
  func scalarsAndContainersMatchFoundation(text: String) throws {
    let expected = try #require(Self.foundation(text), "Foundation refuses \(text)")
    let parsed = try Self.parse("{\"v\": \(text)}").get()
    #expect(parsed["v"] == expected)
  }

  /// Random objects, written with random spacing: each parses to what Foundation makes of it.
  @Test func randomPayloadsMatchFoundation() throws {
    var generator = SplitMix64(seed: 0x5EED)
    for _ in 0..<2_000 {
      let text = Self.randomObject(depth: 0, using: &generator)
      let foundation = try? Payload(jsonData: Data(text.utf8))
      let parsed = try? Self.parse(text).get()
      #expect(parsed == foundation.map { .object($0.object) }, "\(text)")
    }
  }

  /// A UTF-8 byte order mark before the object, as Foundation reads it.
  @Test func aByteOrderMarkIsSkipped() throws {
    #expect(try Self.parse("\u{FEFF}{\"a\": 1}").get() == .object(["a": 1]))
    #expect(
      (try? Payload(jsonData: Data("\u{FEFF}{\"a\": 1}".utf8))) == Payload(["a": 1]))
  }

  /// A number with more significant digits than a `Double` holds is rounded correctly, as
  /// `Double(_:)` rounds it (Foundation's reader on Linux can land a few units in the last place
  /// away on these: the payload fuzzer found them).
  @Test(arguments: [
    "922.03372036854775807", "922.03372036854737903", "0.30000000000000000555",
    "9007199254740993.0", "1.7976931348623157e308", "4.9406564584124654e-324",
  ])
  func longNumbersRoundCorrectly(text: String) throws {
    let parsed = try Self.parse("{\"v\": \(text)}").get()
    #expect(parsed["v"] == .number(try #require(Double(text))))
  }

  /// A comma after the last member or element is refused where it closes, as RFC 8259 and
  /// APNs refuse it, though Foundation's reader on Linux accepts it.
  @Test func aTrailingCommaIsAProblem() {
    #expect(
      throws: PayloadJSONParser.Problem(
        offset: 16, reason: "expected a member name in quotes, found `}`")
    ) { try Self.parse(#"{"a": 1, "b": 2,}"#).get() }
    #expect(
      throws: PayloadJSONParser.Problem(
        offset: 12, reason: "unexpected `]` where a value should be")
    ) { try Self.parse(#"{"a": [1, 2,]}"#).get() }
  }

  @Test func nestingPastTheLimitIsAProblem() {
    let deep = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
    #expect(
      throws: PayloadJSONParser.Problem(
        offset: 512, reason: "arrays and objects nest more than 512 levels deep")
    ) { try Self.parse(deep).get() }
    let limit = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
    #expect((try? Self.parse(limit).get()) != nil)
  }

  // MARK: Random JSON

  static func randomObject(depth: Int, using generator: inout SplitMix64) -> String {
    let count = Int.random(in: 0...4, using: &generator)
    let members = (0..<count).map { _ in
      space(&generator) + randomString(&generator) + space(&generator) + ":" + space(&generator)
        + randomValue(depth: depth + 1, using: &generator) + space(&generator)
    }
    return "{" + members.joined(separator: ",") + space(&generator) + "}"
  }

  static func randomValue(depth: Int, using generator: inout SplitMix64) -> String {
    let pick = Int.random(in: 0..<(depth < 3 ? 9 : 7), using: &generator)
    switch pick {
    case 0: return randomString(&generator)
    case 1: return String(Int.random(in: -1_000_000...1_000_000, using: &generator))
    case 2:
      return ["1.5", "-0.25", "3e2", "1E-3", "0.0", "12345678901234567890", "-0"].randomElement(
        using: &generator) ?? "0"
    case 3: return Bool.random(using: &generator) ? "true" : "false"
    case 4: return "null"
    case 5: return String(Int.random(in: Int.min...Int.max, using: &generator))
    case 6: return randomString(&generator)
    case 7:
      let count = Int.random(in: 0...3, using: &generator)
      return "["
        + (0..<count).map { _ in randomValue(depth: depth + 1, using: &generator) }
        .joined(separator: ",") + "]"
    default: return randomObject(depth: depth, using: &generator)
    }
  }

  static func randomString(_ generator: inout SplitMix64) -> String {
    let pieces = [
      "a", "type", "id", "é", "中", "\u{1F600}", "\\n", "\\\"", "\\u0041", "\\ud83d\\ude00", " ",
      "\\\\", "\\/",
    ]
    let count = Int.random(in: 0...4, using: &generator)
    return "\"" + (0..<count).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined()
      + "\""
  }

  static func space(_ generator: inout SplitMix64) -> String {
    ["", "", " ", "\t", "  "].randomElement(using: &generator) ?? ""
  }
}
