/// One resolution's reads over the table.
struct Resolver {
  typealias Layout = RouteTableLayout
  /// What a resolution's names point into.
  let image: RouteTableImage
  let reader: TableReader
  let baseOverrides: [String: String]
  let state: AppState

  /// A push: its declared type's route; without one, the first `when_present` route whose keys
  /// it holds, then its category's `route`, then `fallback`.
  mutating func resolve(_ payload: Payload, variant requested: Int) -> Resolution<ScreenInstance> {
    let variant = reader.variant(requested)
    let pushType = payload.pushType(typeKeyPaths: reader.typeKeyPaths())
    let declared = pushType.flatMap {
      reader.lookup($0, count: reader.header(.pushTypeCount), at: reader.header(.pushTypesAt))
    }
    if let declared {
      return resolveRoute(
        declared, status: .matched, pushType: pushType, variant,
        supply: { payload.supply($1, reader) })
    }
    if let present = reader.presentRoute(payload) {
      var resolution = resolveRoute(
        present, status: .matched, pushType: nil, variant, supply: { payload.supply($1, reader) })
      resolution.matchedBy = .present
      return resolution
    }
    if let category = payload.notificationCategory, let route = reader.categoryRoute(category) {
      var resolution = resolveRoute(
        route, status: .matched, pushType: nil, variant, supply: { payload.supply($1, reader) })
      resolution.matchedBy = .category
      resolution.category = category
      return resolution
    }
    let fallback = reader.header(.fallbackRoute)
    guard let pushType else {
      guard fallback != RouteTableWords.none else {
        return Resolution(status: .missingType, names: names(variant))
      }
      return resolveRoute(
        fallback, status: .fallback, pushType: nil, variant,
        supply: { payload.supply($1, reader) })
    }
    guard fallback != RouteTableWords.none else {
      return Resolution(status: .unknownType, names: names(variant), pushType: pushType)
    }
    return resolveRoute(
      fallback, status: .fallback, pushType: pushType, variant,
      supply: { payload.supply($1, reader) })
  }

  mutating func resolve(action: String, _ payload: Payload, variant requested: Int)
    -> Resolution<ScreenInstance>
  {
    let variant = reader.variant(requested)
    let (category, found) = reader.actionTap(action, payload)
    guard let category, let found else {
      return Resolution(status: .unknownAction, names: names(variant), category: category)
    }
    guard let route = found.route else {
      return Resolution(status: .appAction, names: names(variant), category: category)
    }
    var resolution = resolveRoute(
      route, status: .matched, pushType: nil, variant,
      supply: { payload.supply($1, reader) })
    resolution.category = category
    return resolution
  }

  /// Resolves a Home Screen quick action or a user activity of type `type`: the route its
  /// door's table names, with parameters read from `payload` (the item's or activity's
  /// `userInfo`) by the route's sources; the route keys are not consulted.
  mutating func resolve(
    door: DoorKind, type: String, _ payload: Payload, variant requested: Int
  ) -> Resolution<ScreenInstance> {
    let variant = reader.variant(requested)
    guard
      let route = reader.lookup(
        type, count: reader.header(door.countField), at: reader.header(door.atField))
    else {
      return Resolution(status: door.unknownStatus, names: names(variant))
    }
    return resolveRoute(
      route, status: .matched, pushType: nil, variant, supply: { payload.supply($1, reader) })
  }

  /// The names of a resolution in `variant`, and of the route whose record is at `route`.
  func names(_ variant: Int, route: Int = RouteTableWords.none) -> ResolutionNames {
    ResolutionNames(image: image, variant: reader.variantRecord(variant), route: route)
  }

  /// Resolves `route` in `variant`; `supply` gives the value of the screen parameter at an index
  /// whose source (`sourcesAt` record) is not a constant.
  func resolveRoute(
    _ route: Int, status: ResolutionStatus, pushType: String?, _ variant: Int,
    supply: (_ param: Int, _ source: Int) -> SuppliedValue
  ) -> Resolution<ScreenInstance> {
    resolution(
      of: reader.routeValues(route, variant, supply: supply), status: status, pushType: pushType,
      variant)
  }

