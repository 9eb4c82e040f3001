extension RouteTable {
  /// The route keys, in manifest order (aliases not included).
  package var pushTypes: [String] {
    image.read { reader in
      let count = min(reader.header(.routeCount), reader.wordCount)
      return (0..<max(0, count)).map {
        reader.string(reader.routeRecord($0), RouteTableLayout.Route.key)
      }
    }
  }

  /// The index of the route that `pushType` (a route's key or one of its aliases) names, or nil
  /// when the manifest has no such push type. A hash probe into the table; no allocation.
  package func route(forPushType pushType: String) -> Int? {
    image.read { reader in
      reader.lookup(
        pushType, count: reader.header(.pushTypeCount), at: reader.header(.pushTypesAt))
    }
  }

  /// Every push type and alias in manifest order (a route's key, then its aliases), with the
  /// index of the route it resolves to. `RoutePushType.allCases` lists them in this order.
  package var pushTypeEntries: [(name: String, route: Int)] {
    image.read { reader in
      typealias Route = RouteTableLayout.Route
      let count = min(reader.header(.routeCount), reader.wordCount)
      var entries: [(name: String, route: Int)] = []
      for route in 0..<max(0, count) {
        let record = reader.routeRecord(route)
        entries.append((reader.string(record, Route.key), route))
        let aliasesAt = reader.word(record, Route.aliasesAt)
        for alias in 0..<reader.count(record, Route.aliasCount) {
          let name = reader.record(alias, of: RouteTableLayout.Name.self, at: aliasesAt)
          entries.append((reader.string(name, RouteTableLayout.Name.text), route))
        }
      }
      return entries
    }
  }

  /// An example payload for every push type and alias (numbered like `pushTypeEntries`) of a
  /// route that opens a screen, in every variant its route exists in, in that order. Routes
  /// with `app_action` or `reroute` open no screen of their own and have none here:
  /// `exampleAppActionPayloads` and `exampleReroutePayloads` hold theirs.
  package var examplePayloads: [(pushType: Int, variant: Int, payload: Payload)] {
    examplePayloads(of: .screen) { route, variant, name in
      examplePayload(route: route, variant: variant, pushType: name)
    }
  }

  /// An example payload for every push type and alias of a route with `app_action`, in every
  /// variant it exists in: each resolves as `appAction` with the route's action name.
  package var exampleAppActionPayloads: [(pushType: Int, variant: Int, payload: Payload)] {
    examplePayloads(of: .appAction) { route, variant, name in
      examplePayload(route: route, variant: variant, pushType: name)
    }
  }

  /// An example payload for every push type and alias of a route with `reroute`, in every
  /// variant it exists in where some `exampleLinks` URL can be carried: the payload carries the
  /// first such URL that, routed again, opens its screen (the resolution is `matched`, with the
  /// route in `reroutedFrom`).
  package var exampleReroutePayloads: [(pushType: Int, variant: Int, payload: Payload)] {
    let carried = exampleLinks
    let keys = pushTypes
    return examplePayloads(of: .reroute) { route, variant, name in
      let key = keys.indices.contains(route) ? keys[route] : name
      for link in carried where link.variant == variant {
        guard let (_, candidates) = exampleCandidates(route, variant, name, text: link.url)
        else { return nil }
        if let payload = candidates.first(where: {
          rerouted(resolve($0, variant: variant), by: key)
        }) {
          return payload
        }
      }
      return nil
    }
  }

  /// Whether `resolution` opened a screen after `route` (a route's key) routed it again.
  func rerouted(_ resolution: Resolution<ScreenInstance>, by route: String) -> Bool {
    resolution.status == .matched && resolution.reroutedFrom.first == route
  }

  /// What a route does: open its screen, or, for a screenless route, its action or reroute
  /// (`screen` for a route out of range).
  func target(ofRoute route: Int) -> RouteTableLayout.RouteTarget {
    image.read { reader in
      guard (0..<reader.header(.routeCount)).contains(route) else { return .screen }
      return RouteTableLayout.RouteTarget(
        rawValue: reader.word(reader.routeRecord(route), RouteTableLayout.Route.target)) ?? .screen
    }
  }

  /// `example(route, variant, name)` for every push type and alias of a route whose target is
  /// `target`, in every variant, numbered like `pushTypeEntries`.
  private func examplePayloads(
    of target: RouteTableLayout.RouteTarget, example: (Int, Int, String) -> Payload?
  ) -> [(pushType: Int, variant: Int, payload: Payload)] {
    let variants = variantNames.count
    return pushTypeEntries.enumerated().flatMap { index, entry in
      guard self.target(ofRoute: entry.route) == target else {
        return [(pushType: Int, variant: Int, payload: Payload)]()
      }
      return (0..<variants).compactMap { variant in
        example(entry.route, variant, entry.name).map { (index, variant, $0) }
      }
    }
  }

  /// A payload that resolves to `route` in `variant` with every parameter present, or nil when
  /// the route does not exist in that variant or either index is out of range. Apps use these to test that every route they
  /// ship builds a screen, without writing payloads by hand.
  /// `pushType` (a route's key or one of its aliases; the route's key when nil) is the type the
  /// payload carries.
  ///
  /// Parameters may share a key path, read one inside another, or read a type key; the payload
  /// is built so that it still matches whenever some payload can (found by the random-manifest
  /// property tests):
  /// - a key path read by parameters of different types gets a value they all accept: the
  ///   number 1 (an `int`, a `double` and a `string` accept it), or with a `bool` among them the
  ///   string `"1"`;
  /// - required parameters are placed first, and shorter paths before longer ones, so an
  ///   optional parameter whose path runs through another's value is left absent rather than
  ///   displacing it;
  /// - the push type goes to the first type key at which the payload resolves to the route (a
  ///   parameter reading the first type key as an `int`, say, moves it to the second);
  /// - strings are `example`, or `/example` when that does not resolve (a `{+name}` right
  ///   after a base takes only values that start with `/`).
  /// When no payload can match (two required parameters whose paths run through each other),
  /// the one with the push type at the first type key is returned.
  package func examplePayload(route: Int, variant: Int, pushType: String? = nil) -> Payload? {
    payload(route: route, variant: variant, pushType: pushType)
  }

  /// `examplePayload(route:variant:pushType:)` with chosen values: `values` (by the index of
  /// the screen parameter) written at the key paths the route reads them from, as they are and
  /// before any example value, and, when `fillsOthers`, an example value for every other
  /// parameter the route reads from the payload; without it, those are left out. A value at a
  /// key path where the payload holds the push type, or inside another value, is left out, as an
  /// example is: resolve the payload to see whether it carries what was asked.
  package func payload(
    route: Int, variant: Int, pushType: String? = nil, values: [Int: PayloadValue] = [:],
    fillsOthers: Bool = true
  ) -> Payload? {
    guard
      let (routeName, candidates) = exampleCandidates(
        route, variant, pushType, values: values, fillsOthers: fillsOthers),
      let first = candidates.first
    else { return nil }
    return candidates.first { payload in
      let resolution = resolve(payload, variant: variant)
      return resolution.status == .matched && resolution.route == routeName
    } ?? first
  }

  /// The route's name, and one example per type key with the push type at that key. `text`,
  /// when given, is every string value (a rerouted URL), tried as is.
  private func exampleCandidates(
    _ route: Int, _ variant: Int, _ pushType: String?, text: String? = nil,
    values: [Int: PayloadValue] = [:], fillsOthers: Bool = true
  ) -> (String, [Payload])? {
    image.read { reader -> (String, [Payload])? in
      typealias Layout = RouteTableLayout
      guard (0..<reader.header(.routeCount)).contains(route),
        (0..<reader.header(.variantCount)).contains(variant)
      else { return nil }
      let record = reader.routeRecord(route)
      let effective = reader.effectiveRoute(record: record, variant: variant)
      guard effective != RouteTableWords.none else { return nil }

      struct Read {
        var path: [String]
        var type: ParamType?
        var maxLength: Int
        var isRequired: Bool
        var choices: [String]
        /// The value asked for, which goes first.
        var given: PayloadValue?
      }
      let screen = reader.screenRecord(ofEffective: effective)
      let sourcesAt = reader.word(effective, Layout.EffectiveRoute.sourcesAt)
      var reads: [Read] = []
      for index in 0..<reader.count(screen, Layout.Screen.paramCount) {
        let source = reader.record(index, of: Layout.Source.self, at: sourcesAt)
        guard reader.word(source, Layout.Source.kind) == Layout.SourceKind.payload.rawValue,
          fillsOthers || values[index] != nil
        else { continue }
        let param = reader.paramRecord(index, ofScreen: screen)
        let path = reader.keyPath(at: reader.word(source, Layout.Source.keyPathAt))
        let isRequired =
          Layout.Requirement(rawValue: reader.word(param, Layout.Param.requirement)) == .required
        // `$webpage_url` and `$title` are a user activity's (`ArrivalValues`): no payload gives
        // them, so a route that needs one has no example payload.
        if path.first?.hasPrefix("$") == true {
          if isRequired { return nil }
          continue
        }
        reads.append(
          Read(
            path: path, type: Layout.type(code: reader.word(param, Layout.Param.type)),
            maxLength: reader.word(param, Layout.Param.maxLength), isRequired: isRequired,
            choices: reader.choices(param: param), given: values[index]))
      }
      // Given values first, then required, then shorter paths first: a parameter placed earlier
      // keeps its place.
      func rank(_ read: Read) -> (Int, Int, Int) {
        (read.given == nil ? 1 : 0, read.isRequired ? 0 : 1, read.path.count)
      }
      let ordered = reads.enumerated().sorted {
        let (left, right) = (rank($0.element), rank($1.element))
        return left != right ? left < right : $0.offset < $1.offset
      }.map(\.element)

      let typeKeys = reader.typeKeys()
      let name = reader.string(record, Layout.Route.key)
      let candidates = (text == nil ? ["", "/"] : [""]).flatMap { prefix in
        typeKeys.map { typeKey -> Payload in
          var object: [String: PayloadValue] = [:]
          Self.insert(.string(pushType ?? name), at: typeKey, into: &object)
          for read in ordered where read.path != typeKey {
            let sample: PayloadValue
            let types = Set(reads.filter { $0.path == read.path }.map(\.type))
            if let given = read.given {
              sample = given
            } else if types.count > 1 {
              // Not a string when it need not be: a string at a type key would be the push type.
              sample = types.contains(.bool) ? .string("1") : .integer(1)
            } else {
              switch read.type {
              case .int?: sample = .integer(1)
              case .bool?: sample = .bool(true)
              case .double?: sample = .number(1.5)
              case .query?: sample = .object(["utm_source": .string("example")])
              case .string? where !read.choices.isEmpty:
                sample = .string(read.choices[0])
              case .string?, nil:
                sample = .string(
                  text ?? prefix + (read.maxLength >= 7 + prefix.count ? "example" : "x"))
              }
            }
            Self.insert(sample, at: read.path, into: &object)
          }
          return Payload(object)
        }
      }
      return (name, candidates)
    }
  }

  /// Sets `value` at `path`, creating objects on the way; an existing non-object is kept.
  static func insert(
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
