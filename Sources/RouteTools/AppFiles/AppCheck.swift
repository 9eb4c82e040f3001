import RouteCompiler

/// `routec check-app`: the app's own Info.plist and entitlements against what the manifest
/// routes. Each disagreement is one finding, located at the element it concerns in an XML file
/// (the key's line and column, or the value's), or at 1:1 for a key that is absent (the message
/// names the key to add) and in a binary file.
///
/// The files are read as iOS reads them: of two entries with the same key the last counts (the
/// first is a warning), and a device-specific key (`CFBundleURLTypes~ipad`) is checked like
/// the plain one, since it replaces it on that device. A value holding a build setting
/// (`$(PRODUCT_BUNDLE_IDENTIFIER).search`) stands only for what its literal parts allow: what
/// it may be is a warning that names it, and every other value is still checked.
///
/// The work is linear in the files and the manifest: values are compared through sets, and
/// did-you-mean suggestions and build-setting matching each have a budget.
package enum AppCheck {
  /// Which of the app's files a finding is in: its location's `file`.
  package enum AppFile: Int, Sendable, Hashable {
    case infoPlist = 0, entitlements

    /// The file of a finding of `findings(_:infoPlist:entitlements:strings:suggestions:)`.
    package init?(_ finding: Diagnostic) {
      self.init(rawValue: finding.location.file)
    }
  }

  /// The device suffixes a key may carry: `KEY~ipad` replaces `KEY` on an iPad, `KEY~iphone`
  /// on an iPhone.
  package static let deviceSuffixes = ["~ipad", "~iphone"]

  /// The modes an `applinks:` domain may name after `?mode=`; none of them covers a host on
  /// customers' devices (developer mode only on devices set up for development, managed only
  /// on devices whose management approves the domain).
  package static let appLinksModes = ["developer", "managed", "developer+managed"]

  /// Every finding, Info.plist's first, each file's by position; a finding's location's `file`
  /// is its `AppFile`, and its rule an `AppCheckRule`. With no `entitlements`, link
  /// hosts are not checked. `suggestions` bounds the did-you-mean work (one budget for the run).
  /// The files' values are as the build writes them: the build settings that were given
  /// already expanded (`PropertyListNode.expandingBuildSettings`).
  package static func findings(
    _ manifest: ResolvedManifest, infoPlist: PropertyListNode, entitlements: PropertyListNode?,
    strings: LocalizedStrings? = nil, suggestions: Suggestions = Suggestions()
  ) -> [Diagnostic] {
    var check = Checker(manifest: manifest, suggestions: suggestions, strings: strings)
    check.reportRepeatedKeys(infoPlist, in: .infoPlist)
    check.urlSchemes(infoPlist)
    check.shortcuts(infoPlist)
    check.activityTypes(infoPlist)
    if let entitlements {
      check.reportRepeatedKeys(entitlements, in: .entitlements)
      check.linkHosts(entitlements)
    }
    // Each file top to bottom, as lint orders a manifest's diagnostics.
    return check.findings.enumerated().sorted {
      ($0.element.location, $0.offset) < ($1.element.location, $1.offset)
    }.map(\.element)
  }

  /// Whether `text` holds a build setting, which only Xcode expands.
  package static func holdsBuildSetting(_ text: String) -> Bool {
    BuildSettingPattern(text) != nil
  }
}

/// The checks, each appending its findings.
private struct Checker {
  let manifest: ResolvedManifest
  let suggestions: Suggestions
  /// The app's `InfoPlist.strings` (or catalog), when given: a title that is one of its keys
  /// is compared through it.
  let strings: LocalizedStrings?
  var findings: [Diagnostic] = []
  /// How many more comparisons of a build-setting value with a manifest value may be made.
  /// Once spent, a value not found otherwise is taken as one a build setting may stand for (and
  /// the warning says the check stopped), so a file of 100,000 settings stays linear.
  var matchBudget = 4_000_000

  typealias Keys = AppPropertyLists
  typealias ShortcutKey = AppPropertyLists.ShortcutKey
  typealias Value = (text: String, node: PropertyListNode)

  init(manifest: ResolvedManifest, suggestions: Suggestions, strings: LocalizedStrings?) {
    self.manifest = manifest
    self.suggestions = suggestions
    self.strings = strings
  }

  /// The device-specific key being checked (`CFBundleURLTypes~ipad`), if any: its findings say
  /// so, since in a binary file they are located like the plain key's.
  var deviceKey: String?

