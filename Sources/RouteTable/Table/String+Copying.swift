extension String {
  /// The string of UTF-8 `bytes`, invalid sequences repaired as `String(decoding:as:)` repairs
  /// them. Up to 15 ASCII bytes (most names, keys and values a resolution reads) become a small
  /// string with no validation pass: `String(decoding:as:)` validated each one at about 250
  /// instructions, and a resolution makes several.
  init(copying bytes: UnsafeBufferPointer<UInt8>) {
    self.init(unsafeUninitializedCapacity: bytes.count) { buffer in
      guard let source = bytes.baseAddress, let target = buffer.baseAddress else { return 0 }
      target.update(from: source, count: bytes.count)
      return bytes.count
    }
  }
}
