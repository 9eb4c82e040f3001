/// `NAME=VALUE` arguments (`routec payload --param`, `routec resolve --base`): split at the first `=`.
enum NameValue {
  /// The name before the first `=` and the value after it; nil when there is no `=` or the name
  /// is empty.
  static func split(_ text: String) -> (name: String, value: String)? {
    guard let equals = text.firstIndex(of: "="), equals != text.startIndex else { return nil }
    return (String(text[..<equals]), String(text[text.index(after: equals)...]))
  }
}
