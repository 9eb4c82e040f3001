import RouteCompiler

/// The build settings `routec check-app` expands in the app's files, given with `--setting
/// NAME=VALUE` and `--xcconfig FILE`, as Xcode expands them when it processes an Info.plist:
/// `$(NAME)` and `${NAME}`, a value's own references, and the modifiers Xcode applies to bundle
/// identifiers (`$(NAME:rfc1034identifier)`, `:lower`, `:upper`, in a chain). A reference to a
/// setting that was not given stays as written, and `BuildSettingPattern` reads what the value
/// can still stand for.
///
/// Every assignment is kept as written, in order: a reference to another setting stands for that
/// setting's last assignment, and a reference of a setting to itself (or `$(inherited)`) for its
/// assignment before this one. `BuildSettingExpansion` expands them, each assignment once.
package struct BuildSettings: Sendable, Hashable {
  /// Every assignment, in the order read.
  private(set) var assignments: [Assignment] = []
  /// Each setting's last assignment: what a reference to it from elsewhere stands for.
  private(set) var latest: [String: Int] = [:]

  package init() {}

  /// Whether no setting was given.
  package var isEmpty: Bool { assignments.isEmpty }

  /// A setting's value as written, where it was written, and the assignment it builds on.
  struct Assignment: Sendable, Hashable {
    var name: String
    /// The value's UTF-8 bytes, references not yet expanded.
    var value: [UInt8]
    /// The same setting's assignment before this one, which `$(inherited)` and `$(NAME)` in this
    /// value stand for.
    var previous: Int?
    /// Where the value starts in its xcconfig file; nil for `--setting`.
    var place: Place?
  }

  /// A place in an xcconfig file.
  package struct Place: Sendable, Hashable {
    package var file: String
    package var location: SourceLocation
  }

  /// A problem with a setting, an xcconfig file or a value's expansion: in which file (nil for
  /// `--setting`, or for the file whose values are being expanded), where in it, and why.
  package struct Problem: Error, Sendable, Hashable, CustomStringConvertible {
    package var file: String?
    package var location: SourceLocation?
    package var reason: String

    package init(file: String? = nil, location: SourceLocation? = nil, reason: String) {
      self.file = file
      self.location = location
      self.reason = reason
    }

    init(at place: Place?, reason: String) {
      self.init(file: place?.file, location: place?.location, reason: reason)
    }

    package var description: String { reason }
  }

  /// The names Xcode's build settings have: a letter or `_`, then letters, digits and `_`.
  package static func isName(_ text: Substring) -> Bool {
    guard let first = text.unicodeScalars.first, first == "_" || isLetter(first) else {
      return false
    }
    return text.unicodeScalars.allSatisfy { $0 == "_" || isLetter($0) || ("0"..."9").contains($0) }
  }

  static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
    ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
  }

  /// Sets `NAME` from `NAME=VALUE` (`--setting`); a later one replaces an earlier one, and
  /// `$(inherited)` in it stands for the value it replaces.
  package mutating func set(_ assignment: String) throws(Problem) {
    guard let equals = assignment.firstIndex(of: "="),
      Self.isName(assignment[..<equals])
    else {
      throw Problem(
        reason:
          "--setting expects NAME=VALUE with a build setting's name (letters, digits and `_`), got `\(ControlCharacters.escaped(assignment))`"
      )
    }
    assign(
      String(assignment[..<equals]), assignment[assignment.index(after: equals)...], at: nil)
  }

  /// Sets `name`; `$(inherited)`, and a reference of the setting to itself (`P = $(P).app`),
  /// stand for the value it replaces, as a later assignment of a setting builds on the earlier.
  mutating func assign(_ name: String, _ value: Substring, at place: Place?) {
    assignments.append(
      Assignment(name: name, value: Array(value.utf8), previous: latest[name], place: place))
    latest[name] = assignments.count - 1
  }
}
