/// A notification category the manifest declares: the `aps.category` value a server sends, and
/// the action buttons iOS shows for it. Apps register these (see `userNotificationCategories`
/// where UserNotifications exists), so the identifiers in the app and in the manifest cannot drift.
public struct NotificationCategory: Hashable, Sendable {
  public var identifier: String
  public var actions: [NotificationAction]
}

/// An action button of a notification category.
public struct NotificationAction: Hashable, Sendable {
  public var identifier: String
  public var title: String
  /// The route the button opens (its key), or nil for a button the app handles in the
  /// background without opening.
  public var route: String?
  public var isDestructive: Bool
  public var requiresAuthentication: Bool

  /// Whether tapping it brings the app to the foreground: exactly the buttons that open a route.
  public var opensApp: Bool { route != nil }
}

extension RouteTable {
  /// Every category in manifest order, with its actions in manifest order.
  public var notificationCategories: [NotificationCategory] {
    image.read { reader in
      let count = min(reader.header(.categoryCount), reader.wordCount)
      let list = reader.header(.categoriesAt)
      return (0..<max(0, count)).map { index in
        let record = reader.word(list + index)
        let actionCount = min(reader.word(record + 2), reader.wordCount)
        return NotificationCategory(
          identifier: reader.string(at: record),
          actions: (0..<max(0, actionCount)).map { action in
            reader.notificationAction(
              at: record + RouteTableLayout.categoryRecordHeader
                + action * RouteTableLayout.actionRecord)
          })
      }
    }
  }
}

/// What a tap of an action button is, before any variant is known: which actions open a route
/// does not depend on the variant, so the router can tell an app action from one to keep for the
/// root without waiting for it.
package enum ActionTapKind: Hashable, Sendable {
  /// The category or the action is not declared (`unknown_action` once resolved).
  case unknown
  /// An action without a route (`app_action`): the app handles it, nothing opens.
  case app(category: String)
  /// An action that opens a route, resolved once a variant is known.
  case routed
}

extension RouteTable {
  /// Classifies a tap of `action` on the notification `payload` by the same lookup
  /// `resolve(action:_:variant:)` makes, so the two never disagree.
  package func actionTapKind(_ action: String, _ payload: Payload) -> ActionTapKind {
    image.read { reader in
      let (category, found) = reader.actionTap(action, payload)
      guard let category, let found else { return .unknown }
      return found.route == nil ? .app(category: category) : .routed
    }
  }
}

extension Payload {
  /// The notification's category, `aps.category`, when it is a string: the category whose
  /// actions an action identifier is looked up in.
  var notificationCategory: String? {
    if case .string(let name)? = value(atKeyPath: ["aps", "category"]) { name } else { nil }
  }
}

extension TableReader {
  /// The payload's category and, when the manifest declares it with `action`, the action's route
  /// (nil for an app action) and record: the one lookup behind resolving and classifying a tap.
  func actionTap(_ action: String, _ payload: Payload) -> (
    category: String?, found: (route: Int?, at: Int)?
  ) {
    let category = payload.notificationCategory
    guard let category, let found = notificationAction(category: category, id: action) else {
      return (category, nil)
    }
    return (category, (found.route == RouteTableWords.none ? nil : found.route, found.at))
  }

  /// The route word of `id` in `category` (`none` for an app action), or nil when either is
  /// not declared. A hash probe for the category, then a scan of its few actions.
  func notificationAction(category: String, id: String) -> (route: Int, at: Int)? {
    guard
      let index = lookup(
        category, count: header(.categoryCount), at: header(.categoryLookupAt))
    else { return nil }
    let record = word(header(.categoriesAt) + index)
    let count = min(word(record + 2), wordCount)
    for action in 0..<max(0, count) {
      let at =
        record + RouteTableLayout.categoryRecordHeader + action * RouteTableLayout.actionRecord
      if compare(at: at, with: id) == 0 { return (word(at + 4), at) }
    }
    return nil
  }

  func notificationAction(at record: Int) -> NotificationAction {
    let route = word(record + 4)
    let flags = word(record + 5)
    let routeName: String? =
      route == RouteTableWords.none ? nil : string(at: word(header(.routesAt) + route))
    return NotificationAction(
      identifier: string(at: record), title: string(at: record + 2), route: routeName,
      isDestructive: flags & RouteTableLayout.ActionFlag.destructive.rawValue != 0,
      requiresAuthentication: flags & RouteTableLayout.ActionFlag.authenticationRequired.rawValue
        != 0)
  }
}
