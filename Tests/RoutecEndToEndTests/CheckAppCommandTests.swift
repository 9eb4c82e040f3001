import Foundation
import RoutecTestSupport
import Testing

/// `routec check-app`: the app's Info.plist and entitlements against the manifest, each finding
/// located in the file, in every report format.
@Suite("routec check-app")
struct CheckAppCommandTests {
  static let manifest = AppPropertyListCommandTests.manifest

  static func plist(_ body: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
    \(body)</dict>
    </plist>

    """
  }

  /// Line 5 is the first key.
  static let brokenInfoPlist = plist(
    """
    \t<key>CFBundleURLTypes</key>
    \t<array>
    \t\t<dict>
    \t\t\t<key>CFBundleURLSchemes</key>
    \t\t\t<array>
    \t\t\t\t<string>shop</string>
    \t\t\t\t<string>fb12345</string>
    \t\t\t</array>
    \t\t</dict>
    \t</array>
    \t<key>UIApplicationShortcutItems</key>
    \t<array>
    \t\t<dict>
    \t\t\t<key>UIApplicationShortcutItemType</key>
    \t\t\t<string>search</string>
    \t\t\t<key>UIApplicationShortcutItemTitle</key>
    \t\t\t<string>Find</string>
    \t\t</dict>
    \t\t<dict>
    \t\t\t<key>UIApplicationShortcutItemType</key>
    \t\t\t<string>serch</string>
    \t\t\t<key>UIApplicationShortcutItemTitle</key>
    \t\t\t<string>Old search</string>
    \t\t</dict>
    \t</array>
    \t<key>NSUserActivityTypes</key>
    \t<array>
    \t\t<string>$(PRODUCT_BUNDLE_IDENTIFIER).order</string>
    \t</array>

    """)

  static let brokenEntitlements = plist(
    """
    \t<key>com.apple.developer.associated-domains</key>
    \t<array>
    \t\t<string>applinks:*.shop.example</string>
    \t\t<string>webcredentials:shop.example</string>
    \t</array>

    """)

  static func run(
    _ arguments: [String], files: [String: String], manifest: String = manifest
  ) throws -> RoutecResult {
    let folder = try TemporaryFolder()
    try folder.write("app.routes.yaml", manifest)
    for (name, text) in files { try folder.write(name, text) }
    return try RoutecRunner.run(["check-app", "app.routes.yaml"] + arguments, in: folder.url)
  }

  static let both = ["--info-plist", "Info.plist", "--entitlements", "App.entitlements"]

  @Test func eachDisagreementIsOneLocatedFinding() throws {
    let result = try Self.run(
      Self.both,
      files: ["Info.plist": Self.brokenInfoPlist, "App.entitlements": Self.brokenEntitlements])
    #expect(result.status == 1, "\(result)")
    #expect(result.stdout == "")
    #expect(
      result.stderrLines == [
        "Info.plist:5:2: error: the manifest routes `shop-beta://` URLs, but no `CFBundleURLSchemes` of `CFBundleURLTypes` lists `shop-beta`, so iOS never opens them in the app; add it to a URL type's `CFBundleURLSchemes` (`routec plist` writes the entry) [app-url-scheme-missing]",
        "Info.plist:11:5: warning: the app declares the URL scheme `fb12345`, which the manifest does not route: its URLs resolve as `unknown_link` unless other code handles them; add it to `links.schemes`, list it in `app_files.other_schemes` when other code (a sign-in SDK, say) handles it, or remove it [app-unrouted-scheme]",
        "Info.plist:15:2: error: the static quick action `home` is not in `UIApplicationShortcutItems`, so the Home Screen never shows it; add it (`routec plist` writes the item), or make it `dynamic: true` in the manifest [app-shortcut-missing]",
        "Info.plist:17:3: error: `UIApplicationShortcutItemSubtitle` of the quick action `search` differs: Info.plist has none, the manifest's is `By title`; write the manifest's value (`routec plist` writes the item) [app-shortcut-differs]",
        "Info.plist:17:3: error: `UIApplicationShortcutItemIconType` of the quick action `search` differs: Info.plist has none, the manifest's is `UIApplicationShortcutIconTypeCapturePhoto`; write the manifest's value (`routec plist` writes the item) [app-shortcut-differs]",
        "Info.plist:21:4: error: `UIApplicationShortcutItemTitle` of the quick action `search` differs: Info.plist has `Find`, the manifest's is `Search & find <all>`; write the manifest's value (`routec plist` writes the item) [app-shortcut-differs]",
        "Info.plist:25:4: warning: the quick action `serch` is not in the manifest's `shortcuts`: choosing it opens nothing; add it to `shortcuts`, or remove it; did you mean `search`? [app-unrouted-shortcut]",
        "Info.plist:30:2: error: the activity type `com.example.shop.search` is not in `NSUserActivityTypes`, so iOS does not continue it in the app; add it (`routec plist` writes the list) [app-activity-type-missing]",
        "Info.plist:32:3: warning: `$(PRODUCT_BUNDLE_IDENTIFIER).order` in `NSUserActivityTypes` holds `$(PRODUCT_BUNDLE_IDENTIFIER)`, whose value check-app was not given, so whether it is `com.example.shop.order` is not checked; give its value with `--setting PRODUCT_BUNDLE_IDENTIFIER=VALUE` (or `--xcconfig FILE`) to have it checked [app-build-setting]",
        "App.entitlements:5:2: error: `com.apple.developer.associated-domains` has no `applinks:shop.example`, so links of `shop.example` open Safari, not the app; add it (`routec entitlements` writes the list) [app-link-host-missing]",
        "routec check-app: Info.plist and entitlements checked, 7 errors, 3 warnings",
      ])
  }

  /// What `routec plist` and `routec entitlements` write passes, in XML and in binary form.
  @Test func theFilesRoutecWritesPass() throws {
    let folder = try TemporaryFolder()
    try folder.write("app.routes.yaml", Self.manifest)
    for (command, file) in [("plist", "Info.plist"), ("entitlements", "App.entitlements")] {
      let written = try RoutecRunner.run([command, "app.routes.yaml", "-o", file], in: folder.url)
      #expect(written.status == 0, "\(written)")
    }
    let xml = try RoutecRunner.run(["check-app", "app.routes.yaml"] + Self.both, in: folder.url)
    #expect(xml.status == 0, "\(xml)")
    #expect(
      xml.stderrLines == ["routec check-app: Info.plist and entitlements checked, no problems"])
    // The same lists, written as Xcode's build does (binary).
    for file in ["Info.plist", "App.entitlements"] {
      let url = folder.url.appendingPathComponent(file)
      let list = try PropertyListSerialization.propertyList(
        from: try Data(contentsOf: url), options: [], format: nil)
      try PropertyListSerialization.data(fromPropertyList: list, format: .binary, options: 0)
        .write(to: url)
    }
    let binary = try RoutecRunner.run(["check-app", "app.routes.yaml"] + Self.both, in: folder.url)
    #expect(binary.status == 0, "\(binary)")
  }

  /// A binary file has no lines: its findings are at 1:1.
  @Test func aBinaryFilesFindingsAreAtItsStart() throws {
    let folder = try TemporaryFolder()
    try folder.write("app.routes.yaml", Self.manifest)
    let list: [String: Any] = [
      "CFBundleURLTypes": [["CFBundleURLSchemes": ["shop", "shop-beta"]]],
      "NSUserActivityTypes": ["com.example.shop.order"],
      "UIApplicationShortcutItems": [
        [
          "UIApplicationShortcutItemType": "search",
          "UIApplicationShortcutItemTitle": "Search & find <all>",
          "UIApplicationShortcutItemSubtitle": "By title",
          "UIApplicationShortcutItemIconType": "UIApplicationShortcutIconTypeCapturePhoto",
        ],
        [
          "UIApplicationShortcutItemType": "home", "UIApplicationShortcutItemTitle": "Home",
          "UIApplicationShortcutItemIconSymbolName": "house",
        ],
      ],
      "UIRequiresFullScreen": true,
      "CFBundleVersion": 12,
    ]
    try PropertyListSerialization.data(fromPropertyList: list, format: .binary, options: 0)
      .write(to: folder.url.appendingPathComponent("Info.plist"))
    let result = try RoutecRunner.run(
      ["check-app", "app.routes.yaml", "--info-plist", "Info.plist"], in: folder.url)
    #expect(result.status == 1, "\(result)")
    #expect(
      result.stderrLines == [
        "Info.plist:1:1: error: the activity type `com.example.shop.search` is not in `NSUserActivityTypes`, so iOS does not continue it in the app; add it (`routec plist` writes the list) [app-activity-type-missing]",
        "routec check-app: Info.plist checked, 1 error, 0 warnings (link hosts not checked: give --entitlements)",
      ])
  }

  /// A key that is absent is one finding at 1:1 naming it, however many values it would hold.
  @Test func anAbsentKeyIsOneFindingNamingIt() throws {
    let result = try Self.run(
      Self.both, files: ["Info.plist": Self.plist(""), "App.entitlements": Self.plist("")])
    #expect(result.status == 1, "\(result)")
    #expect(
      result.stderrLines == [
        "Info.plist:1:1: error: Info.plist has no `CFBundleURLTypes`, so iOS opens no `shop://` and `shop-beta://` URL in the app; add the key with `shop` and `shop-beta` in `CFBundleURLSchemes` (`routec plist` writes it) [app-url-scheme-missing]",
        "Info.plist:1:1: error: Info.plist has no `UIApplicationShortcutItems`, so the Home Screen shows none of the static quick actions `search` and `home`; add the key (`routec plist` writes it) [app-shortcut-missing]",
        "Info.plist:1:1: error: Info.plist has no `NSUserActivityTypes`, so iOS hands the app none of the activity types `com.example.shop.order` and `com.example.shop.search`; add the key (`routec plist` writes it) [app-activity-type-missing]",
        "App.entitlements:1:1: error: the entitlements have no `com.apple.developer.associated-domains`, so links of `shop.example` and `www.shop.example` open Safari, not the app; add the key with `applinks:shop.example` and `applinks:www.shop.example` (`routec entitlements` writes it) [app-link-host-missing]",
        "routec check-app: Info.plist and entitlements checked, 4 errors, 0 warnings",
      ])
  }

  /// A wildcard entry covers subdomains (not the domain itself), a `?mode=` domain covers no
  /// customer's device, schemes and hosts compare in any case, and a build setting in a list
  /// is a warning that stands in for what it may expand to.
  @Test func wildcardsModesCaseAndBuildSettings() throws {
    let info = Self.plist(
      """
      \t<key>CFBundleURLTypes</key>
      \t<array>
      \t\t<dict>
      \t\t\t<key>CFBundleURLSchemes</key>
      \t\t\t<array>
      \t\t\t\t<string>SHOP</string>
      \t\t\t\t<string>$(BETA_SCHEME)</string>
      \t\t\t</array>
      \t\t</dict>
      \t</array>
      \t<key>UIApplicationShortcutItems</key>
      \t<array/>
      \t<key>NSUserActivityTypes</key>
      \t<array>
      \t\t<string>com.example.shop.order</string>
      \t\t<string>com.example.shop.search</string>
      \t</array>

      """)
    let entitlements = Self.plist(
      """
      \t<key>com.apple.developer.associated-domains</key>
      \t<array>
      \t\t<string>applinks:*.shop.example</string>
      \t\t<string>applinks:Shop.Example?mode=developer</string>
      \t</array>

      """)
    let result = try Self.run(
      Self.both, files: ["Info.plist": info, "App.entitlements": entitlements])
    #expect(result.status == 1, "\(result)")
    #expect(
      result.stderrLines == [
        "Info.plist:11:5: warning: `$(BETA_SCHEME)` in `CFBundleURLSchemes` holds `$(BETA_SCHEME)`, whose value check-app was not given, so whether it is `shop-beta` is not checked; give its value with `--setting BETA_SCHEME=VALUE` (or `--xcconfig FILE`) to have it checked [app-build-setting]",
        "Info.plist:15:2: error: the static quick action `search` is not in `UIApplicationShortcutItems`, so the Home Screen never shows it; add it (`routec plist` writes the item), or make it `dynamic: true` in the manifest [app-shortcut-missing]",
        "Info.plist:15:2: error: the static quick action `home` is not in `UIApplicationShortcutItems`, so the Home Screen never shows it; add it (`routec plist` writes the item), or make it `dynamic: true` in the manifest [app-shortcut-missing]",
        "App.entitlements:8:3: error: `applinks:Shop.Example?mode=developer` associates `shop.example` only on devices in developer mode or under a management that approves it, so on customers' devices its links open Safari, not the app; add `applinks:shop.example` without a mode [app-link-host-missing]",
        "routec check-app: Info.plist and entitlements checked, 3 errors, 1 warning",
      ])
  }

  /// An app whose files use build settings, as Xcode's templates write them, passes `--strict`
  /// once the settings are given (an xcconfig and a `--setting`, which wins); a wrong value
  /// behind a setting is then an error; a bad xcconfig line is exit 2 at its line.
  @Test func buildSettingsFromAnXcconfigAndTheCommandLine() throws {
    let info = Self.plist(
      """
      	<key>CFBundleURLTypes</key>
      	<array><dict><key>CFBundleURLSchemes</key>
      		<array><string>$(APP_SCHEME)</string><string>$(APP_SCHEME)-beta</string></array>
      	</dict></array>
      	<key>UIApplicationShortcutItems</key>
      	<array>
      		<dict>
      			<key>UIApplicationShortcutItemType</key><string>search</string>
      			<key>UIApplicationShortcutItemTitle</key><string>Search &amp; find &lt;all&gt;</string>
      			<key>UIApplicationShortcutItemSubtitle</key><string>By title</string>
      			<key>UIApplicationShortcutItemIconType</key><string>UIApplicationShortcutIconTypeCapturePhoto</string>
      		</dict>
      		<dict>
      			<key>UIApplicationShortcutItemType</key><string>home</string>
      			<key>UIApplicationShortcutItemTitle</key><string>Home</string>
      			<key>UIApplicationShortcutItemIconSymbolName</key><string>house</string>
      		</dict>
      	</array>
      	<key>NSUserActivityTypes</key>
      	<array>
      		<string>$(PRODUCT_BUNDLE_IDENTIFIER:lower).order</string>
      		<string>${PRODUCT_BUNDLE_IDENTIFIER:lower}.search</string>
      	</array>

      """)
    let entitlements = Self.plist(
      """
      	<key>com.apple.developer.associated-domains</key>
      	<array><string>applinks:$(WEB_HOST)</string><string>applinks:www.$(WEB_HOST)</string></array>

      """)
    let files = [
      "Info.plist": info, "App.entitlements": entitlements,
      "Config/App.xcconfig": "#include \"Base.xcconfig\"\nAPP_SCHEME = wrong\n",
      "Config/Base.xcconfig":
        "PRODUCT_BUNDLE_IDENTIFIER = com.example.Shop\nWEB_HOST = shop.example\n",
    ]
    let passing = try Self.run(
      Self.both + [
        "--xcconfig", "Config/App.xcconfig", "--setting", "APP_SCHEME=shop", "--strict",
      ],
      files: files)
    #expect(passing.status == 0, "\(passing)")
    #expect(
      passing.stderrLines == ["routec check-app: Info.plist and entitlements checked, no problems"])
    let wrong = try Self.run(Self.both + ["--xcconfig", "Config/App.xcconfig"], files: files)
    #expect(wrong.status == 1, "\(wrong)")
    #expect(
      wrong.stderrLines.first
        == "Info.plist:5:2: error: the manifest routes `shop://` URLs, but no `CFBundleURLSchemes` of `CFBundleURLTypes` lists `shop`, so iOS never opens them in the app; add it to a URL type's `CFBundleURLSchemes` (`routec plist` writes the entry) [app-url-scheme-missing]"
    )
    let conditional = try Self.run(
      Self.both + ["--xcconfig", "Bad.xcconfig"],
      files: files.merging(["Bad.xcconfig": "A = 1\nB[config=Debug] = 2\n"]) { $1 })
    #expect(conditional.status == 2, "\(conditional)")
    #expect(
      conditional.stderrLines == [
        "routec: error: Bad.xcconfig:2:1: `B[config=Debug]` is a conditional assignment, whose condition only the build knows; give the value that applies with --setting B=VALUE"
      ])
    let badSetting = try Self.run(Self.both + ["--setting", "no-equals"], files: files)
    #expect(badSetting.status == 2, "\(badSetting)")
  }

  /// `--strings` reads the app's InfoPlist.strings: a title written as its key passes when the
  /// file's text is the manifest's; a file that cannot be read is exit 2 at its line.
  @Test func localizedTitlesThroughStringsFiles() throws {
    let manifest = """
      manifest: 1
      screens:
        Home: {}
      routes:
        home: { screen: Home }
      shortcuts:
        home: { route: home, title: Go home }

      """
    let info = Self.plist(
      """
      \t<key>UIApplicationShortcutItems</key>
      \t<array><dict>
      \t\t<key>UIApplicationShortcutItemType</key><string>home</string>
      \t\t<key>UIApplicationShortcutItemTitle</key><string>shortcut.home</string>
      \t</dict></array>

      """)
    let files = [
      "Info.plist": info, "en.lproj/InfoPlist.strings": "\"shortcut.home\" = \"Go home\";\n",
      "Broken.strings": "\"shortcut.home\" = \"Go home\"\n",
    ]
    let passing = try Self.run(
      ["--info-plist", "Info.plist", "--strings", "en.lproj/InfoPlist.strings", "--strict"],
      files: files, manifest: manifest)
    #expect(passing.status == 0, "\(passing)")
    let broken = try Self.run(
      ["--info-plist", "Info.plist", "--strings", "Broken.strings"], files: files,
      manifest: manifest)
    #expect(broken.status == 2, "\(broken)")
    #expect(broken.stderrLines == ["routec: error: Broken.strings:1:28: expected `;`"])
  }

  /// Every report format lint has: JSON, GitHub annotations and SARIF name the file, line,
  /// column and rule.
  @Test func everyReportFormat() throws {
    let files = ["Info.plist": Self.brokenInfoPlist, "App.entitlements": Self.brokenEntitlements]
    let json = try Self.run(Self.both + ["--format", "json"], files: files)
    #expect(json.status == 1)
    let items = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
    #expect(items.count == 10)
    #expect(items.first?["file"] as? String == "Info.plist")
    #expect(items.first?["line"] as? Int == 5)
    #expect(items.first?["column"] as? Int == 2)
    #expect(items.first?["rule"] as? String == "app-url-scheme-missing")
    #expect(items.last?["file"] as? String == "App.entitlements")
    #expect(
      json.stderrLines == [
        "routec check-app: Info.plist and entitlements checked, 7 errors, 3 warnings"
      ])

    let github = try Self.run(Self.both + ["--format", "github"], files: files)
    #expect(
      github.stdoutLines.first
        == "::error file=Info.plist,line=5,col=2,title=app-url-scheme-missing::the manifest routes `shop-beta://` URLs, but no `CFBundleURLSchemes` of `CFBundleURLTypes` lists `shop-beta`, so iOS never opens them in the app; add it to a URL type's `CFBundleURLSchemes` (`routec plist` writes the entry)"
    )

    let sarif = try Self.run(Self.both + ["--format", "sarif"], files: files)
    let log = try #require(
      try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])
    let run = try #require((log["runs"] as? [[String: Any]])?.first)
    let results = try #require(run["results"] as? [[String: Any]])
    #expect(results.count == 10)
    let rules =
      (((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"]
      as? [[String: Any]])?.compactMap { $0["id"] as? String }
    #expect(rules?.contains("app-build-setting") == true)
    #expect(rules?.contains("unknown-screen") == false)
  }

  @Test func strictFailsOnWarnings() throws {
    let folder = try TemporaryFolder()
    try folder.write("app.routes.yaml", Self.manifest)
    _ = try RoutecRunner.run(["plist", "app.routes.yaml", "-o", "Info.plist"], in: folder.url)
    let text = try String(
      contentsOf: folder.url.appendingPathComponent("Info.plist"), encoding: .utf8
    )
    .replacingOccurrences(
      of: "<string>shop-beta</string>",
      with: "<string>shop-beta</string>\n\t\t\t\t<string>fb1</string>")
    try folder.write("Info.plist", text)
    let lenient = try RoutecRunner.run(
      ["check-app", "app.routes.yaml", "--info-plist", "Info.plist"], in: folder.url)
    #expect(lenient.status == 0, "\(lenient)")
    let strict = try RoutecRunner.run(
      ["check-app", "app.routes.yaml", "--info-plist", "Info.plist", "--strict"], in: folder.url)
    #expect(strict.status == 1, "\(strict)")
  }

  /// A file that cannot be checked is one clear error, located where the reader stopped in an
  /// XML file, and exit 2.
  @Test(arguments: [
    (
      "{\"CFBundleURLTypes\": []}",
      "routec: error: Info.plist:1:1: the file is not a property list: it holds JSON; an Info.plist or entitlements file is an XML or binary property list (`plutil -convert xml1 FILE` converts it)"
    ),
    (
      "<?xml version=\"1.0\"?>\n<plist version=\"1.0\">\n<array>\n</array>\n</plist>\n",
      "routec: error: Info.plist: the property list holds an array where a dictionary is expected at the top level"
    ),
    (
      "<plist><dict><key>a</key></dict></plist>",
      "routec: error: Info.plist:1:14: the file is not a property list: the key `a` has no value"
    ),
  ])
  func aFileThatIsNotADictionaryPropertyListIsExitTwo(text: String, message: String) throws {
    let result = try Self.run(["--info-plist", "Info.plist"], files: ["Info.plist": text])
    #expect(result.status == 2, "\(result)")
    #expect(result.stderrLines == [message], "\(result)")
  }

  @Test func aMissingFileIsExitTwo() throws {
    let result = try Self.run(["--info-plist", "Missing.plist"], files: [:])
    #expect(result.status == 2, "\(result)")
    #expect(result.stderrLines.count == 1)
    #expect(
      result.stderrLines.first?.hasPrefix("routec: error: cannot read Missing.plist") == true,
      "\(result)")
  }

  /// A large Info.plist (20,000 keys besides the app's) is read and checked.
  @Test func aLargePlistIsChecked() throws {
    var body = ""
    for index in 0..<20_000 {
      body += "\t<key>Key\(index)</key>\n\t<string>value \(index)</string>\n"
    }
    let folder = try TemporaryFolder()
    try folder.write("app.routes.yaml", Self.manifest)
    _ = try RoutecRunner.run(["plist", "app.routes.yaml", "-o", "Info.plist"], in: folder.url)
    let written = try String(
      contentsOf: folder.url.appendingPathComponent("Info.plist"), encoding: .utf8)
    try folder.write(
      "Info.plist",
      written.replacingOccurrences(
        of: "<dict>\n", with: "<dict>\n" + body, options: [], range: written.range(of: "<dict>\n")))
    let result = try RoutecRunner.run(
      ["check-app", "app.routes.yaml", "--info-plist", "Info.plist"], in: folder.url)
    #expect(result.status == 0, "\(result)")
  }
}
