/// How one text format escapes characters: a replacement for some ASCII characters, every other
/// character written as it is. The XML, JSON, GitHub workflow command and Mermaid writers are
/// each one of these tables over the one loop below.
package struct EscapeTable: Sendable {
  /// The replacement of each ASCII byte, nil where the byte stays as it is.
  private let ascii: [String?]

  /// `replacements` maps ASCII characters to their escaped text; with `controls`, every other
  /// C0 control character (below U+0020) is written as `controls` gives it.
  package init(
    _ replacements: [Unicode.Scalar: String], controls: ((Unicode.Scalar) -> String)? = nil
  ) {
    var ascii = [String?](repeating: nil, count: 128)
    if let controls {
      for value in 0..<0x20 {
        if let scalar = Unicode.Scalar(value) { ascii[value] = controls(scalar) }
      }
    }
    for (scalar, text) in replacements where scalar.isASCII {
      ascii[Int(scalar.value)] = text
    }
    self.ascii = ascii
  }

  /// `text` escaped.
  package func escape(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    append(text, to: &result)
    return result
  }

  /// Appends `text` escaped to `output`.
  package func append(_ text: String, to output: inout String) {
    for scalar in text.unicodeScalars {
      if scalar.isASCII, let replacement = ascii[Int(scalar.value)] {
        output += replacement
      } else {
        output.unicodeScalars.append(scalar)
      }
    }
  }
}
