/// The word codec, shared by the encoder (RouteCompiler) and the reader.
package enum RouteTableWords {
  package static let wordWidth = 4
  /// The bits a word holds: six per character.
  package static let bitsPerWord = 24
  /// An absent reference or value.
  package static let none = (1 << bitsPerWord) - 1

  /// Appends the characters of `value`; false, appending nothing, when `value` is outside
  /// 0 ... `none`, which a word cannot hold (the encoder reports that as `table-too-large`
  /// rather than storing some other number).
  package static func encode(_ value: Int, into characters: inout [UInt8]) -> Bool {
    guard (0...none).contains(value) else { return false }
    for shift in stride(from: (wordWidth - 1) * 6, through: 0, by: -6) {
      characters.append(digit((value >> shift) & 63))
    }
    return true
  }

  /// The first of the 64 consecutive digit characters.
  static let zeroDigit: UInt8 = 0x30

  static func digit(_ value: Int) -> UInt8 { zeroDigit + UInt8(value & 63) }
}