  mutating func report(
    _ rule: AppCheckRule, _ file: AppCheck.AppFile, _ location: SourceLocation?,
    _ message: String
  ) {
    var message = message
    if let deviceKey, let device = Self.device(of: deviceKey), !message.contains(deviceKey) {
      message += " (in `\(deviceKey)`, which \(device) reads)"
    }
    var location = location ?? .start
    location.file = file.rawValue
    findings.append(Diagnostic(rule.severity, category: rule, at: location, message))
  }

  // MARK: Reading

  /// The entries of `key` that iOS reads on some device: the plain key's last entry and each
  /// device-specific key's (`KEY~ipad`).
  func entries(_ key: String, in root: PropertyListNode) -> [PropertyListNode.Entry] {
    ([key] + AppCheck.deviceSuffixes.map { key + $0 }).compactMap { root.entry($0) }
  }

  /// The rule for an entry of the wrong type: an error where the manifest needs the key (it
  /// has values to check there), a warning otherwise.
  static func malformed(needed: Bool) -> AppCheckRule {
    needed ? .malformedEntry : .malformedUnneededEntry
  }

  /// The items of `entry`'s array, or nil (reported once) when it is not an array.
  mutating func array(
    _ entry: PropertyListNode.Entry, in file: AppCheck.AppFile, of what: String,
    needed: Bool = true
  ) -> [PropertyListNode]? {
    guard case .array(let items) = entry.value.value else {
      report(
        Self.malformed(needed: needed), file, entry.value.location,
        "`\(entry.key)` must be an array of \(what), found \(entry.value.value.kindDescription)")
      return nil
    }
    return items
  }

  /// The strings of an array, each with its node; other items are reported. Nil (reported once)
  /// when the entry is not an array: then nothing in it is compared.
  mutating func strings(
    _ entry: PropertyListNode.Entry, in file: AppCheck.AppFile, needed: Bool = true
  ) -> [Value]? {
    guard let items = array(entry, in: file, of: "strings", needed: needed) else { return nil }
    var result: [Value] = []
    for item in items {
      guard case .string(let text) = item.value else {
        report(
          Self.malformed(needed: needed), file, item.location,
          "an item of `\(entry.key)` must be a string, found \(item.value.kindDescription)")
        continue
      }
      result.append((text, item))
    }
    return result
  }

  /// Whether `pattern` may be `value`, within the budget (spent: it may).
  mutating func may(_ pattern: BuildSettingPattern, be value: String, ignoringCase: Bool)
    -> Bool
  {
    guard matchBudget > 0 else { return true }
    matchBudget -= 1
    return pattern.matches(value, ignoringCase: ignoringCase)
  }

  /// At most five names, then how many more: messages stay a line. `joinedBy` is the last
  /// word: `and` for a list, `or` for alternatives.
  static func few(_ names: [String], joinedBy word: String = "and") -> String {
    let quoted = names.prefix(5).map { "`\($0)`" }
    guard names.count > 5 else {
      guard quoted.count > 1 else { return quoted.first ?? "" }
      return quoted.dropLast().joined(separator: ", ") + " \(word) " + (quoted.last ?? "")
    }
    return quoted.joined(separator: ", ") + " \(word) \(names.count - 5) more"
  }

