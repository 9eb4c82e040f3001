extension TableReader {
  typealias Action = RouteTableLayout.Action

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
    for action in 0..<count(record, RouteTableLayout.Category.actionCount) {
      let at = actionRecord(action, ofCategory: record)
      if compare(at: at + Action.id.rawValue, with: id) == 0 { return (word(at, Action.route), at) }
    }
    return nil
  }

  /// The route a tap on a notification of `category` opens when the payload names none, or nil
  /// when the category is not declared or declares no `route`.
  func categoryRoute(_ category: String) -> Int? {
    guard
      let index = lookup(
        category, count: header(.categoryCount), at: header(.categoryLookupAt))
    else { return nil }
    let route = word(word(header(.categoriesAt) + index), RouteTableLayout.Category.route)
    return route == RouteTableWords.none ? nil : route
  }

  /// The first `when_present` route, in manifest order, whose key paths `payload` all holds (a
  /// JSON `null` does not count), or nil.
  func presentRoute(_ payload: Payload) -> Int? {
    typealias Present = RouteTableLayout.PresentRoute
    let start = header(.presentAt)
    for index in 0..<max(0, min(header(.presentCount), wordCount)) {
      let record = record(index, of: Present.self, at: start)
      let paths = word(record, Present.keyPathsAt)
      let holdsAll = (0..<count(record, Present.keyPathCount)).allSatisfy {
        payload.parameterValue(atPath: keyPathSegments(at: word(paths &+ $0))) != nil
      }
      if holdsAll { return word(record, Present.route) }
    }
    return nil
  }

  /// The `Action` record of action `action` of the `Category` record at `category`.
  func actionRecord(_ action: Int, ofCategory category: Int) -> Int {
    record(action, of: Action.self, at: category + RouteTableLayout.Category.actions.rawValue)
  }

  func notificationAction(at record: Int) -> NotificationAction {
    let route = word(record, Action.route)
    let flags = word(record, Action.flags)
    let routeName: String? =
      route == RouteTableWords.none
      ? nil : string(routeRecord(route), RouteTableLayout.Route.pushType)
    return NotificationAction(
      identifier: string(record, Action.id), title: string(record, Action.title),
      route: routeName,
      isDestructive: flags & RouteTableLayout.ActionFlag.destructive.rawValue != 0,
      requiresAuthentication: flags & RouteTableLayout.ActionFlag.authenticationRequired.rawValue
        != 0)
  }
}
