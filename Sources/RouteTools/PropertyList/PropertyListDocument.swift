import RouteCompiler

/// Reads an Info.plist or entitlements file: an XML property list, whose values keep the line
/// and column they start at, or a binary one.
package enum PropertyListDocument {
  package enum Failure: Error, Hashable, Sendable, CustomStringConvertible {
    /// Malformed XML, an unknown element, an unterminated one, a malformed binary file, ...
    /// `location` is where in an XML file the problem is found.
    case notAPropertyList(reason: String, location: SourceLocation?)
    /// The top-level value is not a dictionary; `found` says what it is ("an array", ...).
    case notADictionary(found: String)
    /// The file's size in bytes, more than `maximumSize`.
    case tooLarge(bytes: Int)

    package var description: String {
      switch self {
      case .notAPropertyList(let reason, _):
        "the file is not a property list: \(reason)"
      case .notADictionary(let found):
        "the property list holds \(found) where a dictionary is expected at the top level"
      case .tooLarge:
        // Not the count: a reader stops one byte past the limit, so it is rarely the file's size.
        FileSizeLimit.propertyList.refusal
      }
    }
  }

  /// Files bigger than this (16 MiB) are `.tooLarge`.
  package static let maximumSize = FileSizeLimit.propertyList.bytes

  /// How many values a file may stand for: as many as an XML file of `maximumSize` bytes could
  /// hold (`<true/>`, the shortest value, is 7 bytes). A binary file refers to objects by
  /// number, so a few bytes could otherwise stand for millions of copies.
  package static let maximumValues = maximumSize / 7

  /// How deep arrays and dictionaries may nest: the top-level dictionary is level 1.
  package static let maximumDepth = 512

  /// The text an XML property list's locations count in, as the reader decoded it (UTF-16
  /// transcoded, a byte order mark left out), for source snippets; nil for a binary file or
  /// bytes that do not decode.
  package static func text(of bytes: [UInt8]) -> String? {
    guard !bytes.starts(with: Array("bplist".utf8)),
      let decoded = try? XMLPropertyListReader.utf8(bytes)
    else { return nil }
    return String(decoding: decoded, as: UTF8.self)
  }

  /// The first line that is a C preprocessor directive (`#ifdef DEBUG`, `#include`, ...), which
  /// only an Info.plist that Xcode preprocesses holds.
  static func preprocessorLine(in bytes: [UInt8]) -> Int? {
    let directives = [
      "if", "ifdef", "ifndef", "elif", "else", "endif", "define", "undef", "include",
    ]
    var line = 1
    var start = true
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      // Lines end as the XML reader ends them: LF, CR, or CR LF as one.
      if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
        if byte == UInt8(ascii: "\r"), index + 1 < bytes.count,
          bytes[index + 1] == UInt8(ascii: "\n")
        {
          index += 1
        }
        line += 1
        start = true
      } else if start, byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") {
        // Leading blanks before the `#`.
      } else if start, byte == UInt8(ascii: "#") {
        let word = bytes[(index + 1)...].prefix { (0x61...0x7A).contains($0) }
        if directives.contains(String(decoding: word, as: UTF8.self)) { return line }
        start = false
      } else {
        start = false
      }
      index += 1
    }
    return nil
  }

  /// Reads `bytes`: an XML property list (optionally with a UTF-8 BOM, `<?xml ...?>`
  /// declaration, `<!DOCTYPE ...>`, comments, whitespace), or a binary one (`bplist00` magic).
  /// The top-level value must be a dictionary.
  ///
  /// Also read: UTF-16 XML with a byte order mark (columns still count scalars) and a value
  /// without the `<plist>` element around it. Attributes are skipped, as is whatever a
  /// document type declaration declares: only the five predefined entities are known.
  package static func read(_ bytes: [UInt8]) throws(Failure) -> PropertyListNode {
    guard !FileSizeLimit.propertyList.refuses(bytes) else { throw .tooLarge(bytes: bytes.count) }
    let node: PropertyListNode
    if bytes.starts(with: Array("bplist".utf8)) {
      node = try BinaryPropertyListReader.read(bytes)
    } else {
      // Lines and columns are the decoded text's (a UTF-16 file's too), as the reader counts them;
      // bytes that do not decode have no lines to name, so their error stays as it is.
      let text = try XMLPropertyListReader.utf8(bytes)
      do {
        var reader = XMLPropertyListReader(bytes: text)
        node = try reader.read()
      } catch {
        // JSON: the reader stops at its `{` or `[`, where the message stays.
        if case .notAPropertyList(_, let location) = error,
          let first = text.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }),
          first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
        {
          throw .notAPropertyList(
            reason:
              "it holds JSON; an Info.plist or entitlements file is an XML or binary property list (`plutil -convert xml1 FILE` converts it)",
            location: location)
        }
        throw preprocessorLine(in: text).map { line in
          .notAPropertyList(
            reason:
              "line \(line) is a C preprocessor directive, so this is the source of an Info.plist that Xcode preprocesses (INFOPLIST_PREPROCESS), not the file the app gets; check the processed one in the build products ($TARGET_BUILD_DIR/$INFOPLIST_PATH)",
            location: SourceLocation(line: line, column: 1))
        } ?? error
      }
    }
    guard case .dictionary = node.value else {
      throw .notADictionary(found: node.value.kindDescription)
    }
    return node
  }
}
