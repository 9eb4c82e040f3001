import RouteCompiler

/// Reads a `.strings` file's entries as CoreFoundation's old-style property list parser
/// (CFOldStylePList.c) reads them, so the text compared is the text the app shows:
///
/// - `KEY = VALUE;`, and `KEY;`, whose value is the key;
/// - a string in double or single quotes, or unquoted when it is ASCII letters, digits and
///   `_$/:.-`;
/// - escapes `\a \b \f \n \r \t \v`, `\"`, a backslash before a line break (the line break),
///   one to three octal digits (`\040`: a byte of the NeXTSTEP encoding, ASCII below 128),
///   `\U` with one to four hexadecimal digits (a UTF-16 unit: `\UD83D\UDE00` is one
///   character), and a backslash before any other character (that character: `\u` is `u`);
/// - white space, the Unicode line and paragraph separators, `//` comments to the end of the
///   line and `/* */` comments (one never closed ends the file, as CoreFoundation reads it).
///
/// What CoreFoundation refuses is refused at its line and column: a string never closed, a
/// value missing after `=`, a missing `;`. A `\U` escape that leaves half a surrogate pair is
/// refused too: such a text cannot be compared.
struct StringsFileReader {
  let text: [Unicode.Scalar]
  var position = 0
  var line = 1
  var column = 1

  typealias Problem = LocalizedStrings.Problem

  init(text: [Unicode.Scalar]) {
    self.text = text
  }

  var location: SourceLocation { SourceLocation(line: line, column: column) }

  func peek(_ offset: Int = 0) -> Unicode.Scalar? {
    position + offset < text.count ? text[position + offset] : nil
  }

  /// Moves one scalar on; a line feed, a carriage return, or both in that order, ends a line.
  mutating func advance() {
    let scalar = text[position]
    position += 1
    if scalar == "\n" || (scalar == "\r" && peek() != "\n") {
      line += 1
      column = 1
    } else {
      column += 1
    }
  }

  /// The next entry, or nil at the end of the file.
  mutating func entry() throws(Problem) -> (key: String, value: String)? {
    skipBlanks()
    guard peek() != nil else { return nil }
    let key = try string()
    skipBlanks()
    let value: String
    switch peek() {
    case ";": value = key
    case "=":
      advance()
      skipBlanks()
      value = try string()
    default:
      throw Problem(location: location, reason: "expected `=` or `;` after the key")
    }
    // A missing `;` is reported where it belongs: right after the value.
    let afterValue = location
    skipBlanks()
    guard peek() == ";" else { throw Problem(location: afterValue, reason: "expected `;`") }
    advance()
    return (key, value)
  }

  /// Skips white space and comments.
  mutating func skipBlanks() {
    while let scalar = peek() {
      if (0x09...0x0D).contains(scalar.value) || scalar == " " || scalar == "\u{2028}"
        || scalar == "\u{2029}"
      {
        advance()
      } else if scalar == "/", peek(1) == "*" {
        advance()
        advance()
        while peek() != nil, !(peek() == "*" && peek(1) == "/") { advance() }
        if peek() != nil {
          advance()
          advance()
        }
      } else if scalar == "/", peek(1) == "/" {
        while let next = peek(), !["\n", "\r", "\u{2028}", "\u{2029}"].contains(next) {
          advance()
        }
      } else {
        return
      }
    }
  }

  static func isUnquoted(_ scalar: Unicode.Scalar) -> Bool {
    scalar.isASCII
      && (BuildSettings.isLetter(scalar) || ("0"..."9").contains(scalar)
        || "_$/:.-".unicodeScalars.contains(scalar))
  }

  /// A quoted string with its escapes, or an unquoted word.
  mutating func string() throws(Problem) -> String {
    let start = location
    guard let quote = peek(), quote == "\"" || quote == "'" else {
      var word = ""
      while let scalar = peek(), Self.isUnquoted(scalar) {
        word.unicodeScalars.append(scalar)
        advance()
      }
      guard !word.isEmpty else { throw Problem(location: start, reason: "expected a string") }
      return word
    }
    advance()
    // UTF-16 units, as CoreFoundation builds the string: two `\U` escapes make one pair.
    var units: [UInt16] = []
    while let scalar = peek(), scalar != quote {
      advance()
      guard scalar == "\\" else {
        units.append(contentsOf: String(scalar).utf16)
        continue
      }
      guard peek() != nil else { break }
      units.append(escaped())
    }
    guard peek() == quote else {
      throw Problem(location: start, reason: "a string is never closed")
    }
    advance()
    // Half a surrogate pair has no character to compare.
    let lone = units.indices.contains { index in
      let unit = units[index]
      if UTF16.isLeadSurrogate(unit) {
        return index + 1 >= units.count || !UTF16.isTrailSurrogate(units[index + 1])
      }
      return UTF16.isTrailSurrogate(unit)
        && (index == 0 || !UTF16.isLeadSurrogate(units[index - 1]))
    }
    guard !lone else {
      throw Problem(location: start, reason: "a `\\U` escape that is half a surrogate pair")
    }
    return String(decoding: units, as: UTF16.self)
  }