  /// Splits `values` into those written out and those holding build settings. Of `expected`,
  /// returns what no value written out has (`normalized` compares) and no build-setting value
  /// may stand for; each build-setting value that may stand for some is a warning naming them,
  /// and one that may stand for none is returned for the caller to judge.
  mutating func settle(
    _ values: [Value], in file: AppCheck.AppFile, key: String, expected: [String],
    ignoringCase: Bool
  ) -> (written: [Value], missing: [String], standsForNone: [(Value, BuildSettingPattern)]) {
    let normalized = { (text: String) in ignoringCase ? text.lowercased() : text }
    var written: [Value] = []
    var patterns: [(Value, BuildSettingPattern)] = []
    for value in values {
      if let pattern = BuildSettingPattern(value.text) {
        patterns.append((value, pattern))
      } else {
        written.append(value)
      }
    }
    let have = Set(written.map { normalized($0.text) })
    let unfound = expected.filter { !have.contains(normalized($0)) }
    var coveredByPatterns: Set<String> = []
    var standsForNone: [(Value, BuildSettingPattern)] = []
    for (value, pattern) in patterns {
      // What the value may be: any expected value, written out elsewhere or not, since two
      // values may hold settings and one may be written out too.
      let standsFor = expected.filter { may(pattern, be: $0, ignoringCase: ignoringCase) }
      guard !standsFor.isEmpty else {
        standsForNone.append((value, pattern))
        continue
      }
      let open = standsFor.filter { !have.contains(normalized($0)) }
      coveredByPatterns.formUnion(open)
      let what =
        open.isEmpty
        ? "it may be \(Self.few(standsFor, joinedBy: "or")), which the file also lists, so it is not checked"
        : "whether it is \(Self.few(open, joinedBy: "or")) is not checked"
      report(
        .buildSetting, file, value.node.location,
        "\(Self.quoted(value.text)) in `\(key)` holds \(pattern.settingsList), whose value check-app was not given, so \(what)\(matchBudget > 0 ? "" : " (the check stopped matching build settings: too many to compare)"); \(pattern.howToGive)"
      )
    }
    let missing = unfound.filter { !coveredByPatterns.contains($0) }
    return (written, missing, standsForNone)
  }

  // MARK: Duplicate keys

  /// A key written twice in one dictionary: iOS reads the last, and so does the check; the
  /// earlier entry is a warning at the second key, once per key however often it repeats.
  mutating func reportRepeatedKeys(_ root: PropertyListNode, in file: AppCheck.AppFile) {
    var pending = [root]
    while let node = pending.popLast() {
      switch node.value {
      case .array(let items): pending += items
      case .dictionary(let entries):
        pending += entries.map(\.value)
        for (first, second, count) in Self.repeatedKeys(entries) {
          let at = first.keyLocation.map { " (first at \($0.line):\($0.column))" } ?? ""
          let times = count > 2 ? " \(count - 1) more times" : " again"
          report(
            .repeatedKey, file, second.keyLocation,
            "\(Self.quoted(first.key)) is written\(times) in the same dictionary\(at); iOS reads the last one, as check-app does, and ignores the earlier; remove the ones you do not mean"
          )
        }
      default: break
      }
    }
  }

  /// Each key that `entries` holds more than once: its first and second entry and how many
  /// there are. A binary file's keys are sorted, so equal keys are neighbours and each text is
  /// compared with the next once (keys that share an object compare at once); an XML file's
  /// keys are hashed, each text being bytes of the file.
  static func repeatedKeys(_ entries: [PropertyListNode.Entry])
    -> [(PropertyListNode.Entry, PropertyListNode.Entry, Int)]
  {
    var result: [(PropertyListNode.Entry, PropertyListNode.Entry, Int)] = []
    guard entries.contains(where: { $0.keyLocation != nil }) else {
      var start = 0
      while start < entries.count {
        var end = start + 1
        while end < entries.count, entries[end].key == entries[start].key { end += 1 }
        if end - start > 1 { result.append((entries[start], entries[start + 1], end - start)) }
        start = end
      }
      return result
    }
    var seen: [String: (first: Int, count: Int)] = [:]
    for (position, entry) in entries.enumerated() {
      guard let known = seen[entry.key] else {
        seen[entry.key] = (position, 1)
        continue
      }
      seen[entry.key] = (known.first, known.count + 1)
      if known.count == 1 { result.append((entries[known.first], entry, 0)) }
    }
    return result.map { ($0.0, $0.1, seen[$0.0.key]?.count ?? 2) }
  }

  /// A text from the app's files as a message quotes it: control characters escaped, and cut
  /// to 80 characters, so a key or value of megabytes makes a line, not megabytes.
  static func quoted(_ text: String) -> String {
    let cut = text.unicodeScalars.count > 80 ? String(text.prefix(80)) + "…" : text
    return "`\(ControlCharacters.escaped(cut))`"
  }

  // MARK: Checks

