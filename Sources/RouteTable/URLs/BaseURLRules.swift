import Foundation

/// The rules a base URL follows, shared by the runtime (overrides) and the compiler (manifests).
package enum BaseURLRules {
  /// Schemes that run code or read local data when opened; never a navigation target.
  package static let forbiddenSchemes: Set<String> = [
    "javascript", "vbscript", "data", "file", "about", "blob",
  ]

  /// `scheme://host[/path]` with a permitted scheme, no query, fragment, trailing slash,
  /// whitespace or template braces.
  package static func isAcceptable(_ url: String) -> Bool {
    guard let colon = url.firstIndex(of: ":"), isScheme(url[..<colon]),
      url[colon...].hasPrefix("://"),
      !forbiddenSchemes.contains(url[..<colon].lowercased())
    else { return false }
    let authority = url[colon...].dropFirst(3).prefix { !"/?#".contains($0) }
    return !authority.isEmpty && !url.hasSuffix("/")
      && !url.unicodeScalars.contains {
        $0.value <= 0x20 || $0.value == 0x7F || "?#{}".unicodeScalars.contains($0)
      }
  }

  package static func isScheme(_ text: Substring) -> Bool {
    guard let first = text.unicodeScalars.first,
      ("a"..."z").contains(first) || ("A"..."Z").contains(first)
    else { return false }
    return text.unicodeScalars.allSatisfy {
      ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
        || "+.-".unicodeScalars.contains($0)
    }
  }
}
