/// The fix for the YAML mistakes people make most in manifests, added to libyaml's message,
/// which names the parser's state rather than the mistake ("did not find expected key").
enum YAMLSyntaxHint {
  /// A sentence that says what is wrong and how to fix it, or nil when the error is none of the
  /// recognised mistakes. `line` is the text of the line libyaml points at.
  /// `above` is the nearest line before it that holds more than spaces and a comment.
  static func hint(problem: String, line: Substring, above: Substring? = nil) -> String? {
    let indentation = line.prefix { $0 == " " || $0 == "\t" }
    if indentation.contains("\t") || problem.contains("tab character") {
      return "YAML indents with spaces, not tabs: replace the tabs at the start of line with spaces"
    }
    // libyaml reads a key written on one line (a simple key) only up to 1024 characters.
    let keyText = line.drop { $0 == " " }.prefix { $0 != ":" }
    if keyText.unicodeScalars.count > 1024,
      problem == "could not find expected ':'"
        || problem == "mapping values are not allowed in this context"
    {
      return
        "this key is \(keyText.unicodeScalars.count) characters long, and YAML reads keys of at most 1024; names in a manifest are much shorter (push types at most \(NamePatterns.pushTypeMaximumLength))"
    }
    if problem.hasPrefix("did not find expected ',' or ']'"), let open = line.firstIndex(of: "["),
      line[open...].contains("{")
    {
      return
        "inside `[…]` a `{` starts a YAML mapping, so a pattern like `/orders/{id}` must be quoted: write `[\"/orders/{id}\"]`, or one item per line (`- /orders/{id}`)"
    }
    if problem == "did not find expected key"
      || problem == "did not find expected ',' or '}'"
      || problem == "did not find expected <document start>",
      let (key, value) = braceValue(in: line)
    {
      return
        "a value that starts with `{` is read as a YAML mapping; quote it, as in \(key): \(quoted(value))"
    }
    if problem == "mapping values are not allowed in this context"
      || problem == "did not find expected key",
      let above, let key = leadingKey(of: line), let aboveKey = leadingKey(of: above),
      hasInlineValue(above)
    {
      let spaces = indentation.count
      let aboveSpaces = above.prefix { $0 == " " }.count
      if spaces != aboveSpaces {
        return
          "`\(key):` is indented \(counted(spaces, "space")) and `\(aboveKey):` on the line above \(aboveSpaces); keys of one mapping start in the same column, so indent `\(key):` like the keys beside it"
      }
    }
    return nil
  }

  /// Whether a line holds more than spaces and a comment.
  static func isContent(_ line: Substring) -> Bool {
    let text = line.drop { $0 == " " || $0 == "\t" }
    return !text.isEmpty && !text.hasPrefix("#")
  }

  /// The key a `key: value` or `key:` line starts with, after its indentation (and a `- `).
  private static func leadingKey(of line: Substring) -> Substring? {
    var rest = line.drop { $0 == " " }
    if rest.hasPrefix("- ") { rest = rest.dropFirst(2).drop { $0 == " " } }
    guard let colon = rest.firstIndex(of: ":") else { return nil }
    let key = rest[..<colon]
    // Names as manifests write them (ASCII letters, digits, `_ . -`): not a flow collection,
    // and not a key a byte order mark or another invisible character starts.
    guard NamePatterns.isPushType(String(key)) else { return nil }
    let after = rest[rest.index(after: colon)...]
    return after.isEmpty || after.hasPrefix(" ") ? key : nil
  }

  /// Whether a `key: value` line has its value on the line (not a parent `key:` whose
  /// children follow, which are rightly indented deeper).
  private static func hasInlineValue(_ line: Substring) -> Bool {
    guard let colon = line.firstIndex(of: ":") else { return false }
    let value = line[line.index(after: colon)...].drop { $0 == " " }
    return !value.isEmpty && !value.hasPrefix("#")
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
