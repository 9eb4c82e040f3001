import Foundation
import RouteCompiler
import Testing

/// `routec diff OLD NEW` run as CI runs it: the changes, their class, the exit status.
@Suite("routec diff")
struct DiffCommandTests {
  static let old = """
    manifest: 1
    namespace: Shop
    screens:
      Home: {}
      Item:
        params:
          id: string
    routes:
      home:
        screen: Home
      item:
        screen: Item
        aliases: [item_v1]
      legacy:
        screen: Home
        deprecated: gone soon

    """

  /// `item_v1` dropped (breaking), `legacy` dropped (deprecated), `offer` added.
  static let new = """
    manifest: 1
    namespace: Shop
    screens:
      Home: {}
      Item:
        params:
          id: string
    routes:
      home:
        screen: Home
      item:
        screen: Item
      offer:
        screen: Item

    """

  static func folder() throws -> TemporaryFolder {
    let folder = try TemporaryFolder()
    try folder.write("old.routes.yaml", old)
    try folder.write("new.routes.yaml", new)
    return folder
  }

  @Test func printsEachChangeWithItsClassAndFailsOnBreakingOnes() throws {
    let folder = try Self.folder()
    let result = try RoutecRunner.run(
      ["diff", "old.routes.yaml", "new.routes.yaml"], in: folder.url)
    #expect(result.status == 1, "\(result)")
    #expect(
      result.stdoutLines == [
        "new.routes.yaml:13:3: non-breaking: push type `offer` was added [added-push-type]",
        "old.routes.yaml:13:15: breaking: alias `item_v1` of `item` was removed [removed-alias]",
        "old.routes.yaml:14:3: non-breaking: push type `legacy` was removed (it was deprecated) [removed-deprecated-route]",
      ])
    #expect(result.stderrLines == ["routec diff: 1 breaking change, 2 other changes"])
  }

  @Test func nonBreakingChangesExitZero() throws {
    let folder = try Self.folder()
    try folder.write("newer.routes.yaml", Self.new + "  extra:\n    screen: Home\n")
    let result = try RoutecRunner.run(
      ["diff", "new.routes.yaml", "newer.routes.yaml"], in: folder.url)
    #expect(result.status == 0, "\(result)")
    #expect(
      result.stdoutLines == [
        "newer.routes.yaml:15:3: non-breaking: push type `extra` was added [added-push-type]"
      ])
    #expect(result.stderrLines == ["routec diff: 0 breaking changes, 1 other change"])
    let same = try RoutecRunner.run(["diff", "new.routes.yaml", "new.routes.yaml"], in: folder.url)
    #expect(same.status == 0, "\(same)")
    #expect(same.stdout == "")
    #expect(same.stderrLines == ["routec diff: 0 breaking changes, 0 other changes"])
  }

  @Test func reportFormatsCarryTheSameChanges() throws {
    let folder = try Self.folder()
    let github = try RoutecRunner.run(
      ["diff", "old.routes.yaml", "new.routes.yaml", "--format", "github"], in: folder.url)
    #expect(github.status == 1, "\(github)")
    #expect(
      github.stdoutLines == [
        "::notice file=new.routes.yaml,line=13,col=3,title=added-push-type::push type `offer` was added",
        "::error file=old.routes.yaml,line=13,col=15,title=removed-alias::alias `item_v1` of `item` was removed",
        "::notice file=old.routes.yaml,line=14,col=3,title=removed-deprecated-route::push type `legacy` was removed (it was deprecated)",
      ])
    let json = try RoutecRunner.run(
      ["diff", "old.routes.yaml", "new.routes.yaml", "--format", "json"], in: folder.url)
    let items = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
    #expect(
      items.map { $0["rule"] as? String } == [
        "added-push-type", "removed-alias", "removed-deprecated-route",
      ])
    #expect(items.map { $0["severity"] as? String } == ["note", "error", "note"])
    let sarif = try RoutecRunner.run(
      ["diff", "old.routes.yaml", "new.routes.yaml", "--format", "sarif"], in: folder.url)
    let log = try #require(
      try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])
    let run = try #require((log["runs"] as? [[String: Any]])?.first)
    let rules = try #require(
      ((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
    #expect(rules.map { $0["id"] as? String } == ManifestChange.Kind.allCases.map(\.rawValue))
    #expect((run["results"] as? [Any])?.count == 3)
  }

  @Test func comparesAgainstAGitRevision() throws {
    let folder = try Self.folder()
    let git = try #require(
      ["/usr/bin/git", "/usr/local/bin/git"].first {
        FileManager.default.isExecutableFile(atPath: $0)
      },
      "git is not installed")
    func run(_ arguments: [String]) throws {
      let result = try RoutecRunner.runProcess(
        URL(fileURLWithPath: git),
        ["-c", "user.email=ci@example.com", "-c", "user.name=CI"] + arguments, in: folder.url)
      try #require(result.status == 0, "git \(arguments): \(result)")
    }
    try run(["init", "-q"])
    try folder.write("routes/shop.routes.yaml", Self.old)
    try run(["add", "routes/shop.routes.yaml"])
    try run(["commit", "-q", "-m", "old"])
    try folder.write("routes/shop.routes.yaml", Self.new)

    let result = try RoutecRunner.run(
      ["diff", "git:HEAD:routes/shop.routes.yaml", "routes/shop.routes.yaml"], in: folder.url)
    #expect(result.status == 1, "\(result)")
    #expect(
      result.stdoutLines == [
        "routes/shop.routes.yaml:13:3: non-breaking: push type `offer` was added [added-push-type]",
        "HEAD:routes/shop.routes.yaml:13:15: breaking: alias `item_v1` of `item` was removed [removed-alias]",
        "HEAD:routes/shop.routes.yaml:14:3: non-breaking: push type `legacy` was removed (it was deprecated) [removed-deprecated-route]",
      ])
    // Reports name the file in the repository, so annotations land on it.
    let github = try RoutecRunner.run(
      [
        "diff", "git:HEAD:routes/shop.routes.yaml", "routes/shop.routes.yaml", "--format", "github",
      ],
      in: folder.url)
    #expect(
      github.stdoutLines.dropFirst().first?.hasPrefix("::error file=routes/shop.routes.yaml,")
        == true)

    let missing = try RoutecRunner.run(
      ["diff", "git:HEAD:routes/none.routes.yaml", "routes/shop.routes.yaml"], in: folder.url)
    #expect(missing.status == 2, "\(missing)")
    #expect(
      missing.stderrLines.first?.hasPrefix(
        "routec: error: cannot read routes/none.routes.yaml at HEAD with git: ") == true)
  }

  @Test(arguments: ["git:", "git:HEAD", "git:HEAD:", "git::a.routes.yaml", "git:-x:a.routes.yaml"])
  func aMalformedGitSourceIsAUsageError(_ source: String) throws {
    let folder = try Self.folder()
    let result = try RoutecRunner.run(["diff", source, "new.routes.yaml"], in: folder.url)
    #expect(result.status == 2, "\(result)")
    #expect(result.stdout == "")
    #expect(result.stderrLines.count == 1)
  }

  @Test func aManifestWithErrorsCannotBeCompared() throws {
    let folder = try Self.folder()
    try folder.write("broken.routes.yaml", "manifest: 1\nscreens: {}\n")
    let result = try RoutecRunner.run(
      ["diff", "old.routes.yaml", "broken.routes.yaml"], in: folder.url)
    #expect(result.status == 2, "\(result)")
    #expect(result.stdout == "")
    #expect(
      result.stderrLines.last
        == "routec diff: broken.routes.yaml has 2 errors, 0 warnings; nothing compared")
    let missing = try RoutecRunner.run(
      ["diff", "nope.routes.yaml", "new.routes.yaml"], in: folder.url)
    #expect(missing.status == 2, "\(missing)")
    #expect(missing.stderrLines == ["routec: error: no such file: nope.routes.yaml"])
  }
}
