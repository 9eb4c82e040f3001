import RouteCompiler

/// `routec check-app`: the app's own Info.plist and entitlements against what the manifest
/// routes. Each disagreement is one finding, located at the element it concerns in an XML file
/// (the key's line and column, or the value's), or at 1:1 for a key that is absent (the message
/// names the key to add) and in a binary file.
///
/// A value holding a build setting (`$(PRODUCT_BUNDLE_IDENTIFIER).search`) cannot be expanded
/// here: it is a warning that names it, and what it might stand for is not reported missing.
package enum AppCheck {
  /// Which of the app's files a finding is in.
  package enum AppFile: Sendable, Hashable {
    case infoPlist, entitlements
  }

  package struct Finding: Sendable, Hashable {
    package var rule: AppCheckRule
    package var file: AppFile
    package var location: SourceLocation
    package var message: String
  }

  /// Every finding, Info.plist's first, each file's by position. With no `entitlements`, link
  /// hosts are not checked.
  package static func findings(
    _ manifest: ResolvedManifest, infoPlist: PropertyListNode, entitlements: PropertyListNode?
  ) -> [Finding] {
    var check = Checker(manifest: manifest)
    check.urlSchemes(infoPlist)
    check.shortcuts(infoPlist)
    check.activityTypes(infoPlist)
    if let entitlements { check.linkHosts(entitlements) }
    // Each file top to bottom, as lint orders a manifest's diagnostics.
    return check.findings.enumerated().sorted {
      ($0.element.file == .infoPlist ? 0 : 1, $0.element.location, $0.offset)
        < ($1.element.file == .infoPlist ? 0 : 1, $1.element.location, $1.offset)
    }.map(\.element)
  }

  /// Whether `text` holds a build setting, which only Xcode expands.
  package static func holdsBuildSetting(_ text: String) -> Bool {
    text.contains("$(") || text.contains("${")
  }
}

/// The checks, each appending its findings.
private struct Checker {
  let manifest: ResolvedManifest
  var findings: [AppCheck.Finding] = []

  typealias Keys = AppPropertyLists
  typealias ShortcutKey = AppPropertyLists.ShortcutKey

  mutating func report(
    _ rule: AppCheckRule, _ file: AppCheck.AppFile, _ location: SourceLocation?,
    _ message: String
  ) {
    findings.append(.init(rule: rule, file: file, location: location ?? .start, message: message))
  }

  // MARK: Reading

  /// The items of `entry`'s array, or nil (reported) when it is not an array.
  mutating func array(
    _ entry: PropertyListNode.Entry, in file: AppCheck.AppFile, of what: String
  ) -> [PropertyListNode]? {
    guard case .array(let items) = entry.value.value else {
      report(
        .malformedEntry, file, entry.value.location,
        "`\(entry.key)` must be an array of \(what), found \(entry.value.value.kindDescription)")
      return nil
    }
    return items
  }

  /// The strings of an array, each with its node; other items are reported.
  mutating func strings(
    _ entry: PropertyListNode.Entry, in file: AppCheck.AppFile
  ) -> [(text: String, node: PropertyListNode)]? {
    guard let items = array(entry, in: file, of: "strings") else { return nil }
    var result: [(text: String, node: PropertyListNode)] = []
    for item in items {
      guard case .string(let text) = item.value else {
        report(
          .malformedEntry, file, item.location,
          "an item of `\(entry.key)` must be a string, found \(item.value.kindDescription)")
        continue
      }
      result.append((text, item))
    }
    return result
  }

  /// Reports the values that hold a build setting and returns the others. The manifest's
  /// values among `expected` that no other value has (`has` compares) may be what a build
  /// setting expands to: the warning names them, and the caller reports them missing only when
  /// there is no build setting (the returned flag).
  mutating func withoutBuildSettings(
    _ values: [(text: String, node: PropertyListNode)], in file: AppCheck.AppFile,
    key: String, expected: [String], has: ([String], String) -> Bool
  ) -> (values: [(text: String, node: PropertyListNode)], hadBuildSetting: Bool) {
    let kept = values.filter { !AppCheck.holdsBuildSetting($0.text) }
    let texts = kept.map(\.text)
    let unchecked = expected.filter { !has(texts, $0) }
    for value in values where AppCheck.holdsBuildSetting(value.text) {
      let what =
        unchecked.isEmpty
        ? "it is not checked"
        : "whether it is \(Suggestions.list(unchecked)) is not checked"
      report(
        .buildSetting, file, value.node.location,
        "`\(value.text)` in `\(key)` holds a build setting, which check-app cannot expand, so \(what); write the value itself to have it checked"
      )
    }
    return (kept, kept.count < values.count)
  }

  // MARK: Checks

