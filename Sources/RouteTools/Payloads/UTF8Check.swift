/// Well-formed UTF-8, for the lines `routec check-payloads` reads: `String(decoding:)` would
/// repair a bad byte silently, and a payload with one is malformed.
enum UTF8Check {
  /// The length of the well-formed UTF-8 sequence that starts at `index` (RFC 3629: no overlong
  /// forms, no surrogates, nothing above U+10FFFF); 0 when none starts there.
  static func sequenceLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
    let lead = bytes[index]
    if lead < 0x80 { return 1 }
    let length: Int
    // The second byte's range depends on the lead; the others are plain continuation bytes.
    var low: UInt8 = 0x80
    var high: UInt8 = 0xBF
    switch lead {
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
    guard index + length <= bytes.count, (low...high).contains(bytes[index + 1]) else { return 0 }
    for offset in 2..<length where !(0x80...0xBF).contains(bytes[index + offset]) {
      return 0
    }
    return length
  }
}
