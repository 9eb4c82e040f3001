import RouteCompiler

/// The build settings `routec check-app` expands in the app's files, given with `--setting
/// NAME=VALUE` and `--xcconfig FILE`, as Xcode expands them when it processes an Info.plist:
/// `$(NAME)` and `${NAME}`, a value's own references, and the modifiers Xcode applies to bundle
/// identifiers (`$(NAME:rfc1034identifier)`, `:lower`, `:upper`, in a chain). A reference to a
/// setting that was not given stays as written, and `BuildSettingPattern` reads what the value
/// can still stand for.
package struct BuildSettings: Sendable, Hashable {
  /// Each setting's value as given, references not yet expanded.
  package private(set) var values: [String: String] = [:]

  package init() {}

  /// A problem with a setting or an xcconfig file: where (the file's line and column; nil for
  /// `--setting`) and why.
  package struct Problem: Error, Sendable, Hashable, CustomStringConvertible {
    package var location: SourceLocation?
    package var reason: String

    package init(location: SourceLocation? = nil, reason: String) {
      self.location = location
      self.reason = reason
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

  private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
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
    assign(String(assignment[..<equals]), String(assignment[assignment.index(after: equals)...]))
  }

  /// Sets `name`; `$(inherited)`, and a reference of the setting to itself (`P = $(P).app`),
  /// stand for the value it replaces, as a later assignment of a setting builds on the earlier.
  private mutating func assign(_ name: String, _ value: String) {
    let inherited = values[name] ?? ""
    var value = value
    for reference in ["$(inherited)", "${inherited}", "$(\(name))", "${\(name)}"] {
      value = value.replacingOccurrences(of: reference, with: inherited)
    }
    values[name] = value
  }

  /// Reads an xcconfig file's text: `NAME = VALUE` lines, `//` comments, blank lines, and
  /// `#include "FILE"` (or `#include? "FILE"`, which may be missing), which `include` reads
  /// relative to the including file (nil: it cannot be read). A conditional assignment (`NAME[sdk=iphoneos*] = ...`) is
  /// refused at its line: which condition holds is the build's to know.
  package mutating func read(
    xcconfig text: String, include: (String) -> String?, depth: Int = 0
  ) throws(Problem) {
    guard depth < 16 else {
      throw Problem(reason: "xcconfig files include each other more than 16 levels deep")
    }
    var lineNumber = 0
    for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
      lineNumber += 1
      let line = Self.withoutComment(rawLine).trimmingSpaces
      guard !line.isEmpty else { continue }
      let at = { (column: Int) in SourceLocation(line: lineNumber, column: column) }
      if line.hasPrefix("#include") {
        let optional = line.hasPrefix("#include?")
        let rest = line.dropFirst(optional ? 9 : 8).trimmingSpaces
        guard rest.count >= 2, rest.first == "\"", rest.last == "\"" else {
          throw Problem(location: at(1), reason: "`#include` expects a quoted file name")
        }
        let name = String(rest.dropFirst().dropLast())
        if let included = include(name) {
          try read(xcconfig: included, include: include, depth: depth + 1)
        } else if !optional {
          throw Problem(
            location: at(1),
            reason:
              "cannot read the included file `\(name)` (relative to this file's folder); write `#include?` for a file that may be missing"
          )
        }
        continue
      }
      // A condition (`[sdk=iphoneos*]`) holds `=` of its own: the assignment's is after it.
      let conditionEnd = line.firstIndex(of: "[").flatMap { open in
        line[open...].firstIndex(of: "]")
      }
      guard let equals = line[(conditionEnd ?? line.startIndex)...].firstIndex(of: "=") else {
        throw Problem(location: at(1), reason: "expected `NAME = VALUE`")
      }
      let name = line[..<equals].trimmingSpaces
      if name.contains("[") {
        throw Problem(
          location: at(1),
          reason:
            "`\(name)` is a conditional assignment, whose condition only the build knows; give the value that applies with --setting \(name.prefix { $0 != "[" })=VALUE"
        )
      }
      guard Self.isName(name) else {
        throw Problem(location: at(1), reason: "`\(name)` is not a build setting's name")
      }
      assign(String(name), String(line[line.index(after: equals)...].trimmingSpaces))
    }
  }

  /// `line` without a `//` comment (none starts inside a quoted value in practice; a URL's
  /// `//` after `:` is kept, as Xcode keeps `https://`).
  private static func withoutComment(_ line: Substring) -> Substring {
    var previous: Character?
    for index in line.indices {
      if line[index] == "/", previous == "/" {
        let start = line.index(before: index)
        if start > line.startIndex, line[line.index(before: start)] == ":" { continue }
        return line[..<start]
      }
      previous = line[index]
    }
    return line
  }

  /// `text` with every reference to a given setting replaced by its expanded value; references
  /// to settings not given stay as written. Values refer to other settings at most 16 deep.
  package func expand(_ text: String) -> String {
    expand(text, depth: 0)
  }

  private func expand(_ text: String, depth: Int) -> String {
    guard depth < 16, text.contains("$") else { return text }
    var result = ""
    var rest = Substring(text)
    while let dollar = rest.firstIndex(of: "$") {
      result += rest[..<dollar]
      let after = rest.index(after: dollar)
      guard after < rest.endIndex, let close = Self.closer(rest[after]),
        let end = rest[after...].firstIndex(of: close)
      else {
        result.append("$")
        rest = rest[after...]
        continue
      }
      let reference = rest[rest.index(after: after)..<end]
      let parts = reference.split(separator: ":", omittingEmptySubsequences: false)
      if let name = parts.first, let value = values[String(name)] {
        var expanded = expand(value, depth: depth + 1)
        for modifier in parts.dropFirst() { expanded = Self.apply(modifier, to: expanded) }
        result += expanded
      } else {
        result += rest[dollar...end]
      }
      rest = rest[rest.index(after: end)...]
    }
    return result + rest
  }

  private static func closer(_ open: Character) -> Character? {
    open == "(" ? ")" : open == "{" ? "}" : nil
  }

  /// Xcode's modifiers for bundle identifiers: `rfc1034identifier` replaces each character
  /// other than a letter, a digit, `-` and `.` with `-`; `lower` and `upper` change case. An
  /// unknown modifier leaves the value as it is.
  private static func apply(_ modifier: Substring, to value: String) -> String {
    switch modifier {
    case "rfc1034identifier":
      String(
        value.unicodeScalars.map { scalar -> Character in
          scalar.isASCII
            && (isLetter(scalar) || ("0"..."9").contains(scalar) || scalar == "-"
              || scalar == ".")
            ? Character(scalar) : "-"
        })
    case "lower": value.lowercased()
    case "upper": value.uppercased()
    default: value
    }
  }
}

extension PropertyListNode {
  /// The node with every string value's build-setting references expanded by `settings`
  /// (dictionary keys are not expanded, as Xcode does not expand them); locations unchanged.
  package func expandingBuildSettings(_ settings: BuildSettings) -> PropertyListNode {
    guard !settings.values.isEmpty else { return self }
    var node = self
    switch value {
    case .string(let text): node.value = .string(settings.expand(text))
    case .array(let items): node.value = .array(items.map { $0.expandingBuildSettings(settings) })
    case .dictionary(let entries):
      node.value = .dictionary(
        entries.map { entry in
          var entry = entry
          entry.value = entry.value.expandingBuildSettings(settings)
          return entry
        })
    default: break
    }
    return node
  }
}

extension Substring {
  /// Without leading and trailing spaces and tabs.
  fileprivate var trimmingSpaces: Substring {
    let isSpace = { (character: Character) in character == " " || character == "\t" }
    guard let first = firstIndex(where: { !isSpace($0) }),
      let last = lastIndex(where: { !isSpace($0) })
    else { return self[endIndex...] }
    return self[first...last]
  }
}