  /// Every scheme of `links.schemes` is in a `CFBundleURLSchemes`; every scheme there is routed.
  mutating func urlSchemes(_ plist: PropertyListNode) {
    let routed = manifest.linkSchemes
    guard let types = plist.entry(Keys.urlTypesKey) else {
      if !routed.isEmpty {
        report(
          .urlSchemeMissing, .infoPlist, nil,
          "Info.plist has no `\(Keys.urlTypesKey)`, so iOS opens no \(Suggestions.all(routed.map { "`\($0)://`" })) URL in the app; add the key with \(Suggestions.all(routed.map { "`\($0)`" })) in `\(Keys.urlSchemesKey)` (`routec plist` writes it)"
        )
      }
      return
    }
    var declared: [(text: String, node: PropertyListNode)] = []
    for type in array(types, in: .infoPlist, of: "URL types") ?? [] {
      guard case .dictionary = type.value else {
        report(
          .malformedEntry, .infoPlist, type.location,
          "an item of `\(Keys.urlTypesKey)` must be a dictionary, found \(type.value.kindDescription)"
        )
        continue
      }
      guard let schemes = type.entry(Keys.urlSchemesKey) else { continue }
      declared += strings(schemes, in: .infoPlist) ?? []
    }
    let (values, hadBuildSetting) = withoutBuildSettings(
      declared, in: .infoPlist, key: Keys.urlSchemesKey, expected: routed
    ) { texts, scheme in texts.contains { $0.lowercased() == scheme.lowercased() } }
    let lowercased = Set(values.map { $0.text.lowercased() })
    if !hadBuildSetting {
      for scheme in routed where !lowercased.contains(scheme.lowercased()) {
        report(
          .urlSchemeMissing, .infoPlist, types.keyLocation,
          "the manifest routes `\(scheme)://` URLs, but no `\(Keys.urlSchemesKey)` of `\(Keys.urlTypesKey)` lists `\(scheme)`, so iOS never opens them in the app; add it to a URL type's `\(Keys.urlSchemesKey)` (`routec plist` writes the entry)"
        )
      }
    }
    let routedSet = Set(routed.map { $0.lowercased() })
    for value in values where !routedSet.contains(value.text.lowercased()) {
      report(
        .unroutedScheme, .infoPlist, value.node.location,
        "the app declares the URL scheme `\(value.text)`, which the manifest does not route: its URLs resolve as `unknown_link` unless other code handles them; add it to `links.schemes`, or remove it"
      )
    }
  }

  /// Every static quick action is in `UIApplicationShortcutItems` as the manifest writes it;
  /// every item there is routed.
  mutating func shortcuts(_ plist: PropertyListNode) {
    let expected = manifest.shortcuts.filter { !$0.isDynamic }
    guard let itemsEntry = plist.entry(Keys.shortcutItemsKey) else {
      if !expected.isEmpty {
        report(
          .shortcutMissing, .infoPlist, nil,
          "Info.plist has no `\(Keys.shortcutItemsKey)`, so the Home Screen shows none of the static quick actions \(Suggestions.all(expected.map { "`\($0.type)`" })); add the key (`routec plist` writes it)"
        )
      }
      return
    }
    var found: Set<String> = []
    var hadBuildSetting = false
    for item in array(itemsEntry, in: .infoPlist, of: "dictionaries") ?? [] {
      guard case .dictionary = item.value else {
        report(
          .malformedEntry, .infoPlist, item.location,
          "an item of `\(Keys.shortcutItemsKey)` must be a dictionary, found \(item.value.kindDescription)"
        )
        continue
      }
      guard let typeEntry = item.entry(ShortcutKey.type),
        case .string(let type) = typeEntry.value.value
      else {
        report(
          .malformedEntry, .infoPlist, item.location,
          "an item of `\(Keys.shortcutItemsKey)` has no string `\(ShortcutKey.type)`; iOS ignores it"
        )
        continue
      }
      if AppCheck.holdsBuildSetting(type) {
        hadBuildSetting = true
        report(
          .buildSetting, .infoPlist, typeEntry.value.location,
          "`\(type)` in `\(ShortcutKey.type)` holds a build setting, which check-app cannot expand, so the manifest's quick actions are not checked against it; write the type itself (the manifest routes the type as iOS delivers it)"
        )
        continue
      }
      guard let shortcut = manifest.shortcuts.first(where: { $0.type == type }) else {
        report(
          .unroutedShortcut, .infoPlist, typeEntry.value.location,
          "the quick action `\(type)` is not in the manifest's `shortcuts`: choosing it opens nothing; add it to `shortcuts`, or remove it"
            + Suggestions().didYouMean(type, in: expected.map(\.type)))
        continue
      }
      found.insert(type)
      if !shortcut.isDynamic { compare(shortcut, with: item) }
    }
    guard !hadBuildSetting else { return }
    for shortcut in expected where !found.contains(shortcut.type) {
      report(
        .shortcutMissing, .infoPlist, itemsEntry.keyLocation,
        "the static quick action `\(shortcut.type)` is not in `\(Keys.shortcutItemsKey)`, so the Home Screen never shows it; add it (`routec plist` writes the item), or make it `dynamic: true` in the manifest"
      )
    }
  }

