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

/// A user activity to advertise for Handoff and Siri suggestions, or to hand back for state
/// restoration (`NSUserActivity`), as the generated `userActivity(for:variant:)` builds it from a
/// destination: the first of the manifest's `activities` whose route opens it, with the
/// `userInfo` that route reads, and the destination's universal link as `webpageURL` when its
/// route has one (Handoff to a browser then opens the same page). Resolving it
/// (`resolve(activity:userInfo:variant:)`) gives the destination back.
public struct UserActivity: Sendable, Hashable {
  /// A key of the manifest's `activities`.
  public var activityType: String
  public var userInfo: Payload
  public var webpageURL: URL?

  public init(activityType: String, userInfo: Payload, webpageURL: URL? = nil) {
    self.activityType = activityType
    self.userInfo = userInfo
    self.webpageURL = webpageURL
  }
}
