import RouteCompiler

/// GitHub Actions workflow commands: one `::error file=…,line=…,col=…,title=…::message` line per
/// finding, which the runner turns into annotations on the pull request's diff.
package enum GitHubAnnotations {
  package static func text(_ report: Report) -> String {
    report.items.map(command).joined(separator: "\n")
  }

  package static func command(_ item: Report.Item) -> String {
    let kind =
      switch item.level {
      case .error: "error"
      case .warning: "warning"
      case .note: "notice"
      }
    let properties = [
      "file=\(escapeProperty(item.path))", "line=\(item.location.line)",
      "col=\(item.location.column)", "title=\(escapeProperty(item.rule))",
    ]
    return "::\(kind) \(properties.joined(separator: ","))::\(escapeData(item.message))"
  }

  /// The runner decodes `%25`, `%0D` and `%0A` in a command's message; a raw newline would end
  /// the command and start an unrelated line. Other control characters are shown escaped
  /// (`\u{1B}`), so no value reaches the log's terminal as a sequence.
  package static func escapeData(_ text: String) -> String {
    data.escape(ControlCharacters.escaped(text, keeping: ["\t", "\n", "\r"]))
  }

  /// Property values also end at `,` (the next property) and `:` (the `::` before the
  /// message), so those are escaped too.
  package static func escapeProperty(_ text: String) -> String {
    property.escape(ControlCharacters.escaped(text, keeping: ["\t", "\n", "\r"]))
  }

  private static let dataEscapes: [Unicode.Scalar: String] = [
    "%": "%25", "\r": "%0D", "\n": "%0A",
  ]
  private static let data = EscapeTable(dataEscapes)
  private static let property = EscapeTable(
    dataEscapes.merging([":": "%3A", ",": "%2C"]) { first, _ in first })
}
