import Foundation
import RouteCompiler
import RouteTools
import RoutecTestSupport
import Testing

/// `routec aasa` as a web team runs it to publish the apple-app-site-association file: its
/// arguments, where it writes the file the library writes, its exit codes and messages. What the
/// file is for a manifest is RouteToolsTests' (`AppSiteAssociationTests`).
@Suite("routec aasa")
struct AASACommandTests {
  static let manifest = """
    manifest: 1
    links:
      hosts: [academy.example]
      schemes: [academy]
    screens:
      Home: {}
      Lesson:
        params:
          id: int
    routes:
      about:
        screen: Home
        links: [/about]
      lesson:
        screen: Lesson
        links:
          - /courses/{id}

    """

  static let usage =
    "Usage: routec aasa <manifest> --app-id <TEAMID.BUNDLE_ID> ... [--host <HOST>] [--output <output>] [--feature <path> ...]"

  static func run(_ arguments: [String], manifest: String = manifest) throws -> RoutecResult {
    let folder = try TemporaryFolder()
    try folder.write("app.routes.yaml", manifest)
    return try RoutecRunner.run(["aasa", "app.routes.yaml"] + arguments, in: folder.url)
  }

  /// The file the library writes for the manifest and every app id (RouteToolsTests'
  /// `AppSiteAssociationTests` pins what that file is).
  static func libraryText(appIDs: [String]) throws -> String {
    let manifest = try #require(
      ManifestPipeline.run(bytes: Array(Self.manifest.utf8), fileName: "app.routes.yaml")
        .manifest)
    return try AppSiteAssociation.text(manifest, appIDs: appIDs)
  }

  @Test func printsTheFileForEveryAppID() throws {
    let appIDs = ["ABCDE12345.com.example.app", "ABCDE12345.com.example.app-beta"]
    let result = try Self.run(["--app-id", appIDs[0], "--app-id", appIDs[1]])
    #expect(result.status == 0, "\(result)")
    #expect(result.stderr == "")
    #expect(result.stdout == (try Self.libraryText(appIDs: appIDs)))
  }

  @Test func writesTheFileWithOutput() throws {
    let folder = try TemporaryFolder()
    try folder.write("app.routes.yaml", Self.manifest)
    let result = try RoutecRunner.run(
      ["aasa", "app.routes.yaml", "--app-id", "ABCDE12345.app", "--output", "aasa.json"],
      in: folder.url)
    #expect(result.status == 0, "\(result)")
    #expect(result.output == "")
    let written = try String(
      contentsOf: folder.url.appendingPathComponent("aasa.json"), encoding: .utf8)
    #expect(written == (try Self.libraryText(appIDs: ["ABCDE12345.app"])))
  }

  @Test func aManifestWithErrorsExitsOneWithItsDiagnostics() throws {
    let result = try Self.run(
      ["--app-id", "ABCDE12345.com.example.app"],
      manifest: Self.manifest.replacingOccurrences(of: "/courses/{id}", with: "/courses/{idd}"))
    #expect(result.status == 1, "\(result)")
    #expect(result.stdout == "")
    #expect(
      result.stderrLines == [
        "app.routes.yaml:17:18: error: the link uses `{idd}`, which is not a parameter of screen `Lesson`; did you mean `id`? [unknown-link-param]",
        "routec aasa: app.routes.yaml has 1 error, 0 warnings; nothing written",
      ])
  }

  @Test func aManifestWithoutHostsExitsTwo() throws {
    let result = try Self.run(
      ["--app-id", "ABCDE12345.com.example.app"],
      manifest: Self.manifest.replacingOccurrences(of: "  hosts: [academy.example]\n", with: ""))
    #expect(result.status == 2, "\(result)")
    #expect(result.stdout == "")
    #expect(
      result.stderrLines == [
        "routec: error: app.routes.yaml: no `links.hosts`: an apple-app-site-association file claims https URLs of the manifest's hosts, and custom schemes (`links.schemes`) cannot be universal links"
      ])
  }

  @Test(arguments: [
    (
      ["--app-id", "ABCDE12345.com.example.app", "--app-id", "abcde12345.com.example.app"],
      "the app id `abcde12345.com.example.app` starts with `abcde12345`, which is not a team id: 10 uppercase letters and digits; write TEAMID.BUNDLE_ID, like `ABCDE12345.com.example.app`"
    ),
    (
      ["--app-id", "com.example.app"],
      "the app id `com.example.app` starts with `com`, which is not a team id: 10 uppercase letters and digits; write TEAMID.BUNDLE_ID, like `ABCDE12345.com.example.app`"
    ),
    (
      ["--app-id", "ABCDE12345.com/example"],
      "the app id `ABCDE12345.com/example` ends with `com/example`, which is not a bundle id: letters, digits, `.` and `-`; write TEAMID.BUNDLE_ID, like `ABCDE12345.com.example.app`"
    ),
    ([], "Missing expected argument '--app-id <TEAMID.BUNDLE_ID> ...'"),
  ])
  func badAppIDsExitTwo(arguments: [String], message: String) throws {
    let result = try Self.run(arguments)
    #expect(result.status == 2, "\(result)")
    #expect(result.stdout == "")
    #expect(result.stderrLines.first == "Error: \(message)")
    #expect(result.stderrLines.contains(Self.usage), "\(result)")
  }

  /// Every subcommand `routec --help` lists has its own section in docs/commands.md, `aasa`
  /// included.
  @Test func everySubcommandHasADocsSection() throws {
    let help = try RoutecRunner.run(["--help"])
    let lines = help.stdoutLines
    let start = try #require(lines.firstIndex(of: "SUBCOMMANDS:"), "\(help)")
    let names = lines[(start + 1)...].compactMap { line -> String? in
      guard line.hasPrefix("  "), !line.hasPrefix("   ") else { return nil }
      return line.dropFirst(2).split(separator: " ").first.map(String.init)
    }.filter { $0 != "See" }
    #expect(names.contains("aasa"), "\(names)")
    let commands = try String(
      contentsOf: RoutecRunner.packageRoot.appendingPathComponent("docs/commands.md"),
      encoding: .utf8)
    for name in names {
      #expect(commands.contains("\n## `routec \(name)`\n"), "\(name)")
    }
  }
}
