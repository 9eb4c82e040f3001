import RouteTable

extension Payload {
  /// Whether this is a silent (background) notification that the user never saw and so cannot
  /// have tapped: `aps.content-available` is 1 (or true) and `aps` has no `alert`.
  ///
  /// iOS launches an app in the background for such a push and passes it under the same
  /// launch-options key (`UIApplication.LaunchOptionsKey.remoteNotification`) as a tap on an
  /// alert did before notification-center delegates existed, so
  /// `RouteTableRouter.didLaunch(withNotification:)` must not take it for a tap.
  var isSilentNotification: Bool {
    guard case .object(let aps)? = object["aps"], aps["alert"] == nil || aps["alert"] == .null
    else { return false }
    switch aps["content-available"] {
    case .integer(let flag)?: return flag == 1
    case .number(let flag)?: return flag == 1
    case .bool(let flag)?: return flag
    case .string(let flag)?: return flag == "1"
    default: return false
    }
  }
}
