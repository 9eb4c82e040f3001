/// A 1-based position in a manifest. Columns count Unicode scalars, as libyaml does, so a caret
/// drawn under a line of text lands on the character the diagnostic means.
///
/// `file` tells the files of a composition apart (an app manifest and its features): 0 is the
/// app manifest, or the only file; a feature's file is its position in the composition plus 1.
package struct SourceLocation: Hashable, Comparable, Sendable, CustomStringConvertible {
  package var line: Int
  package var column: Int
  package var file: Int

  package init(line: Int, column: Int, file: Int = 0) {
    self.line = line
    self.column = column
    self.file = file
  }

  /// Used for problems with the file as a whole (too large, empty, no namespace).
  package static let start = SourceLocation(line: 1, column: 1)

  /// The start of file `file` of a composition.
  package static func start(of file: Int) -> SourceLocation {
    SourceLocation(line: 1, column: 1, file: file)
  }

  package static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
    (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
  }

  /// The location `offset` scalars further along the same line.
  package func advanced(by offset: Int) -> SourceLocation {
    SourceLocation(line: line, column: column + offset, file: file)
  }

  /// `LINE:COLUMN`.
  package var description: String {
    "\(line):\(column)"
  }
}

/// A value read from a manifest together with where it was written.
package struct Located<Value> {
  package var value: Value
  package var location: SourceLocation

  package init(_ value: Value, at location: SourceLocation) {
    self.value = value
    self.location = location
  }
}

extension Located: Sendable where Value: Sendable {}
extension Located: Equatable where Value: Equatable {}
extension Located: Hashable where Value: Hashable {}
