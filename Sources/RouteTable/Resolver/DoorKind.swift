/// The doors besides pushes, action buttons and links that a manifest declares by name: Home
/// Screen quick actions, user activities and App Intents. Each is a lookup table from its types
/// (an intent's key) to routes; the door's parameters are read from a payload.
@usableFromInline
package enum DoorKind: Sendable {
  case shortcut
  case activity
  case intent

  var countField: RouteTableLayout.Header {
    switch self {
    case .shortcut: .shortcutCount
    case .activity: .activityCount
    case .intent: .intentCount
    }
  }

  var atField: RouteTableLayout.Header {
    switch self {
    case .shortcut: .shortcutsAt
    case .activity: .activitiesAt
    case .intent: .intentsAt
    }
  }

  /// The status of a type the manifest does not declare.
  var unknownStatus: ResolutionStatus {
    switch self {
    case .shortcut: .unknownShortcut
    case .activity: .unknownActivity
    case .intent: .unknownIntent
    }
  }
}
