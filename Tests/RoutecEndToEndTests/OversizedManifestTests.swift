import Foundation
import RoutecTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A manifest over the 16 MiB limit gets the same `file-too-large` diagnostic from every
/// command, which reads no more than the limit to find out (timings are measured by hand, not
/// here), and each command says what it did not do.
@Suite("routec: a manifest over the size limit")
struct OversizedManifestTests {
  static let diagnostic =
    "big.routes.yaml:1:1: error: the manifest is larger than 16 MiB (16777216 bytes); "
    + "split it into several manifests [file-too-large]"

  /// A 50 MB sparse file: no disk space, and reading all of it would show in time and memory.
  static func folder() throws -> TemporaryFolder {
    let folder = try TemporaryFolder()
    try folder.write("valid.routes.yaml", fixture("valid.routes.yaml"))
    let path = folder.url.appendingPathComponent("big.routes.yaml").path
    try #require(FileManager.default.createFile(atPath: path, contents: nil))
    try #require(truncate(path, 50_000_000) == 0)
    return folder
  }

  @Test(
    arguments: [
      (["lint", "big.routes.yaml"], 1, "routec lint: 1 manifest checked, 1 error, 0 warnings"),
      (
        ["generate", "big.routes.yaml", "--output", "Generated.swift"], 1,
        "routec generate: big.routes.yaml has 1 error, 0 warnings; nothing written"
      ),
      (
        ["resolve", "big.routes.yaml", "--payload", "{}"], 1,
        "routec resolve: big.routes.yaml has 1 error, 0 warnings; nothing resolved"
      ),
      (
        ["graph", "big.routes.yaml"], 1,
        "routec graph: big.routes.yaml has 1 error, 0 warnings; nothing drawn"
      ),
      (
        ["schema", "--payloads", "big.routes.yaml"], 1,
        "routec schema: big.routes.yaml has 1 error, 0 warnings; nothing written"
      ),
      (
        ["diff", "big.routes.yaml", "valid.routes.yaml"], 2,
        "routec diff: big.routes.yaml has 1 error, 0 warnings; nothing compared"
      ),
      (
        ["aasa", "big.routes.yaml", "--app-id", "ABCDE12345.com.example"], 1,
        "routec aasa: big.routes.yaml has 1 error, 0 warnings; nothing written"
      ),
      (
        ["plist", "big.routes.yaml"], 1,
        "routec plist: big.routes.yaml has 1 error, 0 warnings; nothing written"
      ),
      (
        ["entitlements", "big.routes.yaml"], 1,
        "routec entitlements: big.routes.yaml has 1 error, 0 warnings; nothing written"
      ),
      (
        ["examples", "big.routes.yaml", "--output", "Examples"], 1,
        "routec examples: big.routes.yaml has 1 error, 0 warnings; nothing written"
      ),
      (
        ["check-app", "big.routes.yaml", "--info-plist", "Info.plist"], 1,
        "routec check-app: big.routes.yaml has 1 error, 0 warnings; nothing checked"
      ),
      (
        ["remote-config", "defaults", "big.routes.yaml"], 1,
        "routec remote-config defaults: big.routes.yaml has 1 error, 0 warnings; nothing written"
      ),
    ] as [([String], Int32, String)])
  func everyCommandRejectsItBySize(arguments: [String], status: Int32, summary: String) throws {
    let folder = try Self.folder()
    let result = try RoutecRunner.run(arguments, in: folder.url)
    #expect(result.status == status, "\(result)")
    #expect(result.stdout == "")
    #expect(result.stderrLines == [Self.diagnostic, summary])
    #expect(
      !FileManager.default.fileExists(
        atPath: folder.url.appendingPathComponent("Generated.swift").path))
  }

  /// `git show` is stopped after the limit rather than read to the end.
  @Test func diffRejectsItFromGit() throws {
    let folder = try Self.folder()
    let git = try #require(
      ["/usr/bin/git", "/usr/local/bin/git"].first {
        FileManager.default.isExecutableFile(atPath: $0)
      },
      "git is not installed")
    for arguments in [
      ["init", "-q"], ["add", "big.routes.yaml"],
      ["-c", "user.email=ci@example.com", "-c", "user.name=CI", "commit", "-q", "-m", "big"],
    ] {
      let result = try RoutecRunner.runProcess(
        URL(fileURLWithPath: git), arguments, in: folder.url)
      try #require(result.status == 0, "git \(arguments): \(result)")
    }
    let result = try RoutecRunner.run(
      ["diff", "git:HEAD:big.routes.yaml", "valid.routes.yaml"], in: folder.url)
    #expect(result.status == 2, "\(result)")
    #expect(result.stdout == "")
    #expect(
      result.stderrLines == [
        "HEAD:" + Self.diagnostic,
        "routec diff: HEAD:big.routes.yaml has 1 error, 0 warnings; nothing compared",
      ])
  }
}