  /// Every scheme of `links.schemes` is in a `CFBundleURLSchemes`; every scheme there is routed.
  mutating func urlSchemes(_ plist: PropertyListNode) {
    let routed = manifest.linkSchemes
    if plist.entry(Keys.urlTypesKey) == nil, !routed.isEmpty {
      report(
        .urlSchemeMissing, .infoPlist, nil,
        "Info.plist has no `\(Keys.urlTypesKey)`, so iOS opens no \(Suggestions.all(routed.map { "`\($0)://`" })) URL in the app; add the key with \(Suggestions.all(routed.map { "`\($0)`" })) in `\(Keys.urlSchemesKey)` (`routec plist` writes it)"
      )
    }
    defer { deviceKey = nil }
    for types in entries(Keys.urlTypesKey, in: plist) {
      deviceKey = Self.device(of: types.key) == nil ? nil : types.key
      let needed = !routed.isEmpty
      guard let items = array(types, in: .infoPlist, of: "URL types", needed: needed) else {
        continue
      }
      var declared: [Value] = []
      for type in items {
        guard case .dictionary = type.value else {
          report(
            Self.malformed(needed: needed), .infoPlist, type.location,
            "an item of `\(types.key)` must be a dictionary, found \(type.value.kindDescription)"
          )
          continue
        }
        guard let schemes = type.entry(Keys.urlSchemesKey) else { continue }
        declared += strings(schemes, in: .infoPlist, needed: needed) ?? []
      }
      let settled = settle(
        declared, in: .infoPlist, key: Keys.urlSchemesKey, expected: routed, ignoringCase: true)
      for scheme in settled.missing {
        report(
          .urlSchemeMissing, .infoPlist, types.keyLocation,
          "the manifest routes `\(scheme)://` URLs, but no `\(Keys.urlSchemesKey)` of `\(types.key)` lists `\(scheme)`, so iOS never opens them in the app\(Self.onDevice(types.key)); add it to a URL type's `\(Keys.urlSchemesKey)` (`routec plist` writes the entry)"
        )
      }
      // The manifest's schemes and those it lists as the app's others (`app_files`).
      let known = Set((routed + manifest.otherSchemes).map { $0.lowercased() })
      for value in settled.written where !known.contains(value.text.lowercased()) {
        report(
          .unroutedScheme, .infoPlist, value.node.location,
          "the app declares the URL scheme \(Self.quoted(value.text)), which the manifest does not route: its URLs resolve as `unknown_link` unless other code handles them; add it to `links.schemes`, list it in `app_files.other_schemes` when other code (a sign-in SDK, say) handles it, or remove it"
        )
      }
      for (value, pattern) in settled.standsForNone {
        report(
          .unroutedScheme, .infoPlist, value.node.location,
          "the app declares the URL scheme \(Self.quoted(value.text)), whose literal parts fit no scheme the manifest routes (whatever \(pattern.settingsList) holds): its URLs resolve as `unknown_link` unless other code handles them"
        )
      }
    }
  }

  /// ` on an iPad` for a `~ipad` key: where the finding holds.
  static func onDevice(_ key: String) -> String {
    device(of: key).map { " on \($0)" } ?? ""
  }

  /// The device a device-specific key (`KEY~ipad`) is read on; nil for a plain key.
  static func device(of key: String) -> String? {
    if key.hasSuffix("~ipad") { return "an iPad" }
    if key.hasSuffix("~iphone") { return "an iPhone" }
    return nil
  }

