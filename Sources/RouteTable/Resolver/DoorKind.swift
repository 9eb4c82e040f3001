/// The doors besides pushes, action buttons and links whose types a manifest declares: Home
/// Screen quick actions and user activities. Each is a lookup table from its types to routes.
@usableFromInline
package enum DoorKind: Sendable {
  case shortcut
  case activity

  var countField: RouteTableLayout.Header {
    self == .shortcut ? .shortcutCount : .activityCount
  }

  var atField: RouteTableLayout.Header {
    self == .shortcut ? .shortcutsAt : .activitiesAt
  }

  /// The status of a type the manifest does not declare.
  var unknownStatus: ResolutionStatus {
    self == .shortcut ? .unknownShortcut : .unknownActivity
  }
}
