import RouteCompiler

/// Renders diagnostics for people: the one-line compiler format, and under it, when asked, the
/// source line with a caret under the column, as swiftc and rustc do on a terminal.
package struct DiagnosticRenderer: Sendable {
  package var showsSourceLines: Bool
  package var usesColor: Bool

  package init(showsSourceLines: Bool, usesColor: Bool) {
    self.showsSourceLines = showsSourceLines
    self.usesColor = usesColor
  }

  /// Renders one diagnostic; `source` is the manifest's text, for the snippet. To render many
  /// diagnostics of one file, build its `SourceLines` once and use `render(_:path:lines:)`.
  package func render(_ diagnostic: Diagnostic, path: String, source: String) -> String {
    render(diagnostic, path: path, lines: showsSourceLines ? SourceLines(source) : SourceLines(""))
  }

  /// Renders one diagnostic, of the compiler's rules or another tool's (`routec check-app`'s,
  /// in an Info.plist, say); `lines` are its file's.
  package func render(_ diagnostic: Diagnostic, path: String, lines: SourceLines) -> String {
    let severity = diagnostic.severity
    let location = diagnostic.location
    let text = diagnostic.formatted(path: path) { label in
      guard usesColor else { return label }
      let color = severity == .error ? "\u{1B}[1;31m" : "\u{1B}[1;33m"
      return "\(color)\(label)\u{1B}[0m"
    }
    guard showsSourceLines, let line = lines[location.line] else {
      return text
    }
    let number = String(location.line)
    let gutter = String(repeating: " ", count: number.count)
    // A window of the line around the column, so a file of one long line (a minified plist, a
    // manifest written by a script) prints a line per finding, not megabytes: at most
    // `contextBefore` scalars before the caret and `windowWidth` in all, `…` where it is cut.
    let scalars = line.unicodeScalars
    let caretOffset = max(0, location.column - 1)
    let startOffset = max(0, caretOffset - Self.contextBefore)
    let start =
      scalars.index(scalars.startIndex, offsetBy: startOffset, limitedBy: scalars.endIndex)
      ?? scalars.endIndex
    let end =
      scalars.index(start, offsetBy: Self.windowWidth, limitedBy: scalars.endIndex)
      ?? scalars.endIndex
    let caret = scalars.index(start, offsetBy: caretOffset - startOffset, limitedBy: end) ?? end
    // Tabs are copied so the caret lines up with the text above it; other control characters
    // are shown escaped, and the caret moves past their escapes.
    let indent =
      (start == scalars.startIndex ? "" : " ")
      + scalars[start..<caret].map {
        $0 == "\t"
          ? "\t"
          : String(
            repeating: " ",
            count: ControlCharacters.isControl($0) ? ControlCharacters.escape($0).count : 1)
      }.joined()
    let shown =
      (start == scalars.startIndex ? "" : "…")
      + ControlCharacters.escaped(String(scalars[start..<end]), keeping: ["\t"])
      + (end == scalars.endIndex ? "" : "…")
    return "\(text)\n\(gutter) |\n\(number) | \(shown)\n\(gutter) | \(indent)^"
  }

  /// How many scalars of a source line a snippet shows before the caret, and in all.
  package static let contextBefore = 60
  package static let windowWidth = 120
}
