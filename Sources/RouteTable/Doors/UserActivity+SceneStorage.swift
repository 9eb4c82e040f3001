import Foundation

extension UserActivity {
  /// The activity as a scene keeps it for state restoration (SwiftUI's `@SceneStorage`, which
  /// holds `Data`): its type and `userInfo` as JSON with sorted keys, so the same activity is
  /// the same bytes; `init(sceneStorageData:)` reads it back. Nil when the `userInfo` holds a
  /// value JSON cannot (the generated builders never make one).
  public var sceneStorageData: Data? {
    let object: [String: Any] = ["activityType": activityType, "userInfo": userInfo.userInfo]
    guard JSONSerialization.isValidJSONObject(object) else { return nil }
    return try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
  }

  /// The activity `sceneStorageData` wrote; nil for bytes that are not such a record (a scene's
  /// storage from another version of the app, say). The web page URL is not kept: a restored
  /// activity is resolved by its type and `userInfo`.
  public init?(sceneStorageData data: Data) {
    guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let activityType = object["activityType"] as? String
    else { return nil }
    self.init(
      activityType: activityType,
      userInfo: Payload(userInfo: object["userInfo"] as? [String: Any] ?? [:]))
  }
}
