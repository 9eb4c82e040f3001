import RouteCompiler

/// A property list as read from a file, each value with where it starts.
package struct PropertyListNode: Hashable, Sendable {
  package indirect enum Value: Hashable, Sendable {
    case string(String)
    /// The digits as written (surrounding whitespace removed), or the number of a binary file.
    case integer(String)
    /// The number as written (surrounding whitespace removed), or the number of a binary file.
    case real(String)
    case bool(Bool)
    /// The date as written (surrounding whitespace removed), or a binary file's date in the
    /// same form, `2001-01-01T00:00:00Z`.
    case date(String)
    /// The base64 text as written with its whitespace removed, or the base64 of a binary
    /// file's bytes.
    case data(String)
    case array([PropertyListNode])
    /// In file order; duplicate keys kept as written (lookups read the last, as iOS does). A
    /// binary file's keys are sorted, since its dictionaries have no order; entries with the
    /// same key keep their order in the file.
    case dictionary([Entry])

    /// What the value is, for messages: "a dictionary", "an array", "a string", ...
    package var kindDescription: String {
      switch self {
      case .string: "a string"
      case .integer: "an integer"
      case .real: "a real number"
      case .bool: "a boolean"
      case .date: "a date"
      case .data: "data"
      case .array: "an array"
      case .dictionary: "a dictionary"
      }
    }
  }

  package struct Entry: Hashable, Sendable {
    package var key: String
    /// The `<key>` element's `<`; nil for a binary property list.
    package var keyLocation: SourceLocation?
    package var value: PropertyListNode

    package init(key: String, keyLocation: SourceLocation? = nil, value: PropertyListNode) {
      self.key = key
      self.keyLocation = keyLocation
      self.value = value
    }
  }

  package var value: Value
  /// The element's `<` in an XML file (line and column); nil for a binary property list.
  package var location: SourceLocation?

  package init(_ value: Value, location: SourceLocation? = nil) {
    self.value = value
    self.location = location
  }

  /// The value of the last entry with that key, for dictionaries; nil otherwise.
  package subscript(key: String) -> PropertyListNode? {
    entry(key)?.value
  }

  /// The last entry with that key, for dictionaries; nil otherwise. CoreFoundation's reader
  /// (and `plutil`, and Python's `plistlib`) sets each entry of a dictionary in turn, so of two
  /// entries with the same key the app sees the last.
  package func entry(_ key: String) -> Entry? {
    guard case .dictionary(let entries) = value else { return nil }
    return entries.last { $0.key == key }
  }

  package var string: String? {
    if case .string(let string) = value { string } else { nil }
  }

  package var array: [PropertyListNode]? {
    if case .array(let array) = value { array } else { nil }
  }

  package var entries: [Entry]? {
    if case .dictionary(let entries) = value { entries } else { nil }
  }

  package var bool: Bool? {
    if case .bool(let bool) = value { bool } else { nil }
  }
}
