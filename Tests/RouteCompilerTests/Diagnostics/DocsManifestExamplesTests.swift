import CompilerTestSupport
import Foundation
@_spi(Generated) import RouteTable
import Testing

@testable import RouteCompiler

/// Every whole manifest the docs show (a YAML block that starts with `manifest: 1` and has
/// `screens` and `routes`) lints without an error as written, so a reader can paste it. Left
/// out: docs/rules.md, whose examples show each rule's error on purpose (`RuleExamplesTests`
/// runs them), and an app manifest that composes features, which needs their manifests.
@Suite struct DocsManifestExamplesTests {
  static func wholeManifests() throws -> [(file: String, line: Int, text: String)] {
    let docs = DocsTests.root.appendingPathComponent("docs")
    var found: [(file: String, line: Int, text: String)] = []
    for name in try FileManager.default.contentsOfDirectory(atPath: docs.path).sorted()
    where name.hasSuffix(".md") && name != "rules.md" {
      let text = try String(contentsOf: docs.appendingPathComponent(name), encoding: .utf8)
      var block: [Substring]?
      var start = 0
      for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
        .enumerated()
      {
        if block == nil, line == "```yaml" {
          block = []
          start = index + 2
        } else if let lines = block, line == "```" {
          let yaml = lines.joined(separator: "\n")
          let body = lines.drop { $0.hasPrefix("#") || $0.isEmpty }
          let keys = Set(lines.filter { !$0.hasPrefix(" ") }.map { $0.prefix { $0 != ":" } })
          if body.first == "manifest: 1", keys.isSuperset(of: ["screens", "routes"]),
            !keys.contains("compose")
          {
            found.append((name, start, yaml + "\n"))
          }
          block = nil
        } else if block != nil {
          block?.append(line)
        }
      }
    }
    return found
  }

  @Test func everyWholeManifestInTheDocsLints() throws {
    let manifests = try Self.wholeManifests()
    #expect(manifests.contains { $0.file == "manifest.md" && $0.text.contains("reroute: to") })
    for manifest in manifests {
      let errors = lint(manifest.text).diagnostics.filter { $0.severity == .error }
      #expect(
        errors.isEmpty,
        "docs/\(manifest.file):\(manifest.line): \(errors.map { "\($0.location.line):\($0.location.column) \($0.message)" })"
      )
    }
  }

  /// docs/manifest.md's example of wildcard hosts and any host resolves each URL as the text
  /// below it says, and writes the links it says.
  @Test func theWildcardHostExampleResolvesAsShown() throws {
    let example = try #require(
      try Self.wholeManifests().first {
        $0.file == "manifest.md" && $0.text.contains("\"*.eu.academy.example\"")
      })
    let manifest = try #require(lint(example.text).manifest)
    let table = RouteTableEncoder.table(for: manifest)
    for (url, route) in [
      ("https://learn.academy.example/courses/1", "course"),
      ("https://de.eu.academy.example/courses/1", "eu_course"),
      ("https://eu.academy.example/courses/1", "course"),
      ("https://www.academy.example/courses/1", "marketing"),
      ("https://news.example/read/a/b", "article"),
      ("https://learn.academy.example/read/a", "article"),
      ("https://news.example/courses/1", nil),
    ] {
      let resolution = table.resolve(url: url, variant: 0)
      #expect(resolution.route == route, "\(url)")
      #expect(resolution.status == (route == nil ? .unknownLink : .matched), "\(url)")
    }
    let screens = manifest.screens.map(\.name)
    func link(_ screen: String, _ key: (ScreenKey) -> ScreenKey) -> String? {
      screens.firstIndex(of: screen).flatMap {
        table.link(for: key(ScreenKey($0)), variant: 0)
      }
    }
    #expect(link("Course", { $0.int(1) }) == "https://academy.example/courses/1")
    #expect(link("EUCourse", { $0.int(1) }) == nil)
    #expect(link("Article", { $0.string("a/b") }) == nil)
  }
}
