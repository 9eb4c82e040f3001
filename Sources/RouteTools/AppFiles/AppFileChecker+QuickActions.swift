import RouteCompiler

/// `UIApplicationShortcutItems` against the manifest's static quick actions.
extension AppFileChecker {
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
}