  /// The second half of `resolveRoute`: the resolution of values `routeValues` read. `carrier`
  /// is the URL that was resolved (empty for a push), and `chain` the routes with `reroute` that
  /// led to it, for a route that routes its URL again.
  func resolution(
    of found: RouteValues, status: ResolutionStatus, pushType: String?, _ variant: Int,
    carrier: UnsafeBufferPointer<UInt8> = .init(start: nil, count: 0),
    chain: RerouteChain = RerouteChain()
  ) -> Resolution<ScreenInstance> {
    let named = names(variant, route: found.record)
    let effective = found.effective
    guard effective != RouteTableWords.none else {
      return Resolution(status: .unavailable, names: named, pushType: pushType)
    }
    guard found.errors.isEmpty else {
      return Resolution(
        status: .invalidParams, names: named, pushType: pushType, errors: found.errors)
    }
    switch Layout.RouteTarget(rawValue: reader.word(found.record, Layout.Route.target)) {
    case .appAction?:
      var resolution = Resolution<ScreenInstance>(
        status: .appAction, names: named, pushType: pushType)
      resolution.appAction = reader.string(found.record, Layout.Route.targetName)
      return resolution
    case .reroute?:
      var resolution = reroute(found, variant, carrier: carrier, chain: chain)
      resolution.pushType = pushType
      return resolution
    case .screen?, nil:
      break
    }
    typealias Effective = Layout.EffectiveRoute
    let screen = reader.word(effective, Effective.screen)
    let url: String?
    switch expandURL(at: reader.word(effective, Effective.urlAt), values: found.values) {
    case .url(let expanded): url = expanded
    case .failed: url = nil
    case .refused(let handle):
      let param = reader.paramRecord(reader.word(handle), ofScreen: reader.screenRecord(screen))
      return Resolution(
        status: .invalidParams, names: named, pushType: pushType,
        errors: [ParameterError(param: reader.string(param, Layout.Param.name), reason: .invalid)])
    }
    let policy = reader.word(found.record, Layout.Route.foreground)
    let foreground =
      ForegroundPolicy.allCases.indices.contains(policy)
      ? ForegroundPolicy.allCases[policy] : .navigate
    return Resolution(
      status: status, names: named, pushType: pushType,
      destination: ScreenInstance(
        index: screen, values: found.values,
        names: .table(image, screenRecord: reader.screenRecord(screen))),
      tab: tab(reader.word(effective, Effective.tabIndex), variant: variant),
      url: url,
      presentation: reader.word(effective, Effective.presentation) == 1 ? .modal : .push,
      foregroundPolicy: state == .foreground ? foreground : .navigate,
      requires: reader.requirements(ofRoute: found.record),
      stack: stack(of: effective, values: found.values))
  }

  /// The screens of the effective route's back stack, their values taken from the route's.
  private func stack(of effective: Int, values: [ParamValue?]) -> [ScreenInstance] {
    typealias Entry = Layout.StackEntry
    let count = reader.count(effective, Layout.EffectiveRoute.stackCount)
    guard count > 0 else { return [] }
    let at = reader.word(effective, Layout.EffectiveRoute.stackAt)
    var stack: [ScreenInstance] = []
    stack.reserveCapacity(min(count, 8))
    for index in 0..<count {
      let entry = reader.record(index, of: Entry.self, at: at)
      let screen = reader.word(entry, Entry.screen)
      let screenRecord = reader.screenRecord(screen)
      let sourcesAt = reader.word(entry, Entry.sourcesAt)
      let paramCount = reader.count(screenRecord, Layout.Screen.paramCount)
      var entryValues: [ParamValue?] = []
      entryValues.reserveCapacity(min(paramCount, 16))
      for param in 0..<paramCount {
        let source = reader.record(param, of: Layout.Source.self, at: sourcesAt)
        switch Layout.SourceKind(rawValue: reader.word(source, Layout.Source.kind)) {
        case .routeParam?:
          let from = reader.word(source, Layout.Source.routeParam)
          entryValues.append(values.indices.contains(from) ? values[from] : nil)
        case .constant?:
          entryValues.append(reader.constantValue(at: reader.word(source, Layout.Source.valueAt)))
        case .payload?, .absent?, nil:
          entryValues.append(nil)
        }
      }
      stack.append(
        ScreenInstance(
          index: screen, values: entryValues, names: .table(image, screenRecord: screenRecord)))
    }
    return stack
  }

  private func tab(_ index: Int, variant: Int) -> TabSelection? {
    guard index != RouteTableWords.none else { return nil }
    let tabs = reader.word(reader.variantRecord(variant), Layout.Variant.tabsAt)
    return TabSelection(
      index: index, names: .table(image, reader.record(index, of: Layout.Name.self, at: tabs)))
  }

  /// The route's URL, expanded from the template's records in the table: no `String` per part.
  /// A value that would make a path segment `.` or `..` gives its handle instead.
  private func expandURL(at start: Int, values: [ParamValue?]) -> URLExpansion.Outcome<Int> {
    guard start != RouteTableWords.none else { return .failed }
    // No closure here captures `self`: one that did copied the whole resolver each time.
    let reader = reader
    let template = TableTemplate(reader: reader, start: start)
    var base: URLExpansion.BaseText?
    if let record = template.baseRecord { base = baseURL(record: record) }
    return URLExpansion.expand(
      template, base: { _ in base },
      value: { handle in
        let param = reader.word(handle)
        return values.indices.contains(param) ? values[param] : nil
      })
  }

  /// A base's URL, or its override.
  private func baseURL(record: Int) -> URLExpansion.BaseText {
    if !baseOverrides.isEmpty,
      let override = baseOverrides[
        String(decoding: reader.bytes(record, Layout.Base.name), as: UTF8.self)]
    {
      return .string(override)
    }
    return .bytes(reader.bytes(record, Layout.Base.url))
  }
}

extension Payload {
  /// A push's parameter value: the payload's value at the key path of the `sourcesAt` record
  /// `source`, read in place.
  fileprivate func supply(_ source: Int, _ reader: TableReader) -> SuppliedValue {
    let keyPath = reader.word(source, RouteTableLayout.Source.keyPathAt)
    let segments = reader.keyPathSegments(at: keyPath)
    // `$webpage_url` and `$title` are an activity's, added by its door: a payload's own key of
    // that name is no value (no manifest key path starts with `$`).
    if !carriesActivityValues, let first = segments.first,
      first.withKeyBytes({ $0.first == UInt8(ascii: "$") })
    {
      return .absent
    }
    return parameterValue(atPath: segments).map { .value($0) } ?? .absent
  }
}
