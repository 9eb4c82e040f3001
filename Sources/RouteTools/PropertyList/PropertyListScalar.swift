import RouteCompiler

/// What an XML property list's `<integer>`, `<real>`, `<date>` and `<data>` may hold: what
/// CoreFoundation reads, so a file the app could not load is refused rather than checked.
enum PropertyListScalar {
  /// Why `text` (trimmed; whitespace already removed for `data`) is not a value of `element`;
  /// nil when it is one. Quoted text is cut to 40 characters.
  static func problem(_ text: String, element: String) -> String? {
    let valid =
      switch element {
      case "integer": isInteger(text)
      case "real": isReal(text)
      case "date": isDate(text)
      case "data": isBase64(text)
      default: true
      }
    guard !valid else { return nil }
    let shown = text.unicodeScalars.count > 40 ? String(text.prefix(40)) + "…" : text
    let expected =
      switch element {
      case "integer":
        "a decimal or 0x hexadecimal integer of at most 64 bits (`<integer>` of more overflows)"
      case "real": "a number like `1.5` or `2e10`"
      case "date": "a date like `2024-02-29T12:00:00Z`"
      default: "base64 text"
      }
    let found = text.isEmpty ? "nothing" : "`\(ControlCharacters.escaped(shown))`"
    return "`<\(element)>` holds \(found), not \(expected)"
  }

  /// `[+-]?` then decimal digits or `0x` and hexadecimal digits, within -2^63 ... 2^64-1.
  static func isInteger(_ text: String) -> Bool {
    var digits = Substring(text)
    var negative = false
    if let sign = digits.first, sign == "-" || sign == "+" {
      negative = sign == "-"
      digits = digits.dropFirst()
    }
    var radix = 10
    if digits.hasPrefix("0x") || digits.hasPrefix("0X") {
      radix = 16
      digits = digits.dropFirst(2)
    }
    guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isHexDigit }),
      let magnitude = UInt64(digits, radix: radix)
    else { return false }
    return !negative || magnitude <= UInt64(Int64.max) + 1
  }

  /// A decimal number (`1`, `-1.5`, `.5`, `2e10`), or `nan`, `inf` or `infinity` with a sign.
  static func isReal(_ text: String) -> Bool {
    var body = Substring(text.lowercased())
    if let sign = body.first, sign == "-" || sign == "+" { body = body.dropFirst() }
    if body == "nan" || body == "inf" || body == "infinity" { return true }
    guard let first = body.first, first.isASCII, first.isNumber || first == "." else {
      return false
    }
    return body.allSatisfy { $0.isASCII && ($0.isNumber || ".e+-".contains($0)) }
      && Double(text) != nil
  }

  /// `YYYY-MM-DDTHH:MM:SSZ` with each field in range, as property lists write dates.
  static func isDate(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    guard bytes.count == 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
      bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"),
      bytes[16] == UInt8(ascii: ":"), bytes[19] == UInt8(ascii: "Z")
    else { return false }
    func number(_ range: Range<Int>) -> Int? {
      var value = 0
      for byte in bytes[range] {
        guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
        value = value * 10 + Int(byte - UInt8(ascii: "0"))
      }
      return value
    }
    guard number(0..<4) != nil, let month = number(5..<7), let day = number(8..<10),
      let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19)
    else { return false }
    return (1...12).contains(month) && (1...31).contains(day) && hour < 24 && minute < 60
      && second < 60
  }

  /// The base64 alphabet, with at most two `=` at the end of a whole number of 4-character
  /// groups.
  static func isBase64(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    let padding = bytes.reversed().prefix { $0 == UInt8(ascii: "=") }.count
    guard padding <= 2, padding == 0 || bytes.count % 4 == 0 else { return false }
    return bytes.dropLast(padding).allSatisfy { byte in
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "/"):
        true
      default: false
      }
    }
  }
}
