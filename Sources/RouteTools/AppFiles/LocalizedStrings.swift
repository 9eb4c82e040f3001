import Foundation
import RouteCompiler

/// An app's `InfoPlist.strings` or `InfoPlist.xcstrings`, read for the development language:
/// the values that stand for Info.plist's localized keys (a quick action's title written as a
/// key), so `routec check-app --strings FILE` compares what the Home Screen shows.
package struct LocalizedStrings: Sendable, Hashable {
  /// Each key's value in the development language.
  package private(set) var values: [String: String] = [:]

  package init() {}

  /// Why a file could not be read, and where (1-based line and column; nil for a whole-file
  /// problem).
  package struct Problem: Error, Sendable, Hashable {
    package var location: SourceLocation?
    package var reason: String

    package init(location: SourceLocation? = nil, reason: String) {
      self.location = location
      self.reason = reason
    }
  }

  /// Adds the strings of a file: JSON of an `.xcstrings` catalog when `isCatalog`, else a
  /// `.strings` file (UTF-8, or UTF-16 with a byte order mark). A later file's value wins.
  package mutating func add(_ bytes: [UInt8], isCatalog: Bool) throws(Problem) {
    if isCatalog {
      try addCatalog(bytes)
    } else {
      try addStrings(Self.text(bytes))
    }
  }

  /// The text of a `.strings` file: UTF-16 with a byte order mark, or UTF-8 (a UTF-8 byte
  /// order mark skipped), decoded as the property-list reader decodes XML.
  static func text(_ bytes: [UInt8]) throws(Problem) -> [Unicode.Scalar] {
    do {
      return Array(
        String(decoding: try XMLPropertyListReader.utf8(bytes), as: UTF8.self).unicodeScalars)
    } catch {
      guard case .notAPropertyList(let reason, let location) = error else {
        throw Problem(reason: "the file cannot be read as text")
      }
      throw Problem(location: location, reason: reason)
    }
  }

  /// `"key" = "value";` pairs, with `/* */` and `//` comments, `\"`, `\\`, `\n`, `\t` and
  /// `\Uxxxx` escapes; a key or value may be written without quotes when it is one word.
  private mutating func addStrings(_ text: [Unicode.Scalar]) throws(Problem) {
    var reader = StringsReader(text: text)
    while true {
      try reader.skipBlanks()
      guard !reader.atEnd else { return }
      let key = try reader.word()
      try reader.skipBlanks()
      try reader.expect("=")
      try reader.skipBlanks()
      let value = try reader.word()
      // A missing `;` is reported where it belongs: right after the value.
      let afterValue = reader.location
      try reader.skipBlanks()
      try reader.expect(";", missingAt: afterValue)
      values[key] = value
    }
  }

  /// An `.xcstrings` catalog: `sourceLanguage`, and each key's `localizations[language]
  /// .stringUnit.value`; a key without that language's value stands for itself.
  private mutating func addCatalog(_ bytes: [UInt8]) throws(Problem) {
    guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any],
      let strings = object["strings"] as? [String: Any]
    else {
      throw Problem(reason: "the file is not a string catalog (JSON with `strings`)")
    }
    let language = object["sourceLanguage"] as? String ?? "en"
    for (key, entry) in strings {
      let localizations = (entry as? [String: Any])?["localizations"] as? [String: Any]
      let unit = (localizations?[language] as? [String: Any])?["stringUnit"] as? [String: Any]
      values[key] = unit?["value"] as? String ?? key
    }
  }
}

/// Moves through a `.strings` file's scalars, keeping the line and column.
private struct StringsReader {
  let text: [Unicode.Scalar]
  var position = 0
  var line = 1
  var column = 1

  var atEnd: Bool { position >= text.count }
  var location: SourceLocation { SourceLocation(line: line, column: column) }

  mutating func advance() {
    if text[position] == "\n" {
      line += 1
      column = 1
    } else {
      column += 1
    }
    position += 1
  }

  func peek(_ offset: Int = 0) -> Unicode.Scalar? {
    position + offset < text.count ? text[position + offset] : nil
  }

  mutating func skipBlanks() throws(LocalizedStrings.Problem) {
    while let scalar = peek() {
      if scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" {
        advance()
      } else if scalar == "/", peek(1) == "*" {
        let start = location
        advance()
        advance()
        while !(peek() == "*" && peek(1) == "/") {
          guard !atEnd else {
            throw .init(location: start, reason: "a comment (`/*`) is never closed")
          }
          advance()
        }
        advance()
        advance()
      } else if scalar == "/", peek(1) == "/" {
        while let next = peek(), next != "\n" { advance() }
      } else {
        return
      }
    }
  }

  mutating func expect(_ scalar: Unicode.Scalar, missingAt place: SourceLocation? = nil)
    throws(LocalizedStrings.Problem)
  {
    guard peek() == scalar else {
      throw .init(location: place ?? location, reason: "expected `\(scalar)`")
    }
    advance()
  }

  /// A quoted string with its escapes, or an unquoted word of letters, digits and `_.-:/`.
  mutating func word() throws(LocalizedStrings.Problem) -> String {
    let start = location
    guard peek() == "\"" else {
      var word = ""
      while let scalar = peek(),
        scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
          || "_.-:/$".unicodeScalars.contains(scalar)
      {
        word.unicodeScalars.append(scalar)
        advance()
      }
      guard !word.isEmpty else { throw .init(location: start, reason: "expected a quoted string") }
      return word
    }
    advance()
    var result = ""
    while let scalar = peek(), scalar != "\"" {
      advance()
      guard scalar == "\\" else {
        result.unicodeScalars.append(scalar)
        continue
      }
      guard let escaped = peek() else { break }
      advance()
      switch escaped {
      case "n": result += "\n"
      case "t": result += "\t"
      case "r": result += "\r"
      case "U", "u":
        var hex = ""
        while hex.count < 4, let digit = peek(), digit.properties.isASCIIHexDigit {
          hex.unicodeScalars.append(digit)
          advance()
        }
        guard hex.count == 4, var value = UInt32(hex, radix: 16) else {
          throw .init(location: start, reason: "a `\\U` escape without four hexadecimal digits")
        }
        // A UTF-16 surrogate pair is written as two escapes: `\UD83D\UDE00` is one character.
        if (0xD800...0xDBFF).contains(value), peek() == "\\", peek(1) == "U" || peek(1) == "u" {
          var low = ""
          for offset in 2..<6 {
            guard let digit = peek(offset), digit.properties.isASCIIHexDigit else { break }
            low.unicodeScalars.append(digit)
          }
          if low.count == 4, let second = UInt32(low, radix: 16), (0xDC00...0xDFFF).contains(second)
          {
            for _ in 0..<6 { advance() }
            value = 0x1_0000 + ((value - 0xD800) << 10) + (second - 0xDC00)
          }
        }
        guard let decoded = Unicode.Scalar(value) else {
          throw .init(location: start, reason: "a `\\U` escape that is half a surrogate pair")
        }
        result.unicodeScalars.append(decoded)
      default: result.unicodeScalars.append(escaped)
      }
    }
    guard peek() == "\"" else { throw .init(location: start, reason: "a string is never closed") }
    advance()
    return result
  }
}
