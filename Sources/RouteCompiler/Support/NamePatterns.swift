/// The lexical rules of manifest names, checked without regular expressions so that the rules
/// read the same here as in the docs.
package enum NamePatterns {
  /// `[a-z][a-z0-9_]*`: variants, tabs, bases, parameters.
  static func isLowerSnake(_ name: String) -> Bool {
    guard let first = name.unicodeScalars.first, isLower(first) else { return false }
    return name.unicodeScalars.allSatisfy { isLower($0) || isDigit($0) || $0 == "_" }
  }

  /// `[A-Z][A-Za-z0-9]*`: screens and the namespace.
  static func isUpperCamel(_ name: String) -> Bool {
    guard let first = name.unicodeScalars.first, isUpper(first) else { return false }
    return name.unicodeScalars.allSatisfy { isLower($0) || isUpper($0) || isDigit($0) }
  }

  package static let pushTypeMaximumLength = 128

  /// 1 to 128 characters from `A-Z a-z 0-9 _ . : -`.
  static func isPushType(_ name: String) -> Bool {
    let scalars = name.unicodeScalars
    guard !scalars.isEmpty, scalars.count <= pushTypeMaximumLength else { return false }
    return scalars.allSatisfy {
      isLower($0) || isUpper($0) || isDigit($0) || "_.:-".unicodeScalars.contains($0)
    }
  }

  /// A dotted path into a payload: non-empty segments without whitespace or control characters.
  static func isKeyPath(_ path: String) -> Bool {
    // `$` starts the names of what an arrival carries beside its payload (`ArrivalValues`).
    guard !path.hasPrefix("$") else { return false }
    let segments = path.split(separator: ".", omittingEmptySubsequences: false)
    return segments.allSatisfy { segment in
      !segment.isEmpty
        && segment.unicodeScalars.allSatisfy {
          !$0.properties.isWhitespace && $0.value >= 0x20 && $0.value != 0x7F
        }
    }
  }

  static func isLower(_ scalar: Unicode.Scalar) -> Bool { ("a"..."z").contains(scalar) }
  static func isUpper(_ scalar: Unicode.Scalar) -> Bool { ("A"..."Z").contains(scalar) }
  static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }
}
