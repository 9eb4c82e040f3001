import Foundation
import RouteTools
import RoutecTestSupport
import Testing

/// `routec lint` run as a separate process, as editors and CI run it.
@Suite("routec lint")
struct LintCommandTests {
  static let unknownRouteKey =
    "expected `screen`, `params`, `tab`, `url`, `presentation`, `foreground`, `only`, "
    + "`variants`, `aliases`, `deprecated`, `description`, `links`, `requires`, `stack`, `category`, `when_present`, `app_action` or `reroute` [unknown-key]"

  static let unknownManifestKey =
    "expected `manifest`, `namespace`, `payload`, `remote_config`, `variants`, `tabs`, "
    + "`bases`, `screens`, `routes`, `fallback`, `links`, `categories`, `requirements`, "
    + "`feature`, `compose`, `shortcuts`, `activities`, `intents` or `app_files` [unknown-key]"

  /// A manifest with exactly one problem: the unknown top-level key `key`, at 8:1.
  static func manifest(withUnknownKey key: String) -> String {
    """
    manifest: 1
    namespace: Tree
    screens:
      Home: {}
    routes:
      home:
        screen: Home
    \(key): true

    """
  }

  static func unknownKeyLine(_ path: String, _ key: String) -> String {
    "\(path):8:1: error: unknown key `\(key)` in the manifest; \(unknownManifestKey)"
  }

  // MARK: Results

  @Test func validManifestPasses() throws {
    let result = try RoutecRunner.run(["lint", "valid.routes.yaml"])
    #expect(result.status == 0, "\(result)")
    #expect(result.stderrLines == ["routec lint: 1 manifest checked, no problems"])
    #expect(result.stdout == "")
  }

