/// A Home Screen quick action (`shortcuts`): a `UIApplicationShortcutItem` type and the route it
/// opens, with what a static item shows.
package struct ShortcutDeclaration: Sendable {
  /// The item's `type`, as the app and iOS hand it over.
  package var type: Located<String>
  /// A route key or alias.
  package var route: Located<String>?
  /// `dynamic: true`: the app adds the item at run time; otherwise it is written to Info.plist.
  package var isDynamic = false
  package var title: Located<String>?
  package var subtitle: Located<String>?
  /// A `UIApplicationShortcutIcon.IconType` case name (`search`).
  package var icon: Located<String>?
  /// An SF Symbol name, not checked.
  package var symbol: Located<String>?
  /// `icon_file`: an image of the app's asset catalog (`UIApplicationShortcutItemIconFile`).
  package var iconFile: Located<String>?
}

/// An `NSUserActivity` type (`activities`): Handoff, Siri suggestions, state restoration.
package struct ActivityDeclaration: Sendable {
  package var type: Located<String>
  /// A route key or alias.
  package var route: Located<String>?
}

/// An App Intent (`intents`): an action of Siri, the Shortcuts app, Spotlight and the Action button
/// that opens a route, with the parameters it asks the user for.
package struct IntentDeclaration: Sendable {
  /// The key, `[a-z][a-z0-9_]*`: the Swift type is its UpperCamelCase plus `Intent`.
  package var key: Located<String>
  /// A route key or alias.
  package var route: Located<String>?
  package var title: Located<String>?
  package var description: Located<String>?
  package var parameters: [IntentParameterDeclaration] = []
  /// `shortcut`: set when the intent is an App Shortcut.
  package var appShortcut: AppShortcutDeclaration?
}

/// A value an intent asks for, by the payload key its route reads it from.
package struct IntentParameterDeclaration: Sendable {
  package var key: Located<String>
  package var title: Located<String>?
  package var description: Located<String>?
}

/// `shortcut` of an intent: what makes it an App Shortcut.
package struct AppShortcutDeclaration: Sendable {
  /// Where `shortcut` is written.
  package var location: SourceLocation
  /// Kept as scalars, so a problem inside a phrase is located at its character.
  package var phrases: [YAMLScalar] = []
  package var shortTitle: Located<String>?
  package var symbol: Located<String>?
}
