/// Hexadecimal digits, as percent-encoding reads and writes them.
package enum HexDigit {
  /// The value of one hex digit, either case; nil for any other byte.
  @inline(__always)
  package static func value(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte &- UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte &- UInt8(ascii: "a") &+ 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte &- UInt8(ascii: "A") &+ 10
    default: nil
    }
  }

  /// The value of a hex digit scalar, either case; nil for any other scalar.
  package static func value(_ scalar: Unicode.Scalar) -> UInt8? {
    scalar.isASCII ? value(UInt8(scalar.value)) : nil
  }

  /// The uppercase digit of `nibble` (0 ... 15).
  @inline(__always)
  package static func uppercase(_ nibble: UInt8) -> UInt8 {
    nibble < 10 ? UInt8(ascii: "0") &+ nibble : UInt8(ascii: "A") &+ nibble &- 10
  }
}

extension HexDigit {
  /// The byte the percent-escape at `text[index]` encodes: a `%` followed, before `end`, by two
  /// hex digits (either case); nil for anything else. The one reader of `%XX`: links as they
  /// arrive, link patterns and URL templates in a manifest, encoding that keeps escapes, and
  /// dot segments.
  @inline(__always)
  package static func escapedByte<Text: RandomAccessCollection>(
    in text: Text, at index: Int, end: Int
  ) -> UInt8? where Text.Index == Int, Text.Element: PercentEscapedText {
    guard text[index].isPercentSign, index + 2 < end,
      let high = text[index + 1].hexDigitValue, let low = text[index + 2].hexDigitValue
    else { return nil }
    return high << 4 | low
  }
}

/// An element of text that percent-escapes are read from: a UTF-8 byte or a Unicode scalar.
package protocol PercentEscapedText {
  /// Whether it is `%`.
  var isPercentSign: Bool { get }
  /// Its value as a hex digit, either case; nil when it is not one.
  var hexDigitValue: UInt8? { get }
}

extension UInt8: PercentEscapedText {
  @inline(__always) package var isPercentSign: Bool { self == UInt8(ascii: "%") }
  @inline(__always) package var hexDigitValue: UInt8? { HexDigit.value(self) }
}

extension Unicode.Scalar: PercentEscapedText {
  package var isPercentSign: Bool { self == "%" }
  package var hexDigitValue: UInt8? { HexDigit.value(self) }
}
