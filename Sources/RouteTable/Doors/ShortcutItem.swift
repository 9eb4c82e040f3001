import Foundation

/// A Home Screen quick action for the app to add at run time (`UIApplicationShortcutItem` in
/// `UIApplication.shortcutItems`), as the generated `shortcutItem(for:title:variant:)` builds it
/// from a destination: one of the manifest's dynamic `shortcuts`, with the `userInfo` its route
/// reads. Resolving it (`resolve(shortcut:userInfo:variant:)`) gives the destination back.
public struct ShortcutItem: Sendable, Hashable {
  /// The item's `type`: a key of the manifest's `shortcuts`.
  public var type: String
  /// The text the Home Screen shows.
  public var title: String
  /// The values the route reads, where it reads them.
  public var userInfo: Payload

  public init(type: String, title: String, userInfo: Payload) {
    self.type = type
    self.title = title
    self.userInfo = userInfo
  }
}
