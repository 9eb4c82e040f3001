extension TableReader {
  /// The first half of `Resolver.resolveRoute`: the values of `route`'s screen parameters in
  /// `variant`. A link reads them while its URL's bytes are at hand and makes the resolution
  /// after: returned through the closures that hold the bytes, the resolution was copied at
  /// each. A reader method, not a resolver's: a closure calling it captures only the reader,
  /// where a resolver's was copied with its table and base overrides.
  func routeValues(
    _ route: Int, _ variant: Int, supply: (_ param: Int, _ source: Int) -> SuppliedValue
  ) -> RouteValues {
    typealias Layout = RouteTableLayout
    typealias Param = Layout.Param
    let record = routeRecord(route)
    let effective = effectiveRoute(record: record, variant: variant)
    var found = RouteValues(record: record, effective: effective)
    guard effective != RouteTableWords.none else { return found }
    let screen = screenRecord(ofEffective: effective)
    let paramCount = count(screen, Layout.Screen.paramCount)
    let sourcesAt = word(effective, Layout.EffectiveRoute.sourcesAt)
    // One allocation for the usual screen; bounded, as a damaged table's count is not.
    found.values.reserveCapacity(min(paramCount, 16))
    for index in 0..<paramCount {
      let param = paramRecord(index, ofScreen: screen)
      guard let type = Layout.type(code: word(param, Param.type)) else {
        found.values.append(nil)  // a damaged table; the other values keep their positions
        continue
      }
      let source = self.record(index, of: Layout.Source.self, at: sourcesAt)
      if word(source, Layout.Source.kind) == Layout.SourceKind.constant.rawValue {
        found.values.append(constantValue(at: word(source, Layout.Source.valueAt)))
        continue
      }
      let coerced: ParamValue?
      switch supply(index, source) {
      case .value(let value): coerced = paramValue(value, param: param, type: type)
      case .text(let text): coerced = paramValue(text: text, param: param, type: type)
      case .invalid:
        found.errors.append(ParameterError(param: string(param, Param.name), reason: .invalid))
        continue
      case .absent:
        switch Layout.Requirement(rawValue: word(param, Param.requirement)) {
        case .defaulted?: found.values.append(constantValue(at: word(param, Param.defaultAt)))
        case .optional?: found.values.append(nil)
        case .required?, nil:
          found.errors.append(ParameterError(param: string(param, Param.name), reason: .missing))
        }
        continue
      }
      guard let value = coerced else {
        found.errors.append(ParameterError(param: string(param, Param.name), reason: .invalid))
        continue
      }
      found.values.append(value)
    }
    return found
  }

  /// A value record's value (a constant or a default), coerced from the table's bytes.
  func constantValue(at record: Int) -> ParamValue? {
    typealias Value = RouteTableLayout.Value
    guard record != RouteTableWords.none,
      let type = RouteTableLayout.type(code: word(record, Value.type))
    else { return nil }
    // A `query` parameter's one possible default is the empty map.
    if type == .query { return .query([:]) }
    return ParamValue.coerce(text: bytes(record, Value.text), to: type, maxLength: .max)
  }

  /// The requirements the `Route` record at `record` requires.
  func requirements(ofRoute record: Int) -> RequirementSet {
    typealias Route = RouteTableLayout.Route
    let count = count(record, Route.requirementCount)
    guard count > 0 else { return RequirementSet() }
    let at = word(record, Route.requirementsAt)
    var set = RequirementSet()
    for index in 0..<count { set.insert(position: word(at &+ index)) }
    return set
  }
}
