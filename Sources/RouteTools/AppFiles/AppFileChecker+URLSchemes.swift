import RouteCompiler

/// `CFBundleURLTypes` against `links.schemes`.
extension AppFileChecker {
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
}
