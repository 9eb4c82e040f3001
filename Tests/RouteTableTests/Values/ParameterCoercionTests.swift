import Testing

@_spi(Generated) @testable import RouteTable

@Suite struct ParameterCoercionTests {
  static func coerce(_ value: PayloadValue, _ type: ParamType, maxLength: Int = 1024)
    -> ParamValue?
  {
    ParamValue.coerce(value, to: type, maxLength: maxLength)
  }

  // MARK: int

  @Test(arguments: [
    (PayloadValue.integer(42), 42),
    (.integer(-7), -7),
    (.integer(0), 0),
    (.integer(Int.max), Int.max),
    (.integer(Int.min), Int.min),
    (.number(3.0), 3),
    (.number(-0.0), 0),
    (.number(1e15), 1_000_000_000_000_000),
    (.string("42"), 42),
    (.string("0"), 0),
    (.string("-12"), -12),
    (.string("-0"), 0),
    (.string("007"), 7),
    (.string("9223372036854775807"), Int.max),
    (.string("-9223372036854775808"), Int.min),
  ])
  func intAccepts(_ value: PayloadValue, _ expected: Int) {
    #expect(Self.coerce(value, .int) == .int(expected))
  }

  @Test(arguments: [
    PayloadValue.number(3.5),
    .number(-0.1),
    .number(9_223_372_036_854_775_808.0),  // 2^63, one past Int.max
    .number(-9_223_372_036_854_775_808.0),  // -2^63: what a parser reads `Int.min - 1` as
    .number(1e300),
    .number(.nan),
    .number(.infinity),
    .string(""),
    .string("-"),
    .string("+5"),
    .string(" 5"),
    .string("5 "),
    .string("5\n"),
    .string("4.0"),
    .string("1e3"),
    .string("0x1F"),
    .string("1_000"),
    .string("1,000"),
    .string("٣"),  // ARABIC-INDIC DIGIT THREE
    .string("３"),  // FULLWIDTH DIGIT THREE
    .string("--5"),
    .string("9223372036854775808"),
    .string("-9223372036854775809"),
    .string("99999999999999999999999999999999"),
    .string("abc"),
    .bool(true),
    .bool(false),
    .null,
    .array([.integer(1)]),
    .object(["id": .integer(1)]),
  ])
  func intRejects(_ value: PayloadValue) {
    #expect(Self.coerce(value, .int) == nil)
  }

  // MARK: bool

  @Test(arguments: [
    (PayloadValue.bool(true), true),
    (.bool(false), false),
    (.string("true"), true),
    (.string("false"), false),
    (.string("1"), true),
    (.string("0"), false),
  ])
  func boolAccepts(_ value: PayloadValue, _ expected: Bool) {
    #expect(Self.coerce(value, .bool) == .bool(expected))
  }

  @Test(arguments: [
    PayloadValue.integer(1),
    .integer(0),
    .number(1.0),
    .string("TRUE"),
    .string("True"),
    .string("yes"),
    .string("no"),
    .string("on"),
    .string(" true"),
    .string("true "),
    .string("01"),
    .string("-0"),
    .string("tru"),
    .string("falsey"),
    .string("2"),
    .string(""),
    .null,
    .array([.bool(true)]),
    .object([:]),
  ])
  func boolRejects(_ value: PayloadValue) {
    #expect(Self.coerce(value, .bool) == nil)
  }

  // MARK: double

  @Test(arguments: [
    (PayloadValue.number(2.5), 2.5),
    (.number(-0.5), -0.5),
    (.number(1e300), 1e300),
    (.integer(3), 3.0),
    (.integer(-3), -3.0),
    (.integer(Int.max), 9_223_372_036_854_775_807.0),
    (.string("2.5"), 2.5),
    (.string("-2"), -2.0),
    (.string("0"), 0.0),
    (.string("007.5"), 7.5),
    (.string("1e3"), 1000.0),
    (.string("1E3"), 1000.0),
    (.string("1.5e-3"), 0.0015),
    (.string("2e+2"), 200.0),
    (.string("1e-400"), 0.0),  // underflows to zero: a number, just a tiny one
  ])
  func doubleAccepts(_ value: PayloadValue, _ expected: Double) {
    #expect(Self.coerce(value, .double) == .double(expected))
  }

  @Test func doubleKeepsNegativeZero() throws {
    let value = try #require(Self.coerce(.string("-0.0"), .double))
    guard case .double(let double) = value else {
      Issue.record("not a double: \(value)")
      return
    }
    #expect(double == 0 && double.sign == .minus)
  }

