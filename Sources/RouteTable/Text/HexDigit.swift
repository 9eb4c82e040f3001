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
