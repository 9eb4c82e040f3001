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
  /// JSON `null` does not count), or nil. Only the routes whose first key path starts with one of
  /// the payload's top-level keys are checked: a payload has few keys, so this costs a lookup
  /// per key however many routes have `when_present`, and none for a key the table's
  /// `presentKeyFilter` rules out. The keys are read as the payload's key index holds them, so a
  /// key that starts no route costs no `String` copied and no value retained.
  func presentRoute(_ payload: Payload) -> Int? {
    let lookupCount = header(.presentLookupCount)
    guard lookupCount > 0 else { return nil }
    var best = Int.max
    if let keyIndex = payload.keyIndex {
      let filter = header(.presentKeyFilter)
      for member in 0..<keyIndex.count {
        let key = keyIndex.key(member)
        guard filter & RouteTableLayout.presentKeyBit(key) != 0,
          let list = lookup(bytes: key, count: lookupCount, at: header(.presentLookupAt))
        else { continue }
        let value = payload.object.values[keyIndex.position(ofMember: member)]
        best = earliestPresent(in: list, before: best, firstValue: value, payload)
      }
    } else {
      for (key, value) in payload.object {
        guard let list = lookup(key, count: lookupCount, at: header(.presentLookupAt)) else {
          continue
        }
        best = earliestPresent(in: list, before: best, firstValue: value, payload)
      }
    }
    guard best != Int.max else { return nil }
    return word(
      record(best, of: RouteTableLayout.PresentRoute.self, at: header(.presentAt)),
      RouteTableLayout.PresentRoute.route)
  }

  /// The position of the first route of the lookup list at `list` (ascending positions of
  /// `PresentRoute` records whose first key path starts with one key) before `best` whose key
  /// paths `payload` all holds, or `best`. `firstValue` is the payload's value at that key.
  private func earliestPresent(
    in list: Int, before best: Int, firstValue value: PayloadValue, _ payload: Payload
  ) -> Int {
    typealias Present = RouteTableLayout.PresentRoute
    // A key holding `null` is absent: no key path through it holds.
    if case .null = value { return best }
    let start = header(.presentAt)
    let routeCount = max(0, min(header(.presentCount), wordCount))
    for index in 0..<max(0, min(word(list), wordCount)) {
      let position = word(list &+ 1 &+ index)
      // Ascending: the rest of this list comes after the best found so far.
      guard position < best else { break }
      guard position < routeCount else { continue }
      let record = record(position, of: Present.self, at: start)
      let paths = word(record, Present.keyPathsAt)
      var holdsAll = true
      for path in 0..<count(record, Present.keyPathCount) {
        let segments = keyPathSegments(at: word(paths &+ path))
        // The first path starts with the key, whose value is at hand.
        let holds =
          path == 0
          ? Payload.holdsParameter(in: value, at: segments, from: 1)
          : payload.parameterValue(atPath: segments) != nil
        if !holds {
          holdsAll = false
          break
        }
      }
      if holdsAll { return position }
    }
    return best
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
      ? nil : string(routeRecord(route), RouteTableLayout.Route.key)
    return NotificationAction(
      identifier: string(record, Action.id), title: string(record, Action.title),
      route: routeName,
      isDestructive: flags & RouteTableLayout.ActionFlag.destructive.rawValue != 0,
      requiresAuthentication: flags & RouteTableLayout.ActionFlag.authenticationRequired.rawValue
        != 0)
  }
}
