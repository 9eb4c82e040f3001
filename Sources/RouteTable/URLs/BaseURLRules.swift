import Foundation

/// The rules a base URL follows, shared by the runtime (overrides) and the compiler (manifests).
package enum BaseURLRules {
  /// Schemes that run code or read local data when opened; never a navigation target.
  package static let forbiddenSchemes: Set<String> = [
    "javascript", "vbscript", "data", "file", "about", "blob",
  ]

  /// `scheme://host[:port][/path]` with a permitted scheme, no query, fragment, trailing slash,
  /// whitespace or template braces, and an authority that is only a host and a port.
  package static func isAcceptable(_ url: String) -> Bool {
    guard let colon = url.firstIndex(of: ":"), isScheme(url[..<colon]),
      url[colon...].hasPrefix("://"),
      !forbiddenSchemes.contains(url[..<colon].lowercased())
    else { return false }
    let authority = url[colon...].dropFirst(3).prefix { !"/?#".contains($0) }
    return !authority.isEmpty && authorityProblem(authority) == nil && !url.hasSuffix("/")
      && !url.unicodeScalars.contains {
        $0.value <= 0x20 || $0.value == 0x7F || "?#{}\\".unicodeScalars.contains($0)
      }
  }

  /// Why an authority is more than a host: the problem, and the offset (in Unicode scalars) of
  /// the character that shows it.
  package enum AuthorityProblem: Equatable, Sendable {
    /// `user@host`: URL parsers read what comes before the last `@` as user info, and go to the
    /// host after it.
    case userInfo(offset: Int)
    /// A character no host name or port has (`%`, a backslash, non-ASCII, `!`, …).
    case character(Unicode.Scalar, offset: Int)
    /// A port that is not a number from 1 to 65535.
    case port(offset: Int)
  }

  /// Nil when `authority` (what follows `scheme://` up to `/`, `?`, `#` or the end) is a host
  /// name of ASCII letters, digits, `-`, `.`, `_` and `~`, or an IP literal in brackets, with an
  /// optional `:port`; otherwise the first problem.
  package static func authorityProblem(_ authority: Substring) -> AuthorityProblem? {
    let scalars = Array(authority.unicodeScalars)
    if let at = scalars.lastIndex(of: "@") { return .userInfo(offset: at) }
    var index = 0
    if scalars.first == "[" {
      while index < scalars.count, scalars[index] != "]" {
        let scalar = scalars[index]
        guard index == 0 || HexDigit.value(scalar) != nil || scalar == ":" || scalar == "." else {
          return .character(scalar, offset: index)
        }
        index += 1
      }
      guard index < scalars.count else { return .character("[", offset: 0) }
      index += 1
    } else {
      while index < scalars.count, scalars[index] != ":" {
        guard ByteSet.unreserved.contains(scalars[index]) else {
          return .character(scalars[index], offset: index)
        }
        index += 1
      }
    }
    guard index < scalars.count else { return nil }
    guard scalars[index] == ":" else { return .character(scalars[index], offset: index) }
    let port = scalars[(index + 1)...]
    guard !port.isEmpty, port.count <= 5, port.allSatisfy({ ("0"..."9").contains($0) }),
      let number = Int(String(String.UnicodeScalarView(port))), (1...65535).contains(number)
    else { return .port(offset: index) }
    return nil
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
