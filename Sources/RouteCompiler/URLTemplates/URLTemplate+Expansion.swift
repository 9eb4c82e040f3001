import RouteTable

extension URLTemplate: ExpandableTemplate {
  /// A part index and, for a query expression, a name's position in it (-1 for the part's own
  /// text).
  package typealias Text = (part: Int, position: Int)

  package var partCount: Int { parts.count }

  package func kind(ofPart index: Int) -> URLExpansion.PartKind? {
    switch parts[index] {
    case .literal: .literal
    case .variable: .variable
    case .reserved: .reserved
    case .query(.question, _), .passThrough(.question, _): .question
    case .query(.ampersand, _), .passThrough(.ampersand, _): .ampersand
    }
  }

  package func text(ofPart index: Int) -> Text { (index, -1) }

  package var literalsAreEncoded: Bool { false }

  package func nameCount(ofPart index: Int) -> Int {
    switch parts[index] {
    case .query(_, let names): names.count
    case .passThrough: 1
    case .literal, .variable, .reserved: 0
    }
  }

  package func name(_ position: Int, ofPart index: Int) -> Text { (index, position) }

  package func withUTF8<Result>(_ text: Text, _ body: (UnsafeBufferPointer<UInt8>) -> Result)
    -> Result
  {
    var string: String
    switch parts[text.part] {
    case .literal(let value), .variable(let value), .reserved(let value): string = value
    case .query(_, let names): string = names[text.position]
    case .passThrough(_, let name): string = name
    }
    return string.withUTF8(body)
  }

  /// The text of a handle, for the `String`-keyed closures of `expand(base:value:)`.
  fileprivate func string(_ text: Text) -> String {
    withUTF8(text) { String(decoding: $0, as: UTF8.self) }
  }
}

extension URLTemplate {
  /// Expands a template that may start with a base, as a manifest's URL templates do.
  ///
  /// - Parameters:
  ///   - base: The base URL for a name, or nil when there is no such base. Asked only about a
  ///     `{name}` that is the template's *first* part; that part is always a base, never a
  ///     parameter, so a payload value can never become the scheme or host.
  ///   - value: The text of a parameter, already formatted by its type (ints in decimal, doubles
  ///     in their shortest round-trip form, bools as `true`/`false`), or nil when it is absent
  ///     (optional and nil). It is percent-encoded here.
  /// - Returns: The URL, or nil when the template starts with `{name}` and `base(name)` is nil,
  ///   or when a value would make a path segment `.` or `..` (which URL parsers remove).
  ///
  /// The base is inserted as it is; literal text as it is, except characters that cannot appear
  /// in a URI (non-ASCII text), which are percent-encoded as UTF-8 (RFC 6570 §3.1). `{name}`
  /// expands to the percent-encoded value, or to nothing when absent. `{?a,b}` expands to
  /// `?a=1&b=2` and `{&a,b}` to `&a=1&b=2` with only the present parameters, and to nothing when
  /// none is present. Both closures may be called more than once for a name (once to measure,
  /// once to write) and should be plain look-ups.
  package func expand(base: (String) -> String?, value: (String) -> String?) -> String? {
    URLExpansion.expand(
      self, base: { base(string($0)).map { .string($0) } },
      value: { value(string($0)).map { .string($0) } }
    ).url
  }

  /// Expands a template that has no base: every `{name}`, the first one included, is a
  /// parameter. This is plain RFC 6570 expansion of the subset, except that a value that would
  /// make a path segment `.` or `..` gives the empty string.
  ///
  /// Use ``expand(base:value:)`` for a manifest's URL templates, whose first `{name}` is a base.
  package func expand(value: (String) -> String?) -> String {
    URLExpansion.expand(withoutBase: self, value: { value(string($0)).map { .string($0) } }).url
      ?? ""
  }

  /// `text` percent-encoded for a URL component: the RFC 3986 unreserved characters
  /// `A-Z a-z 0-9 - . _ ~` as they are, every other UTF-8 byte `%XX`.
  package static func percentEncode(_ text: String) -> String {
    PercentEncoding.encoded(text, keeping: .unreserved)
  }

  /// Literal text as expansion writes it: URI characters and `%XX` escapes kept, every other
  /// byte percent-encoded. Encoding it again changes nothing, so a table stores its literals
  /// this way and expansion copies them.
  package static func encodedLiteral(_ text: String) -> String {
    PercentEncoding.encoded(text, keeping: .uriCharacters, keepingEscapes: true)
  }
}