  /// Every static quick action is in `UIApplicationShortcutItems` as the manifest writes it;
  /// every item there is routed, and none the manifest marks dynamic.
  mutating func shortcuts(_ plist: PropertyListNode) {
    let expected = manifest.shortcuts.filter { !$0.isDynamic }
    if plist.entry(Keys.shortcutItemsKey) == nil, !expected.isEmpty {
      report(
        .shortcutMissing, .infoPlist, nil,
        "Info.plist has no `\(Keys.shortcutItemsKey)`, so the Home Screen shows none of the static quick actions \(Self.few(expected.map(\.type))); add the key (`routec plist` writes it)"
      )
    }
    var byType: [String: ResolvedManifest.Shortcut] = [:]
    for shortcut in manifest.shortcuts where byType[shortcut.type] == nil {
      byType[shortcut.type] = shortcut
    }
    let expectedTypes = expected.map(\.type)
    defer { deviceKey = nil }
    for itemsEntry in entries(Keys.shortcutItemsKey, in: plist) {
      deviceKey = Self.device(of: itemsEntry.key) == nil ? nil : itemsEntry.key
      let needed = !manifest.shortcuts.isEmpty
      guard let items = array(itemsEntry, in: .infoPlist, of: "dictionaries", needed: needed)
      else { continue }
      var types: [Value] = []
      for item in items {
        guard case .dictionary = item.value else {
          report(
            .malformedEntry, .infoPlist, item.location,
            "an item of `\(itemsEntry.key)` must be a dictionary, found \(item.value.kindDescription)"
          )
          continue
        }
        guard let typeEntry = item.entry(ShortcutKey.type),
          case .string(let type) = typeEntry.value.value
        else {
          report(
            .malformedEntry, .infoPlist, item.location,
            "an item of `\(itemsEntry.key)` has no string `\(ShortcutKey.type)`; iOS ignores it"
          )
          continue
        }
        types.append((type, typeEntry.value))
        guard !AppCheck.holdsBuildSetting(type) else { continue }
        guard let shortcut = byType[type] else {
          report(
            .unroutedShortcut, .infoPlist, typeEntry.value.location,
            "the quick action \(Self.quoted(type)) is not in the manifest's `shortcuts`: choosing it opens nothing; add it to `shortcuts`, or remove it"
              + suggestions.didYouMean(type, in: expectedTypes))
          continue
        }
        if shortcut.isDynamic {
          report(
            .shortcutDynamic, .infoPlist, typeEntry.value.location,
            "the quick action `\(type)` is dynamic in the manifest (the app adds it with its values at run time), but `\(itemsEntry.key)` declares it static, so the Home Screen shows it without those values; remove it from `\(itemsEntry.key)`, or make it static in the manifest"
          )
        } else {
          compare(shortcut, with: item)
        }
      }
      let settled = settle(
        types, in: .infoPlist, key: ShortcutKey.type, expected: expectedTypes,
        ignoringCase: false)
      for type in settled.missing {
        report(
          .shortcutMissing, .infoPlist, itemsEntry.keyLocation,
          "the static quick action `\(type)` is not in `\(itemsEntry.key)`, so the Home Screen never shows it\(Self.onDevice(itemsEntry.key)); add it (`routec plist` writes the item), or make it `dynamic: true` in the manifest"
        )
      }
      for (value, pattern) in settled.standsForNone {
        report(
          .unroutedShortcut, .infoPlist, value.node.location,
          "the quick action \(Self.quoted(value.text)) is not in the manifest's `shortcuts` (its literal parts fit none, whatever \(pattern.settingsList) holds): choosing it opens nothing"
        )
      }
    }
  }

  /// Each key of a static item as the manifest writes it.
  mutating func compare(_ shortcut: ResolvedManifest.Shortcut, with item: PropertyListNode) {
    let expected = AppPropertyLists.shortcutItem(shortcut)
    for key in [
      ShortcutKey.title, ShortcutKey.subtitle, ShortcutKey.iconType, ShortcutKey.iconSymbolName,
      ShortcutKey.iconFile,
    ] {
      let want = expected[key]
      let have = item.entry(key)
      var text: String?
      if let have {
        guard case .string(let value) = have.value.value else {
          report(
            .malformedEntry, .infoPlist, have.value.location,
            "`\(key)` of the quick action `\(shortcut.type)` must be a string, found \(have.value.value.kindDescription)"
          )
          continue
        }
        text = value
      }
      if let text, let pattern = BuildSettingPattern(text) {
        guard let want, pattern.matches(want) else {
          let manifestSays = want.map { "the manifest's `\($0)`" } ?? "the manifest's (none)"
          report(
            .shortcutDiffers, .infoPlist, have?.value.location,
            "`\(key)` of the quick action `\(shortcut.type)` differs: Info.plist has `\(text)`, which cannot be \(manifestSays) whatever \(pattern.settingsList) holds; write the manifest's value (`routec plist` writes the item)"
          )
          continue
        }
        report(
          .buildSetting, .infoPlist, have?.value.location,
          "`\(text)` in `\(key)` of the quick action `\(shortcut.type)` holds \(pattern.settingsList), whose value check-app was not given, so whether it is `\(want)` is not checked; \(pattern.howToGive)"
        )
        continue
      }
      guard text != want else { continue }
      let isText = key == ShortcutKey.title || key == ShortcutKey.subtitle
      // A key of a string catalog whose text varies (by plural, by device) has no one text.
      if isText, let text, let want, strings?.varying.contains(text) == true {
        report(
          .localizedTitle, .infoPlist, have?.value.location ?? item.location,
          "`\(text)` in `\(key)` of the quick action `\(shortcut.type)` is a key whose text the string catalog varies (by plural or device), so whether it shows `\(want)` is not checked; give the key one text (a `stringUnit`) to have it checked"
        )
        continue
      }
      // A localized title: Info.plist holds a key of InfoPlist.strings, whose value shows.
      if isText, let text, let localized = strings?.values[text] {
        guard localized != want else { continue }
        report(
          .shortcutDiffers, .infoPlist, have?.value.location ?? item.location,
          "`\(key)` of the quick action `\(shortcut.type)` differs: Info.plist has the key `\(text)`, which the strings file gives as `\(localized)`, \(want.map { "the manifest's is `\($0)`" } ?? "the manifest gives none"); write the manifest's text in the strings file"
        )
        continue
      }
      if isText, strings == nil, let text, want != nil, Self.looksLikeLocalizationKey(text) {
        report(
          .localizedTitle, .infoPlist, have?.value.location ?? item.location,
          "`\(text)` in `\(key)` of the quick action `\(shortcut.type)` looks like a key of InfoPlist.strings, so whether it shows `\(want ?? "")` is not checked; give the strings file with `--strings FILE` to have it checked"
        )
        continue
      }
      let manifestSays = want.map { "the manifest's is `\($0)`" } ?? "the manifest gives none"
      let appSays = text.map { "Info.plist has `\($0)`" } ?? "Info.plist has none"
      report(
        .shortcutDiffers, .infoPlist, have?.value.location ?? item.location,
        "`\(key)` of the quick action `\(shortcut.type)` differs: \(appSays), \(manifestSays); write the manifest's value (`routec plist` writes the item)"
      )
    }
  }

