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

/// `routec check-app`'s xcconfig and strings files: too large ones are refused as property lists
/// are, and a problem is located in the file it is in, exit 2 each.
@Suite("routec check-app: xcconfig and strings files")
struct CheckAppSettingsFileTests {
  static let info = CheckAppCommandTests.plist(
    """
    \t<key>NSUserActivityTypes</key>
    \t<array><string>$(APP_ID).order</string></array>

    """)

  /// Runs check-app on `files` (Info.plist is `info`); `sparse` are files of that many bytes,
  /// holes that cost no disk.
  static func run(_ arguments: [String], files: [String: String], sparse: [String: Int] = [:])
    throws -> RoutecResult
  {
    let folder = try TemporaryFolder()
    try folder.write("app.routes.yaml", CheckAppCommandTests.manifest)
    try folder.write("Info.plist", info)
    for (name, text) in files { try folder.write(name, text) }
    for (name, size) in sparse {
      let url = folder.url.appendingPathComponent(name)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      let path = url.path
      try #require(FileManager.default.createFile(atPath: path, contents: nil))
      try #require(truncate(path, off_t(size)) == 0)
    }
    return try RoutecRunner.run(
      ["check-app", "app.routes.yaml", "--info-plist", "Info.plist"] + arguments, in: folder.url)
  }

  /// An xcconfig file over 1 MiB, given or included, a strings file or a property list over
  /// 16 MiB: each refused by name, exit 2, nothing checked. At the limit, a file is read.
  @Test(
    arguments: [
      (
        ["--xcconfig", "Big.xcconfig"], ["Big.xcconfig": 1_048_577],
        "routec: error: Big.xcconfig: the file is larger than 1 MiB, the most an xcconfig file is read up to (one is a few KB); is it the right file?"
      ),
      (
        ["--xcconfig", "App.xcconfig"], ["Config/Big.xcconfig": 50_000_000],
        "routec: error: Config/Big.xcconfig: the file is larger than 1 MiB, the most an xcconfig file is read up to (one is a few KB); is it the right file?"
      ),
      (
        ["--strings", "Big.strings"], ["Big.strings": 16_777_217],
        "routec: error: Big.strings: the file is larger than 16 MiB, the most a strings file is read up to (an InfoPlist.strings is a few KB); is it the right file?"
      ),
      (
        ["--entitlements", "Big.entitlements"], ["Big.entitlements": 16_777_217],
        "routec: error: Big.entitlements: the file is larger than 16 MiB, the most a property list is read up to (an Info.plist is a few KB); is it the right file?"
      ),
    ] as [([String], [String: Int], String)])
  func aFileOverItsLimitIsRefused(arguments: [String], sparse: [String: Int], message: String)
    throws
  {
    let result = try Self.run(
      arguments, files: ["App.xcconfig": "#include \"Config/Big.xcconfig\"\n"], sparse: sparse)
    #expect(result.status == 2, "\(result)")
    #expect(result.stderrLines == [message])
  }

