import Foundation

/// A user activity to advertise for Handoff and Siri suggestions, or to hand back for state
/// restoration (`NSUserActivity`), as the generated `userActivity(for:variant:)` builds it from a
/// destination: the first of the manifest's `activities` whose route opens it, with the
/// `userInfo` that route reads, and the destination's universal link as `webpageURL` when its
/// route has one (Handoff to a browser then opens the same page). Resolving it
/// (`resolve(activity:userInfo:webpageURL:title:variant:)`) gives the destination back.
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