  /// A text that is likely a localization key rather than what the Home Screen shows: one
  /// word with `_` or `.` in it (`SHORTCUT_SEARCH`, `shortcut.search.title`).
  static func looksLikeLocalizationKey(_ text: String) -> Bool {
    !text.isEmpty && !text.contains(where: \.isWhitespace)
      && (text.contains("_") || text.contains("."))
  }

  /// Every activity type is in `NSUserActivityTypes`.
  mutating func activityTypes(_ plist: PropertyListNode) {
    let expected = manifest.activities.map(\.type)
    if plist.entry(Keys.activityTypesKey) == nil, !expected.isEmpty {
      report(
        .activityTypeMissing, .infoPlist, nil,
        "Info.plist has no `\(Keys.activityTypesKey)`, so iOS hands the app none of the activity types \(Self.few(expected)); add the key (`routec plist` writes it)"
      )
    }
    let known = Set(expected + manifest.otherActivityTypes)
    defer { deviceKey = nil }
    for typesEntry in entries(Keys.activityTypesKey, in: plist) {
      deviceKey = Self.device(of: typesEntry.key) == nil ? nil : typesEntry.key
      guard let values = strings(typesEntry, in: .infoPlist, needed: !expected.isEmpty) else {
        continue
      }
      let settled = settle(
        values, in: .infoPlist, key: typesEntry.key, expected: expected, ignoringCase: false)
      for value in settled.written where !known.contains(value.text) {
        // A type the manifest routes and the file lacks, one typo away: what it probably meant.
        if let meant = suggestions.nearest(to: value.text, in: settled.missing) {
          report(
            .unroutedActivityType, .infoPlist, value.node.location,
            "the app declares the activity type \(Self.quoted(value.text)), which the manifest does not route; did you mean `\(meant)`, which it routes and `\(typesEntry.key)` lacks? Write `\(meant)` in its place"
          )
          continue
        }
        report(
          .unroutedActivityType, .infoPlist, value.node.location,
          "the app declares the activity type \(Self.quoted(value.text)), which the manifest does not route: iOS hands it to the app, and it opens nothing unless other code handles it; add it to `activities`, list it in `app_files.other_activity_types` when other code handles it, or remove it"
        )
      }
      for type in settled.missing {
        report(
          .activityTypeMissing, .infoPlist, typesEntry.keyLocation,
          "the activity type `\(type)` is not in `\(typesEntry.key)`, so iOS does not continue it in the app\(Self.onDevice(typesEntry.key)); add it (`routec plist` writes the list)"
        )
      }
    }
  }

