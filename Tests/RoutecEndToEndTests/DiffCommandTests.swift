import Foundation
import RouteCompiler
import RouteTools
import RoutecTestSupport
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
        "new.routes.yaml:8:1: non-breaking: push type `legacy` was removed (it was deprecated) (was at old.routes.yaml:14) [removed-deprecated-route]",
        "new.routes.yaml:11:3: breaking: alias `item_v1` of `item` was removed (was at old.routes.yaml:13) [removed-alias]",
        "new.routes.yaml:13:3: non-breaking: push type `offer` was added [added-push-type]",
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
        "::notice file=new.routes.yaml,line=8,col=1,title=removed-deprecated-route::push type `legacy` was removed (it was deprecated) (was at old.routes.yaml:14)",
        "::error file=new.routes.yaml,line=11,col=3,title=removed-alias::alias `item_v1` of `item` was removed (was at old.routes.yaml:13)",
        "::notice file=new.routes.yaml,line=13,col=3,title=added-push-type::push type `offer` was added",
      ])
    let json = try RoutecRunner.run(
      ["diff", "old.routes.yaml", "new.routes.yaml", "--format", "json"], in: folder.url)
    let items = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
    #expect(
      items.map { $0["rule"] as? String } == [
        "removed-deprecated-route", "removed-alias", "added-push-type",
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
    try folder.git(["init", "-q"])
    try folder.write("routes/shop.routes.yaml", Self.old)
    try folder.git(["add", "routes/shop.routes.yaml"])
    try folder.git(["commit", "-q", "-m", "old"])
    try folder.write("routes/shop.routes.yaml", Self.new)

    let result = try RoutecRunner.run(
      ["diff", "git:HEAD:routes/shop.routes.yaml", "routes/shop.routes.yaml"], in: folder.url)
    #expect(result.status == 1, "\(result)")
    #expect(
      result.stdoutLines == [
        "routes/shop.routes.yaml:8:1: non-breaking: push type `legacy` was removed (it was deprecated) (was at HEAD:routes/shop.routes.yaml:14) [removed-deprecated-route]",
        "routes/shop.routes.yaml:11:3: breaking: alias `item_v1` of `item` was removed (was at HEAD:routes/shop.routes.yaml:13) [removed-alias]",
        "routes/shop.routes.yaml:13:3: non-breaking: push type `offer` was added [added-push-type]",
      ])
    try Self.expectReportsInTheNewFile(in: folder)

    let missing = try RoutecRunner.run(
      ["diff", "git:HEAD:routes/none.routes.yaml", "routes/shop.routes.yaml"], in: folder.url)
    #expect(missing.status == 2, "\(missing)")
    #expect(
      missing.stderrLines.first?.hasPrefix(
        "routec: error: cannot read routes/none.routes.yaml at HEAD with git: ") == true)
    #expect(
      missing.stderrLines.first?.hasSuffix(
        " (PATH in git:REV:PATH is relative to the repository's root; write git:HEAD:./routes/none.routes.yaml for a path relative to the current folder)"
      ) == true, "\(missing)")

    // A folder at the revision is not a manifest: git would print its listing.
    let tree = try RoutecRunner.run(
      ["diff", "git:HEAD:routes", "routes/shop.routes.yaml"], in: folder.url)
    #expect(tree.status == 2, "\(tree)")
    #expect(
      tree.stderrLines == [
        "routec: error: git:HEAD:routes is a folder at HEAD; give the manifest file in it (git:HEAD:routes/NAME.routes.yaml)"
      ])

    // From a subfolder: `./` reads the path relative to it, as git does.
    let relative = try RoutecRunner.run(
      ["diff", "git:HEAD:./shop.routes.yaml", "shop.routes.yaml"],
      in: folder.url.appendingPathComponent("routes"))
    #expect(relative.status == 1, "\(relative)")
    #expect(relative.stdoutLines.count == 3, "\(relative)")
  }

  /// A manifest with errors still gives the machine-readable formats a valid document: one
  /// holding those errors, in the file that has them.
  @Test func errorsInAManifestAreADocumentInEveryMachineFormat() throws {
    let folder = try TemporaryFolder()
    try folder.write("old.routes.yaml", Self.old)
    try folder.write(
      "new.routes.yaml", "manifest: 1\nscreens:\n  Home: {}\nroutes:\n  home: { screen: Nope }\n")
    func run(_ format: String) throws -> RoutecResult {
      try RoutecRunner.run(
        ["diff", "old.routes.yaml", "new.routes.yaml", "--format", format], in: folder.url)
    }
    let message = "route `home` uses the screen `Nope`, which is not declared"
    let github = try run("github")
    #expect(github.status == 2, "\(github)")
    #expect(
      github.stdout
        == "::error file=new.routes.yaml,line=5,col=19,title=unknown-screen::\(message)\n")
    let json = try run("json")
    #expect(json.status == 2)
    let items = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
    #expect(items.count == 1)
    #expect(items.first?["file"] as? String == "new.routes.yaml")
    #expect(items.first?["rule"] as? String == "unknown-screen")
    #expect(items.first?["line"] as? Int == 5 && items.first?["column"] as? Int == 19)
    let sarif = try run("sarif")
    #expect(sarif.status == 2)
    let log = try #require(
      try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])
    let results = ((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]]) ?? []
    #expect(results.map { $0["ruleId"] as? String } == ["unknown-screen"])
    // The text format keeps standard output for changes: the errors are on standard error.
    let text = try run("text")
    #expect(text.status == 2 && text.stdout.isEmpty)
    #expect(text.stderrLines.first == "new.routes.yaml:5:19: error: \(message) [unknown-screen]")
  }

  /// Every location a report gives is a place in NEW, the file CI annotates: a removal is at
  /// the nearest thing still there (the `routes:` key for a removed route, the route for a
  /// removed alias), and its message says where it was in OLD.
  static func expectReportsInTheNewFile(in folder: borrowing TemporaryFolder) throws {
    func run(_ format: String) throws -> RoutecResult {
      let result = try RoutecRunner.run(
        [
          "diff", "git:HEAD:routes/shop.routes.yaml", "routes/shop.routes.yaml", "--format", format,
        ],
        in: folder.url)
      #expect(result.status == 1, "\(result)")
      return result
    }
    let removedRoute =
      "push type `legacy` was removed (it was deprecated) (was at HEAD:routes/shop.routes.yaml:14)"
    let removedAlias =
      "alias `item_v1` of `item` was removed (was at HEAD:routes/shop.routes.yaml:13)"
    let added = "push type `offer` was added"
    #expect(
      try run("github").stdoutLines == [
        "::notice file=routes/shop.routes.yaml,line=8,col=1,title=removed-deprecated-route::\(removedRoute)",
        "::error file=routes/shop.routes.yaml,line=11,col=3,title=removed-alias::\(removedAlias)",
        "::notice file=routes/shop.routes.yaml,line=13,col=3,title=added-push-type::\(added)",
      ])

    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(try run("json").stdout.utf8))
        as? [[String: Any]])
    #expect(
      json.map { $0["file"] as? String } == Array(repeating: "routes/shop.routes.yaml", count: 3))
    #expect(json.map { $0["line"] as? Int } == [8, 11, 13])
    #expect(json.map { $0["column"] as? Int } == [1, 3, 3])
    #expect(json.map { $0["message"] as? String } == [removedRoute, removedAlias, added])

    let log = try #require(
      try JSONSerialization.jsonObject(with: Data(try run("sarif").stdout.utf8)) as? [String: Any])
    let results = try #require(
      (log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
    let places = results.map { result -> String in
      let physical =
        ((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
      let uri = (physical?["artifactLocation"] as? [String: Any])?["uri"] as? String
      let region = physical?["region"] as? [String: Any]
      let message = (result["message"] as? [String: Any])?["text"] as? String
      return "\(uri ?? "-"):\(region?["startLine"] as? Int ?? 0):"
        + "\(region?["startColumn"] as? Int ?? 0) \(message ?? "-")"
    }
    #expect(
      places == [
        "routes/shop.routes.yaml:8:1 \(removedRoute)",
        "routes/shop.routes.yaml:11:3 \(removedAlias)",
        "routes/shop.routes.yaml:13:3 \(added)",
      ])
  }

  // MARK: Links

  static let oldLinks = """
    manifest: 1
    namespace: Shop
    links:
      hosts: [shop.example, www.shop.example]
      schemes: [shopapp]
    screens:
      Home: {}
      Item:
        params:
          id: string
    routes:
      home:
        screen: Home
        links:
          - /
      item:
        screen: Item
        links:
          - /items/{id}
          - /i/{id}

    """

  /// A host and the scheme replaced, `id` narrowed to int, `/home` added and `/i/{id}` removed.
  static let newLinks = """
    manifest: 1
    namespace: Shop
    links:
      hosts: [shop.example, m.shop.example]
      schemes: [shopnew]
    screens:
      Home: {}
      Item:
        params:
          id: int
    routes:
      home:
        screen: Home
        links:
          - /
          - /home
      item:
        screen: Item
        links:
          - /items/{id}

    """

  @Test func linkChangesInEveryFormat() throws {
    let folder = try TemporaryFolder()
    try folder.write("old.routes.yaml", Self.oldLinks)
    try folder.write("new.routes.yaml", Self.newLinks)
    let text = try RoutecRunner.run(
      ["diff", "old.routes.yaml", "new.routes.yaml"], in: folder.url)
    #expect(text.status == 1, "\(text)")
    #expect(
      text.stdoutLines == [
        "new.routes.yaml:4:3: breaking: link host `www.shop.example` was removed: https links to it no longer open the app (was at old.routes.yaml:4) [removed-link-host]",
        "new.routes.yaml:4:25: non-breaking: link host `m.shop.example` was added [added-link-host]",
        "new.routes.yaml:5:3: breaking: link scheme `shopapp` was removed: `shopapp:` URLs no longer open the app (was at old.routes.yaml:5) [removed-link-scheme]",
        "new.routes.yaml:5:13: non-breaking: link scheme `shopnew` was added [added-link-scheme]",
        "new.routes.yaml:10:7: breaking: route `item` reads `id` as int, not string [changed-param-type]",
        "new.routes.yaml:10:7: breaking: route `item` reads `id` from the link `/items/{id}` as int, not string [changed-param-type]",
        "new.routes.yaml:16:9: non-breaking: link `/home` of route `home` was added [added-link]",
        "new.routes.yaml:19:5: breaking: link `/i/{id}` of route `item` was removed (was at old.routes.yaml:20) [removed-link]",
      ])
    #expect(text.stderrLines == ["routec diff: 5 breaking changes, 3 other changes"])

    let json = try RoutecRunner.run(
      ["diff", "old.routes.yaml", "new.routes.yaml", "--format", "json"], in: folder.url)
    #expect(json.status == 1, "\(json)")
    func item(_ line: Int, _ column: Int, _ message: String, _ rule: String, _ severity: String)
      -> String
    {
      """
        {
          "column": \(column),
          "file": "new.routes.yaml",
          "line": \(line),
          "message": "\(message)",
          "rule": "\(rule)",
          "severity": "\(severity)"
        }
      """
    }
    let items = [
      item(
        4, 3,
        "link host `www.shop.example` was removed: https links to it no longer open the app (was at old.routes.yaml:4)",
        "removed-link-host", "error"),
      item(4, 25, "link host `m.shop.example` was added", "added-link-host", "note"),
      item(
        5, 3,
        "link scheme `shopapp` was removed: `shopapp:` URLs no longer open the app (was at old.routes.yaml:5)",
        "removed-link-scheme", "error"),
      item(5, 13, "link scheme `shopnew` was added", "added-link-scheme", "note"),
      item(10, 7, "route `item` reads `id` as int, not string", "changed-param-type", "error"),
      item(
        10, 7, "route `item` reads `id` from the link `/items/{id}` as int, not string",
        "changed-param-type", "error"),
      item(16, 9, "link `/home` of route `home` was added", "added-link", "note"),
      item(
        19, 5, "link `/i/{id}` of route `item` was removed (was at old.routes.yaml:20)",
        "removed-link", "error"),
    ]
    #expect(json.stdout == "[\n" + items.joined(separator: ",\n") + "\n]\n")
    #expect(json.stderrLines == ["routec diff: 5 breaking changes, 3 other changes"])
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
