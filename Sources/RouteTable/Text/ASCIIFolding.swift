/// ASCII letter case, as a link written with `case_sensitive: false` compares: `A`-`Z` are
/// `a`-`z`, and every other byte (other letters, multi-byte UTF-8) is only itself.
enum ASCIIFolding {
  @inline(__always)
  static func isUpper(_ byte: UInt8) -> Bool {
    byte &- UInt8(ascii: "A") < 26
  }

  @inline(__always)
  static func lower(_ byte: UInt8) -> UInt8 {
    isUpper(byte) ? byte | 0x20 : byte
  }

  /// Whether `a` and `b` are the same bytes with ASCII letters folded.
  static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
    guard a.count == b.count else { return false }
    for index in 0..<a.count where lower(a[index]) != lower(b[index]) { return false }
    return true
  }
}
