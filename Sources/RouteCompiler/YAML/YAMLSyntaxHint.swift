/// The fix for the YAML mistakes people make most in manifests, added to libyaml's message,
/// which names the parser's state rather than the mistake ("did not find expected key").
enum YAMLSyntaxHint {
  /// A sentence that says what is wrong and how to fix it, or nil when the error is none of the
  /// recognised mistakes. `line` is the text of the line libyaml points at.
  static func hint(problem: String, line: Substring) -> String? {
    let indentation = line.prefix { $0 == " " || $0 == "\t" }
    if indentation.contains("\t") || problem.contains("tab character") {
      return "YAML indents with spaces, not tabs: replace the tabs at the start of line with spaces"
    }
    if problem == "did not find expected key"
      || problem == "did not find expected ',' or '}'"
      || problem == "did not find expected <document start>",
      let (key, value) = braceValue(in: line)
    {
      return
        "a value that starts with `{` is read as a YAML mapping; quote it, as in \(key): \(quoted(value))"
    }
    return nil
  }

  /// `key` and the rest of the line after `key: ` when that rest starts with `{` and goes on
  /// after the closing `}` (so it is a template, not a flow mapping).
  private static func braceValue(in line: Substring) -> (key: Substring, value: Substring)? {
    var rest = line.drop { $0 == " " }
    if rest.hasPrefix("- ") { rest = rest.dropFirst(2).drop { $0 == " " } }
    guard let colon = rest.range(of: ": ") else { return nil }
    let key = rest[..<colon.lowerBound]
    var value = rest[colon.upperBound...].drop { $0 == " " }
    while value.last == " " { value = value.dropLast() }
    guard !key.isEmpty, !key.contains(" "), value.hasPrefix("{"),
      let close = value.firstIndex(of: "}"), value.index(after: close) < value.endIndex
    else { return nil }
    return (key, value)
  }

  private static func quoted(_ value: Substring) -> String {
    var result = "\""
    for character in value {
      if character == "\"" || character == "\\" { result.append("\\") }
      result.append(character)
    }
    return result + "\""
  }
}
