/// A set of ASCII bytes as two 64-bit masks (bit `b` of `low` for byte `b` below 64, of `high`
/// for `b - 64`): a test is a shift and a mask. Every character class the runtime and the
/// compiler test bytes or scalars against is one of these, named here once.
package struct ByteSet: Sendable {
  let low: UInt64
  let high: UInt64

  @inline(__always)
  package func contains(_ byte: UInt8) -> Bool {
    byte < 64 ? low >> UInt64(byte) & 1 == 1 : byte < 128 && high >> UInt64(byte & 63) & 1 == 1
  }

  /// Whether an ASCII scalar is in the set; a scalar outside ASCII never is.
  package func contains(_ scalar: Unicode.Scalar) -> Bool {
    scalar.isASCII && contains(UInt8(scalar.value))
  }

  /// The set of the ASCII characters of `characters` (the tests check each constant below
  /// against the characters its comment lists).
  package init(_ characters: String) {
    var low: UInt64 = 0
    var high: UInt64 = 0
    for byte in characters.utf8 where byte < 128 {
      if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
    }
    self.init(low: low, high: high)
  }

  private init(low: UInt64, high: UInt64) {
    self.low = low
    self.high = high
  }

  // Computed from constant masks, so a test in a hot loop is a shift and a mask, with no
  // lazily initialized global behind it.

  /// The characters of a placeholder's or a template variable's name: `A-Z a-z 0-9 _`.
  package static var nameCharacters: ByteSet {
    ByteSet(low: 0x03FF_0000_0000_0000, high: 0x07FF_FFFE_87FF_FFFE)
  }
  /// RFC 3986 unreserved: `A-Z a-z 0-9 - . _ ~`.
  package static var unreserved: ByteSet {
    ByteSet(low: 0x03FF_6000_0000_0000, high: 0x47FF_FFFE_87FF_FFFE)
  }
  /// Unreserved and `/`: what `{+name}` keeps of a value.
  package static var unreservedAndSlash: ByteSet {
    ByteSet(low: 0x03FF_E000_0000_0000, high: 0x47FF_FFFE_87FF_FFFE)
  }
  /// Unreserved and reserved: gen-delims `: / ? # [ ] @`, sub-delims `! $ & ' ( ) * + , ; =`.
  package static var uriCharacters: ByteSet {
    ByteSet(low: 0xAFFF_FFDA_0000_0000, high: 0x47FF_FFFE_AFFF_FFFF)
  }
  /// What a link pattern's literal text is written with: unreserved, and the sub-delims that
  /// split neither a path nor a query: `! $ ' ( ) * + , ; : @`.
  package static var linkLiteral: ByteSet {
    ByteSet(low: 0x0FFF_7F92_0000_0000, high: 0x47FF_FFFE_87FF_FFFF)
  }
}