  /// The UTF-16 unit an escape stands for, the backslash read.
  mutating func escaped() -> UInt16 {
    let scalar = text[position]
    advance()
    switch scalar {
    case "0"..."7":
      // One to three octal digits, a byte (`\777` wraps, as CoreFoundation's `uint8_t` does).
      var byte = UInt8(scalar.value - 0x30)
      for _ in 0..<2 {
        guard let digit = peek(), ("0"..."7").contains(digit) else { break }
        advance()
        byte = byte &<< 3 &+ UInt8(digit.value - 0x30)
      }
      return Self.nextStep(byte)
    case "U":
      var value: UInt16 = 0
      for _ in 0..<4 {
        guard let digit = peek(), digit.properties.isASCIIHexDigit,
          let nibble = UInt16(String(digit), radix: 16)
        else { break }
        advance()
        value = value << 4 | nibble
      }
      return value
    case "a": return 0x07
    case "b": return 0x08
    case "f": return 0x0C
    case "n": return 0x0A
    case "r": return 0x0D
    case "t": return 0x09
    case "v": return 0x0B
    default:
      // `\"`, `\\`, a line break and any other character stand for themselves.
      return scalar.value <= 0xFFFF ? UInt16(scalar.value) : 0xFFFD
    }
  }

  /// The character of a byte of the NeXTSTEP encoding: ASCII below 128, else CoreFoundation's
  /// table; its two bytes without a character are NUL, as CoreFoundation makes them.
  static func nextStep(_ byte: UInt8) -> UInt16 {
    guard byte >= 0x80 else { return UInt16(byte) }
    let character = nextStepHigh[Int(byte - 0x80)]
    return character == 0xFFFD ? 0 : character
  }

  /// The NeXTSTEP encoding's bytes 128 through 255, as Unicode.
  static let nextStepHigh: [UInt16] = [
    0x00A0, 0x00C0, 0x00C1, 0x00C2, 0x00C3, 0x00C4, 0x00C5, 0x00C7,
    0x00C8, 0x00C9, 0x00CA, 0x00CB, 0x00CC, 0x00CD, 0x00CE, 0x00CF,
    0x00D0, 0x00D1, 0x00D2, 0x00D3, 0x00D4, 0x00D5, 0x00D6, 0x00D9,
    0x00DA, 0x00DB, 0x00DC, 0x00DD, 0x00DE, 0x00B5, 0x00D7, 0x00F7,
    0x00A9, 0x00A1, 0x00A2, 0x00A3, 0x2044, 0x00A5, 0x0192, 0x00A7,
    0x00A4, 0x2019, 0x201C, 0x00AB, 0x2039, 0x203A, 0xFB01, 0xFB02,
    0x00AE, 0x2013, 0x2020, 0x2021, 0x00B7, 0x00A6, 0x00B6, 0x2022,
    0x201A, 0x201E, 0x201D, 0x00BB, 0x2026, 0x2030, 0x00AC, 0x00BF,
    0x00B9, 0x02CB, 0x00B4, 0x02C6, 0x02DC, 0x00AF, 0x02D8, 0x02D9,
    0x00A8, 0x00B2, 0x02DA, 0x00B8, 0x00B3, 0x02DD, 0x02DB, 0x02C7,
    0x2014, 0x00B1, 0x00BC, 0x00BD, 0x00BE, 0x00E0, 0x00E1, 0x00E2,
    0x00E3, 0x00E4, 0x00E5, 0x00E7, 0x00E8, 0x00E9, 0x00EA, 0x00EB,
    0x00EC, 0x00C6, 0x00ED, 0x00AA, 0x00EE, 0x00EF, 0x00F0, 0x00F1,
    0x0141, 0x00D8, 0x0152, 0x00BA, 0x00F2, 0x00F3, 0x00F4, 0x00F5,
    0x00F6, 0x00E6, 0x00F9, 0x00FA, 0x00FB, 0x0131, 0x00FC, 0x00FD,
    0x0142, 0x00F8, 0x0153, 0x00DF, 0x00FE, 0x00FF, 0xFFFD, 0xFFFD,
  ]
}
