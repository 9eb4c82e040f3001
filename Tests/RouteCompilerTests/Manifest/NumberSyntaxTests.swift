import CompilerTestSupport
import Foundation
@_spi(Generated) import RouteTable
import Testing

@testable import RouteCompiler

/// Numbers in manifests (defaults and constants) and in payload strings follow one grammar, so a
/// value that lints is a value the runtime reads back, and the other way round.
@Suite struct NumberSyntaxTests {
  /// Texts on both sides of every rule of the grammar.
  static let doubles: [(text: String, value: Double?)] = [
    ("0", 0), ("-0", -0.0), ("2", 2), ("-2.5", -2.5), ("0.5", 0.5), ("1e3", 1000),
    ("1E-3", 0.001), ("2.5e+2", 250), ("1.7976931348623157e308", .greatestFiniteMagnitude),
    // Leading zeros are allowed, as in payload strings: `007` is 7.
    ("007", 7), ("01.5", 1.5), ("-00.25", -0.25),
    // Not numbers: no `+`, no bare `.`, no hex, words or spaces.
    ("+1", nil), (".5", nil), ("5.", nil), ("1e", nil), ("1e+", nil), ("-", nil), ("", nil),
    ("0x10", nil), ("inf", nil), ("-inf", nil), ("nan", nil), ("Infinity", nil), (" 1", nil),
    ("1 ", nil), ("1_000", nil), ("١", nil),
    // Numbers out of the range of a double.
    ("1e999", nil), ("-1e400", nil), ("1.8e308", nil),
  ]

  static let ints: [(text: String, value: Int?)] = [
    ("0", 0), ("-7", -7), ("007", 7), ("9223372036854775807", .max),
    ("-9223372036854775808", .min), ("9223372036854775808", nil), ("+1", nil), ("1.0", nil),
    ("1e3", nil), ("", nil), ("-", nil), (" 1", nil), ("-0", 0), ("--1", nil), ("1-", nil),
    ("-9223372036854775809", nil), ("99999999999999999999", nil), ("١", nil), ("0x10", nil),
    ("/", nil), (":", nil),
  ]

  static func plain(_ text: String) -> YAMLScalar {
    YAMLScalar(
      value: text, style: .plain, location: SourceLocation(line: 1, column: 1), isVerbatim: true)
  }

  @Test func theRuntimeReadsPayloadStringsByTheGrammar() {
    for (text, value) in Self.doubles {
      #expect(
        ParamValue.coerce(.string(text), to: .double) == value.map(ParamValue.double), "\(text)")
    }
    for (text, value) in Self.ints {
      #expect(ParamValue.coerce(.string(text), to: .int) == value.map(ParamValue.int), "\(text)")
    }
  }

  /// Links coerce their values from the URL's bytes: the same answers as from a `String`, for
  /// every type, on every text of the grammar's tables and the words bools accept.
  @Test func valuesReadFromBytesFollowTheSameRules() {
    let texts =
      Self.doubles.map(\.text) + Self.ints.map(\.text)
      + ["true", "false", "1", "0", "TRUE", "yes", "truex", "é", String(repeating: "a", count: 9)]
    for text in texts {
      for type in ParamType.allCases {
        for maxLength in [0, 1, 8, ParamValue.defaultMaxLength] {
          var copy = text
          let fromBytes = copy.withUTF8 {
            ParamValue.coerce(text: $0, to: type, maxLength: maxLength)
          }
          #expect(
            fromBytes == ParamValue.coerce(.string(text), to: type, maxLength: maxLength),
            "\(text) as \(type), max_length \(maxLength)")
        }
      }
    }
  }

  @Test func manifestsReadPlainScalarsByTheSameGrammar() {
    for (text, value) in Self.doubles {
      #expect(ParamValue(Self.plain(text), as: .double) == value.map(ParamValue.double), "\(text)")
    }
    for (text, value) in Self.ints {
      #expect(ParamValue(Self.plain(text), as: .int) == value.map(ParamValue.int), "\(text)")
    }
  }

  /// `1e999` was read as infinity, written to the table as `inf` and read back as nothing, so
  /// the default silently became absent at run time.
  @Test func constantsOutOfTheRangeOfADoubleAreErrors() throws {
    let output = try lintFixture("rules/param-value-type-range.routes.yaml")
    #expect(
      output.diagnostics.map { $0.formatted(path: "range.routes.yaml") } == [
        "range.routes.yaml:5:38: error: the default of parameter `zoom` of screen `Chart` is out of the range of a double, found `1e999` [param-value-type]",
        "range.routes.yaml:13:24: error: the constant for `offset` in route `chart` is out of the range of a double, found `-1e400` [param-value-type]",
      ])
    #expect(output.manifest == nil)
  }

  /// A default with leading zeros means what the runtime reads for the same text in a payload.
  @Test func leadingZerosInDefaultsReadAsInPayloads() throws {
    let output = lint(
      """
      manifest: 1
      screens:
        Chart:
          params:
            scale: { type: double, default: 01.5 }
            count: { type: int, default: 007 }
      routes:
        chart: { screen: Chart }
      """)
    #expect(output.diagnostics.isEmpty, "\(output.diagnostics)")
    let table = RouteTableEncoder.table(for: try #require(output.manifest))
    let resolution = table.resolve(Payload(["type": "chart"]), variant: 0)
    #expect(resolution.destination?.params.map(\.value) == [.double(1.5), .int(7)])
  }
}