  @Test(arguments: [
    PayloadValue.number(.nan),
    .number(.infinity),
    .number(-.infinity),
    .string(""),
    .string("nan"),
    .string("NaN"),
    .string("inf"),
    .string("-inf"),
    .string("infinity"),
    .string("Infinity"),
    .string("0x1p3"),
    .string("0x10"),
    .string("+1"),
    .string(" 1"),
    .string("1 "),
    .string(".5"),
    .string("5."),
    .string("-"),
    .string("1e"),
    .string("1e+"),
    .string("e3"),
    .string("1.2.3"),
    .string("1,5"),
    .string("1_000.0"),
    .string("1e400"),  // overflows to infinity
    .string("-1e400"),
    .string("٣.٥"),
    .bool(true),
    .null,
    .array([.number(1)]),
    .object([:]),
  ])
  func doubleRejects(_ value: PayloadValue) {
    #expect(Self.coerce(value, .double) == nil)
  }

  // MARK: string

  @Test(arguments: [
    (PayloadValue.string("abc"), "abc"),
    (.string(""), ""),
    (.string(" padded "), " padded "),
    (.string("true"), "true"),
    (.string("a&admin=1"), "a&admin=1"),
    (.integer(42), "42"),
    (.integer(-7), "-7"),
    (.integer(Int.min), "-9223372036854775808"),
    (.number(2.5), "2.5"),
    (.number(3.0), "3.0"),
    (.number(0.1), "0.1"),
    (.number(-0.0), "-0.0"),
    (.number(1e16), "1e+16"),
    (.number(0.00001), "1e-05"),
    (.number(0x1p53), "9007199254740992.0"),
    (.number(1e-300), "1e-300"),
  ])
  func stringAccepts(_ value: PayloadValue, _ expected: String) {
    #expect(Self.coerce(value, .string) == .string(expected))
  }

  @Test(arguments: [
    PayloadValue.bool(true),
    .bool(false),
    .number(.nan),
    .number(.infinity),
    // Integral doubles beyond `Int`: what a parser kept of an integer too long for 64 bits.
    .number(0x1p63),
    .number(1.2345678901234568e29),
    .number(1e300),
    .number(-0x1p63),
    .null,
    .array([.string("a")]),
    .object(["a": .string("b")]),
  ])
  func stringRejects(_ value: PayloadValue) {
    #expect(Self.coerce(value, .string) == nil)
  }

  @Test func maxLengthCountsUnicodeScalars() {
    // 3 scalars, 3 Characters
    #expect(Self.coerce("abc", .string, maxLength: 3) == .string("abc"))
    #expect(Self.coerce("abcd", .string, maxLength: 3) == nil)
    // "é" written as e + COMBINING ACUTE ACCENT: 1 Character, 2 scalars
    let decomposed = "e\u{301}"
    #expect(decomposed.count == 1)
    #expect(Self.coerce(.string(decomposed), .string, maxLength: 1) == nil)
    #expect(Self.coerce(.string(decomposed), .string, maxLength: 2) == .string(decomposed))
    // a flag: 1 Character, 2 scalars
    #expect(Self.coerce("🇫🇷", .string, maxLength: 1) == nil)
    #expect(Self.coerce("🇫🇷", .string, maxLength: 2) == .string("🇫🇷"))
    // a scalar outside the BMP counts once, though it is 2 UTF-16 units and 4 UTF-8 bytes
    #expect(Self.coerce("𝄞", .string, maxLength: 1) == .string("𝄞"))
    #expect(ParamValue.length(of: "e\u{301}🇫🇷𝄞") == 5)
  }

  @Test func maxLengthAppliesToPrintedNumbersAndEmptyStrings() {
    #expect(Self.coerce(.integer(42), .string, maxLength: 1) == nil)
    #expect(Self.coerce(.integer(42), .string, maxLength: 2) == .string("42"))
    #expect(Self.coerce(.number(2.5), .string, maxLength: 2) == nil)
    #expect(Self.coerce("", .string, maxLength: 0) == .string(""))
    #expect(Self.coerce("a", .string, maxLength: 0) == nil)
    #expect(Self.coerce("", .string, maxLength: -1) == nil)
  }

  @Test func maxLengthIsIgnoredForOtherTypes() {
    #expect(Self.coerce("12345", .int, maxLength: 1) == .int(12345))
    #expect(Self.coerce("2.5", .double, maxLength: 1) == .double(2.5))
    #expect(Self.coerce("false", .bool, maxLength: 1) == .bool(false))
  }