  /// Each key of a static item as the manifest writes it.
  mutating func compare(_ shortcut: ResolvedManifest.Shortcut, with item: PropertyListNode) {
    let expected = AppPropertyLists.shortcutItem(shortcut)
    for key in [
      ShortcutKey.title, ShortcutKey.subtitle, ShortcutKey.iconType, ShortcutKey.iconSymbolName,
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
      if let text, AppCheck.holdsBuildSetting(text) {
        report(
          .buildSetting, .infoPlist, have?.value.location,
          "`\(text)` in `\(key)` of the quick action `\(shortcut.type)` holds a build setting, which check-app cannot expand, so it is not checked against the manifest; write the value itself to have it checked"
        )
        continue
      }
      guard text != want else { continue }
      let manifestSays = want.map { "the manifest's is `\($0)`" } ?? "the manifest gives none"
      let appSays = text.map { "Info.plist has `\($0)`" } ?? "Info.plist has none"
      report(
        .shortcutDiffers, .infoPlist, have?.value.location ?? item.location,
        "`\(key)` of the quick action `\(shortcut.type)` differs: \(appSays), \(manifestSays); write the manifest's value (`routec plist` writes the item)"
      )
    }
  }

  /// Every activity type is in `NSUserActivityTypes`.
  mutating func activityTypes(_ plist: PropertyListNode) {
    let expected = manifest.activities.map(\.type)
    guard let typesEntry = plist.entry(Keys.activityTypesKey) else {
      if !expected.isEmpty {
        report(
          .activityTypeMissing, .infoPlist, nil,
          "Info.plist has no `\(Keys.activityTypesKey)`, so iOS hands the app none of the activity types \(Suggestions.all(expected.map { "`\($0)`" })); add the key (`routec plist` writes it)"
        )
      }
      return
    }
    let (values, hadBuildSetting) = withoutBuildSettings(
      strings(typesEntry, in: .infoPlist) ?? [], in: .infoPlist, key: Keys.activityTypesKey,
      expected: expected
    ) { texts, type in texts.contains(type) }
    guard !hadBuildSetting else { return }
    let declared = Set(values.map(\.text))
    for type in expected where !declared.contains(type) {
      report(
        .activityTypeMissing, .infoPlist, typesEntry.keyLocation,
        "the activity type `\(type)` is not in `\(Keys.activityTypesKey)`, so iOS does not continue it in the app; add it (`routec plist` writes the list)"
      )
    }
  }

  /// Every host of `links.hosts` has an `applinks:` associated domain (`applinks:*.DOMAIN`
  /// covers its subdomains; a `?mode=` suffix is allowed).
  mutating func linkHosts(_ entitlements: PropertyListNode) {
    let hosts = manifest.linkHosts
    guard !hosts.isEmpty else { return }
    let key = Keys.associatedDomainsKey
    guard let domainsEntry = entitlements.entry(key) else {
      report(
        .linkHostMissing, .entitlements, nil,
        "the entitlements have no `\(key)`, so links of \(Suggestions.all(hosts.map { "`\($0)`" })) open Safari, not the app; add the key with \(Suggestions.all(hosts.map { "`applinks:\($0)`" })) (`routec entitlements` writes it)"
      )
      return
    }
    let (values, hadBuildSetting) = withoutBuildSettings(
      strings(domainsEntry, in: .entitlements) ?? [], in: .entitlements, key: key,
      expected: hosts.map(AppPropertyLists.appLinksDomain)
    ) { texts, domain in
      Self.appLinksDomains(texts).contains {
        Self.covers($0, String(domain.dropFirst("applinks:".count)))
      }
    }
    guard !hadBuildSetting else { return }
    let domains = Self.appLinksDomains(values.map(\.text))
    for host in hosts where !domains.contains(where: { Self.covers($0, host.lowercased()) }) {
      report(
        .linkHostMissing, .entitlements, domainsEntry.keyLocation,
        "`\(key)` has no `applinks:\(host)`, so links of `\(host)` open Safari, not the app; add it (`routec entitlements` writes the list)"
      )
    }
  }

  /// The domains of the `applinks:` entries, lowercased, without a `?mode=` suffix.
  static func appLinksDomains(_ entries: [String]) -> [String] {
    entries.compactMap { entry -> String? in
      guard entry.hasPrefix("applinks:") else { return nil }
      let domain = entry.dropFirst("applinks:".count)
      return String(domain.prefix { $0 != "?" }).lowercased()
    }
  }

  /// `example.com` covers itself; `*.example.com` covers its subdomains, not itself.
  static func covers(_ domain: String, _ host: String) -> Bool {
    if domain.hasPrefix("*.") { return host.hasSuffix(String(domain.dropFirst(1))) }
    return domain == host
  }
}
