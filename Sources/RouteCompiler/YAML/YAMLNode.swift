/// The small located tree the manifest is read from: libyaml events composed into scalars,
/// sequences and mappings that remember where they were written.
package indirect enum YAMLNode: Sendable {
  case scalar(YAMLScalar)
  case sequence(YAMLSequence)
  case mapping(YAMLMapping)

  package var location: SourceLocation {
    switch self {
    case .scalar(let scalar): scalar.location
    case .sequence(let sequence): sequence.location
    case .mapping(let mapping): mapping.location
    }
  }

  /// How the node is named in messages: "a mapping", "a list", "the value `x`".
  package var kindDescription: String {
    switch self {
    case .scalar(let scalar):
      scalar.value.isEmpty ? "an empty value" : "the value `\(scalar.value)`"
    case .sequence: "a list"
    case .mapping: "a mapping"
    }
  }
}

package struct YAMLScalar: Hashable, Sendable {
  package enum Style: Hashable, Sendable {
    case plain, singleQuoted, doubleQuoted, literal, folded
    /// Stands in for an alias, an error already reported: readers take it as no value, so the
    /// alias gives one error rather than one more for every rule that reads the value.
    case alias
  }

  package var value: String
  package var style: Style
  package var location: SourceLocation
  /// True when `value` is exactly the characters written on one line (no escapes, folding or
  /// doubled quotes), so a column inside the value can be computed from an offset.
  package var isVerbatim: Bool

  package init(value: String, style: Style, location: SourceLocation, isVerbatim: Bool) {
    self.value = value
    self.style = style
    self.location = location
    self.isVerbatim = isVerbatim
  }

  /// Where the character at `offset` (in Unicode scalars) of the value was written; the start
  /// of the scalar when that cannot be known.
  package func location(ofOffset offset: Int) -> SourceLocation {
    guard isVerbatim else { return location }
    let quote = (style == .singleQuoted || style == .doubleQuoted) ? 1 : 0
    return location.advanced(by: quote + offset)
  }

  /// `key:` with nothing after it.
  package var isEmptyPlain: Bool { style == .plain && value.isEmpty }
}

package struct YAMLSequence: Sendable {
  package var items: [YAMLNode]
  package var location: SourceLocation
}

package struct YAMLMapping: Sendable {
  package struct Entry: Sendable {
    package var key: YAMLScalar
    package var value: YAMLNode
  }

  package var entries: [Entry]
  package var location: SourceLocation

  package subscript(key: String) -> Entry? {
    entries.first { $0.key.value == key }
  }
}
