extension RouteTable {
  /// The routes' push types, in manifest order (aliases not included).
  public var pushTypes: [String] {
    image.read { reader in
      let count = min(reader.header(.routeCount), reader.wordCount)
      let at = reader.header(.routesAt)
      return (0..<max(0, count)).map { reader.string(at: reader.word(at + $0)) }
    }
  }

  /// The index of the route that `pushType` (a route's key or one of its aliases) names, or nil
  /// when the manifest has no such push type. A binary search over the table; no allocation.
  public func route(forPushType pushType: String) -> Int? {
    image.read { reader in
      reader.lookup(
        pushType, count: reader.header(.pushTypeCount), at: reader.header(.pushTypesAt))
    }
  }

  /// Every push type and alias in manifest order (a route's key, then its aliases), with the
  /// index of the route it resolves to. Generated `PushType.allCases` lists them in this order.
  public var pushTypeEntries: [(name: String, route: Int)] {
    image.read { reader in
      let count = min(reader.header(.routeCount), reader.wordCount)
      let at = reader.header(.routesAt)
      var entries: [(name: String, route: Int)] = []
      for route in 0..<max(0, count) {
        let record = reader.word(at + route)
        entries.append((reader.string(at: record), route))
        let aliasesAt = reader.word(record + 4)
        for alias in 0..<max(0, min(reader.word(record + 3), reader.wordCount)) {
          entries.append((reader.string(at: aliasesAt + alias * 2), route))
        }
      }
      return entries
    }
  }

  /// An example payload for every push type and alias (numbered like `pushTypeEntries`) in
  /// every variant its route exists in, in that order.
  public var examplePayloads: [(pushType: Int, variant: Int, payload: Payload)] {
    let variants = variantNames.count
    return pushTypeEntries.enumerated().flatMap { index, entry in
      (0..<variants).compactMap { variant in
        examplePayload(route: entry.route, variant: variant, pushType: entry.name).map {
          (index, variant, $0)
        }
      }
    }
  }

  /// A payload that resolves to `route` in `variant` with every parameter present, or nil when
  /// the route does not exist in that variant. Apps use these to test that every route they
  /// ship builds a screen, without writing payloads by hand.
  /// `pushType` (a route's key or one of its aliases; the route's key when nil) is the type the
  /// payload carries.
  public func examplePayload(route: Int, variant: Int, pushType: String? = nil) -> Payload? {
    image.read { reader -> Payload? in
      typealias Layout = RouteTableLayout
      guard (0..<reader.header(.routeCount)).contains(route) else { return nil }
      let record = reader.word(reader.header(.routesAt) + route)
      let effective = reader.word(record + Layout.routeRecordHeader + variant)
      guard effective != RouteTableWords.none else { return nil }
      var object: [String: PayloadValue] = [:]
      let typeKeysAt = reader.header(.typeKeysAt)
      guard reader.header(.typeKeyCount) > 0 else { return nil }
      let typeKey = reader.keyPath(at: reader.word(typeKeysAt))
      Self.insert(.string(pushType ?? reader.string(at: record)), at: typeKey, into: &object)

      let screen = reader.header(.screensAt) + reader.word(effective) * Layout.screenRecord
      let paramsAt = reader.word(screen + 3)
      let sourcesAt = reader.word(effective + 4)
      for index in 0..<max(0, min(reader.word(screen + 2), reader.wordCount)) {
        let source = sourcesAt + index * Layout.sourceRecord
        guard reader.word(source) == Layout.SourceKind.payload.rawValue else { continue }
        let param = paramsAt + index * Layout.paramRecord
        let sample: PayloadValue =
          switch Layout.type(code: reader.word(param + 2)) {
          case .int?: .integer(1)
          case .bool?: .bool(true)
          case .double?: .number(1.5)
          case .string?, nil: .string(reader.word(param + 5) >= 7 ? "example" : "x")
          }
        let path = reader.keyPath(at: reader.word(source + 1))
        if path != typeKey { Self.insert(sample, at: path, into: &object) }
      }
      return Payload(object)
    }
  }

  /// Sets `value` at `path`, creating objects on the way; an existing non-object is kept.
  private static func insert(
    _ value: PayloadValue, at path: [String], into object: inout [String: PayloadValue]
  ) {
    guard let first = path.first else { return }
    guard path.count > 1 else {
      if object[first] == nil { object[first] = value }
      return
    }
    var child: [String: PayloadValue]
    switch object[first] {
    case .object(let existing)?: child = existing
    case nil: child = [:]
    default: return
    }
    insert(value, at: Array(path.dropFirst()), into: &child)
    object[first] = .object(child)
  }
}

extension TableReader {
  func keyPath(at start: Int) -> [String] {
    let count = word(start)
    guard count != RouteTableWords.none else { return [] }
    return (0..<min(count, wordCount)).map { string(at: start + 1 + $0 * 2) }
  }
}
