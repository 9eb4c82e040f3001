/// A Home Screen quick action (`shortcuts`): a `UIApplicationShortcutItem` type and the route it
/// opens, with what a static item shows.
package struct ShortcutDeclaration: Sendable {
  /// The item's `type`, as the app and iOS hand it over.
  package var type: Located<String>
  /// A route's push type or alias.
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
  /// A route's push type or alias.
  package var route: Located<String>?
}
