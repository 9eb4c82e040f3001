import CompilerTestSupport
import Foundation
@_spi(Generated) import RouteTable
import TestSupport
import Testing

@testable import RouteCompiler

/// Nothing after a template's fixed text (a base, or its own `scheme://host`) can extend it: an
/// expansion refuses a URL whose next byte is not `/`, `?` or `#`, whatever put it there, and
/// lint refuses every template where an expression can stand right behind the host.
@Suite struct TemplateAuthorityTests {
  static func expand(_ template: String, _ values: [String: String]) throws -> String? {
    try URLTemplate(parsing: template).expand(
      base: { ["api": "https://api.example.com", "web": "https://m.example.com"][$0] },
      value: { values[$0] })
  }

  @Test func aValueNeverExtendsTheHost() throws {
    #expect(try Self.expand("{api}{+path}.json", ["path": ""]) == nil)
    #expect(try Self.expand("{api}{+path}.json", [:]) == nil)
    #expect(
      try Self.expand("{api}{+path}.json", ["path": "/v1/user"])
        == "https://api.example.com/v1/user.json")
    for template in ["{web}{+path}{id}", "{web}{?q}{id}", "https://m.example.com{?q}{id}"] {
      #expect(try Self.expand(template, ["id": ".evil.example"]) == nil, "\(template)")
      #expect(try Self.expand(template, ["id": "x", "path": ""]) == nil, "\(template)")
    }
    #expect(try Self.expand("{web}{?q}{&r}", ["r": "1"]) == nil)
    #expect(
      try Self.expand("{web}{?q}{id}", ["q": "1", "id": ".x"]) == "https://m.example.com?q=1.x")
    #expect(
      try Self.expand("{web}{+path}{id}", ["path": "/a", "id": "b"]) == "https://m.example.com/ab")
    #expect(try Self.expand("https://m.example.com{?q}", [:]) == "https://m.example.com")
    #expect(try Self.expand("https://m.example.com{+path}", ["path": "x"]) == nil)
  }

  /// At the resolver: a push whose value would extend the host is `invalid_params`, naming the
  /// parameter whose value (or absence) left the next part behind the host.
  @Test func theResolverReportsTheParameter() throws {
    let table = try compiledTable(
      """
      manifest: 1
      bases:
        api: https://api.example.com
      screens:
        Doc:
          params:
            path: string
      routes:
        doc:
          screen: Doc
          params:
            path: { from: path }
          url: "{api}{+path}.json"
      """)
    let empty = table.resolve(Payload(["type": .string("doc"), "path": .string("")]), variant: 0)
    #expect(empty.status == .invalidParams)
    #expect(empty.errors == [ParameterError(param: "path", reason: .invalid)])
    let fine = table.resolve(Payload(["type": .string("doc"), "path": .string("/a")]), variant: 0)
    #expect(fine.url == "https://api.example.com/a.json")
  }

  static func lintURL(_ url: String) -> [String] {
    let output = lint(
      """
      manifest: 1
      bases:
        web: https://m.example.com
      screens:
        Page:
          params:
            id: string
            q: { type: string, optional: true }
            r: { type: string, optional: true }
            path: string
      routes:
        page:
          screen: Page
          url: "\(url)"
      """)
    return output.diagnostics.map {
      "\($0.location.line):\($0.location.column) \($0.message) [\($0.ruleID)]"
    }
  }

  @Test func lintRefusesAnExpressionThatCanStandBehindTheHost() {
    #expect(
      Self.lintURL("{web}{+path}{id}") == [
        "14:23 `{id}` would stand right after the base `{web}` when `{+path}` expands to nothing, so a payload could change the host; add `/` before it [url-dynamic-host]"
      ])
    #expect(
      Self.lintURL("{web}{?q}{id}") == [
        "14:20 `{id}` would stand right after the base `{web}` when `{?q}` expands to nothing, so a payload could change the host; add `/` before it [url-dynamic-host]"
      ])
    #expect(
      Self.lintURL("https://m.example.com{?q}{+path}{&r}") == [
        "14:43 `{&r}` would stand right after the host when `{?q}` and `{+path}` expand to nothing, so a payload could change the host; add `/` before it [url-dynamic-host]"
      ])
    #expect(
      Self.lintURL("{web}{?q}.json") == [
        "14:20 after the base `{web}` the URL must go on with `/`, `?` or `#`, so the host stays the template's when `{?q}` expands to nothing [url-syntax]"
      ])
    #expect(
      Self.lintURL("{web}{id}") == [
        "14:16 `{id}` would stand right after the base `{web}`, so a payload could change the host; add `/` before it [url-dynamic-host]"
      ])
    // A literal after `{+path}` is the template's own suffix: expansion refuses an empty path.
    // (`path` is required: an optional one there is `url-optional-path-param`.)
    #expect(Self.lintURL("{web}{+path}.json") == [])
    #expect(Self.lintURL("{web}{?q}/{id}") == [])
    #expect(Self.lintURL("https://m.example.com{+path}") == [])
  }

  /// Random templates of every shape, lint-clean or not, with hostile values, present or
  /// absent: whatever expansion writes keeps the fixed text's scheme, host, port and path
  /// prefix, and passes no query item through under a key the template writes itself.
  @Test func noExpansionLeavesItsFixedText() throws {
    var random = SplitMix64(seed: 56)
    let values = [
      "", ".evil.example", "/a", "x", "//e.example", ":8080", "@e.example", "/..", "?a",
    ]
    let keys = ["sort", "q", "c", "r", "genre", "f"]
    var expanded = 0
    for _ in 0..<20_000 {
      let choices = (0..<Int.random(in: 1...7, using: &random)).map { _ in
        UInt8.random(in: 0...255, using: &random)
      }
      let template = URLTemplateShapes.template(choices)
      var present: [String: String] = [:]
      for name in ["q", "sort", "r", "path", "id"] where Bool.random(using: &random) {
        present[name] = values[Int.random(in: 0..<values.count, using: &random)]
      }
      let items: [String: String]? =
        Bool.random(using: &random)
        ? Dictionary(
          (0..<Int.random(in: 0...3, using: &random)).map { _ in
            (keys[Int.random(in: 0..<keys.count, using: &random)], "horror")
          }, uniquingKeysWith: { a, _ in a }) : nil
      guard
        let url = URLTemplateShapes.expand(template, text: { present[$0] }, items: items)
      else { continue }
      expanded += 1
      let problem = URLTemplateShapes.problem(url, of: template, itemValue: "horror")
      #expect(problem == nil, "\(template.parts.map(\.spelling).joined())")
    }
    #expect(expanded > 5_000)
  }
}
