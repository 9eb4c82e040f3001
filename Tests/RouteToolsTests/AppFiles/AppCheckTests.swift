import CompilerTestSupport
import Foundation
import Testing

@testable import RouteCompiler
@testable import RouteTools

/// `routec check-app`'s rules as docs/app-files.md lists them, and the parts of the check and the
/// simulator kit a command-line test cannot pin down.
@Suite struct AppCheckTests {
  /// The rule table lists exactly the rules, in order, each with its severity.
  @Test func theRuleTableMatchesTheRules() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let text = try String(
      contentsOf: root.appendingPathComponent("docs/app-files.md"), encoding: .utf8)
    let rows = text.split(separator: "\n").compactMap { line -> [String]? in
      let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
      guard cells.count >= 3, cells[0].hasPrefix("`app-") else { return nil }
      return [cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`")), cells[1]]
    }
    #expect(rows == AppCheckRule.allCases.map { [$0.rawValue, $0.severity.rawValue] })
  }

  static func manifest(_ yaml: String) throws -> ResolvedManifest {
    let output = lint(yaml)
    return try #require(output.manifest, "\(output.diagnostics.map(\.message))")
  }

  static func node(_ value: PropertyListNode.Value) -> PropertyListNode {
    PropertyListNode(value)
  }

  static func dictionary(_ entries: [(String, PropertyListNode)]) -> PropertyListNode {
    node(.dictionary(entries.map { .init(key: $0.0, keyLocation: nil, value: $0.1) }))
  }

  /// `applinks:*.DOMAIN` covers every subdomain and not DOMAIN; case does not matter; other
  /// services are not app links.
  @Test func wildcardDomainsCoverSubdomainsOnly() throws {
    let manifest = try Self.manifest(
      minimalManifest + "links:\n  hosts: [shop.example, a.b.shop.example, other.example]\n")
    let domains = Self.dictionary([
      (
        "com.apple.developer.associated-domains",
        Self.node(
          .array([
            Self.node(.string("applinks:*.SHOP.example")),
            Self.node(.string("webcredentials:other.example")),
          ]))
      )
    ])
    let findings = AppCheck.findings(
      manifest, infoPlist: Self.dictionary([]), entitlements: domains)
    #expect(
      findings.map(\.message) == [
        "`com.apple.developer.associated-domains` has no `applinks:shop.example`, so links of `shop.example` open Safari, not the app; add it (`routec entitlements` writes the list)",
        "`com.apple.developer.associated-domains` has no `applinks:other.example`, so links of `other.example` open Safari, not the app; add it (`routec entitlements` writes the list)",
      ])
  }

  /// Entries of the wrong type are one finding each, and the rest is still checked.
  @Test func malformedEntriesAreReported() throws {
    let manifest = try Self.manifest(
      minimalManifest
        + "links:\n  schemes: [shop]\nactivities:\n  com.example.home: home\n")
    let plist = Self.dictionary([
      ("CFBundleURLTypes", Self.node(.array([Self.node(.string("shop"))]))),
      ("NSUserActivityTypes", Self.node(.array([Self.node(.integer("1"))]))),
    ])
    let findings = AppCheck.findings(manifest, infoPlist: plist, entitlements: nil)
    #expect(
      findings.map { "\($0.ruleID) \($0.message)" } == [
        "app-malformed-entry an item of `CFBundleURLTypes` must be a dictionary, found a string",
        "app-url-scheme-missing the manifest routes `shop://` URLs, but no `CFBundleURLSchemes` of `CFBundleURLTypes` lists `shop`, so iOS never opens them in the app; add it to a URL type's `CFBundleURLSchemes` (`routec plist` writes the entry)",
        "app-malformed-entry an item of `NSUserActivityTypes` must be a string, found an integer",
        "app-activity-type-missing the activity type `com.example.home` is not in `NSUserActivityTypes`, so iOS does not continue it in the app; add it (`routec plist` writes the list)",
      ])
  }

  static func findings(
    _ manifestYAML: String, infoPlist: String, entitlements: String? = nil
  ) throws -> [String] {
    let manifest = try Self.manifest(minimalManifest + manifestYAML)
    let plist = try PropertyListDocument.read(Array(infoPlist.utf8))
    let rights = try entitlements.map { try PropertyListDocument.read(Array($0.utf8)) }
    return AppCheck.findings(manifest, infoPlist: plist, entitlements: rights).map {
      "\($0.location.line):\($0.location.column) \($0.ruleID) \($0.message)"
    }
  }

  /// Of two entries with the same key, iOS reads the last: a second `CFBundleURLTypes` without
  /// the scheme hides the first, and the second key is a warning.
  @Test func theLastOfTwoEqualKeysCounts() throws {
    let findings = try Self.findings(
      "links:\n  schemes: [shopapp]\n",
      infoPlist: """
        <plist><dict>
        <key>CFBundleURLTypes</key><array><dict><key>CFBundleURLSchemes</key><array><string>shopapp</string></array></dict></array>
        <key>CFBundleURLTypes</key><array/>
        </dict></plist>
        """)
    #expect(
      findings == [
        "3:1 app-duplicate-key `CFBundleURLTypes` is written again in the same dictionary (first at 2:1); iOS reads the last one, as check-app does, and ignores the earlier; remove the ones you do not mean",
        "3:1 app-url-scheme-missing the manifest routes `shopapp://` URLs, but no `CFBundleURLSchemes` of `CFBundleURLTypes` lists `shopapp`, so iOS never opens them in the app; add it to a URL type's `CFBundleURLSchemes` (`routec plist` writes the entry)",
      ])
  }

  /// A value with a build setting stands only for what its literal parts allow: it hides no
  /// value it cannot be.
  @Test func aBuildSettingStandsOnlyForWhatItsLiteralPartsAllow() throws {
    let schemes = try Self.findings(
      "links:\n  schemes: [shopapp]\n",
      infoPlist: """
        <plist><dict><key>CFBundleURLTypes</key><array><dict><key>CFBundleURLSchemes</key>
        <array><string>fb$(FACEBOOK_APP_ID)</string></array></dict></array></dict></plist>
        """)
    #expect(
      schemes == [
        "1:14 app-url-scheme-missing the manifest routes `shopapp://` URLs, but no `CFBundleURLSchemes` of `CFBundleURLTypes` lists `shopapp`, so iOS never opens them in the app; add it to a URL type's `CFBundleURLSchemes` (`routec plist` writes the entry)",
        "2:8 app-unrouted-scheme the app declares the URL scheme `fb$(FACEBOOK_APP_ID)`, whose literal parts fit no scheme the manifest routes (whatever `$(FACEBOOK_APP_ID)` holds): its URLs resolve as `unknown_link` unless other code handles them",
      ])
    let activities = try Self.findings(
      "activities:\n  com.example.shop.book: home\n  com.example.shop.course: home\n",
      infoPlist: """
        <plist><dict><key>NSUserActivityTypes</key>
        <array><string>$(PRODUCT_BUNDLE_IDENTIFIER).course</string></array></dict></plist>
        """)
    #expect(
      activities == [
        "1:14 app-activity-type-missing the activity type `com.example.shop.book` is not in `NSUserActivityTypes`, so iOS does not continue it in the app; add it (`routec plist` writes the list)",
        "2:8 app-build-setting `$(PRODUCT_BUNDLE_IDENTIFIER).course` in `NSUserActivityTypes` holds `$(PRODUCT_BUNDLE_IDENTIFIER)`, whose value check-app was not given, so whether it is `com.example.shop.course` is not checked; give its value with `--setting PRODUCT_BUNDLE_IDENTIFIER=VALUE` (or `--xcconfig FILE`) to have it checked",
      ])
    let hosts = try Self.findings(
      "links:\n  hosts: [shop.example, www.shop.example]\n", infoPlist: "<dict/>",
      entitlements: """
        <plist><dict><key>com.apple.developer.associated-domains</key>
        <array><string>webcredentials:$(AUTH_DOMAIN)</string></array></dict></plist>
        """)
    #expect(
      hosts == [
        "1:14 app-link-host-missing `com.apple.developer.associated-domains` has no `applinks:shop.example`, so links of `shop.example` open Safari, not the app; add it (`routec entitlements` writes the list)",
        "1:14 app-link-host-missing `com.apple.developer.associated-domains` has no `applinks:www.shop.example`, so links of `www.shop.example` open Safari, not the app; add it (`routec entitlements` writes the list)",
      ])
    #expect(BuildSettingPattern("a$(B)c${D}e")?.literals == ["a", "c", "e"])
    #expect(BuildSettingPattern("a$(B)c${D}e")?.matches("aXcYe") == true)
    #expect(BuildSettingPattern("a$(B)c${D}e")?.matches("ace") == true)
    #expect(BuildSettingPattern("a$(B)c${D}e")?.matches("ae") == false)
    #expect(BuildSettingPattern("$(A_$(B)).x")?.settings == ["A_$(B)"])
    #expect(BuildSettingPattern("$(unclosed") == nil)
    #expect(BuildSettingPattern("FB$(X)")?.matches("fb1", ignoringCase: true) == true)
  }

  /// `KEY~ipad` replaces `KEY` on an iPad: it is checked as the plain key is.
  @Test func deviceSpecificKeysAreChecked() throws {
    let findings = try Self.findings(
      "links:\n  schemes: [shopapp]\n",
      infoPlist: """
        <plist><dict>
        <key>CFBundleURLTypes</key><array><dict><key>CFBundleURLSchemes</key><array><string>shopapp</string></array></dict></array>
        <key>CFBundleURLTypes~ipad</key><array><dict><key>CFBundleURLSchemes</key><array/></dict></array>
        </dict></plist>
        """)
    #expect(
      findings == [
        "3:1 app-url-scheme-missing the manifest routes `shopapp://` URLs, but no `CFBundleURLSchemes` of `CFBundleURLTypes~ipad` lists `shopapp`, so iOS never opens them in the app on an iPad; add it to a URL type's `CFBundleURLSchemes` (`routec plist` writes the entry)"
      ])
  }

  /// A wildcard of `links.hosts` is covered by its own `applinks:*.DOMAIN` (which
  /// `routec entitlements` writes) or a wider wildcard, never by the domain itself; a missing
  /// one is reported with the entry to add.
  @Test func aWildcardHostNeedsItsWildcardDomain() throws {
    let yaml = "links:\n  hosts: [shop.example, \"*.shop.example\", \"*.eu.other.example\"]\n"
    let entitlements = AppPropertyLists.entitlements(try Self.manifest(minimalManifest + yaml))
    #expect(
      entitlements
        == .dictionary([
          "com.apple.developer.associated-domains": .array([
            .string("applinks:shop.example"), .string("applinks:*.shop.example"),
            .string("applinks:*.eu.other.example"),
          ])
        ]))
    let findings = try Self.findings(
      yaml, infoPlist: "<dict/>",
      entitlements: """
        <plist><dict><key>com.apple.developer.associated-domains</key><array>
        <string>applinks:*.shop.example</string>
        <string>applinks:*.other.example</string>
        </array></dict></plist>
        """)
    #expect(
      findings == [
        "1:14 app-link-host-missing `com.apple.developer.associated-domains` has no `applinks:shop.example`, so links of `shop.example` open Safari, not the app; add it (`routec entitlements` writes the list)"
      ])
    let missing = try Self.findings(
      yaml, infoPlist: "<dict/>",
      entitlements: """
        <plist><dict><key>com.apple.developer.associated-domains</key><array>
        <string>applinks:shop.example</string>
        <string>applinks:eu.other.example</string>
        </array></dict></plist>
        """)
    #expect(
      missing == [
        "1:14 app-link-host-missing `com.apple.developer.associated-domains` has no `applinks:*.shop.example`, so links of `*.shop.example` open Safari, not the app; add it (`routec entitlements` writes the list)",
        "3:1 app-link-host-missing `com.apple.developer.associated-domains` has no `applinks:*.eu.other.example`, so links of `*.eu.other.example` open Safari, not the app; did you mean `applinks:*.eu.other.example` for `applinks:eu.other.example`?",
      ])
  }

  /// Only a domain without a mode covers a host on customers' devices; an unknown mode is a
  /// malformed entry.
  @Test func appLinksModes() throws {
    let findings = try Self.findings(
      "links:\n  hosts: [shop.example, a.example, b.example]\n", infoPlist: "<dict/>",
      entitlements: """
        <plist><dict><key>com.apple.developer.associated-domains</key><array>
        <string>applinks:shop.example?mode=managed</string>
        <string>applinks:*.example?mode=developer</string>
        <string>applinks:b.example?mode=bogus</string>
        <string>applinks:b.example</string>
        </array></dict></plist>
        """)
    #expect(
      findings == [
        "2:1 app-link-host-missing `applinks:shop.example?mode=managed` associates `shop.example` only on devices in developer mode or under a management that approves it, so on customers' devices its links open Safari, not the app; add `applinks:shop.example` without a mode",
        "3:1 app-link-host-missing `applinks:*.example?mode=developer` associates `a.example` only on devices in developer mode or under a management that approves it, so on customers' devices its links open Safari, not the app; add `applinks:a.example` without a mode",
        "4:1 app-malformed-entry `applinks:b.example?mode=bogus` ends in `?mode=bogus`, which is no mode of an associated domain; write `applinks:b.example`, or add `?mode=developer`, `?mode=managed` or `?mode=developer+managed`",
      ])
  }

  /// What a held-out probe found: a title holding a setting that may be the manifest's is a
  /// warning, not a difference; two setting-valued schemes may each be the routed one; a
  /// finding under a `~ipad` key says so; two settings name two flags.
  @Test func settingsInTitlesSchemesAndDeviceKeys() throws {
    let title = try Self.findings(
      "shortcuts:\n  search: { route: home, title: Shop Search }\n",
      infoPlist: """
        <dict><key>UIApplicationShortcutItems</key><array><dict>
        <key>UIApplicationShortcutItemType</key><string>search</string>
        <key>UIApplicationShortcutItemTitle</key><string>$(APP_NAME) Search</string>
        </dict></array></dict>
        """)
    #expect(
      title == [
        "3:42 app-build-setting `$(APP_NAME) Search` in `UIApplicationShortcutItemTitle` of the quick action `search` holds `$(APP_NAME)`, whose value check-app was not given, so whether it is `Shop Search` is not checked; give its value with `--setting APP_NAME=VALUE` (or `--xcconfig FILE`) to have it checked"
      ])
    let schemes = try Self.findings(
      "links:\n  schemes: [shopapp, other]\n",
      infoPlist: """
        <dict><key>CFBundleURLTypes</key><array><dict><key>CFBundleURLSchemes</key>
        <array><string>$(A)</string><string>$(B)</string></array></dict></array></dict>
        """)
    #expect(
      schemes
        == ["2:8", "2:29"].map { location in
          let setting = location == "2:8" ? "A" : "B"
          return
            "\(location) app-build-setting `$(\(setting))` in `CFBundleURLSchemes` holds `$(\(setting))`, whose value check-app was not given, so whether it is `shopapp` or `other` is not checked; give its value with `--setting \(setting)=VALUE` (or `--xcconfig FILE`) to have it checked"
        })
    let ipad = try Self.findings(
      "shortcuts:\n  search: { route: home, title: Search }\n",
      infoPlist: """
        <dict><key>UIApplicationShortcutItems~ipad</key><array><dict>
        <key>UIApplicationShortcutItemType</key><string>search</string>
        <key>UIApplicationShortcutItemTitle</key><string>Find</string>
        </dict></array>
        <key>UIApplicationShortcutItems</key><array><dict>
        <key>UIApplicationShortcutItemType</key><string>search</string>
        <key>UIApplicationShortcutItemTitle</key><string>Search</string>
        </dict></array></dict>
        """)
    #expect(
      ipad == [
        "3:42 app-shortcut-differs `UIApplicationShortcutItemTitle` of the quick action `search` differs: Info.plist has `Find`, the manifest's is `Search`; write the manifest's value (`routec plist` writes the item) (in `UIApplicationShortcutItems~ipad`, which an iPad reads)"
      ])
    #expect(
      BuildSettingPattern("$(A).$(B:lower).x")?.howToGive
        == "give their values with `--setting A=VALUE` and `--setting B=VALUE` (or `--xcconfig FILE`) to have it checked"
    )
  }

  /// A misspelt domain is reported at the misspelt string, with the domain it nearly is.
  @Test func aDomainTypoIsReportedAtTheString() throws {
    let findings = try Self.findings(
      "links:\n  hosts: [shop.example]\n", infoPlist: "<dict/>",
      entitlements: """
        <plist><dict><key>com.apple.developer.associated-domains</key><array>
        <string>applinks:shop.exmaple</string>
        </array></dict></plist>
        """)
    #expect(
      findings == [
        "2:1 app-link-host-missing `com.apple.developer.associated-domains` has no `applinks:shop.example`, so links of `shop.example` open Safari, not the app; did you mean `applinks:shop.example` for `applinks:shop.exmaple`?"
      ])
  }

  /// A quick action the manifest marks dynamic, declared static, is an error at its type.
  @Test func aDynamicQuickActionDeclaredStatic() throws {
    let findings = try Self.findings(
      "shortcuts:\n  com.example.open: { route: home, dynamic: true }\n",
      infoPlist: """
        <plist><dict><key>UIApplicationShortcutItems</key><array><dict>
        <key>UIApplicationShortcutItemType</key><string>com.example.open</string>
        <key>UIApplicationShortcutItemTitle</key><string>Open</string>
        </dict></array></dict></plist>
        """)
    #expect(
      findings == [
        "2:41 app-shortcut-dynamic the quick action `com.example.open` is dynamic in the manifest (the app adds it with its values at run time), but `UIApplicationShortcutItems` declares it static, so the Home Screen shows it without those values; remove it from `UIApplicationShortcutItems`, or make it static in the manifest"
      ])
  }

  /// A key of the wrong shape is one error, not one more per value the manifest expects there.
  @Test func aKeyOfTheWrongShapeIsOneError() throws {
    let findings = try Self.findings(
      "activities:\n  com.example.a: home\n  com.example.b: home\n",
      infoPlist: "<dict><key>NSUserActivityTypes</key><string>com.example.a</string></dict>")
    #expect(
      findings == [
        "1:37 app-malformed-entry `NSUserActivityTypes` must be an array of strings, found a string"
      ])
  }

  /// A key of the wrong type is a warning where the manifest has nothing to check in it (a real
  /// app writes `NSUserActivityTypes` as a dictionary and declares no activity type), an error
  /// where it has; an activity type the manifest does not route is a warning.
  @Test func wrongShapesAndUnroutedActivityTypes() throws {
    let unneeded = try Self.findings(
      "", infoPlist: "<dict><key>NSUserActivityTypes</key><dict/></dict>")
    #expect(
      unneeded == [
        "1:37 app-malformed-unneeded-entry `NSUserActivityTypes` must be an array of strings, found a dictionary"
      ])
    let stale = try Self.findings(
      "activities:\n  com.example.a: home\n",
      infoPlist: """
        <dict><key>NSUserActivityTypes</key>
        <array><string>com.example.a</string><string>com.example.dropped</string></array></dict>
        """)
    #expect(
      stale == [
        "2:38 app-unrouted-activity-type the app declares the activity type `com.example.dropped`, which the manifest does not route: iOS hands it to the app, and it opens nothing unless other code handles it; add it to `activities`, list it in `app_files.other_activity_types` when other code handles it, or remove it"
      ])
  }

  /// What `app_files` lists as the app's others is not reported; what it does not list is.
  @Test func appFilesListsWhatOtherCodeHandles() throws {
    let yaml = """
      links:
        schemes: [shopapp]
      activities:
        com.example.a: home
      app_files:
        other_schemes: [com.googleusercontent.apps.123-abc]
        other_activity_types: [com.example.legacy]

      """
    let plist = """
      <dict><key>CFBundleURLTypes</key><array><dict><key>CFBundleURLSchemes</key><array>
      <string>shopapp</string><string>COM.googleusercontent.apps.123-abc</string><string>db-x</string>
      </array></dict></array>
      <key>NSUserActivityTypes</key><array>
      <string>com.example.a</string><string>com.example.legacy</string>
      </array></dict>
      """
    let findings = try Self.findings(yaml, infoPlist: plist)
    #expect(findings.map { String($0.prefix(34)) } == ["2:76 app-unrouted-scheme the app d"])
    let manifest = try Self.manifest(minimalManifest + yaml)
    #expect(manifest.otherSchemes == ["com.googleusercontent.apps.123-abc"])
    #expect(manifest.otherActivityTypes == ["com.example.legacy"])
  }

  /// `app_files` is the app's: a feature manifest may not declare it, and its values follow
  /// the grammars of schemes and activity types.
  @Test func appFilesIsCheckedLikeTheKeysItMirrors() {
    let feature = lint(
      "manifest: 1\nfeature: Orders\nscreens:\n  Home: {}\nroutes:\n  home:\n    screen: Home\n"
        + "app_files:\n  other_schemes: [fb1]\n")
    #expect(
      feature.diagnostics.map { "\($0.location) \($0.ruleID)" } == ["8:1 app-key-in-feature"]
    )
    let invalid = lint(
      minimalManifest
        + "app_files:\n  other_schemes: [\"not a scheme\"]\n  other_activity_types: [\"a b\"]\n  others: []\n"
    )
    #expect(
      invalid.diagnostics.map { "\($0.location) \($0.ruleID)" } == [
        "8:19 invalid-link-scheme", "9:26 invalid-door-type", "10:3 unknown-key",
      ])
  }

  /// `icon_file`, an image of the asset catalog, is written as `UIApplicationShortcutItemIconFile`
  /// and checked like the other keys of a static item.
  @Test func anIconFileIsWrittenAndChecked() throws {
    let manifest = try Self.manifest(
      minimalManifest + "shortcuts:\n  home: { route: home, title: Home, icon_file: HomeIcon }\n")
    #expect(
      AppPropertyLists.shortcutItem(manifest.shortcuts[0]) == [
        "UIApplicationShortcutItemType": "home", "UIApplicationShortcutItemTitle": "Home",
        "UIApplicationShortcutItemIconFile": "HomeIcon",
      ])
    let findings = try Self.findings(
      "shortcuts:\n  home: { route: home, title: Home, icon_file: HomeIcon }\n",
      infoPlist: """
        <dict><key>UIApplicationShortcutItems</key><array><dict>
        <key>UIApplicationShortcutItemType</key><string>home</string>
        <key>UIApplicationShortcutItemTitle</key><string>Home</string>
        <key>UIApplicationShortcutItemIconFile</key><string>OldIcon</string>
        </dict></array></dict>
        """)
    #expect(
      findings == [
        "4:45 app-shortcut-differs `UIApplicationShortcutItemIconFile` of the quick action `home` differs: Info.plist has `OldIcon`, the manifest's is `HomeIcon`; write the manifest's value (`routec plist` writes the item)"
      ])
  }

  /// A title that is a key of InfoPlist.strings is compared through the file (`.strings` in
  /// UTF-8 or UTF-16, or a string catalog); without the file, a key-like title is a warning.
  @Test func localizedTitlesAreComparedThroughTheStringsFile() throws {
    let yaml = "shortcuts:\n  search: { route: home, title: Search courses }\n"
    let plist = """
      <dict><key>UIApplicationShortcutItems</key><array><dict>
      <key>UIApplicationShortcutItemType</key><string>search</string>
      <key>UIApplicationShortcutItemTitle</key><string>SHORTCUT_SEARCH</string>
      </dict></array></dict>
      """
    let manifest = try Self.manifest(minimalManifest + yaml)
    let root = try PropertyListDocument.read(Array(plist.utf8))
    func messages(_ strings: LocalizedStrings?) -> [String] {
      AppCheck.findings(manifest, infoPlist: root, entitlements: nil, strings: strings).map {
        "\($0.location.line):\($0.location.column) \($0.ruleID) \($0.message)"
      }
    }
    #expect(
      messages(nil) == [
        "3:42 app-localized-title `SHORTCUT_SEARCH` in `UIApplicationShortcutItemTitle` of the quick action `search` looks like a key of InfoPlist.strings, so whether it shows `Search courses` is not checked; give the strings file with `--strings FILE` to have it checked"
      ])
    var right = LocalizedStrings()
    try right.add(
      Array(
        "/* Quick actions */\n\"SHORTCUT_SEARCH\" = \"Search courses\";\n// the end\n".utf8),
      isCatalog: false)
    #expect(messages(right) == [])
    var utf16 = LocalizedStrings()
    var bytes: [UInt8] = [0xFF, 0xFE]
    for unit in "\"SHORTCUT_SEARCH\" = \"Find \\\"it\\\"\";".utf16 {
      bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)]
    }
    try utf16.add(bytes, isCatalog: false)
    #expect(utf16.values == ["SHORTCUT_SEARCH": "Find \"it\""])
    #expect(
      messages(utf16) == [
        "3:42 app-shortcut-differs `UIApplicationShortcutItemTitle` of the quick action `search` differs: Info.plist has the key `SHORTCUT_SEARCH`, which the strings file gives as `Find \"it\"`, the manifest's is `Search courses`; write the manifest's text in the strings file"
      ])
    // A character outside the Basic Multilingual Plane, written as a surrogate pair.
    var pair = LocalizedStrings()
    try pair.add(Array(#""K" = "Hi \UD83D\UDE00";"#.utf8), isCatalog: false)
    #expect(pair.values == ["K": "Hi 😀"])
    var catalog = LocalizedStrings()
    try catalog.add(
      Array(
        #"{"sourceLanguage":"en","strings":{"SHORTCUT_SEARCH":{"localizations":{"en":{"stringUnit":{"state":"translated","value":"Search courses"}},"fr":{"stringUnit":{"value":"Chercher"}}}}},"version":"1.0"}"#
          .utf8), isCatalog: true)
    #expect(messages(catalog) == [])
    var broken = LocalizedStrings()
    #expect(
      throws: LocalizedStrings.Problem(
        location: SourceLocation(line: 2, column: 10), reason: "expected `;`")
    ) { try broken.add(Array("\"A\" = \"a\";\n\"B\" = \"b\"\n".utf8), isCatalog: false) }
  }

  /// 100,000 activity types and 20,000 unrouted quick actions: every finding, once. The check
  /// is linear (sets, not a scan of every declared value for each expected one; did-you-mean
  /// within its budget); before, 100,000 activity types took 42 s in a release build. Time is
  /// measured in Benchmarks/Scripts/hostile_app_files.py, not here: the limit is a hang guard,
  /// far above the check's time even in a full parallel run.
  @Test(.timeLimit(.minutes(10))) func theCheckIsLinear() throws {
    let count = 100_000
    var yaml = "activities:\n"
    for index in 0..<count { yaml += "  com.example.a\(index): home\n" }
    let manifest = try Self.manifest(minimalManifest + yaml)
    let types = (0..<count).map { Self.node(.string("com.example.a\($0)")) }
    let items = (0..<20_000).map { index in
      Self.dictionary([("UIApplicationShortcutItemType", Self.node(.string("com.x.q\(index)")))])
    }
    let plist = Self.dictionary([
      ("NSUserActivityTypes", Self.node(.array(types))),
      ("UIApplicationShortcutItems", Self.node(.array(items))),
    ])
    let findings = AppCheck.findings(
      manifest, infoPlist: plist, entitlements: nil, suggestions: Suggestions(budgetForBytes: 0))
    #expect(findings.count == 20_000)
    #expect(findings.allSatisfy { $0.rule(as: AppCheckRule.self) == .unroutedShortcut })
  }

  @Test func customSchemeURLsPutTheHostlessPathAfterTheScheme() {
    #expect(
      SimulatorKit.customScheme("https://shop.example/books/7?chapter=3", "shopapp")
        == "shopapp://books/7?chapter=3")
    #expect(SimulatorKit.customScheme("https://shop.example/", "shopapp") == "shopapp://")
    #expect(SimulatorKit.customScheme("https://shop.example", "shopapp") == "shopapp://")
    #expect(SimulatorKit.customScheme("shopapp://books/7", "other") == "shopapp://books/7")
    #expect(SimulatorKit.shellQuoted("it's") == "'it'\\''s'")
  }
}
