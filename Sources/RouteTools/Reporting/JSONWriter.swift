import RouteCompiler

/// A JSON value as `routec` prints it (resolutions, diagnostics, SARIF, schemas). Objects keep their members unordered; the writer sorts
/// them, so output is byte-stable whatever order they were built in.
package enum JSONValue: Equatable, Sendable {
  case object([String: JSONValue])
  case array([JSONValue])
  case string(String)
  /// Number text written as is; it must already be valid JSON number syntax.
  case number(String)
  case bool(Bool)
  case null
}

/// A small, platform-independent JSON writer (`JSONSerialization` formats numbers and booleans
/// differently on Darwin and Linux, and escapes `/`).
///
/// Format: object keys sorted by their UTF-8 bytes; two-space indentation; one member or element
/// per line; `"key": value` with one space after the colon; empty objects and arrays as `{}` and
/// `[]`; no newline after the top-level value (`routec` adds one when it prints). Strings escape `"`,
/// `\` and the control characters U+0000 to U+001F (`\b \f \n \r \t`, the others as `\u00XX`
/// in lowercase hex); everything else, `/` and non-ASCII included, is written as is, in UTF-8.
package enum JSONWriter {
  package static func text(_ value: JSONValue) -> String {
    var output = ""
    write(value, indent: "", to: &output)
    return output
  }

  /// The same value on one line, without spaces (`{"a":[1,2]}`): keys sorted and strings escaped
  /// as `text(_:)` does. For JSON Lines, and for a value written inside a string.
  package static func compactText(_ value: JSONValue) -> String {
    var output = ""
    write(value, indent: nil, to: &output)
    return output
  }

  /// `indent` nil writes the compact form.
  private static func write(_ value: JSONValue, indent: String?, to output: inout String) {
    switch value {
    case .object(let members):
      guard !members.isEmpty else {
        output += "{}"
        return
      }
      let keys = members.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
      writeContainer("{", "}", count: keys.count, indent: indent, to: &output) {
        position, inner, output in
        writeString(keys[position], to: &output)
        output += inner == nil ? ":" : ": "
        write(members[keys[position]] ?? .null, indent: inner, to: &output)
      }
    case .array(let elements):
      guard !elements.isEmpty else {
        output += "[]"
        return
      }
      writeContainer("[", "]", count: elements.count, indent: indent, to: &output) {
        position, inner, output in
        write(elements[position], indent: inner, to: &output)
      }
    case .string(let string):
      writeString(string, to: &output)
    case .number(let text):
      output += text
    case .bool(let bool):
      output += bool ? "true" : "false"
    case .null:
      output += "null"
    }
  }

  /// `open`, the `count` members or elements `writeMember` writes (given its position and the
  /// indentation inside), then `close`: one per line, or, with `indent` nil, comma-separated.
  private static func writeContainer(
    _ open: String, _ close: String, count: Int, indent: String?, to output: inout String,
    writeMember: (Int, String?, inout String) -> Void
  ) {
    guard let indent else {
      output += open
      for position in 0..<count {
        if position > 0 { output += "," }
        writeMember(position, nil, &output)
      }
      output += close
      return
    }
    let inner = indent + "  "
    output += open + "\n"
    for position in 0..<count {
      output += inner
      writeMember(position, inner, &output)
      output += position == count - 1 ? "\n" : ",\n"
    }
    output += indent + close
  }

  private static func writeString(_ string: String, to output: inout String) {
    output += "\""
    stringEscapes.append(string, to: &output)
    output += "\""
  }

  /// RFC 8259: the quote, the backslash and every control character escaped, the common ones
  /// by their short forms.
  private static let stringEscapes = EscapeTable(
    [
      "\"": "\\\"", "\\": "\\\\", "\u{08}": "\\b", "\u{0C}": "\\f", "\n": "\\n",
      "\r": "\\r", "\t": "\\t",
    ],
    controls: { scalar in
      let hex = String(scalar.value, radix: 16)
      return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    })
}
