import CompilerTestSupport
@_spi(Generated) import RouteTable
import TestSupport
import Testing

@testable import RouteCompiler
@testable import RouteTools

/// A parameter's type change is breaking unless the new type accepts every payload value the
/// old one did, as the runtime's `ParamValue.coerce` reads them.
@Suite struct ParamTypeWideningTests {
  static func manifest(_ type: String) -> String {
    """
    manifest: 1
    namespace: Shop
    screens:
      Item:
        params:
          v: \(type)
    routes:
      item:
        screen: Item

    """
  }

  static func changes(from old: String, to new: String) throws -> [String] {
    let before = lint(manifest(old))
    let after = lint(manifest(new))
    let versions = try [before, after].map { output in
      ManifestDiff.Version(
        manifest: try #require(output.manifest, "\(output.diagnostics)"),
        declaration: try #require(output.declaration), topLevelKeys: output.topLevelKeys)
    }
    return ManifestDiff.compare(old: versions[0], new: versions[1]).map {
      "\($0.location) \($0.kind.rawValue) \($0.isBreaking ? "breaking" : "non-breaking"): "
        + $0.text(oldName: "old")
    }
  }

  /// Rows are the old type, columns the new one: `=` unchanged, `W` widened (non-breaking),
  /// `B` breaking.
  static let table: [ParamType: [ParamType: Character]] = [
    .string: [.string: "=", .int: "B", .double: "B", .bool: "B", .query: "B"],
    .int: [.string: "W", .int: "=", .double: "W", .bool: "B", .query: "B"],
    .double: [.string: "B", .int: "B", .double: "=", .bool: "B", .query: "B"],
    .bool: [.string: "B", .int: "B", .double: "B", .bool: "=", .query: "B"],
    .query: [.string: "B", .int: "B", .double: "B", .bool: "B", .query: "="],
  ]

  static let pairs = ParamType.allCases.flatMap { old in ParamType.allCases.map { (old, $0) } }

  @Test(arguments: pairs)
  func everyPairOfTypes(old: ParamType, new: ParamType) throws {
    let expected: [String] =
      switch Self.table[old]?[new] {
      case "=": []
      case "W":
        [
          "6:7 widened-param-type non-breaking: route `item` reads `v` as \(new.rawValue), not "
            + "\(old.rawValue), which accepts every value \(old.rawValue) did"
        ]
      default:
        [
          "6:7 changed-param-type breaking: route `item` reads `v` as \(new.rawValue), not "
            + "\(old.rawValue)"
        ]
      }
    #expect(try Self.changes(from: old.rawValue, to: new.rawValue) == expected)
  }

  /// A `string` too short for the text of some number the old type accepted drops it.
  @Test func aShortMaxLengthKeepsAWideningToStringBreaking() throws {
    func kind(_ old: String, _ maxLength: Int) throws -> String? {
      try Self.changes(from: old, to: "{ type: string, max_length: \(maxLength) }").first
        .map { String($0.split(separator: " ")[1]) }
    }
    #expect(try kind("int", 22) == "changed-param-type")
    #expect(try kind("int", 23) == "widened-param-type")
    #expect(try kind("double", 23) == "changed-param-type")
    #expect(try kind("double", 1024) == "changed-param-type")
  }

  // MARK: The table against the runtime's coercion

  static let samples: [PayloadValue] =
    [
      .integer(0), .integer(1), .integer(-1), .integer(2), .integer(42), .integer(.max),
      .integer(.min), .integer((1 << 53) + 1),
      .number(0), .number(-0.0), .number(3), .number(2.5), .number(-2.5), .number(1e16),
      .number(-1.2345678901234567e18), .number(9.3e18), .number(1e300),
      .number(-2.2250738585072014e-308), .number(-.greatestFiniteMagnitude),
      .bool(true), .bool(false), .null, .array([]), .object([:]),
    ]
    + [
      "", "abc", "42", "007", "-0", "-7", "+7", " 7", "2.5", "-0.0", ".5", "5.", "1e3", "nan",
      "true", "false", "1", "0", "9223372036854775807", "9223372036854775808",
      "0000000000000000000000000042",
    ].map { PayloadValue.string($0) }

  /// Where the table says `W`, every sample the old type accepts the new one accepts too, but
  /// for the documented exception: a string longer than `max_length`. Where it says `B`, some
  /// sample shows a payload that stops working.
  @Test(arguments: pairs)
  func theTableFollowsCoerce(old: ParamType, new: ParamType) {
    for maxLength in [ParamValue.defaultMaxLength, 24] {
      let dropped = Self.samples.filter { value in
        ParamValue.coerce(value, to: old) != nil
          && ParamValue.coerce(value, to: new, maxLength: maxLength) == nil
      }
      let widens = ParamTypeWidening.accepts(new, maxLength: maxLength, everyValueOf: old)
      if widens {
        let unexpected = dropped.filter { value in
          guard case .string(let text) = value else { return true }
          return ParamValue.length(of: text) <= maxLength
        }
        #expect(unexpected == [], "\(old) -> \(new), max_length \(maxLength)")
      } else {
        #expect(!dropped.isEmpty, "\(old) -> \(new), max_length \(maxLength)")
      }
      #expect(widens == (Self.table[old]?[new] != "B"))
    }
  }

  /// The length bounds: no finite double prints longer than 24 scalars, and none an int
  /// accepts longer than 23; both bounds are reached.
  @Test func numberTextsFitTheBounds() {
    var random = SplitMix64(seed: 14)
    for _ in 0..<200_000 {
      let double = Double(bitPattern: random.next())
      if double.isFinite { #expect(double.description.count <= 24, "\(double)") }
      let integral = Double(Int.random(in: .min ... .max, using: &random))
      #expect(Int(exactly: integral) == nil || integral.description.count <= 23, "\(integral)")
    }
    #expect((-2.2250738585072014e-308).description.count == 24)
    #expect((-1.2345678901234567e18).description.count == 23)
    #expect(ParamTypeWidening.longestNumberText(.double) == 24)
    #expect(ParamTypeWidening.longestNumberText(.int) == 23)
  }
}
