import RouteCompiler

/// A property-list value that holds build settings (`fb$(FACEBOOK_APP_ID)`,
/// `$(PRODUCT_BUNDLE_IDENTIFIER).search`), read as what it can stand for: any text for each
/// setting, its literal parts as written. Only Xcode knows the settings' values, but the
/// literal parts already rule out most values: `fb$(FACEBOOK_APP_ID)` is never `shopapp`,
/// and `webcredentials:$(AUTH_DOMAIN)` is never an `applinks:` domain.
package struct BuildSettingPattern: Sendable, Hashable {
  /// The literal text around the settings, in order: one more than there are settings.
  package var literals: [String]
  /// The settings' names as written inside `$(...)` or `${...}`.
  package var settings: [String]

  /// The pattern of `text`; nil when it holds no build setting.
  package init?(_ text: String) {
    var literals: [String] = []
    var settings: [String] = []
    var literal = ""
    var scalars = Substring(text).unicodeScalars[...]
    while let scalar = scalars.first {
      scalars = scalars.dropFirst()
      guard scalar == "$", let open = scalars.first, open == "(" || open == "{" else {
        literal.unicodeScalars.append(scalar)
        continue
      }
      let close: Unicode.Scalar = open == "(" ? ")" : "}"
      // Nested references (`$(A_$(B))`) are one setting: the name runs to the matching close.
      var depth = 0
      var name = ""
      var rest = scalars.dropFirst()
      var closed = false
      while let next = rest.first {
        rest = rest.dropFirst()
        if next == open { depth += 1 }
        if next == close {
          if depth == 0 {
            closed = true
            break
          }
          depth -= 1
        }
        name.unicodeScalars.append(next)
      }
      guard closed else {
        literal.unicodeScalars.append(scalar)
        continue
      }
      literals.append(literal)
      settings.append(name)
      literal = ""
      scalars = rest
    }
    guard !settings.isEmpty else { return nil }
    literals.append(literal)
    self.literals = literals
    self.settings = settings
  }

  /// Whether some values of the settings make the pattern `value`: its first literal starts
  /// it, its last ends it, and the others come in order between them without overlapping.
  /// With `ignoringCase`, letters compare without case (URL schemes, hosts).
  package func matches(_ value: String, ignoringCase: Bool = false) -> Bool {
    let fold = { (text: String) in ignoringCase ? Array(text.lowercased().utf8) : Array(text.utf8) }
    let value = fold(value)
    let parts = literals.map(fold)
    guard let first = parts.first, let last = parts.last,
      first.count + last.count <= value.count,
      value.starts(with: first), value.reversed().starts(with: last.reversed())
    else { return false }
    var position = first.count
    let end = value.count - last.count
    for part in parts.dropFirst().dropLast() where !part.isEmpty {
      guard let found = Self.find(part, in: value, from: position, before: end) else {
        return false
      }
      position = found + part.count
    }
    return true
  }

  /// The first place at or after `start` where `part` stands wholly before `end`.
  private static func find(_ part: [UInt8], in value: [UInt8], from start: Int, before end: Int)
    -> Int?
  {
    guard part.count <= end - start else { return nil }
    for offset in start...(end - part.count)
    where value[offset] == part[0] && value[offset..<offset + part.count].elementsEqual(part) {
      return offset
    }
    return nil
  }

  /// What a message says to have the value checked: the flag that gives each setting's value.
  package var howToGive: String {
    var seen: Set<String> = []
    let flags = settings.map { String($0.prefix { $0 != ":" }) }.filter { seen.insert($0).inserted }
      .map { "`--setting \($0)=VALUE`" }
    guard flags.count > 1 else {
      return
        "give its value with \(flags.first ?? "`--setting NAME=VALUE`") (or `--xcconfig FILE`) to have it checked"
    }
    return
      "give their values with \(Suggestions.all(flags)) (or `--xcconfig FILE`) to have it checked"
  }

  /// `$(FACEBOOK_APP_ID)`, `$(A)` and `$(B)`: the settings as a message names them.
  package var settingsList: String {
    var seen: Set<String> = []
    return Suggestions.all(settings.filter { seen.insert($0).inserted }.map { "`$(\($0))`" })
  }
}
