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
  /// the command and start an unrelated line.
  package static func escapeData(_ text: String) -> String {
    var result = ""
    for character in text.unicodeScalars {
      switch character {
      case "%": result += "%25"
      case "\r": result += "%0D"
      case "\n": result += "%0A"
      default: result.unicodeScalars.append(character)
      }
    }
    return result
  }

  /// Property values also end at `,` (the next property) and `:` (the `::` before the
  /// message), so those are escaped too.
  package static func escapeProperty(_ text: String) -> String {
    var result = ""
    for character in escapeData(text).unicodeScalars {
      switch character {
      case ":": result += "%3A"
      case ",": result += "%2C"
      default: result.unicodeScalars.append(character)
      }
    }
    return result
  }
}
