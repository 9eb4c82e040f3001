/// A 1-based position in a manifest. Columns count Unicode scalars, as libyaml does, so a caret
/// drawn under a line of text lands on the character the diagnostic means.
public struct SourceLocation: Hashable, Comparable, Sendable, CustomStringConvertible {
  public var line: Int
  public var column: Int

  public init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  /// Used for problems with the file as a whole (too large, empty, no namespace).
  public static let start = SourceLocation(line: 1, column: 1)

  public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
    (lhs.line, lhs.column) < (rhs.line, rhs.column)
  }

  /// The location `offset` scalars further along the same line.
  public func advanced(by offset: Int) -> SourceLocation {
    SourceLocation(line: line, column: column + offset)
  }

  public var description: String { "\(line):\(column)" }
}

/// A value read from a manifest together with where it was written.
public struct Located<Value> {
  public var value: Value
  public var location: SourceLocation

  public init(_ value: Value, at location: SourceLocation) {
    self.value = value
    self.location = location
  }
}

extension Located: Sendable where Value: Sendable {}
extension Located: Equatable where Value: Equatable {}
extension Located: Hashable where Value: Hashable {}
