import CompilerTestSupport
import Foundation
@_spi(Generated) import RouteTable
import TestSupport
import Testing

@testable import RouteCompiler

/// A value that would make a whole path segment `.` or `..` changes the path's structure
/// (URL parsers remove such segments, encoded or not), so it is invalid at every door: a push's
/// or an action tap's URL template, a link's path placeholder, and `link(for:)`.
@Suite struct DotSegmentTests {
  static let manifest = """
    manifest: 1
    bases:
      web: "https://m.example.com/app"
    links:
      hosts: [x.example]
    screens:
      Profile:
        params:
          a: string
      Files:
        params:
          path: string
    categories:
      profile:
        actions:
          open: { title: Open, route: profile }
    routes:
      profile:
        screen: Profile
        url: "{web}/users/{a}/profile"
        links: ["/u/{a}"]
      dotted:
        screen: Profile
        url: "{web}/users/.{a}"
      encoded_dot:
        screen: Profile
        url: "{web}/users/%2E{a}"
      query:
        screen: Profile
        url: "{web}/search{?a}"
      files:
        screen: Files
        url: "{web}/f/{path}"
        links: ["/f/{path*}"]
    """

  static func resolve(_ type: String, _ value: String) throws -> Resolution<ScreenInstance> {
    let table = try compiledTable(manifest)
    let json = try JSONSerialization.data(withJSONObject: ["type": type, "a": value])
    return table.resolve(try Payload(jsonData: json), variant: 0)
  }

  @Test(arguments: [".", ".."])
  func aPushValueThatIsADotSegmentIsInvalid(value: String) throws {
    let resolution = try Self.resolve("profile", value)
    #expect(resolution.status == .invalidParams)
    #expect(resolution.errors == [ParameterError(param: "a", reason: .invalid)])
    #expect(resolution.url == nil && resolution.destination == nil)
  }

  @Test func valuesWithDotsThatMakeNoDotSegmentExpand() throws {
    #expect(
      try Self.resolve("profile", "...").url == "https://m.example.com/app/users/.../profile")
    #expect(try Self.resolve("profile", "a.").url == "https://m.example.com/app/users/a./profile")
    #expect(
      try Self.resolve("profile", "%2E").url == "https://m.example.com/app/users/%252E/profile")
    // In the query a dot is only text.
    #expect(try Self.resolve("query", "..").url == "https://m.example.com/app/search?a=..")
  }

  /// The segment counts, not the value alone: a literal dot next to the value, written as it
  /// is or as `%2E`, makes `..` of a value `.`.
  @Test func aValueCompletingADotSegmentWithLiteralTextIsInvalid() throws {
    for type in ["dotted", "encoded_dot"] {
      #expect(try Self.resolve(type, ".").status == .invalidParams, "\(type)")
      #expect(try Self.resolve(type, "..").status == .matched, "\(type)")
    }
    #expect(try Self.resolve("dotted", "..").url == "https://m.example.com/app/users/...")
  }

  @Test func anActionTapChecksItsRoutesURLLikeAPush() throws {
    let table = try compiledTable(Self.manifest)
    let payload = try Payload(
      jsonData: Data(#"{"type": "query", "aps": {"category": "profile"}, "a": ".."}"#.utf8))
    let resolution = table.resolve(action: "open", payload, variant: 0)
    #expect(resolution.status == .invalidParams)
    #expect(resolution.errors == [ParameterError(param: "a", reason: .invalid)])
  }

  @Test(arguments: [
    "https://x.example/u/..", "https://x.example/u/%2E%2E", "https://x.example/u/%2e",
    "https://x.example/u/.", "https://x.example/f/a/../b", "https://x.example/f/a/%2E",
    "https://x.example/f/..", "https://x.example/f/a%2F..",
  ])
  func aLinkWhosePlaceholderIsADotSegmentMatchesNoPattern(url: String) throws {
    let table = try compiledTable(Self.manifest)
    #expect(table.resolve(url: url, variant: 0).status == .unknownLink)
  }

  @Test func linksWithDotsThatAreNotDotSegmentsMatch() throws {
    let table = try compiledTable(Self.manifest)
    let resolution = table.resolve(url: "https://x.example/f/.../a./.b", variant: 0)
    #expect(resolution.status == .matched)
    #expect(resolution.destination?.values == [.string(".../a./.b")])
    #expect(table.resolve(url: "https://x.example/u/...", variant: 0).status == .matched)
  }

  @Test func linkForADestinationWithADotSegmentValueIsNil() throws {
    let table = try compiledTable(Self.manifest)
    for value in [".", ".."] {
      #expect(table.link(for: ScreenKey(0).string(value), variant: 0) == nil)
      #expect(table.link(for: ScreenKey(1).string("a/\(value)"), variant: 0) == nil)
    }
    #expect(
      table.link(for: ScreenKey(0).string("..."), variant: 0)
        == "https://x.example/u/...")
    #expect(
      table.link(for: ScreenKey(1).string("a/.b"), variant: 0)
        == "https://x.example/f/a/.b")
  }

  /// The compiler's expansion (the reference the fuzzers and tests compare the table's with)
  /// refuses the same values.
  @Test func theCompilersExpansionRefusesTheSameValues() throws {
    let template = try URLTemplate(parsing: "{web}/users/{a}/profile")
    let expand = { (value: String) in
      template.expand(base: { _ in "https://m.example.com" }, value: { _ in value })
    }
    #expect(expand("..") == nil)
    #expect(expand(".") == nil)
    #expect(expand(".x") == "https://m.example.com/users/.x/profile")
    let plain = try URLTemplate(parsing: "https://h.example/p/{v}")
    #expect(plain.expand(value: { _ in ".." }) == "")
    #expect(plain.expand(value: { _ in "..." }) == "https://h.example/p/...")
  }

  @Test func theSharedRuleSeesOnlyWholeDotSegments() {
    let cases: [(String, Bool, Bool)] = [
      (".", true, true), ("..", true, true), ("...", false, false), ("", false, false),
      ("a/..", false, true), ("a/../b", false, true), ("a/.b", false, false), ("./", false, true),
    ]
    for (text, whole, any) in cases {
      var bytes = Array(text.utf8)
      bytes.withUnsafeMutableBufferPointer { buffer in
        let view = UnsafeBufferPointer(buffer)
        #expect(DotSegment.isDotSegment(view) == whole, "\(text)")
        #expect(DotSegment.containsDotSegment(view) == any, "\(text)")
      }
      #expect(DotSegment.isDotSegment(text) == whole, "\(text)")
    }
  }
}