  /// A file of exactly 1 MiB is read: only a larger one is refused.
  @Test func anXcconfigAtTheLimitIsRead() throws {
    let line = "APP_ID = com.example.shop\n"
    let padding = String(repeating: "/", count: 1_048_576 - line.utf8.count - 1) + "\n"
    let result = try Self.run(
      ["--xcconfig", "Full.xcconfig"], files: ["Full.xcconfig": padding + line])
    // `$(APP_ID).order` is the manifest's `com.example.shop.order`: only `search` is missing.
    #expect(result.status == 1, "\(result)")
    #expect(
      result.stderrLines == [
        "Info.plist:1:1: error: Info.plist has no `CFBundleURLTypes`, so iOS opens no `shop://` and `shop-beta://` URL in the app; add the key with `shop` and `shop-beta` in `CFBundleURLSchemes` (`routec plist` writes it) [app-url-scheme-missing]",
        "Info.plist:1:1: error: Info.plist has no `UIApplicationShortcutItems`, so the Home Screen shows none of the static quick actions `search` and `home`; add the key (`routec plist` writes it) [app-shortcut-missing]",
        "Info.plist:5:2: error: the activity type `com.example.shop.search` is not in `NSUserActivityTypes`, so iOS does not continue it in the app; add it (`routec plist` writes the list) [app-activity-type-missing]",
        "routec check-app: Info.plist checked, 3 errors, 0 warnings (link hosts not checked: give --entitlements)",
      ])
  }

  /// A line an included file cannot be read at is in that file; settings that refer to each
  /// other are a cycle at the reference; a value too large is at its setting; an app's value
  /// that repeats a setting too often is at its element in Info.plist.
  @Test(arguments: [
    (
      [
        "App.xcconfig": "A = 1\n#include \"Config/Base.xcconfig\"\n",
        "Config/Base.xcconfig": "B = 2\nnot a setting\n",
      ],
      "routec: error: Config/Base.xcconfig:2:1: expected `NAME = VALUE`"
    ),
    (
      [
        "App.xcconfig": "#include \"Config/Base.xcconfig\"\nAPP_ID = $(BASE_ID).app\n",
        "Config/Base.xcconfig": "BASE_ID = com.$(APP_ID)\n",
      ],
      "routec: error: Config/Base.xcconfig:1:15: `$(APP_ID)` in `BASE_ID` makes a cycle: `APP_ID` and `BASE_ID` refer to each other (`APP_ID` → `BASE_ID` → `APP_ID`), so none has a value; break the cycle (a setting may build on its own earlier value with `$(inherited)`)"
    ),
    (
      [
        "App.xcconfig": "APP_ID = x\n"
          + String(repeating: "APP_ID = $(APP_ID)$(APP_ID)\n", count: 27)
      ],
      "routec: error: App.xcconfig:22:10: `APP_ID` expands to more than 1 MiB, the most a build setting's value may (its references repeat other values over and over)"
    ),
    (
      [
        "App.xcconfig": "APP_ID = " + String(repeating: "$(B)", count: 11) + "\nB = "
          + String(repeating: "b", count: 100_000) + "\n"
      ],
      "routec: error: App.xcconfig:1:10: `APP_ID` expands to more than 1 MiB, the most a build setting's value may (its references repeat other values over and over)"
    ),
  ])
  func settingProblemsAreLocated(files: [String: String], message: String) throws {
    let result = try Self.run(["--xcconfig", "App.xcconfig"], files: files)
    #expect(result.status == 2, "\(result)")
    #expect(result.stderrLines == [message])
  }

  /// Without an xcconfig file, a `--setting` problem names the setting, and a value of the
  /// app's that expands to too much is at its element.
  @Test func aSettingsProblemWithoutAFile() throws {
    let cycle = try Self.run(
      ["--setting", "APP_ID=$(B)", "--setting", "B=$(APP_ID)"], files: [:])
    #expect(cycle.status == 2, "\(cycle)")
    #expect(
      cycle.stderrLines == [
        "routec: error: `$(APP_ID)` in `B` (given with --setting) makes a cycle: `APP_ID` and `B` refer to each other (`APP_ID` → `B` → `APP_ID`), so none has a value; break the cycle (a setting may build on its own earlier value with `$(inherited)`)"
      ])
    let twice = CheckAppCommandTests.plist(
      """
      \t<key>NSUserActivityTypes</key>
      \t<array><string>$(APP_ID)$(APP_ID)</string></array>

      """)
    let repeated = try Self.run(
      [
        "--setting", "B=" + String(repeating: "b", count: 100_000), "--setting",
        "APP_ID=" + String(repeating: "$(B)", count: 6),
      ], files: ["Info.plist": twice])
    #expect(repeated.status == 2, "\(repeated)")
    #expect(
      repeated.stderrLines == [
        "routec: error: Info.plist:6:9: this value's build settings expand to more than 1 MiB; a build setting's value is a few words"
      ])
  }
}
