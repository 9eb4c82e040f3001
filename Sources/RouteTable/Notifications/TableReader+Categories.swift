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
