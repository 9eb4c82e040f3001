import Foundation
import RouteTable

/// Parses one JSON text (a line of a JSON Lines file) straight into `PayloadValue`s, for
/// `routec check-payloads`, which reads millions of them: no `JSONSerialization` tree of
/// `NSObject`s converted afterwards.
///
/// It reads RFC 8259 JSON in UTF-8, as `Payload(jsonData:)` does, into the same values (a
/// property test and the payload fuzzer compare the two). Foundation's reader on Linux differs
/// twice: it can land a number written with more significant digits than a `Double` holds a
/// few units in the last place away, where this rounds correctly, and it accepts a comma after an
/// object's or array's last element, which this refuses, as RFC 8259 and APNs do. Numbers
/// without a fraction or exponent that fit `Int` are `integer`, other numbers `number`, and a
/// number too large for a `Double` makes the text invalid; a later duplicate key replaces an
/// earlier one; containers nest at most `PayloadValue.maximumDepth` deep. Every failure is a
/// `Problem` with the byte offset where it was found; nothing traps.
package struct PayloadJSONParser {
  /// Why a text is not a payload, and the offset (from 0) of the byte where that was found.
  package struct Problem: Error, Equatable, Sendable, CustomStringConvertible {
    package var offset: Int
    package var reason: String

    package var description: String { reason }
  }

  private let bytes: UnsafeBufferPointer<UInt8>
  private var position = 0
  private var depth = 0

  private init(_ bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  /// The value `bytes` holds, surrounded by optional whitespace.
  package static func value(_ bytes: UnsafeBufferPointer<UInt8>) throws(Problem) -> PayloadValue {
    var parser = PayloadJSONParser(bytes)
    // A byte order mark, as a file written on Windows starts with: Foundation skips it too.
    if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
      parser.position = 3
    }
    parser.skipWhitespace()
    let value = try parser.parseValue()
    parser.skipWhitespace()
    guard parser.position == bytes.count else {
      throw parser.problem("unexpected \(parser.describeByte()) after the JSON value")
    }
    return value
  }

  /// The members of the object `bytes` holds; a problem when it holds anything else.
  package static func object(_ bytes: UnsafeBufferPointer<UInt8>) throws(Problem)
    -> [String: PayloadValue]
  {
    let parsed = try value(bytes)
    guard case .object(let members) = parsed else {
      throw Problem(offset: 0, reason: "the line holds \(Payload.kind(parsed)), not a JSON object")
    }
    return members
  }

  // MARK: Values

  private mutating func parseValue() throws(Problem) -> PayloadValue {
    guard position < bytes.count else {
      throw problem("the JSON text ends where a value should be")
    }
    switch bytes[position] {
    case UInt8(ascii: "{"): return try parseObject()
    case UInt8(ascii: "["): return try parseArray()
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
    case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
    case UInt8(ascii: "n"): return try parseLiteral("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
    default: throw problem("unexpected \(describeByte()) where a value should be")
    }
  }

  private mutating func parseObject() throws(Problem) -> PayloadValue {
    try enter()
    position += 1
    // Payloads' objects are small: one allocation instead of growing from one member to three.
    var members = [String: PayloadValue](minimumCapacity: 4)
    skipWhitespace()
    if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
      position += 1
      depth -= 1
      return .object(members)
    }
    while true {
      skipWhitespace()
      guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
        throw problem("expected a member name in quotes, found \(describeByte())")
      }
      let key = try parseString()
      skipWhitespace()
      guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
        throw problem("expected `:` after a member name, found \(describeByte())")
      }
      position += 1
      skipWhitespace()
      members[key] = try parseValue()
      skipWhitespace()
      guard position < bytes.count else { throw problem("the object is not closed") }
      switch bytes[position] {
      case UInt8(ascii: ","): position += 1
      case UInt8(ascii: "}"):
        position += 1
        depth -= 1
        return .object(members)
      default: throw problem("expected `,` or `}` in an object, found \(describeByte())")
      }
    }
  }

  private mutating func parseArray() throws(Problem) -> PayloadValue {
    try enter()
    position += 1
    var elements: [PayloadValue] = []
    skipWhitespace()
    if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
      position += 1
      depth -= 1
      return .array(elements)
    }
    while true {
      skipWhitespace()
      elements.append(try parseValue())
      skipWhitespace()
      guard position < bytes.count else { throw problem("the array is not closed") }
      switch bytes[position] {
      case UInt8(ascii: ","): position += 1
      case UInt8(ascii: "]"):
        position += 1
        depth -= 1
        return .array(elements)
      default: throw problem("expected `,` or `]` in an array, found \(describeByte())")
      }
    }
  }

  private mutating func enter() throws(Problem) {
    depth += 1
    if depth > PayloadValue.maximumDepth {
      throw problem(
        "arrays and objects nest more than \(PayloadValue.maximumDepth) levels deep")
    }
  }

  private mutating func parseLiteral(_ word: StaticString, _ value: PayloadValue) throws(Problem)
    -> PayloadValue
  {
    let count = word.utf8CodeUnitCount
    guard position + count <= bytes.count,
      memcmp(bytes.baseAddress.unsafelyUnwrapped + position, word.utf8Start, count) == 0
    else { throw problem("unexpected \(describeByte()) where a value should be") }
    position += count
    return value
  }

  // MARK: Strings

  /// The string starting at the opening quote at `position`; `position` ends after the closing
  /// one. Bytes outside strings are ASCII or a syntax error, so strings are the only place UTF-8
  /// is checked: each non-ASCII sequence as it is met.
  private mutating func parseString() throws(Problem) -> String {
    position += 1
    let start = position
    while position < bytes.count {
      let byte = bytes[position]
      if byte == UInt8(ascii: "\"") {
        let text = String(
          decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        position += 1
        return text
      }
      if byte == UInt8(ascii: "\\") { return try parseEscapedString(from: start) }
      if byte < 0x20 { throw problem("a control character inside a string must be escaped") }
      if byte >= 0x80 { try skipUTF8Sequence() } else { position += 1 }
    }
    throw problem("the string is not closed")
  }

  /// Moves past the well-formed UTF-8 sequence at `position`, or throws.
  private mutating func skipUTF8Sequence() throws(Problem) {
    let length = UTF8Sequence.length(in: bytes, at: position)
    guard length > 0 else { throw problem("the line is not valid UTF-8") }
    position += length
  }

  /// The rest of a string that has escapes, from its first byte at `start`.
  private mutating func parseEscapedString(from start: Int) throws(Problem) -> String {
    var scalars: [UInt8] = Array(bytes[start..<position])
    while position < bytes.count {
      let byte = bytes[position]
      switch byte {
      case UInt8(ascii: "\""):
        position += 1
        return String(decoding: scalars, as: UTF8.self)
      case UInt8(ascii: "\\"):
        position += 1
        guard position < bytes.count else { throw problem("the string is not closed") }
        let escape = bytes[position]
        position += 1
        switch escape {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scalars.append(escape)
        case UInt8(ascii: "b"): scalars.append(0x08)
        case UInt8(ascii: "f"): scalars.append(0x0C)
        case UInt8(ascii: "n"): scalars.append(0x0A)
        case UInt8(ascii: "r"): scalars.append(0x0D)
        case UInt8(ascii: "t"): scalars.append(0x09)
        case UInt8(ascii: "u"):
          let scalar = try parseUnicodeEscape()
          UTF8.encode(scalar) { scalars.append($0) }
        default:
          position -= 1
          throw problem("`\\\(describeByte(quoted: false))` is not a JSON escape")
        }
      case 0..<0x20: throw problem("a control character inside a string must be escaped")
      case 0x80...:
        let sequenceStart = position
        try skipUTF8Sequence()
        scalars.append(contentsOf: bytes[sequenceStart..<position])
      default:
        scalars.append(byte)
        position += 1
      }
    }
    throw problem("the string is not closed")
  }

  /// The scalar of a `\uXXXX` escape (after its `\u`), joining a surrogate pair.
  private mutating func parseUnicodeEscape() throws(Problem) -> Unicode.Scalar {
    let first = try parseHex4()
    if (0xD800..<0xDC00).contains(first) {
      guard position + 6 <= bytes.count, bytes[position] == UInt8(ascii: "\\"),
        bytes[position + 1] == UInt8(ascii: "u")
      else { throw problem("a high surrogate `\\u` escape without its low surrogate") }
      position += 2
      let second = try parseHex4()
      guard (0xDC00..<0xE000).contains(second) else {
        throw problem("a high surrogate `\\u` escape without its low surrogate")
      }
      let value = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
      guard let scalar = Unicode.Scalar(value) else { throw problem("an invalid `\\u` escape") }
      return scalar
    }
    guard let scalar = Unicode.Scalar(first) else {
      throw problem("a low surrogate `\\u` escape without its high surrogate")
    }
    return scalar
  }

  private mutating func parseHex4() throws(Problem) -> UInt32 {
    guard position + 4 <= bytes.count else { throw problem("a `\\u` escape needs four hex digits") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[position]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw problem("a `\\u` escape needs four hex digits")
      }
      value = value << 4 | UInt32(digit)
      position += 1
    }
    return value
  }

  // MARK: Numbers

  /// RFC 8259's number grammar; an integer that fits `Int` is `integer`, anything else a finite
  /// `Double`.
  private mutating func parseNumber() throws(Problem) -> PayloadValue {
    let start = position
    var negative = false
    if bytes[position] == UInt8(ascii: "-") {
      negative = true
      position += 1
    }
    guard position < bytes.count, isDigit(bytes[position]) else {
      throw problem("a number needs a digit after `-`")
    }
    // Accumulated as a negative number, so `Int.min` fits.
    var magnitude = 0
    var fitsInt = true
    if bytes[position] == UInt8(ascii: "0") {
      position += 1
      if position < bytes.count, isDigit(bytes[position]) {
        throw problem("a number cannot start with `0` followed by digits")
      }
    } else {
      while position < bytes.count, isDigit(bytes[position]) {
        let digit = Int(bytes[position] - UInt8(ascii: "0"))
        if fitsInt {
          let (times, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
          let (next, overflow2) = times.subtractingReportingOverflow(digit)
          if overflow1 || overflow2 { fitsInt = false } else { magnitude = next }
        }
        position += 1
      }
    }
    var isInteger = true
    if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
      isInteger = false
      position += 1
      guard position < bytes.count, isDigit(bytes[position]) else {
        throw problem("a number needs a digit after `.`")
      }
      while position < bytes.count, isDigit(bytes[position]) { position += 1 }
    }
    if position < bytes.count,
      bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E")
    {
      isInteger = false
      position += 1
      if position < bytes.count,
        bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-")
      {
        position += 1
      }
      guard position < bytes.count, isDigit(bytes[position]) else {
        throw problem("a number needs a digit in its exponent")
      }
      while position < bytes.count, isDigit(bytes[position]) { position += 1 }
    }
    if isInteger, fitsInt {
      if negative { return .integer(magnitude) }
      if magnitude != Int.min { return .integer(-magnitude) }
    }
    let text = String(
      decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
    guard let double = Double(text), double.isFinite else {
      position = start
      throw problem("the number \(text.prefix(40)) is too large")
    }
    return .number(double)
  }

  private func isDigit(_ byte: UInt8) -> Bool {
    byte &- UInt8(ascii: "0") < 10
  }

  // MARK: Whitespace and problems

  private mutating func skipWhitespace() {
    while position < bytes.count {
      switch bytes[position] {
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
        position += 1
      default: return
      }
    }
  }

  private func problem(_ reason: String) -> Problem {
    Problem(offset: position, reason: reason)
  }

  /// The byte at `position` as a message shows it: `` `}` ``, `the end of the line`, or its
  /// hex value for a byte that is not printable ASCII.
  private func describeByte(quoted: Bool = true) -> String {
    guard position < bytes.count else { return "the end of the line" }
    let byte = bytes[position]
    if (0x21..<0x7F).contains(byte) {
      let character = String(UnicodeScalar(byte))
      return quoted ? "`\(character)`" : character
    }
    return "byte 0x" + String(byte, radix: 16, uppercase: true)
  }
}
