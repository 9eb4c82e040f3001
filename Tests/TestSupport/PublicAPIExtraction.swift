import Foundation

/// The public symbols of one of the package's modules, as `kind path` lines, for the tests that
/// pin each module's API in a `PublicAPI.txt` beside them.
///
/// The module is compiled from its sources with swiftc (after the package modules it imports,
/// in order), and `swift-symbolgraph-extract` lists what it exports at public level: SPI
/// (`@_spi(Generated)`, what only generated code calls) and `package` declarations are not in
/// it. Code inside `#if canImport(UIKit)` and friends is not in a Linux build and not in the
/// list; the UserNotifications files are left out so the list is the same on a Mac as on Linux.
public enum PublicAPIExtraction {
  public struct Failure: Error, CustomStringConvertible {
    public var description: String
  }

  /// The package's root folder.
  public static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// `kind path` for every public symbol of `module`, sorted; `imports` are the package modules
  /// it depends on, dependencies first.
  public static func symbols(of module: String, imports: [String] = []) throws -> [String] {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try emitModules(imports + [module], in: folder)
    try run(
      "swift-symbolgraph-extract",
      [
        "-module-name", module, "-I", folder.path, "-target", try targetTriple(),
        "-output-dir", folder.path, "-minimum-access-level", "public",
        "-skip-synthesized-members",
      ])
    let data = try Data(contentsOf: folder.appendingPathComponent("\(module).symbols.json"))
    let graph = try JSONDecoder().decode(SymbolGraph.self, from: data)
    let lines = graph.symbols.map { symbol in
      let kind =
        symbol.kind.identifier.hasPrefix("swift.")
        ? String(symbol.kind.identifier.dropFirst("swift.".count)) : symbol.kind.identifier
      return "\(kind) \(symbol.pathComponents.joined(separator: "."))"
    }
    return Array(Set(lines)).sorted()
  }

  /// Type-checks `source`, app code in another package, against the package's `modules`
  /// (dependencies first): whether it compiles, and the compiler's diagnostics. For tests that
  /// show a mistake an app could make does not compile.
  public static func typecheck(_ source: String, importing modules: [String]) throws -> (
    compiles: Bool, diagnostics: String
  ) {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try emitModules(modules, in: folder)
    let file = folder.appendingPathComponent("App.swift")
    try Data(source.utf8).write(to: file)
    do {
      try run(
        "swiftc",
        ["-swift-version", "6", "-typecheck", "-module-name", "App", "-I", folder.path, file.path])
      return (true, "")
    } catch let failure as Failure {
      return (false, failure.description)
    }
  }

  private static func temporaryFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("RouteTablePublicAPI-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  /// Each module's `.swiftmodule` in `folder`, in order, from its sources.
  private static func emitModules(_ modules: [String], in folder: URL) throws {
    for name in modules {
      try run(
        "swiftc",
        [
          "-swift-version", "6", "-parse-as-library", "-emit-module", "-package-name",
          "RouteTable", "-module-name", name, "-I", folder.path, "-emit-module-path",
          folder.appendingPathComponent("\(name).swiftmodule").path,
        ] + sources(of: name))
    }
  }

  /// How `extracted` differs from the pinned list at `list`: the symbols public but not listed,
  /// those listed but not public, and whether the list is sorted.
  public static func difference(_ extracted: [String], list: URL) throws -> (
    added: [String], removed: [String], sorted: Bool
  ) {
    let listed = try pinned(list)
    return (
      extracted.filter { !listed.contains($0) }, listed.filter { !extracted.contains($0) },
      listed == listed.sorted()
    )
  }

  /// The lines of a pinned list, comments and blank lines left out.
  public static func pinned(_ list: URL) throws -> [String] {
    try String(contentsOf: list, encoding: .utf8)
      .split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") && !$0.isEmpty }
  }

  /// The public types (`kind` class, struct, enum, protocol or typealias) of `symbols`.
  public static func types(_ symbols: [String]) -> [String] {
    let kinds: Set<String> = ["class", "struct", "enum", "protocol", "typealias"]
    return symbols.compactMap { line in
      let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
      guard parts.count == 2, kinds.contains(parts[0]) else { return nil }
      return parts[1]
    }
  }

  /// The DocC article that lists `module`'s public types: `PublicAPI.md` in the module's
  /// catalog, `Sources/<module>/<module>.docc`.
  public static func publicAPIArticle(of module: String) -> URL {
    packageRoot.appendingPathComponent("Sources/\(module)/\(module).docc/PublicAPI.md")
  }

  /// The types named in the first column of the table under `## Types` in `module`'s
  /// `PublicAPI.md` article (up to the next `## ` heading), as `kind path` lines name them
  /// (`ParameterError.Reason`): a symbol link (``` ``ParameterError/Reason`` ```, the struct
  /// `RouteTable` as ``` ``RouteTable/RouteTable`` ```) or, for what exists only on Apple
  /// platforms and so has no page in the Linux-built documentation, a code span.
  public static func documentedTypes(of module: String) throws -> Set<String> {
    let article = publicAPIArticle(of: module)
    let text = try String(contentsOf: article, encoding: .utf8)
    guard let section = text.components(separatedBy: "\n## Types\n").dropFirst().first else {
      throw Failure(description: "\(article.path) has no section `## Types`")
    }
    let lines = section.components(separatedBy: "\n## ").first?.split(separator: "\n") ?? []
    return Set(
      lines.filter { $0.hasPrefix("| `") }.compactMap { line in
        line.dropFirst(3).split(separator: "`").first.map { typeName(linkPath: $0, in: module) }
      })
  }

  /// The types that `module`'s DocC landing page, `Sources/<module>/<module>.docc/<module>.md`,
  /// curates under `## Topics` (its list items that are a symbol link), named as in
  /// `documentedTypes(of:)`.
  public static func curatedTypes(of module: String) throws -> Set<String> {
    let page = packageRoot.appendingPathComponent("Sources/\(module)/\(module).docc/\(module).md")
    let text = try String(contentsOf: page, encoding: .utf8)
    guard let topics = text.components(separatedBy: "\n## Topics\n").dropFirst().first else {
      throw Failure(description: "\(page.path) has no section `## Topics`")
    }
    return Set(
      topics.split(separator: "\n").filter { $0.hasPrefix("- ``") }.compactMap { line in
        line.dropFirst(4).split(separator: "`").first.map { typeName(linkPath: $0, in: module) }
      })
  }

  /// `ParameterError.Reason` for the symbol link path `ParameterError/Reason`; a path that
  /// starts with the module's name (`RouteTable/RouteTable`, the struct and not the module)
  /// loses it.
  static func typeName(linkPath: Substring, in module: String) -> String {
    var components = linkPath.split(separator: "/").map(String.init)
    if components.count > 1, components[0] == module { components.removeFirst() }
    return components.joined(separator: ".")
  }

  static func sources(of module: String) throws -> [String] {
    let folder = packageRoot.appendingPathComponent("Sources/\(module)")
    guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else {
      throw Failure(description: "no sources in \(folder.path)")
    }
    return enumerator.compactMap { $0 as? String }
      .filter { $0.hasSuffix(".swift") && !$0.hasPrefix("UserNotifications/") }.sorted()
      .map { folder.appendingPathComponent($0).path }
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
    guard process.terminationStatus == 0 else {
      let message = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
      throw Failure(description: "\(tool) failed: \(message)")
    }
    return data
  }
}
