import CompilerTestSupport
import Testing

@testable import RouteCompiler
@testable import RouteTools

/// `routec check-app --setting/--xcconfig`: build settings expanded as Xcode expands them in an
/// Info.plist, and what is not given left for `BuildSettingPattern`.
@Suite struct BuildSettingsTests {
  static func settings(_ assignments: String...) throws -> BuildSettings {
    var settings = BuildSettings()
    for assignment in assignments { try settings.set(assignment) }
    return settings
  }

  /// `text` with `settings` expanded.
  static func expand(_ settings: BuildSettings, _ text: String) throws -> String {
    var expansion = BuildSettingExpansion(settings)
    return try expansion.expand(text, at: .start)
  }

  @Test func referencesModifiersAndInheritedValuesExpand() throws {
    let settings = try Self.settings(
      "PRODUCT_BUNDLE_IDENTIFIER=com.example.Shop App", "SUFFIX=beta", "SCHEME=shop-$(SUFFIX)",
      "SUFFIX=$(inherited)2")
    #expect(
      try Self.expand(settings, "$(PRODUCT_BUNDLE_IDENTIFIER).search")
        == "com.example.Shop App.search")
    #expect(
      try Self.expand(settings, "${PRODUCT_BUNDLE_IDENTIFIER:rfc1034identifier}.x")
        == "com.example.Shop-App.x")
    #expect(
      try Self.expand(settings, "$(PRODUCT_BUNDLE_IDENTIFIER:rfc1034identifier:lower)")
        == "com.example.shop-app")
    #expect(try Self.expand(settings, "$(SCHEME)") == "shop-beta2")
    // A setting that refers to itself builds on its earlier value, like `$(inherited)`.
    let extended = try Self.settings("P=com.example", "P=$(P).app", "P=${P}.x")
    #expect(try Self.expand(extended, "$(P)") == "com.example.app.x")
    #expect(try Self.expand(settings, "fb$(FACEBOOK_APP_ID)") == "fb$(FACEBOOK_APP_ID)")
    #expect(try Self.expand(settings, "cost: $5 and $(") == "cost: $5 and $(")
    #expect(throws: BuildSettings.Problem.self) { try Self.settings("1X=a") }
    #expect(throws: BuildSettings.Problem.self) { try Self.settings("NOEQUALS") }
  }

  @Test func anXcconfigIsReadAsXcodeReadsIt() throws {
    var settings = BuildSettings()
    try settings.read(
      xcconfig: """
        // The app's settings.
        #include "Base.xcconfig"
        #include? "Missing.xcconfig"
        PRODUCT_BUNDLE_IDENTIFIER = com.example.$(APP_NAME)  // trailing comment
        HOME_PAGE = https://shop.example/x
        OTHER_FLAGS = $(inherited) -b

        """, path: "App.xcconfig"
    ) { name in name == "Base.xcconfig" ? "APP_NAME = shop\nOTHER_FLAGS = -a\n" : nil }
    #expect(try Self.expand(settings, "$(PRODUCT_BUNDLE_IDENTIFIER)") == "com.example.shop")
    #expect(try Self.expand(settings, "$(HOME_PAGE)") == "https://shop.example/x")
    #expect(try Self.expand(settings, "$(OTHER_FLAGS)") == "-a -b")
    func problem(_ text: String) -> BuildSettings.Problem? {
      var settings = BuildSettings()
      do {
        try settings.read(xcconfig: text, path: "App.xcconfig") { _ in nil }
        return nil
      } catch { return error }
    }
    #expect(
      problem("A = 1\nPRODUCT_BUNDLE_IDENTIFIER[sdk=iphoneos*] = x\n")
        == BuildSettings.Problem(
          file: "App.xcconfig", location: SourceLocation(line: 2, column: 1),
          reason:
            "`PRODUCT_BUNDLE_IDENTIFIER[sdk=iphoneos*]` is a conditional assignment, whose condition only the build knows; give the value that applies with --setting PRODUCT_BUNDLE_IDENTIFIER=VALUE"
        ))
    #expect(
      problem("#include \"Other.xcconfig\"")
        == BuildSettings.Problem(
          file: "App.xcconfig", location: SourceLocation(line: 1, column: 1),
          reason:
            "cannot read the included file `Other.xcconfig` (relative to this file's folder); write `#include?` for a file that may be missing"
        ))
    #expect(problem("just text")?.reason == "expected `NAME = VALUE`")
  }

  /// With the setting given, a quick action typed `$(PRODUCT_BUNDLE_IDENTIFIER).search` is
  /// checked like one written out: its wrong title is an error. Without it, the value is one
  /// warning naming the setting and the flag.
  @Test func givenSettingsAreCheckedLikeWrittenValues() throws {
    let manifest = try AppCheckTests.manifest(
      minimalManifest
        + "shortcuts:\n  com.example.shop.search: { route: home, title: Search }\n")
    let plist = try PropertyListDocument.read(
      Array(
        """
        <dict><key>UIApplicationShortcutItems</key><array><dict>
        <key>UIApplicationShortcutItemType</key><string>$(PRODUCT_BUNDLE_IDENTIFIER).search</string>
        <key>UIApplicationShortcutItemTitle</key><string>Find</string>
        </dict></array></dict>
        """.utf8))
    let given = AppCheck.findings(
      manifest,
      infoPlist: try plist.expandingBuildSettings(
        try Self.settings("PRODUCT_BUNDLE_IDENTIFIER=com.example.shop")),
      entitlements: nil)
    #expect(
      given.map(\.message) == [
        "`UIApplicationShortcutItemTitle` of the quick action `com.example.shop.search` differs: Info.plist has `Find`, the manifest's is `Search`; write the manifest's value (`routec plist` writes the item)"
      ])
    #expect(given.first?.location == SourceLocation(line: 3, column: 42))
    let notGiven = AppCheck.findings(manifest, infoPlist: plist, entitlements: nil)
    #expect(
      notGiven.map(\.message) == [
        "`$(PRODUCT_BUNDLE_IDENTIFIER).search` in `UIApplicationShortcutItemType` holds `$(PRODUCT_BUNDLE_IDENTIFIER)`, whose value check-app was not given, so whether it is `com.example.shop.search` is not checked; give its value with `--setting PRODUCT_BUNDLE_IDENTIFIER=VALUE` (or `--xcconfig FILE`) to have it checked"
      ])
  }
}