  /// Every host of `links.hosts` has an `applinks:` associated domain without a mode
  /// (`applinks:*.DOMAIN` covers its subdomains).
  mutating func linkHosts(_ entitlements: PropertyListNode) {
    let hosts = manifest.linkHosts
    guard !hosts.isEmpty else { return }
    let key = Keys.associatedDomainsKey
    guard let domainsEntry = entitlements.entry(key) else {
      report(
        .linkHostMissing, .entitlements, nil,
        "the entitlements have no `\(key)`, so links of \(Self.few(hosts)) open Safari, not the app; add the key with \(Self.few(hosts.map(AppPropertyLists.appLinksDomain))) (`routec entitlements` writes it)"
      )
      return
    }
    guard let values = strings(domainsEntry, in: .entitlements) else { return }
    var exact: Set<String> = []
    var wildcards: Set<String> = []
    var moded: [String: Value] = [:]
    var modedWildcards: [String: Value] = [:]
    var others: [Value] = []
    for value in values {
      guard !AppCheck.holdsBuildSetting(value.text), value.text.hasPrefix("applinks:") else {
        others.append(value)
        continue
      }
      let rest = value.text.dropFirst("applinks:".count)
      let domain = String(rest.prefix { $0 != "?" }).lowercased()
      let suffix = rest.dropFirst(domain.count)
      if !suffix.isEmpty {
        let mode = suffix.hasPrefix("?mode=") ? String(suffix.dropFirst("?mode=".count)) : nil
        guard let mode, AppCheck.appLinksModes.contains(mode) else {
          report(
            .malformedEntry, .entitlements, value.node.location,
            "\(Self.quoted(value.text)) ends in \(Self.quoted(String(suffix))), which is no mode of an associated domain; write `applinks:\(domain)`, or add `?mode=developer`, `?mode=managed` or `?mode=developer+managed`"
          )
          continue
        }
        if domain.hasPrefix("*.") {
          modedWildcards[String(domain.dropFirst())] =
            modedWildcards[String(domain.dropFirst())] ?? value
        } else {
          moded[domain] = moded[domain] ?? value
        }
        continue
      }
      if domain.hasPrefix("*.") {
        wildcards.insert(String(domain.dropFirst()))
      } else {
        exact.insert(domain)
      }
    }
    /// What covers `host`: the exact domain, or `*.` and one of its dot-suffixes.
    func covering<T>(_ host: String, _ exact: (String) -> T?, _ wildcard: (String) -> T?) -> T? {
      if let found = exact(host) { return found }
      var suffix = Substring(host)
      while let dot = suffix.dropFirst().firstIndex(of: ".") {
        suffix = suffix[dot...]
        if let found = wildcard(String(suffix)) { return found }
      }
      return nil
    }
    var unfound: [String] = []
    for host in hosts {
      let lowered = host.lowercased()
      let plain = covering(
        lowered, { exact.contains($0) ? true : nil }, { wildcards.contains($0) ? true : nil })
      guard plain == nil else { continue }
      if let modedEntry = covering(lowered, { moded[$0] }, { modedWildcards[$0] }) {
        report(
          .linkHostMissing, .entitlements, modedEntry.node.location,
          "`\(modedEntry.text)` associates `\(host)` only on devices in developer mode or under a management that approves it, so on customers' devices its links open Safari, not the app; add `applinks:\(host)` without a mode"
        )
        continue
      }
      unfound.append(AppPropertyLists.appLinksDomain(host))
    }
    let settled = settle(
      others, in: .entitlements, key: key, expected: unfound, ignoringCase: true)
    let routed = Set(hosts.map { $0.lowercased() })
    for domain in settled.missing {
      let host = String(domain.dropFirst("applinks:".count))
      // A typo is a plain entry that covers nothing: not a wildcard, a mode, a setting or a
      // host of the manifest. The service may be the misspelt part (`applink:HOST`), so an
      // entry of any service is a candidate.
      let near = values.filter {
        !$0.text.contains("*") && !$0.text.contains("?") && !AppCheck.holdsBuildSetting($0.text)
          && !($0.text.hasPrefix("applinks:")
            && routed.contains(String($0.text.dropFirst("applinks:".count)).lowercased()))
      }
      let typo = suggestions.nearest(
        to: domain, in: near.map { $0.text.lowercased() })
      let place = typo.flatMap { typo in near.first { $0.text.lowercased() == typo } }
      report(
        .linkHostMissing, .entitlements, place?.node.location ?? domainsEntry.keyLocation,
        "`\(key)` has no `applinks:\(host)`, so links of `\(host)` open Safari, not the app"
          + (place.map { "; did you mean `applinks:\(host)` for `\($0.text)`?" }
            ?? "; add it (`routec entitlements` writes the list)")
      )
    }
  }
}
