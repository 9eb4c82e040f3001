/// The one percent-encoder: URL expansion, the links the runtime writes, and the compiler's
/// example URLs all encode through it, each with the set of bytes it keeps.
package enum PercentEncoding {
  /// `text` with every UTF-8 byte outside `kept` written as `%XX` (uppercase hex digits). With
  /// `keepingEscapes`, a `%` followed by two hex digits stays as it is (literal text that may
  /// already be encoded: encoding it again changes nothing).
  package static func encoded(
    _ text: String, keeping kept: ByteSet, keepingEscapes: Bool = false
  ) -> String {
    var text = text
    return text.withUTF8 { bytes in
      var counter = LengthCounter()
      write(bytes, keeping: kept, keepingEscapes: keepingEscapes, into: &counter)
      return BufferWriter.string(count: counter.count) { writer in
        write(bytes, keeping: kept, keepingEscapes: keepingEscapes, into: &writer)
      }
    }
  }

  /// Writes `text`, copying runs of kept bytes as they are and percent-encoding the others.
  static func write<Sink: ByteSink>(
    _ text: UnsafeBufferPointer<UInt8>, keeping kept: ByteSet, keepingEscapes: Bool = false,
    into sink: inout Sink
  ) {
    var runStart = 0
    var index = 0
    while index < text.count {
      let byte = text[index]
      if kept.contains(byte) {
        index += 1
        continue
      }
      if keepingEscapes && HexDigit.escapedByte(in: text, at: index, end: text.count) != nil {
        index += 3
        continue
      }
      if runStart != index {
        sink.append(UnsafeBufferPointer(rebasing: text[runStart..<index]))
      }
      sink.appendEscaped(byte)
      index += 1
      runStart = index
    }
    if runStart != index {
      sink.append(UnsafeBufferPointer(rebasing: text[runStart..<index]))
    }
  }
}
