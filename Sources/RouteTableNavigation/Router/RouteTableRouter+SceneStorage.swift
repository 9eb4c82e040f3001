import Foundation

extension RouteTableRouter {
  /// A scene's restored state, as `UserActivity.sceneStorageData` wrote it into the scene's
  /// storage when it was last shown: taken like `didRestore(activityType:userInfo:)`, at the
  /// lowest precedence of every door (anything else that arrives replaces it). Returns whether
  /// it was taken: false for nil, for bytes that are not such a record, and for an activity
  /// type the manifest no longer declares.
  @discardableResult
  public func didRestore(sceneStorage data: Data?) -> Bool {
    guard let data, let activity = UserActivity(sceneStorageData: data) else { return false }
    return didRestore(activityType: activity.activityType, userInfo: activity.userInfo.userInfo)
  }
}