  @Test func errorsAreReportedWithPathLineColumnAndRule() throws {
    let result = try RoutecRunner.run(["lint", "errors.routes.yaml"])
    #expect(result.status == 1, "\(result)")
    #expect(
      result.stderrLines == [
        "errors.routes.yaml:6:3: error: duplicate key `Home`; it was first defined at line 5 [duplicate-key]",
        "errors.routes.yaml:11:5: error: unknown key `colour` in route `home`; \(Self.unknownRouteKey)",
        "errors.routes.yaml:13:13: error: route `profile` uses the screen `Profile`, which is not declared [unknown-screen]",
        "routec lint: 1 manifest checked, 3 errors, 0 warnings",
      ])
    #expect(result.stdout == "")
  }

  @Test func pathIsShownAsGiven() throws {
    let relative = try RoutecRunner.run(["lint", "./mixed.routes.yaml"])
    #expect(relative.stderrLines.first?.hasPrefix("./mixed.routes.yaml:10:11: ") == true)

    let absolute = RoutecRunner.fixtures.appendingPathComponent("mixed.routes.yaml").path
    let result = try RoutecRunner.run(["lint", absolute], in: RoutecRunner.packageRoot)
    #expect(result.stderrLines.first?.hasPrefix("\(absolute):10:11: ") == true, "\(result)")
  }

  @Test func errorsAndWarningsAreCountedSeparately() throws {
    let result = try RoutecRunner.run(["lint", "mixed.routes.yaml"])
    #expect(result.status == 1, "\(result)")
    #expect(
      result.stderrLines == [
        "mixed.routes.yaml:10:11: warning: the URL uses plain http; use https (for a host without https, start the URL with a base that has `allow_http: true`) [insecure-url]",
        "mixed.routes.yaml:11:19: error: `presentation` of route `home` must be `push` or `modal`, found `sideways` [invalid-value]",
        "routec lint: 1 manifest checked, 1 error, 1 warning",
      ])
  }

  static let warningLines = [
    "warnings.routes.yaml:5:8: warning: base `web`: `http://m.example.com` uses plain http; use https (for a host without https, write the base as `{ url: http://m.example.com, allow_http: true }`) [insecure-url]",
    "warnings.routes.yaml:14:3: warning: route `old_home` is deprecated: use home instead [deprecated-route]",
    "routec lint: 1 manifest checked, 0 errors, 2 warnings",
  ]

  @Test func warningsAloneExitZero() throws {
    let result = try RoutecRunner.run(["lint", "warnings.routes.yaml"])
    #expect(result.status == 0, "\(result)")
    #expect(result.stderrLines == Self.warningLines)
  }

  @Test(arguments: [
    ["lint", "--strict", "warnings.routes.yaml"], ["lint", "warnings.routes.yaml", "--strict"],
  ])
  func strictFailsOnWarnings(arguments: [String]) throws {
    let result = try RoutecRunner.run(arguments)
    #expect(result.status == 1, "\(result)")
    #expect(result.stderrLines == Self.warningLines)
  }

  @Test func strictStillPassesACleanManifest() throws {
    let result = try RoutecRunner.run(["lint", "--strict", "valid.routes.yaml"])
    #expect(result.status == 0, "\(result)")
    #expect(result.stderrLines == ["routec lint: 1 manifest checked, no problems"])
  }

  @Test func severalFilesAreReportedInArgumentOrder() throws {
    let result = try RoutecRunner.run([
      "lint", "warnings.routes.yaml", "valid.routes.yaml", "mixed.routes.yaml",
    ])
    #expect(result.status == 1, "\(result)")
    #expect(
      result.stderrLines == [
        "warnings.routes.yaml:5:8: warning: base `web`: `http://m.example.com` uses plain http; use https (for a host without https, write the base as `{ url: http://m.example.com, allow_http: true }`) [insecure-url]",
        "warnings.routes.yaml:14:3: warning: route `old_home` is deprecated: use home instead [deprecated-route]",
        "mixed.routes.yaml:10:11: warning: the URL uses plain http; use https (for a host without https, start the URL with a base that has `allow_http: true`) [insecure-url]",
        "mixed.routes.yaml:11:19: error: `presentation` of route `home` must be `push` or `modal`, found `sideways` [invalid-value]",
        "routec lint: 3 manifests checked, 1 error, 3 warnings",
      ])
  }

  // MARK: Folders

  @Test func foldersAreSearchedRecursivelySortedAndSkipHiddenEntries() throws {
    let folder = try TemporaryFolder()
    for key in ["b_file", "a_file", "zz_file"] {
      try folder.write("tree/\(key).routes.yaml", Self.manifest(withUnknownKey: key))
    }
    try folder.write("tree/nested/m_file.routes.yaml", Self.manifest(withUnknownKey: "m_file"))
    try folder.write(
      "tree/nested/deeper/c_file.routes.yaml", Self.manifest(withUnknownKey: "c_file"))
    // Neither hidden entries nor other files are manifests; each would fail if linted.
    let broken = "manifest: [\n"
    try folder.write("tree/.hidden/h.routes.yaml", broken)
    try folder.write("tree/nested/.cache/deep/h.routes.yaml", broken)
    try folder.write("tree/.h.routes.yaml", broken)
    try folder.write("tree/notes.yaml", broken)
    try folder.write("tree/README.md", broken)
    try folder.write("tree/a_file.routes.yaml.bak", broken)
    try folder.write("tree/routes.yaml", broken)

    let result = try RoutecRunner.run(["lint", "tree"], in: folder.url)
    #expect(result.status == 1, "\(result)")
    #expect(
      result.stderrLines == [
        Self.unknownKeyLine("tree/a_file.routes.yaml", "a_file"),
        Self.unknownKeyLine("tree/b_file.routes.yaml", "b_file"),
        Self.unknownKeyLine("tree/nested/deeper/c_file.routes.yaml", "c_file"),
        Self.unknownKeyLine("tree/nested/m_file.routes.yaml", "m_file"),
        Self.unknownKeyLine("tree/zz_file.routes.yaml", "zz_file"),
        "routec lint: 5 manifests checked, 5 errors, 0 warnings",
      ])

    // A trailing slash on the folder is not doubled in the paths shown.
    let slash = try RoutecRunner.run(["lint", "tree/nested/"], in: folder.url)
    #expect(
      slash.stderrLines == [
        Self.unknownKeyLine("tree/nested/deeper/c_file.routes.yaml", "c_file"),
        Self.unknownKeyLine("tree/nested/m_file.routes.yaml", "m_file"),
        "routec lint: 2 manifests checked, 2 errors, 0 warnings",
      ])
  }

  @Test func aHiddenFolderGivenByNameIsSearched() throws {
    let folder = try TemporaryFolder()
    try folder.write(".config/a.routes.yaml", Self.manifest(withUnknownKey: "hidden_a"))
    let result = try RoutecRunner.run(["lint", ".config"], in: folder.url)
    #expect(
      result.stderrLines == [
        Self.unknownKeyLine(".config/a.routes.yaml", "hidden_a"),
        "routec lint: 1 manifest checked, 1 error, 0 warnings",
      ])
  }

  @Test func aFileGivenTwiceIsReportedOnce() throws {
    let folder = try TemporaryFolder()
    try folder.write("tree/a.routes.yaml", Self.manifest(withUnknownKey: "only_once"))
    try folder.write("tree/b.routes.yaml", fixture("valid.routes.yaml"))

    let result = try RoutecRunner.run(
      ["lint", "tree/a.routes.yaml", "tree", "./tree/a.routes.yaml", "tree/a.routes.yaml"],
      in: folder.url)
    #expect(result.status == 1, "\(result)")
    #expect(
      result.stderrLines == [
        Self.unknownKeyLine("tree/a.routes.yaml", "only_once"),
        "routec lint: 2 manifests checked, 1 error, 0 warnings",
      ])

    let twice = try RoutecRunner.run(["lint", "tree", "tree/"], in: folder.url)
    #expect(
      twice.stderrLines == [
        Self.unknownKeyLine("tree/a.routes.yaml", "only_once"),
        "routec lint: 2 manifests checked, 1 error, 0 warnings",
      ])
  }

  @Test func aSymbolicLinkCycleDoesNotRepeatManifests() throws {
    let folder = try TemporaryFolder()
    try folder.write("tree/a/a.routes.yaml", Self.manifest(withUnknownKey: "in_a"))
    try folder.write("tree/b/b.routes.yaml", fixture("valid.routes.yaml"))
    // Two links back up the tree: followed blindly they would visit 2^40 paths.
    try FileManager.default.createSymbolicLink(
      atPath: folder.url.appendingPathComponent("tree/a/up").path, withDestinationPath: "..")
    try FileManager.default.createSymbolicLink(
      atPath: folder.url.appendingPathComponent("tree/b/up").path, withDestinationPath: "..")

    let result = try RoutecRunner.run(["lint", "tree"], in: folder.url)
    #expect(result.status == 1, "\(result)")
    #expect(
      result.stderrLines == [
        Self.unknownKeyLine("tree/a/a.routes.yaml", "in_a"),
        "routec lint: 2 manifests checked, 1 error, 0 warnings",
      ])
  }

  @Test func folderSearchFindsRoutesYmlFilesToo() throws {
    let folder = try TemporaryFolder()
    try folder.write("tree/a.routes.yaml", fixture("valid.routes.yaml"))
    try folder.write("tree/b.routes.yml", fixture("errors.routes.yaml"))
    try folder.write("tree/c.yml", "not: a manifest\n")
    let result = try RoutecRunner.run(["lint", "tree", "--format", "json"], in: folder.url)
    #expect(result.status == 1, "\(result)")
    #expect(result.stdout.contains("\"tree/b.routes.yml\""), "\(result)")
    #expect(!result.stdout.contains("c.yml"), "\(result)")
    #expect(result.stderrLines.last?.hasPrefix("routec lint: 2 manifests checked, ") == true)
  }

  @Test func bundledExamplesPass() throws {
    // What `swift run routec lint routes` runs, from the package root.
    let result = try RoutecRunner.run(["lint", "routes"], in: RoutecRunner.packageRoot)
    #expect(result.status == 0, "\(result)")
    let summary = try #require(result.stderrLines.last)
    #expect(summary.hasPrefix("routec lint: "), "\(result)")
    #expect(summary.hasSuffix(" manifests checked, no problems"), "\(result)")
    #expect(result.stderrLines.count == 1, "\(result)")
  }

  // MARK: Usage and file-system problems (exit 2)

  @Test func missingPathExitsTwo() throws {
    let result = try RoutecRunner.run(["lint", "valid.routes.yaml", "nowhere.routes.yaml"])
    #expect(result.status == 2, "\(result)")
    #expect(result.stderrLines == ["routec: error: no such file or folder: nowhere.routes.yaml"])
  }

  @Test func folderWithoutManifestsExitsTwo() throws {
    let folder = try TemporaryFolder()
    try folder.write("empty/notes.yaml", "manifest: 1\n")
    try folder.write("empty/.hidden/a.routes.yaml", fixture("valid.routes.yaml"))
    let result = try RoutecRunner.run(["lint", "empty"], in: folder.url)
    #expect(result.status == 2, "\(result)")
    #expect(
      result.stderrLines == [
        "routec: error: no *.routes.yaml or *.routes.yml files under empty"
      ])
  }

  @Test func noArgumentsExitsTwoNotSixtyFour() throws {
    let result = try RoutecRunner.run(["lint"])
    #expect(result.status == 2, "\(result)")
    #expect(
      result.stderrLines == [
        "Error: Missing expected argument '<paths> ...'",
        "Help:  <paths>  Manifest files, or folders to search for *.routes.yaml and *.routes.yml files.",
        "Usage: routec lint <paths> ... [--feature <path> ...] [--strict] [--format <format>]",
        "  See 'routec lint --help' for more information.",
      ])
  }

  @Test func unknownOptionExitsTwo() throws {
    let result = try RoutecRunner.run(["lint", "--bogus", "valid.routes.yaml"])
    #expect(result.status == 2, "\(result)")
    #expect(result.stderrLines.first == "Error: Unknown option '--bogus'")
  }

  @Test func unknownSubcommandExitsTwo() throws {
    let result = try RoutecRunner.run(["frob"])
    #expect(result.status == 2, "\(result)")
    #expect(result.stderrLines.first == "Error: Unexpected argument 'frob'")
  }

  @Test(
    .enabled(
      if: PermissionProbe.foldersCanBeLocked,
      "this process reads folders whatever their permissions (root or CAP_DAC_OVERRIDE), so chmod 000 cannot make one unreadable"
    ))
  func unreadableFolderExitsTwo() throws {
    let folder = try TemporaryFolder()
    try folder.write("tree/a.routes.yaml", fixture("valid.routes.yaml"))
    try folder.write("tree/locked/b.routes.yaml", fixture("valid.routes.yaml"))
    let locked = folder.url.appendingPathComponent("tree/locked").path
    try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: locked)
    defer {
      try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: locked)
    }

    let result = try RoutecRunner.run(["lint", "tree"], in: folder.url)
    #expect(result.status == 2, "\(result)")
    let message = try #require(result.stderrLines.last)
    #expect(message.hasPrefix("routec: error: cannot read folder tree/locked: "), "\(result)")
  }

  // MARK: Terminal output

  @Test func pipedStandardErrorHasNoSnippet() throws {
    let result = try RoutecRunner.run(["lint", "snippet.routes.yaml"])
    #expect(result.status == 1, "\(result)")
    #expect(
      result.stderrLines == [
        "snippet.routes.yaml:8:47: error: unknown key `colour` in route `home`; \(Self.unknownRouteKey)",
        "routec lint: 1 manifest checked, 1 error, 0 warnings",
      ])
    #expect(!result.stderr.contains("|"))
    #expect(!result.stderr.contains("\u{1B}"))
  }

  @Test(.enabled(if: RoutecRunner.scriptURL != nil, "`script` is not installed"))
  func terminalShowsSourceLineAndCaret() throws {
    let result = try RoutecRunner.runInTerminal(
      ["lint", "snippet.routes.yaml"], environment: ["NO_COLOR": "1"])
    #if os(Linux)
      #expect(result.status == 1, "\(result)")
    #endif
    // The line holds multi-byte characters and a tab before the column: one space per
    // character, and the tab copied, put the caret under the `c` of `colour`.
    let line = "  home: {screen: Home, description: \"café ☕\",\tcolour: blue}"
    #expect(
      result.stdoutLines == [
        "snippet.routes.yaml:8:47: error: unknown key `colour` in route `home`; \(Self.unknownRouteKey)",
        "  |",
        "8 | \(line)",
        "  | \(String(repeating: " ", count: 45))\t^",
        "routec lint: 1 manifest checked, 1 error, 0 warnings",
      ], "\(result)")
  }

  @Test(.enabled(if: RoutecRunner.scriptURL != nil, "`script` is not installed"))
  func terminalColoursTheLabelUnlessNoColor() throws {
    let result = try RoutecRunner.runInTerminal(["lint", "mixed.routes.yaml"])
    #expect(
      result.stdoutLines == [
        "mixed.routes.yaml:10:11: \u{1B}[1;33mwarning:\u{1B}[0m the URL uses plain http; use https (for a host without https, start the URL with a base that has `allow_http: true`) [insecure-url]",
        "   |",
        "10 |     url: \"http://example.com/home\"",
        "   |           ^",
        "mixed.routes.yaml:11:19: \u{1B}[1;31merror:\u{1B}[0m `presentation` of route `home` must be `push` or `modal`, found `sideways` [invalid-value]",
        "   |",
        "11 |     presentation: sideways",
        "   |                   ^",
        "routec lint: 1 manifest checked, 1 error, 1 warning",
      ], "\(result)")
  }

  // MARK: Help

  @Test(arguments: [
    (
      ["--help"],
      "OVERVIEW: Checks route manifests and compiles them to Swift.\n\nUSAGE: routec <subcommand>"
    ),
    (
      ["lint", "--help"], "OVERVIEW: Check manifests and report every problem with its location.\n"
    ),
    (["help", "lint"], "OVERVIEW: Check manifests and report every problem with its location.\n"),
    (["--version"], "\(Release.version)\n"),
  ])
  func helpExitsZero(arguments: [String], start: String) throws {
    let result = try RoutecRunner.run(arguments)
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout.hasPrefix(start), "\(result)")
    #expect(result.stderr.isEmpty, "\(result)")
  }

  /// `routec` alone is a usage error: the help goes to standard error and the status is 2.
  @Test func noArgumentsIsAUsageError() throws {
    let result = try RoutecRunner.run([])
    #expect(result.status == 2, "\(result)")
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.hasPrefix("OVERVIEW: Checks route manifests and compiles them to Swift."))
    #expect(result.stderr.contains("USAGE: routec <subcommand>"))
  }

  // MARK: Feature modules

  static let composingApp = """
    manifest: 1
    namespace: Shop
    compose: [Orders]
    tabs: [home]
    screens:
      Home: {}
    routes:
      home:
        screen: Home
    """

  static let ordersFeature = """
    manifest: 1
    feature: Orders
    screens:
      OrderList: {}
    routes:
      home:
        screen: OrderList
      order_list:
        screen: OrderList
        tab: orders
    """

  static let compositionLines = [
    "Features/Orders/orders.routes.yaml:6:3: error: the push type `home` is also declared at App/shop.routes.yaml:8:3; push types and aliases are unique across the app and its features [duplicate-push-type]",
    "Features/Orders/orders.routes.yaml:10:10: error: the manifest has no tab `orders`; its tabs are `home` [unknown-tab]",
    "routec lint: 2 manifests checked, 2 errors, 0 warnings",
  ]

  @Test func anAppManifestIsCheckedWithTheFeaturesItComposes() throws {
    let folder = try TemporaryFolder()
    try folder.write("App/shop.routes.yaml", Self.composingApp)
    try folder.write("Features/Orders/orders.routes.yaml", Self.ordersFeature)

    let given = try RoutecRunner.run(
      ["lint", "App/shop.routes.yaml", "--feature", "Features/Orders/orders.routes.yaml"],
      in: folder.url)
    #expect(given.status == 1, "\(given)")
    #expect(given.stderrLines == Self.compositionLines)

    // Folders: the app manifest and the feature it composes are found and checked together,
    // and the feature is not checked again alone.
    let found = try RoutecRunner.run(["lint", "App", "Features"], in: folder.url)
    #expect(found.stderrLines == Self.compositionLines)
    let byFeatureFolder = try RoutecRunner.run(
      ["lint", "App", "--feature", "Features"], in: folder.url)
    #expect(byFeatureFolder.stderrLines == Self.compositionLines)

    // Alone, the app reports the feature it cannot find, and the feature checks what it can.
    let app = try RoutecRunner.run(["lint", "App/shop.routes.yaml"], in: folder.url)
    #expect(
      app.stderrLines == [
        "App/shop.routes.yaml:3:11: error: `compose` names the feature `Orders`, but no feature manifest given declares `feature: Orders`; give its manifest too (`routec lint APP --feature PATH`, or lint the folder that holds both) [unknown-feature]",
        "routec lint: 1 manifest checked, 1 error, 0 warnings",
      ])
    let feature = try RoutecRunner.run(["lint", "Features"], in: folder.url)
    #expect(feature.status == 0, "\(feature)")
    #expect(feature.stderrLines == ["routec lint: 1 manifest checked, no problems"])
  }

  /// A feature that two app manifests compose is checked with each; a mistake in it is one
  /// error, and the file is counted once.
  @Test func aFeatureComposedByTwoAppsReportsAMistakeOnce() throws {
    let folder = try TemporaryFolder()
    let source = RoutecRunner.fixtures.appendingPathComponent("composition/app")
    for name in ["shop", "profile"] {
      try folder.write(
        "\(name).routes.yaml",
        try String(
          contentsOf: source.appendingPathComponent("\(name).routes.yaml"), encoding: .utf8))
    }
    let shop = try String(
      contentsOf: source.appendingPathComponent("shop.routes.yaml"), encoding: .utf8)
    try folder.write(
      "shop2.routes.yaml",
      shop.replacingOccurrences(of: "namespace: Shop", with: "namespace: Shop2"))
    let orders = try String(
      contentsOf: source.appendingPathComponent("orders.routes.yaml"), encoding: .utf8)
    try folder.write(
      "orders.routes.yaml",
      orders.replacingOccurrences(of: "requires: [signed_in]", with: "requires: [signed]"))
    let result = try RoutecRunner.run(["lint", "."], in: folder.url)
    #expect(result.status == 1, "\(result)")
    #expect(
      result.stderrLines == [
        "./orders.routes.yaml:16:16: error: route `order_shipped` requires `signed`, which `requirements` does not declare [unknown-requirement]",
        "routec lint: 4 manifests checked, 1 error, 0 warnings",
      ])
  }

  @Test func machineReadableReportsNameTheFileOfEachResult() throws {
    let folder = try TemporaryFolder()
    try folder.write("App/shop.routes.yaml", Self.composingApp)
    try folder.write("Features/Orders/orders.routes.yaml", Self.ordersFeature)
    let result = try RoutecRunner.run(
      ["lint", "App", "--feature", "Features", "--format", "json"], in: folder.url)
    #expect(result.status == 1, "\(result)")
    let items = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    #expect(
      items.map {
        "\($0["file"] ?? ""):\($0["line"] ?? ""):\($0["column"] ?? "") \($0["rule"] ?? "")"
      }
        == [
          "Features/Orders/orders.routes.yaml:6:3 duplicate-push-type",
          "Features/Orders/orders.routes.yaml:10:10 unknown-tab",
        ])
  }

  @Test func helpDescribesLint() throws {
    let root = try RoutecRunner.run(["--help"])
    #expect(root.stdout.contains("USAGE: routec <subcommand>"))
    #expect(root.stdout.contains("lint "))

    let lint = try RoutecRunner.run(["lint", "--help"])
    #expect(
      lint.stdout.contains("USAGE: routec lint <paths> ... [--feature <path> ...] [--strict]"))
    #expect(lint.stdout.contains("--feature <path>"))
    #expect(lint.stdout.contains("--strict"))
    #expect(lint.stdout.contains("Exit status: 0 when no manifest has an error"))
  }
}

/// Whether chmod 000 keeps this process out of a folder; not so for root, which
/// `swift test` often runs as in containers.
enum PermissionProbe {
  static let foldersCanBeLocked: Bool = {
    guard let folder = try? TemporaryFolder() else { return false }
    let locked = folder.url.appendingPathComponent("locked").path
    guard (try? folder.makeFolder("locked")) != nil,
      (try? FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: locked))
        != nil
    else { return false }
    defer {
      try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: locked)
    }
    return (try? FileManager.default.contentsOfDirectory(atPath: locked)) == nil
  }()
}
