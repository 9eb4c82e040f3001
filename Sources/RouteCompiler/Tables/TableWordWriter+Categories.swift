import RouteTable

/// The categories section: notification categories and their action buttons.
extension TableWordWriter {
  mutating func writeCategories(_ categories: [ResolvedManifest.Category]) {
    let list = reserve(categories.count)
    set(.categoryCount, categories.count)
    set(.categoriesAt, list)
    for (index, category) in categories.enumerated() {
      words[list + index] = words.count
      var header = Record<Layout.Category>()
      header.set(.name, string(category.name))
      header[.actionCount] = category.actions.count
      header[.route] = category.route ?? RouteTableWords.none
      append(header)
      for action in category.actions {
        var record = Record<Layout.Action>()
        record.set(.id, string(action.id))
        record.set(.title, string(action.title))
        record[.route] = action.route ?? RouteTableWords.none
        record[.flags] =
          (action.isDestructive ? Layout.ActionFlag.destructive.rawValue : 0)
          | (action.requiresAuthentication ? Layout.ActionFlag.authenticationRequired.rawValue : 0)
        append(record)
      }
    }
    writeLookup(
      .categoryCount, .categoryLookupAt,
      categories.enumerated().map { ($0.element.name, $0.offset) })
  }

  /// The `when_present` routes, in manifest order: the order they are tried in.
  mutating func writePresentRoutes(_ routes: [ResolvedManifest.Route]) {
    let present = routes.enumerated().filter { !$0.element.whenPresent.isEmpty }
    let records = present.map { index, route -> Record<Layout.PresentRoute> in
      var record = Record<Layout.PresentRoute>()
      record[.route] = index
      record[.keyPathCount] = route.whenPresent.count
      record[.keyPathsAt] = intern(route.whenPresent.map { keyPath($0) })
      return record
    }
    set(.presentCount, records.count)
    set(.presentAt, words.count)
    for record in records { append(record) }
    var byFirstKey: [String: [Int]] = [:]
    var keyOrder: [String] = []
    for (position, (_, route)) in present.enumerated() {
      let key = route.whenPresent[0][0]
      if byFirstKey[key] == nil { keyOrder.append(key) }
      byFirstKey[key, default: []].append(position)
    }
    let lists = keyOrder.map { key in
      (key, intern([byFirstKey[key, default: []].count] + byFirstKey[key, default: []]))
    }
    writeLookup(.presentLookupCount, .presentLookupAt, lists)
    var filter = 0
    for var key in keyOrder {
      filter |= key.withUTF8 { Layout.presentKeyBit($0) }
    }
    set(.presentKeyFilter, filter)
  }
}
