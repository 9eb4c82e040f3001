/// How manifest names become Swift identifiers. The generator and the collision check both use
/// these functions, so a collision reported here is exactly a clash in generated code.
public enum SwiftName {
  /// `gift_page` -> `giftPage`, `course.v2:open` -> `courseV2Open`, `URLPage` -> `urlPage`,
  /// `404` -> `_404`.
  public static func lowerCamel(_ name: String) -> String {
    let words = name.split(whereSeparator: { "_.:-".contains($0) }).map(String.init)
    guard let first = words.first else { return "_" }
    var result = lowercasingLeadingCapitals(first)
    for word in words.dropFirst() {
      result += word.prefix(1).uppercased() + word.dropFirst()
    }
    if let start = result.unicodeScalars.first, NamePatterns.isDigit(start) {
      result = "_" + result
    }
    return result
  }

  /// `home_tab` -> `HomeTab`, `shop` -> `Shop`.
  public static func upperCamel(_ name: String) -> String {
    let words = name.split(whereSeparator: { !($0.isASCII && ($0.isLetter || $0.isNumber)) })
    return words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
  }

  /// `URLPage` -> `urlPage`, `HOME` -> `home`, `Home` -> `home`.
  private static func lowercasingLeadingCapitals(_ word: String) -> String {
    let scalars = Array(word.unicodeScalars)
    var capitals = 0
    while capitals < scalars.count, NamePatterns.isUpper(scalars[capitals]) {
      capitals += 1
    }
    // Keep the last capital of an acronym when a lower-case word follows it: URLPage -> urlPage.
    if capitals > 1, capitals < scalars.count, NamePatterns.isLower(scalars[capitals]) {
      capitals -= 1
    }
    let head = String(String.UnicodeScalarView(scalars[..<capitals])).lowercased()
    return head + String(String.UnicodeScalarView(scalars[capitals...]))
  }
}
