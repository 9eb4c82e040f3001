/// The line breaks that libyaml counts lines by: `\n`, `\r\n`, a lone `\r`, NEL (U+0085), LS
/// (U+2028) and PS (U+2029). Every place that turns a byte offset into a line number, or a line
/// number into text, uses this one rule, so line N in a diagnostic is line N everywhere.
enum LineBreak {
  /// The length in bytes of the line break that starts at `index` of UTF-8 `bytes`, or 0 when
  /// none starts there. `\r\n` is one break of two bytes.
  static func length<Bytes: Collection<UInt8>>(in bytes: Bytes, at index: Bytes.Index) -> Int {
    // Every byte of a manifest comes through here: most are not the first byte of a break.
    guard index < bytes.endIndex else { return 0 }
    switch bytes[index] {
    case 0x0A, 0x0D, 0xC2, 0xE2: break
    default: return 0
    }
    func byte(_ offset: Int) -> UInt8? {
      guard let at = bytes.index(index, offsetBy: offset, limitedBy: bytes.endIndex),
        at != bytes.endIndex
      else { return nil }
      return bytes[at]
    }
    switch byte(0) {
    case 0x0A: return 1
    case 0x0D: return byte(1) == 0x0A ? 2 : 1
    case 0xC2: return byte(1) == 0x85 ? 2 : 0
    case 0xE2: return byte(1) == 0x80 && (byte(2) == 0xA8 || byte(2) == 0xA9) ? 3 : 0
    default: return 0
    }
  }

  /// The length of the line break of an XML file (LF, CR, or CR LF as one) that starts at
  /// `index`, or 0: XML does not end lines at NEL, U+2028 or U+2029.
  static func xmlLength<Bytes: Collection<UInt8>>(in bytes: Bytes, at index: Bytes.Index) -> Int {
    guard index < bytes.endIndex else { return 0 }
    switch bytes[index] {
    case 0x0A: return 1
    case 0x0D:
      let next = bytes.index(after: index)
      return next < bytes.endIndex && bytes[next] == 0x0A ? 2 : 1
    default: return 0
    }
  }
}
