import CompilerTestSupport
import Foundation
@_spi(Generated) import RouteTable
import TestSupport
import Testing

@testable import RouteCompiler

/// `{+name}`: a value whose `/` stays `/`, and which can never change the scheme, the host or
/// the path the template writes before it.
@Suite struct ReservedExpansionTests {
  static func expand(_ template: String, _ value: String) throws -> String? {
    try URLTemplate(parsing: template).expand(
      base: { $0 == "web" ? "https://m.example.com" : nil }, value: { $0 == "path" ? value : nil })
  }

  @Test func aValueKeepsItsSlashesAndEncodesTheRest() throws {
    #expect(
      try Self.expand("{web}{+path}", "/2024/01/hello") == "https://m.example.com/2024/01/hello")
    #expect(
      try Self.expand("{web}/blog/{+path}", "2024/x y") == "https://m.example.com/blog/2024/x%20y")
    #expect(
      try Self.expand("{web}{+path}", "/a?b#c@d:e") == "https://m.example.com/a%3Fb%23c%40d%3Ae")
    #expect(try Self.expand("{web}{+path}", "") == "https://m.example.com")
    #expect(try Self.expand("https://h.example/p/{+path}", "a/b") == "https://h.example/p/a/b")
  }

  @Test func valuesThatWouldChangeTheURLsStructureAreRefused() throws {
    for value in [
      "evil.example", "@evil.example/x", ":8080/x", "//evil.example/x", "/a/../b", "/..", "/a/.",
    ] {
      #expect(try Self.expand("{web}{+path}", value) == nil, "\(value)")
    }
    // A `%` is a character of the value: encoded dots stay text, never a dot segment.
    #expect(
      try Self.expand("{web}{+path}", "/%2E%2E/x") == "https://m.example.com/%252E%252E/x")
    for value in ["//evil.example", "../x", "a/./b", ".."] {
      #expect(try Self.expand("https://h.example/p/{+path}", value) == nil, "\(value)")
    }
  }

  /// Random values from a hostile alphabet: whatever is written keeps the template's scheme,
  /// host and path prefix, and parses back to the value's segments.
  @Test func noValueChangesTheSchemeHostOrPathPrefix() throws {
    var random = SplitMix64(seed: 47)
    let alphabet = Array("/.:@?#%[]a1é\\ ")
    for _ in 0..<5_000 {
      let value = String(
        (0..<Int.random(in: 0...12, using: &random)).map { _ in
          alphabet[Int.random(in: 0..<alphabet.count, using: &random)]
        })
      for (template, prefix) in [
        ("{web}{+path}", ""), ("{web}/blog/{+path}", "/blog/"),
        ("https://h.example/p/{+path}", "/p/"),
      ] {
        guard let url = try Self.expand(template, value) else { continue }
        let components = try #require(URLComponents(string: url), "\(url)")
        #expect(components.scheme == "https", "\(url)")
        #expect(
          components.host == (template.hasPrefix("{web}") ? "m.example.com" : "h.example"), "\(url)"
        )
        #expect(components.port == nil && components.user == nil, "\(url)")
        #expect(components.query == nil && components.fragment == nil, "\(url)")
        #expect(components.percentEncodedPath.hasPrefix(prefix), "\(url)")
        #expect(
          components.path.removingPercentEncoding == nil
            || !components.path.split(separator: "/").contains(".."), "\(url)")
      }
    }
  }

  @Test func aTemplateCannotStartWithIt() throws {
    let output = lint(
      """
      manifest: 1
      screens:
        Page:
          params:
            path: string
      routes:
        page:
          screen: Page
          url: "{+path}"
      """)
    #expect(output.diagnostics.map(\.rule) == [.urlDynamicHost])
  }
}
