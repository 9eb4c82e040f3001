/// How manifest names become Swift identifiers. The generator and the collision check both use
/// these functions, so a collision reported here is exactly a clash in generated code.
package enum SwiftName {
  /// `gift_page` -> `giftPage`, `course.v2:open` -> `courseV2Open`, `URLPage` -> `urlPage`,
  /// `404` -> `_404`: words of ASCII letters and digits, every other character a separator.
  package static func lowerCamel(_ name: String) -> String {
    var result = String.UnicodeScalarView()
    var word: [Unicode.Scalar] = []
    func flush() {
      guard !word.isEmpty else { return }
      if result.isEmpty {
        result.append(contentsOf: lowercasingLeadingCapitals(word))
      } else {
        result.append(contentsOf: String(word[0]).uppercased().unicodeScalars)
        result.append(contentsOf: word.dropFirst())
      }
      word.removeAll(keepingCapacity: true)
    }
    for scalar in name.unicodeScalars {
      if isASCIIAlphanumeric(scalar) {
        word.append(scalar)
      } else {
        flush()
      }
    }
    flush()
    if result.isEmpty { return "_" }
    if let start = result.first, NamePatterns.isDigit(start) {
      result.insert("_", at: result.startIndex)
    }
    return String(result)
  }

  static func isASCIIAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
    NamePatterns.isLower(scalar) || NamePatterns.isUpper(scalar) || NamePatterns.isDigit(scalar)
  }

  /// `home_tab` -> `HomeTab`, `shop` -> `Shop`.
  package static func upperCamel(_ name: String) -> String {
    let words = name.split(whereSeparator: { !($0.isASCII && ($0.isLetter || $0.isNumber)) })
    return words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
  }

  /// Enum cases for `choices`, in their order: each choice's ASCII letters and digits in
  /// lowerCamelCase (`sci-fi` -> `sciFi`, `Top 10` -> `top10`), `choice` plus its position for
  /// one with none, an underscore before a leading digit, a later choice that gives a taken name
  /// its position appended (as does one that gives a name in `taken`), and keywords in
  /// backticks.
  package static func caseNames(_ choices: [String], taken reserved: Set<String> = []) -> [String] {
    var taken = reserved
    return choices.enumerated().map { position, choice in
      var name = upperCamel(choice)
      if let first = name.first {
        name = first.lowercased() + name.dropFirst()
      } else {
        name = "choice\(position + 1)"
      }
      if let first = name.unicodeScalars.first, NamePatterns.isDigit(first) { name = "_" + name }
      if taken.contains(name) { name += "_\(position + 1)" }
      taken.insert(name)
      return escaped(name)
    }
  }

  /// `URLPage` -> `urlPage`, `HOME` -> `home`, `Home` -> `home` (ASCII capitals only).
  private static func lowercasingLeadingCapitals(_ scalars: [Unicode.Scalar]) -> [Unicode.Scalar] {
    var capitals = 0
    while capitals < scalars.count, NamePatterns.isUpper(scalars[capitals]) {
      capitals += 1
    }
    // Keep the last capital of an acronym when a lower-case word follows it: URLPage -> urlPage.
    if capitals > 1, capitals < scalars.count, NamePatterns.isLower(scalars[capitals]) {
      capitals -= 1
    }
    var result = scalars
    for index in 0..<capitals {
      result[index] = Unicode.Scalar(scalars[index].value + 32) ?? scalars[index]
    }
    return result
  }
}

extension SwiftName {
  /// Words that need backticks to be used as identifiers; manifests may use them as names.
  static let keywords: Set<String> = [
    "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import",
    "init", "inout", "internal", "let", "open", "operator", "private", "precedencegroup",
    "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var", "break",
    "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard",
    "if", "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as", "await",
    "false", "is", "nil", "self", "Self", "super", "throws", "true", "try", "_", "Type",
    "Protocol", "some", "any", "consume", "copy", "discard", "each", "borrowing", "consuming",
    "package",
  ]

  /// `name` as a Swift identifier: backticked when it is a keyword.
  package static func escaped(_ name: String) -> String {
    keywords.contains(name) ? "`\(name)`" : name
  }

  /// Whether `name` is an ASCII identifier that is not a keyword: what a module name a
  /// generated file imports must be.
  package static func isIdentifier(_ name: String) -> Bool {
    guard let first = name.unicodeScalars.first, !keywords.contains(name) else { return false }
    func isLetter(_ scalar: Unicode.Scalar) -> Bool {
      ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || scalar == "_"
    }
    return isLetter(first)
      && name.unicodeScalars.allSatisfy { isLetter($0) || ("0"..."9").contains($0) }
  }

  /// `name` as a label in an argument list: keywords need no backticks there (the compiler warns
  /// about them), except `inout`.
  package static func argumentLabel(_ name: String) -> String {
    name == "inout" ? "`inout`" : name
  }
}
