extension RouteTable {
  /// A quick action's or activity type's entry in manifest order: its type, the route it opens,
  /// its title, and whether the app adds it at run time (always, for an activity).
  package struct DoorEntry: Sendable {
    package var type: String
    package var route: Int
    package var title: String?
    package var isDynamic: Bool
  }

  /// The quick actions (`.shortcut`) or activity types (`.activity`) in manifest order; none for
  /// `.intent`, whose generated types build their own payloads.
  package func doorEntries(_ door: DoorKind) -> [DoorEntry] {
    let list: RouteTableLayout.Header
    switch door {
    case .shortcut: list = .shortcutListAt
    case .activity: list = .activityListAt
    case .intent: return []
    }
    return image.read { reader in
      typealias Entry = RouteTableLayout.DoorEntry
      let count = max(0, min(reader.header(door.countField), reader.wordCount))
      let at = reader.header(list)
      return (0..<count).map {
        let record = reader.record($0, of: Entry.self, at: at)
        let title = reader.bytes(record, Entry.title)
        return DoorEntry(
          type: reader.string(record, Entry.type), route: reader.word(record, Entry.route),
          title: title.baseAddress == nil ? nil : String(copying: title),
          isDynamic: reader.word(record, Entry.dynamic) == 1)
      }
    }
  }

  /// The manifest's activity types (`activities`), in manifest order.
  package var activityTypes: [String] { doorEntries(.activity).map(\.type) }

  /// `door(_:for:variant:)` for quick actions.
  ///
  /// The first quick action or activity type of kind `door` the app can open at run time (a dynamic
  /// quick action, or any activity type) whose route opens `destination` in `variant`, with the
  /// `userInfo` that does: each parameter the route reads from a key path is written there, and the
  /// result resolves back to exactly this destination (a constant or a default can stand in the
  /// way). Nil when none can.
  @_spi(Generated) public func shortcut(for destination: ScreenKey, variant: Int)
    -> (type: String, title: String?, userInfo: Payload)?
  {
    door(.shortcut, for: destination, variant: variant)
  }

  /// `door(_:for:variant:)` for activity types.
  @_spi(Generated) public func activity(for destination: ScreenKey, variant: Int)
    -> (type: String, title: String?, userInfo: Payload)?
  {
    door(.activity, for: destination, variant: variant)
  }

  package func door(
    _ door: DoorKind, for destination: ScreenKey, variant: Int
  ) -> (type: String, title: String?, userInfo: Payload)? {
    for entry in doorEntries(door) where entry.isDynamic {
      guard screen(ofRoute: entry.route, variant: variant) == destination.screen,
        let userInfo = userInfo(route: entry.route, values: destination.values, variant: variant)
      else { continue }
      let resolution = resolve(door, type: entry.type, userInfo, variant: variant)
      if resolution.status == .matched, let found = resolution.destination,
        found.index == destination.screen, found.values == destination.values
      {
        return (entry.type, entry.title, userInfo)
      }
    }
    return nil
  }

  /// The payload that gives each parameter of `route`'s screen in `variant` read from a key
  /// path its value among `values` (an absent one is left out); nil where the route does not
  /// exist.
  private func userInfo(route: Int, values: [ParamValue?], variant: Int) -> Payload? {
    image.read { reader -> Payload? in
      typealias Layout = RouteTableLayout
      guard (0..<reader.header(.routeCount)).contains(route),
        (0..<reader.header(.variantCount)).contains(variant)
      else { return nil }
      let effective = reader.effectiveRoute(record: reader.routeRecord(route), variant: variant)
      guard effective != RouteTableWords.none else { return nil }
      let screen = reader.screenRecord(ofEffective: effective)
      let sourcesAt = reader.word(effective, Layout.EffectiveRoute.sourcesAt)
      var object: [String: PayloadValue] = [:]
      for index in 0..<reader.count(screen, Layout.Screen.paramCount) {
        let source = reader.record(index, of: Layout.Source.self, at: sourcesAt)
        guard reader.word(source, Layout.Source.kind) == Layout.SourceKind.payload.rawValue,
          values.indices.contains(index), let value = values[index]
        else { continue }
        Self.insert(
          PayloadValue(value), at: reader.keyPath(at: reader.word(source, Layout.Source.keyPathAt)),
          into: &object)
      }
      return Payload(object)
    }
  }
}

extension PayloadValue {
  /// A parameter's value as a payload holds it.
  init(_ value: ParamValue) {
    switch value {
    case .string(let string): self = .string(string)
    case .int(let int): self = .integer(int)
    case .bool(let bool): self = .bool(bool)
    case .double(let double): self = .number(double)
    case .query(let items): self = .object(items.mapValues(PayloadValue.string))
    }
  }
}
