import CompilerTestSupport
import Foundation
import Testing

@testable import RouteCompiler
@testable import RouteTools

/// `routec check-app`'s rules as docs/app-files.md lists them, and the parts of the check and the
/// simulator kit a command-line test cannot pin down.
@Suite struct AppCheckTests {
  /// The rule table lists exactly the rules, in order, each with its severity.
  @Test func theRuleTableMatchesTheRules() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let text = try String(
      contentsOf: root.appendingPathComponent("docs/app-files.md"), encoding: .utf8)
    let rows = text.split(separator: "\n").compactMap { line -> [String]? in
      let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
      guard cells.count >= 3, cells[0].hasPrefix("`app-") else { return nil }
      return [cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`")), cells[1]]
    }
    #expect(rows == AppCheckRule.allCases.map { [$0.rawValue, $0.severity.rawValue] })
  }

  static func manifest(_ yaml: String) throws -> ResolvedManifest {
    let output = lint(yaml)
    return try #require(output.manifest, "\(output.diagnostics.map(\.message))")
  }

  static func node(_ value: PropertyListNode.Value) -> PropertyListNode {
    PropertyListNode(value)
  }

  static func dictionary(_ entries: [(String, PropertyListNode)]) -> PropertyListNode {
    node(.dictionary(entries.map { .init(key: $0.0, keyLocation: nil, value: $0.1) }))
  }

  /// `applinks:*.DOMAIN` covers every subdomain and not DOMAIN; a mode suffix and case do not
  /// matter; other services are not app links.
  @Test func wildcardDomainsCoverSubdomainsOnly() throws {
    let manifest = try Self.manifest(
      minimalManifest + "links:\n  hosts: [shop.example, a.b.shop.example, other.example]\n")
    let domains = Self.dictionary([
      (
        "com.apple.developer.associated-domains",
        Self.node(
          .array([
            Self.node(.string("applinks:*.SHOP.example?mode=developer+managed")),
            Self.node(.string("webcredentials:other.example")),
          ]))
      )
    ])
    let findings = AppCheck.findings(
      manifest, infoPlist: Self.dictionary([]), entitlements: domains)
    #expect(
      findings.map(\.message) == [
        "`com.apple.developer.associated-domains` has no `applinks:shop.example`, so links of `shop.example` open Safari, not the app; add it (`routec entitlements` writes the list)",
        "`com.apple.developer.associated-domains` has no `applinks:other.example`, so links of `other.example` open Safari, not the app; add it (`routec entitlements` writes the list)",
      ])
  }

  /// Entries of the wrong type are one finding each, and the rest is still checked.
  @Test func malformedEntriesAreReported() throws {
    let manifest = try Self.manifest(
      minimalManifest
        + "links:\n  schemes: [shop]\nactivities:\n  com.example.home: home\n")
    let plist = Self.dictionary([
      ("CFBundleURLTypes", Self.node(.array([Self.node(.string("shop"))]))),
      ("NSUserActivityTypes", Self.node(.array([Self.node(.integer("1"))]))),
    ])
    let findings = AppCheck.findings(manifest, infoPlist: plist, entitlements: nil)
    #expect(
      findings.map { "\($0.rule.rawValue) \($0.message)" } == [
        "app-malformed-entry an item of `CFBundleURLTypes` must be a dictionary, found a string",
        "app-url-scheme-missing the manifest routes `shop://` URLs, but no `CFBundleURLSchemes` of `CFBundleURLTypes` lists `shop`, so iOS never opens them in the app; add it to a URL type's `CFBundleURLSchemes` (`routec plist` writes the entry)",
        "app-malformed-entry an item of `NSUserActivityTypes` must be a string, found an integer",
        "app-activity-type-missing the activity type `com.example.home` is not in `NSUserActivityTypes`, so iOS does not continue it in the app; add it (`routec plist` writes the list)",
      ])
  }

  @Test func customSchemeURLsPutTheHostlessPathAfterTheScheme() {
    #expect(
      SimulatorKit.customScheme("https://shop.example/books/7?chapter=3", "shopapp")
        == "shopapp://books/7?chapter=3")
    #expect(SimulatorKit.customScheme("https://shop.example/", "shopapp") == "shopapp://")
    #expect(SimulatorKit.customScheme("https://shop.example", "shopapp") == "shopapp://")
    #expect(SimulatorKit.customScheme("shopapp://books/7", "other") == "shopapp://books/7")
    #expect(SimulatorKit.shellQuoted("it's") == "'it'\\''s'")
  }
}
