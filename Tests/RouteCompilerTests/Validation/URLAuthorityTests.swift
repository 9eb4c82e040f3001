import CompilerTestSupport
import Foundation
@_spi(Generated) import RouteTable
import Testing

@testable import RouteCompiler

/// A base's or a literal template's authority is a host and an optional port, nothing else:
/// user info (`user@`), percent escapes, backslashes and other characters would let a URL go
/// somewhere other than the host it appears to name.
@Suite struct URLAuthorityTests {
  /// The manifest's diagnostics for one base URL, used by a base and by a literal template.
  static func diagnostics(_ url: String) -> [Diagnostic] {
    lint(
      """
      manifest: 1
      bases:
        web: '\(url)'
      screens:
        A: {}
      routes:
        a: { screen: A, url: "{web}/a" }
        b: { screen: A, url: '\(url)/b' }
      """
    ).diagnostics
  }

  @Test(arguments: [
    (
      "https://m.example.com@evil.example", 30,
      "`@` in `https://m.example.com@evil.example` makes `m.example.com` a user name and sends the URL to `evil.example`; write only the host (and a port) after `https://`"
    ),
    (
      "https://evil@m.example.com", 21,
      "`@` in `https://evil@m.example.com` makes `evil` a user name and sends the URL to `m.example.com`; write only the host (and a port) after `https://`"
    ),
    (
      "https://m.example.com@", 30,
      "`@` in `https://m.example.com@` makes `m.example.com` a user name and leaves the URL without a host; write only the host (and a port) after `https://`"
    ),
    (
      "https://m.example.com\\@evil.example", 31,
      "`@` in `https://m.example.com\\@evil.example` makes `m.example.com\\` a user name and sends the URL to `evil.example`; write only the host (and a port) after `https://`"
    ),
    (
      "https://m.example.com\\evil", 30,
      "`\\` cannot appear in the host of `https://m.example.com\\evil`: a host is letters, digits, `-` and `.`, with an optional `:port`"
    ),
    (
      "https://m%40x.example.com", 18,
      "`%` cannot appear in the host of `https://m%40x.example.com`: a host has no percent escapes"
    ),
    (
      "https://m.example.com:99999", 31,
      "the port of `https://m.example.com:99999` is not a number from 1 to 65535"
    ),
    (
      "https://m.example.com:", 31,
      "the port of `https://m.example.com:` is not a number from 1 to 65535"
    ),
    (
      "https://bücher.example", 18,
      "`\\u{00FC}` cannot appear in the host of `https://bücher.example`: write the host in ASCII, in its punycode form (`xn--…`)"
    ),
  ])
  func anAuthorityThatIsMoreThanAHostIsALocatedError(url: String, column: Int, message: String) {
    let found = Self.diagnostics(url)
    #expect(found.first?.message == "base `web`: " + message)
    // The template that repeats the URL literally gets one error too, at the same character:
    // the template parser's for a backslash, which no URL template may hold anywhere.
    guard let backslash = url.unicodeScalars.firstIndex(of: "\\") else {
      #expect(brief(found) == ["3:\(column) invalid-base-url", "8:\(column + 16) url-syntax"])
      #expect(
        found.last?.message == message.replacingOccurrences(of: "`\(url)`", with: "`\(url)/b`"))
      return
    }
    let offset = url.unicodeScalars.distance(from: url.unicodeScalars.startIndex, to: backslash)
    #expect(brief(found) == ["3:\(column) invalid-base-url", "8:\(25 + offset) url-syntax"])
    #expect(found.last?.message == "URL template: `\\` is not allowed in a URL; percent-encode it")
  }

  @Test(arguments: [
    "https://m.example.com", "https://m.example.com:8443", "https://[::1]:8080/app",
    "https://m-1.example_x.com~/app", "myapp://open",
  ])
  func aHostAndAPortAreAccepted(url: String) {
    #expect(Self.diagnostics(url).isEmpty)
  }

  /// The runtime's base overrides follow the same rule.
  @Test func anOverrideWithUserInfoIsRejected() throws {
    var table = try compiledTable(
      """
      manifest: 1
      bases: { web: "https://m.example.com" }
      screens: { A: {} }
      routes: { a: { screen: A, url: "{web}/a" } }
      """)
    for bad in [
      "https://m.example.com@evil.example", "https://evil@m.example.com", "https://m.example.com@",
      "https://m%40x.example.com", "https://m.example.com\\evil", "https://m.example.com:0",
    ] {
      #expect(throws: RouteTable.BaseOverrideError.invalidURL(base: "web", url: bad)) {
        try table.overrideBase("web", with: bad)
      }
    }
    try table.overrideBase("web", with: "https://staging.example.com:8443/v2")
  }

  @Test func theSharedRuleNamesTheOffendingCharacter() {
    #expect(BaseURLRules.authorityProblem("a@b@c") == .userInfo(offset: 3))
    #expect(BaseURLRules.authorityProblem("h.example:80") == nil)
    #expect(BaseURLRules.authorityProblem("h.example:80x") == .port(offset: 9))
    #expect(BaseURLRules.authorityProblem("h!.example") == .character("!", offset: 1))
    #expect(BaseURLRules.authorityProblem("[::1") == .character("[", offset: 0))
    #expect(BaseURLRules.authorityProblem("[::g]") == .character("g", offset: 3))
    #expect(BaseURLRules.authorityProblem("[::1]x") == .character("x", offset: 5))
  }
}
