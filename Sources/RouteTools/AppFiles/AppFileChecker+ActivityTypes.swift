import RouteCompiler

/// `NSUserActivityTypes` against the manifest's activity types.
extension AppFileChecker {
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
}
