import RouteCompiler

/// What `routec check-app` reports, each with a stable id: the app's Info.plist and
/// entitlements against what the manifest routes.
package enum AppCheckRule: String, CaseIterable, Sendable, Hashable, DiagnosticRule {
  case urlSchemeMissing = "app-url-scheme-missing"
  case linkHostMissing = "app-link-host-missing"
  case shortcutMissing = "app-shortcut-missing"
  case shortcutDiffers = "app-shortcut-differs"
  case activityTypeMissing = "app-activity-type-missing"
  case malformedEntry = "app-malformed-entry"
  case unroutedScheme = "app-unrouted-scheme"
  case unroutedShortcut = "app-unrouted-shortcut"
  case buildSetting = "app-build-setting"
  case shortcutDynamic = "app-shortcut-dynamic"
  case repeatedKey = "app-duplicate-key"
  case malformedUnneededEntry = "app-malformed-unneeded-entry"
  case unroutedActivityType = "app-unrouted-activity-type"
  case localizedTitle = "app-localized-title"

  package var severity: Diagnostic.Severity {
    switch self {
    case .urlSchemeMissing, .linkHostMissing, .shortcutMissing, .shortcutDiffers,
      .activityTypeMissing, .malformedEntry, .shortcutDynamic:
      .error
    case .unroutedScheme, .unroutedShortcut, .buildSetting, .repeatedKey,
      .malformedUnneededEntry, .unroutedActivityType, .localizedTitle:
      .warning
    }
  }

  /// One sentence: what the finding means, for SARIF viewers and docs.
  package var summary: String {
    switch self {
    case .urlSchemeMissing:
      "A scheme of `links.schemes` is in no `CFBundleURLSchemes`: iOS never opens the app with it."
    case .linkHostMissing:
      "A host of `links.hosts` has no `applinks:` associated domain: its links open Safari."
    case .shortcutMissing:
      "A static quick action is not in `UIApplicationShortcutItems`: the Home Screen never shows it."
    case .shortcutDiffers:
      "A static quick action's title, subtitle or icon in `UIApplicationShortcutItems` differs from the manifest's."
    case .activityTypeMissing:
      "An activity type is not in `NSUserActivityTypes`: iOS does not hand it to the app."
    case .malformedEntry:
      "An entry the check reads has the wrong type (an array where a dictionary belongs, say)."
    case .unroutedScheme:
      "The app declares a URL scheme that the manifest does not route: its URLs open nothing."
    case .unroutedShortcut:
      "The app declares a quick action type that the manifest does not route: choosing it opens nothing."
    case .buildSetting:
      "A value holds a build setting (`$(...)`), which the check cannot expand: what it may stand for is not checked."
    case .shortcutDynamic:
      "A quick action the manifest marks dynamic is declared static in `UIApplicationShortcutItems`: it shows without its values."
    case .repeatedKey:
      "A dictionary holds a key twice: iOS reads the last entry and ignores the earlier."
    case .malformedUnneededEntry:
      "An entry has the wrong type under a key the manifest does not need (no scheme, quick action or activity type to check there)."
    case .unroutedActivityType:
      "The app declares an activity type that the manifest does not route: it opens nothing unless other code handles it."
    case .localizedTitle:
      "A quick action's title looks like a localization key, and no `--strings` file says what it shows."
    }
  }
}
