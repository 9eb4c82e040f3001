import RouteCompiler

/// A property list as `routec plist` and `routec entitlements` write it: strings, arrays and
/// dictionaries, which is all an app's URL types, quick actions, activity types and associated
/// domains need.
///
/// Both forms are byte-stable: dictionary keys sorted by their UTF-8 bytes (as Xcode writes
/// them), the XML one with tab indentation under Apple's `plist` DOCTYPE and a final newline,
/// the JSON one as every `routec` document is written.
package indirect enum PropertyList: Hashable, Sendable {
  case string(String)
  case array([PropertyList])
  case dictionary([String: PropertyList])

  /// A character XML 1.0 cannot hold, even escaped (`ControlCharacters.isOutsideXML`), found
  /// in a string of the list. Lint refuses it in every text the list is written from.
  package struct UnwritableCharacter: Error, Hashable, Sendable, CustomStringConvertible {
    package var text: String

    package var description: String {
      let shown = text.unicodeScalars.map {
        ControlCharacters.isControl($0) || ControlCharacters.isOutsideXML($0)
          ? ControlCharacters.escape($0) : String($0)
      }.joined()
      return "`\(shown)` holds a character that a property list cannot hold"
    }
  }

  /// The XML property list, as Xcode writes an Info.plist.
  package func xml() throws(UnwritableCharacter) -> String {
    var output = """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0">

      """
    try write(indent: "", to: &output)
    output += "</plist>\n"
    return output
  }

  /// The same list as JSON (`routec plist --format json`).
  package var json: JSONValue {
    switch self {
    case .string(let text): .string(text)
    case .array(let items): .array(items.map(\.json))
    case .dictionary(let entries): .object(entries.mapValues(\.json))
    }
  }

  private func write(indent: String, to output: inout String) throws(UnwritableCharacter) {
    switch self {
    case .string(let text):
      output += "\(indent)<string>\(try Self.escaped(text))</string>\n"
    case .array(let items):
      guard !items.isEmpty else {
        output += "\(indent)<array/>\n"
        return
      }
      output += "\(indent)<array>\n"
      for item in items { try item.write(indent: indent + "\t", to: &output) }
      output += "\(indent)</array>\n"
    case .dictionary(let entries):
      guard !entries.isEmpty else {
        output += "\(indent)<dict/>\n"
        return
      }
      output += "\(indent)<dict>\n"
      for key in entries.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
        output += "\(indent)\t<key>\(try Self.escaped(key))</key>\n"
        try entries[key]?.write(indent: indent + "\t", to: &output)
      }
      output += "\(indent)</dict>\n"
    }
  }

  /// `&`, `<` and `>` as entities; a line break or tab as a character reference, so no reader
  /// normalises it away.
  private static func escaped(_ text: String) throws(UnwritableCharacter) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\t", "\n", "\r": result += "&#\(scalar.value);"
      case _ where ControlCharacters.isOutsideXML(scalar):
        throw UnwritableCharacter(text: text)
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
