/// Where text is written a byte run at a time: a length counter for a first pass, the storage
/// of a string for the second. Every pass runs the same writing code, so they cannot disagree.
protocol ByteSink {
  /// Bytes copied as they are.
  mutating func append(_ bytes: UnsafeBufferPointer<UInt8>)
  /// One ASCII byte copied as it is.
  mutating func appendASCII(_ byte: UInt8)
  /// One byte written as `%XX`, uppercase.
  mutating func appendEscaped(_ byte: UInt8)
}

/// Counts what a pass would write.
struct LengthCounter: ByteSink {
  var count = 0

  mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) { count += bytes.count }
  mutating func appendASCII(_ byte: UInt8) { count += 1 }
  mutating func appendEscaped(_ byte: UInt8) { count += 3 }
}

/// Writes into a fixed buffer and notes when the text does not fit: a stack buffer, or the
/// storage of a new `String` of a counted length (one allocation), where it always fits.
struct BufferWriter: ByteSink {
  let buffer: UnsafeMutableBufferPointer<UInt8>
  var written = 0
  var overflowed = false

  /// The string `body` writes, at most `count` bytes.
  static func string(count: Int, _ body: (inout BufferWriter) -> Void) -> String {
    String(unsafeUninitializedCapacity: count) { buffer in
      var writer = BufferWriter(buffer: buffer)
      body(&writer)
      return writer.written
    }
  }

  mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard bytes.count <= buffer.count - written else {
      overflowed = true
      return
    }
    guard let source = bytes.baseAddress, let target = buffer.baseAddress else { return }
    (target + written).update(from: source, count: bytes.count)
    written += bytes.count
  }

  mutating func appendASCII(_ byte: UInt8) {
    guard written < buffer.count else {
      overflowed = true
      return
    }
    buffer[written] = byte
    written += 1
  }

  mutating func appendEscaped(_ byte: UInt8) {
    appendASCII(UInt8(ascii: "%"))
    appendASCII(HexDigit.uppercase(byte >> 4))
    appendASCII(HexDigit.uppercase(byte & 0x0F))
  }
}
