/// A manifest's text split into lines by `LineBreak`, so that line N here is the line a
/// diagnostic at line N means. Built once per file; looking a line up is constant time.
package struct SourceLines: Sendable {
  private let lines: [Substring]

  /// Which characters end a line: a manifest's (YAML's: LF, CR, CR LF, NEL, U+2028, U+2029),
  /// or an XML file's (LF, CR, CR LF only), so a snippet shows the line a location counts.
  package enum LineBreaks: Sendable {
    case yaml, xml
  }

  package init(_ text: String, lineBreaks: LineBreaks = .yaml) {
    var lines: [Substring] = []
    let bytes = text.utf8
    var start = bytes.startIndex
    var index = start
    while index < bytes.endIndex {
      let length =
        lineBreaks == .yaml
        ? LineBreak.length(in: bytes, at: index) : LineBreak.xmlLength(in: bytes, at: index)
      guard length > 0 else {
        index = bytes.index(after: index)
        continue
      }
      lines.append(text[start..<index])
      index = bytes.index(index, offsetBy: length)
      start = index
    }
    lines.append(text[start..<bytes.endIndex])
    self.lines = lines
  }

  /// The text of 1-based line `number`, without its line break.
  package subscript(number: Int) -> Substring? {
    lines.indices.contains(number - 1) ? lines[number - 1] : nil
  }
}
