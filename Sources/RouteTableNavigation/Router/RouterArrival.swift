import RouteTable

/// Something that opens a screen, as a door of `RouteTableRouter` received it: what the router
/// keeps until the root is ready, holds for requirements, and reports to `onDiscard`.
public enum RouterArrival: Hashable, Sendable {
  /// A notification's payload: a launch, a tap, or a notification in the foreground.
  case push(Payload)
  /// A tap of the action button with this identifier on a notification.
  case actionTap(String, Payload)
  /// A universal link or custom-scheme URL, as the app was given it.
  case link(String)
  /// A Home Screen quick action: its type and `userInfo`.
  case shortcut(String, Payload)
  /// A user activity continued (Handoff, Siri suggestions): its type and `userInfo`.
  case activity(String, Payload)
  /// The user activity a scene restores (its `stateRestorationActivity`): its type and
  /// `userInfo`. It has the lowest precedence: anything else that arrives before the root is
  /// ready replaces it.
  case restoredActivity(String, Payload)
  /// An App Intent run by Siri, the Shortcuts app, Spotlight or the Action button: its key and its
  /// parameters' values by payload key.
  case intent(String, Payload)
}

extension RouterArrival {
  /// The payload, `userInfo` or intent parameters the arrival carries; empty for a link.
  var payload: Payload {
    switch self {
    case .push(let payload), .actionTap(_, let payload), .shortcut(_, let payload),
      .activity(_, let payload), .restoredActivity(_, let payload), .intent(_, let payload):
      payload
    case .link: Payload([:])
    }
  }

  /// The notification's category (`aps.category`) of a push or an action tap.
  var category: String? {
    if case .string(let name)? = payload.value(atKeyPath: ["aps", "category"]) {
      name
    } else {
      nil
    }
  }
}
