import RouteCompiler

/// The Info.plist entries and the entitlements a manifest implies: what the app must declare for
/// its links, quick actions and activity types to reach it at all. `routec plist` and `routec
/// entitlements` print them; `routec check-app` compares the app's own files with the same
/// values.
package enum AppPropertyLists {
  /// The Info.plist key of the app's URL types, and of each type's schemes.
  package static let urlTypesKey = "CFBundleURLTypes"
  package static let urlSchemesKey = "CFBundleURLSchemes"
  /// The Info.plist key of the static Home Screen quick actions.
  package static let shortcutItemsKey = "UIApplicationShortcutItems"
  /// The Info.plist key of the user activity types the app continues.
  package static let activityTypesKey = "NSUserActivityTypes"
  /// The entitlement of the app's associated domains.
  package static let associatedDomainsKey = "com.apple.developer.associated-domains"

  /// A static quick action's keys in `UIApplicationShortcutItems`.
  package enum ShortcutKey {
    package static let type = "UIApplicationShortcutItemType"
    package static let title = "UIApplicationShortcutItemTitle"
    package static let subtitle = "UIApplicationShortcutItemSubtitle"
    package static let iconType = "UIApplicationShortcutItemIconType"
    package static let iconSymbolName = "UIApplicationShortcutItemIconSymbolName"
    package static let iconFile = "UIApplicationShortcutItemIconFile"
  }

  /// `UIApplicationShortcutIconTypeSearch` for the manifest's `icon: search`.
  package static func iconType(_ icon: String) -> String {
    "UIApplicationShortcutIconType" + icon.prefix(1).uppercased() + icon.dropFirst()
  }

  /// `applinks:HOST`, the associated domain of a link host.
  package static func appLinksDomain(_ host: String) -> String { "applinks:\(host)" }

  /// A static quick action as Info.plist declares it, each key only when the manifest gives it.
  package static func shortcutItem(_ shortcut: ResolvedManifest.Shortcut) -> [String: String] {
    var item = [ShortcutKey.type: shortcut.type]
    item[ShortcutKey.title] = shortcut.title
    item[ShortcutKey.subtitle] = shortcut.subtitle
    item[ShortcutKey.iconType] = shortcut.icon.map(iconType)
    item[ShortcutKey.iconSymbolName] = shortcut.symbol
    item[ShortcutKey.iconFile] = shortcut.iconFile
    return item
  }

  /// The Info.plist entries: one URL type with every `links.schemes`, the static quick actions
  /// and the activity types, in manifest order; a key with nothing to list is left out.
  package static func infoPlist(_ manifest: ResolvedManifest) -> PropertyList {
    var entries: [String: PropertyList] = [:]
    if !manifest.linkSchemes.isEmpty {
      entries[urlTypesKey] = .array([
        .dictionary([urlSchemesKey: .array(manifest.linkSchemes.map(PropertyList.string))])
      ])
    }
    let shortcuts = manifest.shortcuts.filter { !$0.isDynamic }
    if !shortcuts.isEmpty {
      entries[shortcutItemsKey] = .array(
        shortcuts.map { .dictionary(shortcutItem($0).mapValues(PropertyList.string)) })
    }
    if !manifest.activities.isEmpty {
      entries[activityTypesKey] = .array(manifest.activities.map { .string($0.type) })
    }
    return .dictionary(entries)
  }

  /// The entitlements: `applinks:HOST` for each of `links.hosts`; empty without hosts.
  package static func entitlements(_ manifest: ResolvedManifest) -> PropertyList {
    guard !manifest.linkHosts.isEmpty else { return .dictionary([:]) }
    return .dictionary([
      associatedDomainsKey: .array(manifest.linkHosts.map { .string(appLinksDomain($0)) })
    ])
  }
}
