import Foundation
import Testing

/// The runtime's public API, pinned: every public symbol an app can see is listed in
/// `PublicAPI.txt` beside this file, one `kind path` line each, so making something public (or
/// no longer public) is a deliberate change to that list and to docs/runtime.md. What only the
/// compiler, `routec` and the tests use is `package`.
///
/// The symbols come from the module itself: the sources are compiled to a module with swiftc,
/// and `swift-symbolgraph-extract` lists what it exports at public level. UIKit-only types
/// (`#if canImport(UIKit)`) are not in a Linux or macOS build and not in the list; neither are
/// the UserNotifications conversions in `UserNotifications/`, left out of the compilation so the
/// list is the same on a Mac, which has that framework, as on Linux.
@Suite struct PublicAPITests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  static let listURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("PublicAPI.txt")

  @Test func publicSymbolsAreExactlyTheCommittedList() throws {
    let listed = try String(contentsOf: Self.listURL, encoding: .utf8)
      .split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") && !$0.isEmpty }
    let extracted = try Self.publicSymbols()
    #expect(!extracted.isEmpty)
    let added = extracted.filter { !listed.contains($0) }
    let removed = listed.filter { !extracted.contains($0) }
    #expect(added.isEmpty, "public but not in PublicAPI.txt:\n\(added.joined(separator: "\n"))")
    #expect(removed.isEmpty, "in PublicAPI.txt but not public:\n\(removed.joined(separator: "\n"))")
    #expect(listed == listed.sorted(), "PublicAPI.txt is sorted")
  }

  /// Every public type has its line in the docs' list of the whole public API.
  @Test func docsListEveryPublicType() throws {
    let docs = try String(
      contentsOf: Self.root.appendingPathComponent("docs/runtime.md"), encoding: .utf8)
    let section = try #require(
      docs.components(separatedBy: "## The whole public API").dropFirst().first,
      "docs/runtime.md has a section `## The whole public API`")
    let documented = Set(
      section.components(separatedBy: "\n## ").first.map { text in
        text.split(separator: "\n").filter { $0.hasPrefix("| `") }.compactMap { line in
          line.dropFirst(3).split(separator: "`").first.map(String.init)
        }
      } ?? [])
    let kinds: Set<String> = ["class", "struct", "enum", "protocol", "typealias"]
    let types = try Self.publicSymbols().compactMap { line -> String? in
      let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
      guard parts.count == 2, kinds.contains(parts[0]) else { return nil }
      return parts[1]
    }
    let missing = types.filter { !documented.contains($0) }
    #expect(missing.isEmpty, "public types missing from docs/runtime.md: \(missing)")
  }

  /// `kind path` for every public symbol of the RouteTable module, sorted.
  static func publicSymbols() throws -> [String] {
    try extracted.get()
  }

  /// Compiled once per test run (a `static let` is initialized once, thread-safely): both tests
  /// read the same list.
  static let extracted = Result { try PublicAPITests.extract() }

  static func extract() throws -> [String] {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("RouteTablePublicAPI-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let sources = root.appendingPathComponent("Sources/RouteTable")
    let files = try #require(FileManager.default.enumerator(atPath: sources.path))
      .compactMap { $0 as? String }
      .filter { $0.hasSuffix(".swift") && !$0.hasPrefix("UserNotifications/") }.sorted()
      .map { sources.appendingPathComponent($0).path }
    try run(
      "swiftc",
      [
        "-swift-version", "6", "-parse-as-library", "-emit-module", "-package-name", "RouteTable",
        "-module-name", "RouteTable", "-emit-module-path",
        folder.appendingPathComponent("RouteTable.swiftmodule").path,
      ] + files)
    try run(
      "swift-symbolgraph-extract",
      [
        "-module-name", "RouteTable", "-I", folder.path, "-target", try targetTriple(),
        "-output-dir", folder.path, "-minimum-access-level", "public",
        "-skip-synthesized-members",
      ])
    let data = try Data(contentsOf: folder.appendingPathComponent("RouteTable.symbols.json"))
    let graph = try JSONDecoder().decode(SymbolGraph.self, from: data)
    let lines = graph.symbols.map { symbol in
      let kind =
        symbol.kind.identifier.hasPrefix("swift.")
        ? String(symbol.kind.identifier.dropFirst("swift.".count)) : symbol.kind.identifier
      return "\(kind) \(symbol.pathComponents.joined(separator: "."))"
    }
    return Array(Set(lines)).sorted()
  }

  struct SymbolGraph: Decodable {
    struct Symbol: Decodable {
      struct Kind: Decodable { var identifier: String }
      var kind: Kind
      var pathComponents: [String]
    }
    var symbols: [Symbol]
  }

  static func targetTriple() throws -> String {
    struct Info: Decodable {
      struct Target: Decodable { var triple: String }
      var target: Target
    }
    let output = try run("swiftc", ["-print-target-info"])
    return try JSONDecoder().decode(Info.self, from: output).target.triple
  }

  /// Runs a tool of the toolchain on `PATH`; its standard output.
  @discardableResult
  static func run(_ tool: String, _ arguments: [String]) throws -> Data {
    let log = FileManager.default.temporaryDirectory
      .appendingPathComponent("RouteTablePublicAPI-\(UUID().uuidString).log")
    _ = FileManager.default.createFile(atPath: log.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: log) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [tool] + arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = try FileHandle(forWritingTo: log)
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let message = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
    try #require(process.terminationStatus == 0, "\(tool) failed: \(message)")
    return data
  }
}
