/// Text from outside (file names, manifest values, URLs) written where a control character
/// would change what a reader sees: a line break starts a new line of generated Swift or what
/// reads as another diagnostic, an escape sequence drives the terminal, and a bidirectional
/// control (U+202E) makes a line read in another order than the compiler reads it. Every text
/// output that is not JSON writes such text through `escaped(_:)`.
package enum ControlCharacters {
  /// Whether `scalar` is a C0 or C1 control character, DEL, a line or paragraph separator, or a
  /// bidirectional formatting character (U+061C, U+200E, U+200F, U+202A to U+202E, U+2066 to
  /// U+2069).
  package static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0..<0x20, 0x7F...0x9F, 0x2028, 0x2029: true
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }

  /// Whether XML 1.0 cannot hold `scalar` at all, not even as a character reference: a C0
  /// control other than tab, line feed and carriage return, or the noncharacters U+FFFE and
  /// U+FFFF. The property-list writer refuses such text, and lint refuses it (with every other
  /// control character) in each text that `routec plist` writes, so what lint passes writes.
  package static func isOutsideXML(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x9, 0xA, 0xD: false
    case 0..<0x20, 0xFFFE, 0xFFFF: true
    default: false
    }
  }

  /// The first scalar of `text` that lint refuses in a text Info.plist shows (a quick action's
  /// title): a control character, or one XML cannot hold.
  package static func firstUnshowable(in text: String) -> Unicode.Scalar? {
    text.unicodeScalars.first { isControl($0) || isOutsideXML($0) }
  }

  /// `text` with each control character written `\u{1B}` (hex digits, as Swift writes them),
  /// but those in `kept` (a tab where columns must line up; line breaks where the format
  /// escapes them itself, as GitHub's `%0A`). Text without one is returned as it is.
  package static func escaped(_ text: String, keeping kept: Set<Unicode.Scalar> = []) -> String {
    guard text.unicodeScalars.contains(where: isControl) else { return text }
    var result = ""
    for scalar in text.unicodeScalars {
      if isControl(scalar) && !kept.contains(scalar) {
        result += escape(scalar)
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// One control character as text: `\u{1B}`.
  package static func escape(_ scalar: Unicode.Scalar) -> String {
    "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
  }

  /// The length of the UTF-8 encoding of a control character that starts with `lead`, or 0 when
  /// no control character starts with it: a writer skips every other byte without decoding.
  @inline(__always)
  package static func encodedLength(startingWith lead: UInt8) -> Int {
    switch lead {
    case 0..<0x20, 0x7F: 1
    case 0xC2, 0xD8: 2
    case 0xE2: 3
    default: 0
    }
  }

  /// The control character encoded at `bytes[index]` and the length of its encoding; nil for
  /// any other character. For writers that work on UTF-8 bytes: every control character is
  /// ASCII, or a two-byte (C1, U+061C) or three-byte (U+200E to U+2069) sequence.
  package static func control(inUTF8 bytes: [UInt8], at index: Int)
    -> (scalar: Unicode.Scalar, length: Int)?
  {
    let length = encodedLength(startingWith: bytes[index])
    guard length > 0, index + length <= bytes.count else { return nil }
    var iterator = bytes[index..<(index + length)].makeIterator()
    var decoder = UTF8()
    guard case .scalarValue(let scalar) = decoder.decode(&iterator), isControl(scalar) else {
      return nil
    }
    return (scalar, length)
  }
}
