/// A typed parameter value: a manifest default or constant, or a payload value after coercion.
///
/// The compiler and the runtime share this one definition.
package enum ParamValue: Hashable, Sendable {
  case string(String)
  case int(Int)
  case bool(Bool)
  case double(Double)
  /// A `query` parameter's items: a URL's query items no other item of the pattern binds or
  /// tests (the last value of a repeated key), or a payload's dictionary of scalars.
  case query([String: String])

  /// The manifest language's limit on string values when a parameter has no `max_length`.
  package static let defaultMaxLength = 1024

  package var type: ParamType {
    switch self {
    case .string: .string
    case .int: .int
    case .bool: .bool
    case .double: .double
    case .query: .query
    }
  }

  /// The value as text, for URL expansion and JSON output: strings as they are, ints in decimal,
  /// bools as `true`/`false`, doubles in Swift's shortest round-trip form (`description`:
  /// `3.0`, `0.1`, `-2.5`, and exponent notation outside 1e-4 ..< 2^53 such as `1e-05` or
  /// `1e+16`), query items as `key=value` pairs sorted by key, joined by `&`, each
  /// percent-encoded. That text is always a valid JSON number for finite doubles; coercion never
  /// produces a non-finite double, and a hand-built `.double(.nan)` prints `nan`.
  package var formatted: String {
    switch self {
    case .string(let value): value
    case .int(let value): String(value)
    case .bool(let value): value ? "true" : "false"
    case .double(let value): value.description
    case .query(let items): QueryItems.formEncoded(items)
    }
  }

  /// The length `max_length` limits: the number of Unicode scalars.
  ///
  /// Scalars rather than `Character`s because a grapheme cluster can hold any number of
  /// combining scalars (a hostile value of a million combining marks is one `Character`), and
  /// because grapheme breaking changes between Unicode versions, so an app on an older OS would
  /// count differently from `routec`.
  package static func length(of string: String) -> Int {
    string.unicodeScalars.count
  }

  /// Whether `string` has at most `maxLength` Unicode scalars. Stops counting early, so a huge
  /// value costs no more than `maxLength` steps, and a value of no more bytes than that costs
  /// none.
  package static func fits(_ string: String, maxLength: Int) -> Bool {
    guard maxLength >= 0 else { return false }
    // A scalar takes at least one byte: no more bytes than the limit, no more scalars.
    if string.utf8.count <= maxLength { return true }
    var remaining = maxLength
    for _ in string.unicodeScalars {
      if remaining == 0 { return false }
      remaining -= 1
    }
    return true
  }

  /// A payload value read as a parameter of `type`, or nil when it is not a valid value of that
  /// type (the resolver reports the parameter as `invalid`).
  ///
  /// Rules (the manifest language's, with the cases it leaves open decided here):
  /// - `int`: a JSON integer; a JSON number with an integral value that fits `Int` (`3.0`, since
  ///   `JSONSerialization` may deliver a number written with a fraction or exponent as a double);
  ///   or a string of ASCII decimal digits with an optional leading `-` (`"42"`, `"-7"`,
  ///   `"007"` is 7). No `+`, no whitespace, no fraction, nothing outside `Int`'s range.
  /// - `bool`: JSON `true`/`false`, or exactly the strings `"true"`, `"false"`, `"1"`, `"0"`.
  ///   The JSON numbers `1` and `0` are not booleans.
  /// - `double`: a finite JSON number (integers convert to the nearest double), or a string in
  ///   decimal number syntax: optional `-`, digits, optionally `.` and digits, optionally `e`/`E`,
  ///   an optional sign and digits (`"2.5"`, `"-1"`, `"1e3"`; leading zeros allowed). No
  ///   `nan`/`inf`, hex, `+`, whitespace, `.5` or `5.`; a string whose value overflows to
  ///   infinity is invalid.
  /// - `string`: a string, or a number printed as `formatted` prints it (`42`, `2.5`, `3.0`,
  ///   `1e+16`); an integral number beyond `Int`'s range (a parser kept only a double of it,
  ///   so its digits are lost) is invalid. At most `maxLength` Unicode scalars (see
  ///   `length(of:)`); longer values are invalid, never truncated. Booleans are not strings.
  ///   `maxLength` applies to strings only.
  /// - `query`: an object whose values are strings, numbers or booleans, each written as
  ///   `string` writes it (booleans as `true`/`false`); members holding `null` are left out. A
  ///   key or value longer than `defaultMaxLength`, or a member holding an array or an object,
  ///   makes the whole value invalid.
  /// - `null`, arrays and objects are invalid for every other type. (A resolver treats a JSON `null`
  ///   as an absent value before it gets here: see `Payload.parameterValue(atKeyPath:)`.)
  package static func coerce(
    _ value: PayloadValue, to type: ParamType, maxLength: Int = defaultMaxLength
  ) -> ParamValue? {
    switch type {
    case .string:
      let text: String
      switch value {
      case .string(let string): text = string
      case .integer(let integer): text = String(integer)
      case .number(let number):
        guard number.isFinite, !isIntegerBeyondInt(number) else { return nil }
        text = number.description
      case .bool, .null, .array, .object: return nil
      }
      return fits(text, maxLength: maxLength) ? .string(text) : nil
    case .int:
      switch value {
      case .integer(let integer): return .int(integer)
      case .number(let number):
        return isIntegerBeyondInt(number) ? nil : Int(exactly: number).map { .int($0) }
      case .string(var string): return string.withUTF8 { coerce(text: $0, to: type) }
      case .bool, .null, .array, .object: return nil
      }
    case .bool:
      switch value {
      case .bool(let bool): return .bool(bool)
      case .string(var string): return string.withUTF8 { coerce(text: $0, to: type) }
      case .integer, .number, .null, .array, .object: return nil
      }
    case .double:
      switch value {
      case .number(let number): return number.isFinite ? .double(number) : nil
      case .integer(let integer): return .double(Double(integer))
      case .string(var string): return string.withUTF8 { coerce(text: $0, to: type) }
      case .bool, .null, .array, .object: return nil
      }
    case .query:
      guard case .object(let object) = value else { return nil }
      return QueryItems.items(of: object).map { .query($0) }
    }
  }

  /// Whether `number` is integral and at least 2^63 in magnitude: what a JSON parser keeps of
  /// an integer too long for 64 bits (a 30-digit id), whose digits are lost. -2^63 counts too:
  /// it is also what integers just below `Int.min` read as, and `Int.min` itself arrives as an
  /// integer. Such a number is invalid for `int` and `string` rather than a guess.
  static func isIntegerBeyondInt(_ number: Double) -> Bool {
    number.rounded() == number && number.magnitude >= 0x1p63
  }

  /// A string value, given as its UTF-8 bytes, read as a parameter of `type`: the rules of
  /// `coerce(_:to:maxLength:)` for a string. Links supply their values this way, read in place
  /// from the URL, so an `int` or `bool` value never becomes a `String`.
  package static func coerce(
    text: UnsafeBufferPointer<UInt8>, to type: ParamType, maxLength: Int = defaultMaxLength
  ) -> ParamValue? {
    switch type {
    case .string:
      let string = String(copying: text)
      return fits(string, maxLength: maxLength) ? .string(string) : nil
    case .int: return NumberSyntax.int(text).map { .int($0) }
    case .bool:
      if equals(text, "true") || equals(text, "1") { return .bool(true) }
      if equals(text, "false") || equals(text, "0") { return .bool(false) }
      return nil
    case .double:
      return NumberSyntax.double(String(decoding: text, as: UTF8.self)).map { .double($0) }
    case .query:
      return nil  // items, never one text
    }
  }

  /// Byte equality with a literal: `elementsEqual` with a literal's `utf8` walked both a byte at
  /// a time through generic iterators, about 250 instructions for a bool constant.
  private static func equals(_ text: UnsafeBufferPointer<UInt8>, _ literal: StaticString) -> Bool {
    TableReader.equal(
      text, UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
  }
}
