import Foundation
import RouteTools
import Testing

/// `routec --version` prints `Release.version`; CHANGELOG.md's newest release heading
/// (`## 0.1.0 - 2026-11-28`, in the Keep a Changelog form) must name the same version, so a
/// release bumps both or the suite fails.
@Suite struct VersionTests {
  static func changelog() throws -> String {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    return try String(
      contentsOf: root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
  }

  /// The level-2 headings of CHANGELOG.md, in order, without the `## `.
  static func headings() throws -> [String] {
    try changelog().split(separator: "\n", omittingEmptySubsequences: false)
      .filter { $0.hasPrefix("## ") }.map { String($0.dropFirst(3)) }
  }

  /// `VERSION - YYYY-MM-DD`: the version and the date, or nil for any other heading.
  static func release(_ heading: String) -> (version: String, date: String)? {
    let parts = heading.components(separatedBy: " - ")
    guard parts.count == 2 else { return nil }
    let version = parts[0].split(separator: ".", omittingEmptySubsequences: false)
    let date = parts[1].split(separator: "-", omittingEmptySubsequences: false)
    guard version.count == 3, version.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) }),
      date.map(\.count) == [4, 2, 2], date.allSatisfy({ $0.allSatisfy(\.isNumber) })
    else { return nil }
    return (parts[0], parts[1])
  }

  @Test func theVersionIsTheChangelogsNewestRelease() throws {
    let newest = try #require(try Self.headings().lazy.compactMap(Self.release).first)
    #expect(Release.version == newest.version)
  }

  /// Keep a Changelog: an `Unreleased` section first, then the releases, newest first.
  @Test func unreleasedComesFirstThenReleasesNewestFirst() throws {
    let headings = try Self.headings()
    #expect(headings.first == "Unreleased")
    let releases = headings.dropFirst().map { Self.release($0) }
    #expect(releases.allSatisfy { $0 != nil }, "\(headings)")
    let versions = releases.compactMap { $0?.version }
    let numbers = versions.map { $0.split(separator: ".").compactMap { Int($0) } }
    #expect(numbers == numbers.sorted { $0.lexicographicallyPrecedes($1) }.reversed())
  }

  @Test func theHeadingFormIsRecognized() {
    #expect(Self.release("0.1.0 - 2026-11-28")?.version == "0.1.0")
    #expect(Self.release("0.1.0 (not tagged yet)") == nil)
    #expect(Self.release("Unreleased") == nil)
    #expect(Self.release("0.1 - 2026-11-28") == nil)
  }
}
