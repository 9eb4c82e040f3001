import RouteTable

/// Checks on the raw bytes that must pass before libyaml sees them, so that a binary file or a
/// runaway generator's output gets one precise diagnostic instead of a parser error.
package enum InputChecks {
  static let maximumSize = 16 * 1024 * 1024
  /// A UTF-8 byte order mark: allowed at the start, and not a column of line 1.
  package static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

  /// Returns the first problem, or nil when the bytes are a manifest-sized UTF-8 text.
  static func firstProblem(in bytes: [UInt8], kind: SourceKind = .manifest) -> Diagnostic? {
    if bytes.count > maximumSize {
      return Diagnostic(
        .error, .fileTooLarge, at: .start,
        "\(kind.noun) is larger than 16 MiB (\(maximumSize) bytes); \(kind.tooLargeFix)")
    }
    return bytes.withUnsafeBufferPointer { firstTextProblem(in: bytes, $0, kind: kind) }
  }

  /// The first NUL byte, malformed UTF-8 sequence or character YAML does not allow in a file;
  /// `buffer` is `bytes` (read in place for the UTF-8 table).
  private static func firstTextProblem(
    in bytes: [UInt8], _ buffer: UnsafeBufferPointer<UInt8>, kind: SourceKind
  ) -> Diagnostic? {
    var line = 1
    var column = 1
    var index = bytes.starts(with: byteOrderMark) ? byteOrderMark.count : 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == 0 {
        return Diagnostic(
          .error, .nulByte, at: SourceLocation(line: line, column: column),
          "\(kind.noun) contains a NUL byte; it must be a UTF-8 text file")
      }
      let length = UTF8Sequence.length(in: buffer, at: index)
      guard length > 0 else {
        return Diagnostic(
          .error, .invalidUTF8, at: SourceLocation(line: line, column: column),
          "invalid UTF-8 byte 0x\(String(byte, radix: 16, uppercase: true)); save \(kind.noun) as UTF-8"
        )
      }
      if let scalar = disallowedScalar(bytes, at: index, length: length) {
        return Diagnostic(
          .error, .yamlSyntax, at: SourceLocation(line: line, column: column),
          "\(kind.noun) contains the control character U+\(String(scalar, radix: 16, uppercase: true).leftPadded(to: 4)), which YAML does not allow in a file; remove it, or write it as `\\u\(String(scalar, radix: 16, uppercase: true).leftPadded(to: 4))` inside a double-quoted string"
        )
      }
      let lineBreak = LineBreak.length(in: bytes, at: index)
      if lineBreak > 0 {
        line += 1
        column = 1
        index += lineBreak  // the bytes of a break are well-formed sequences
      } else {
        column += 1
        index += length
      }
    }
    return nil
  }

  /// The scalar at `index` when YAML's printable set excludes it (control characters other
  /// than tab and line breaks, DEL, C1 controls other than NEL, U+FFFE and U+FFFF): libyaml
  /// rejects them without a position, so they are found here, located.
  private static func disallowedScalar(_ bytes: [UInt8], at index: Int, length: Int) -> UInt32? {
    var value = UInt32(bytes[index])
    if length > 1 {
      value &= UInt32(0xFF >> (length + 1))
      for offset in 1..<length { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
    }
    switch value {
    case 0x09, 0x0A, 0x0D, 0x85: return nil
    case 0x00..<0x20, 0x7F...0x9F, 0xFFFE, 0xFFFF: return value
    default: return nil
    }
  }
}

extension String {
  /// The text with `0`s before it up to `width` characters: hex digits of a code point.
  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: "0", count: max(0, width - count)) + self
  }
}
