/// Well-formed UTF-8, by the Unicode Standard's table 3-7: no stray continuation bytes, overlong
/// forms, surrogates or values above U+10FFFF. The one table the link reader (decoded `%XX`
/// bytes) and the compiler's input checks (a manifest's bytes) both read.
package enum UTF8Sequence {
  /// The length of the well-formed sequence that starts at `bytes[index]`, or 0 when none does.
  @inline(__always)
  package static func length(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
    let lead = bytes[index]
    let length: Int
    var low: UInt8 = 0x80
    var high: UInt8 = 0xBF
    switch lead {
    case 0x00...0x7F: return 1
    case 0xC2...0xDF: length = 2
    case 0xE0:
      length = 3
      low = 0xA0
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED:
      length = 3
      high = 0x9F
    case 0xF0:
      length = 4
      low = 0x90
    case 0xF1...0xF3: length = 4
    case 0xF4:
      length = 4
      high = 0x8F
    default: return 0
    }
    guard index + length <= bytes.count, (low...high).contains(bytes[index + 1]) else {
      return 0
    }
    for offset in 2..<max(2, length) where !(0x80...0xBF).contains(bytes[index + offset]) {
      return 0
    }
    return length
  }

  /// Whether every byte of `bytes` belongs to a well-formed sequence.
  @inline(__always)
  package static func isWellFormed(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var index = 0
    while index < bytes.count {
      let length = length(in: bytes, at: index)
      guard length > 0 else { return false }
      index += length
    }
    return true
  }
}