  @Test func defaultMaxLengthIs1024() {
    let limit = String(repeating: "x", count: 1024)
    #expect(ParamValue.defaultMaxLength == 1024)
    #expect(ParamValue.coerce(.string(limit), to: .string) == .string(limit))
    #expect(ParamValue.coerce(.string(limit + "x"), to: .string) == nil)
  }

  @Test func hugeValuesAreRejectedWithoutTrouble() {
    let huge = String(repeating: "9", count: 1_000_000)
    #expect(Self.coerce(.string(huge), .string) == nil)
    #expect(Self.coerce(.string(huge), .int) == nil)
    #expect(Self.coerce(.string(huge), .double) == nil)  // 1e999999: infinity
    #expect(Self.coerce(.string(huge), .bool) == nil)
    let zeros = String(repeating: "0", count: 1_000_000) + "5"
    #expect(Self.coerce(.string(zeros), .int) == .int(5))
    let combining = "e" + String(repeating: "\u{301}", count: 100_000)
    #expect(combining.count == 1)
    #expect(Self.coerce(.string(combining), .string) == nil)
    #expect(ParamValue.fits(combining, maxLength: 1024) == false)
    #expect(ParamValue.fits(combining, maxLength: 100_001))
  }

  // MARK: formatted

  @Test(arguments: [
    (ParamValue.string("a b&c"), "a b&c"),
    (.int(42), "42"),
    (.int(-7), "-7"),
    (.int(0), "0"),
    (.bool(true), "true"),
    (.bool(false), "false"),
    (.double(2.5), "2.5"),
    (.double(3), "3.0"),
    (.double(-0.5), "-0.5"),
    (.double(0.1), "0.1"),
    (.double(0.0001), "0.0001"),
    (.double(0.00001), "1e-05"),
    (.double(9_007_199_254_740_992), "9007199254740992.0"),
    (.double(1e16), "1e+16"),
    (.double(1e20), "1e+20"),
    (.double(1.0 / 3), "0.3333333333333333"),
    (.double(.nan), "nan"),
  ])
  func formatted(_ value: ParamValue, _ expected: String) {
    #expect(value.formatted == expected)
  }

  @Test func formattedDoublesRoundTrip() {
    for double in [
      0.1, 1.0 / 3, 2.5e-7, 123_456.789, 1e300, -Double.leastNonzeroMagnitude,
      1.7976931348623157e308,
    ] {
      #expect(Double(ParamValue.double(double).formatted) == double)
      #expect(
        ParamValue.coerce(.string(ParamValue.double(double).formatted), to: .double)
          == .double(double))
    }
  }

  @Test func typeOfValue() {
    #expect(ParamValue.string("").type == .string)
    #expect(ParamValue.int(1).type == .int)
    #expect(ParamValue.bool(true).type == .bool)
    #expect(ParamValue.double(1).type == .double)
    #expect(ParamValue.query([:]).type == .query)
    #expect(ParamType.allCases.map(\.rawValue) == ["string", "int", "bool", "double", "query"])
  }

  // MARK: query

  @Test func queryTakesAnObjectOfScalarsAsText() {
    let object: PayloadValue = [
      "s": "x", "i": 42, "d": 2.5, "b": true, "f": false, "n": .null, "e": "",
    ]
    #expect(
      Self.coerce(object, .query)
        == .query(["s": "x", "i": "42", "d": "2.5", "b": "true", "f": "false", "e": ""]))
    #expect(Self.coerce([:], .query) == .query([:]))
  }

  @Test(arguments: [
    PayloadValue.string("a=1"), 1, true, .null, ["a"], ["a": ["b": "c"]], ["a": [1]],
    ["a": .number(.infinity)], ["a": .string(String(repeating: "x", count: 1_025))],
    [String(repeating: "k", count: 1_025): "v"],
  ])
  func queryRejectsAnythingButAFlatObjectOfScalars(_ value: PayloadValue) {
    #expect(Self.coerce(value, .query) == nil)
  }

  @Test func queryItemsAreWrittenSortedAndEncoded() {
    #expect(
      ParamValue.query(["b": "2", "a": "x y", "é": "&=", "B": ""]).formatted
        == "B=&a=x%20y&b=2&%C3%A9=%26%3D")
    #expect(ParamValue.query([:]).formatted == "")
  }

  @Test func coercedValuesHaveTheRequestedType() {
    let samples: [PayloadValue] = [
      "1", "0", "true", "2.5", "", "x", 1, 0, 2.5, true, false, .null, [], [:],
    ]
    for sample in samples {
      for type in ParamType.allCases {
        if let value = Self.coerce(sample, type) { #expect(value.type == type) }
      }
    }
  }
}
