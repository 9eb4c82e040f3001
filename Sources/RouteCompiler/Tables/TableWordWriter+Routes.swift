import RouteTable

/// The routes section: each route's effective form per variant (screen, parameter sources,
/// tab, URL template, presentation, back stack), its records shared when equal.
extension TableWordWriter {
  mutating func writeRoutes(_ manifest: ResolvedManifest, screens: TableScreens) {
    let table = reserve(manifest.routes.count)
    set(.routeCount, manifest.routes.count)
    set(.routesAt, table)
    for (index, route) in manifest.routes.enumerated() {
      // Variants that share the route's form (those without an override) are written once.
      var previous: (route: ResolvedManifest.EffectiveRoute, at: Int)?
      let effective = route.variants.map { variant -> Int in
        guard let variant else { return RouteTableWords.none }
        if let previous, previous.route == variant { return previous.at }
        let at = self.effective(variant, screen: screens.screen(of: variant, route: index))
        previous = (variant, at)
        return at
      }
      // A route that behaves the same in every variant points at its one effective route.
      let isShared = Set(effective).count == 1 && effective.first != RouteTableWords.none
      let effectiveAt =
        isShared ? effective[0] : intern(effective)
      let start = reserve(Layout.Route.width)
      words[table + index] = start
      var record = Record<Layout.Route>()
      record.set(.key, string(route.key))
      record[.foreground] = ForegroundPolicy.allCases.firstIndex(of: route.foreground) ?? 0
      record[.aliasCount] = route.aliases.count
      record[.variantsKind] = (isShared ? Layout.VariantsKind.shared : .perVariant).rawValue
      record[.effectiveAt] = effectiveAt
      record[.requirementCount] = route.requires.count
      record[.requirementsAt] = intern(route.requires)
      switch route.target {
      case .screen?, nil:
        record[.target] = Layout.RouteTarget.screen.rawValue
      case .appAction(let name)?:
        record[.target] = Layout.RouteTarget.appAction.rawValue
        record.set(.targetName, string(name))
      case .reroute(let param)?:
        record[.target] = Layout.RouteTarget.reroute.rawValue
        record.set(.targetName, string(param))
      }
      record[.aliasesAt] = words.count
      for alias in route.aliases { appendString(alias) }
      put(record, at: start)
    }
  }

  /// `screen` is the screen record the form names (`TableScreens`).
  mutating func effective(_ route: ResolvedManifest.EffectiveRoute, screen: Int) -> Int {
    var sources: [Int] = []
    sources.reserveCapacity(route.params.count * Layout.Source.width)
    for source in route.params {
      var record = Record<Layout.Source>()
      switch source {
      case .payload(let path):
        record[.kind] = Layout.SourceKind.payload.rawValue
        record[.keyPathAt] = keyPath(path)
      case .constant(let constant):
        record[.kind] = Layout.SourceKind.constant.rawValue
        record[.valueAt] = value(constant)
      }
      sources += record.words
    }
    var record = Record<Layout.EffectiveRoute>()
    record[.screen] = screen
    record[.presentation] = route.presentation == .modal ? 1 : 0
    record[.tabIndex] = route.tab?.index ?? RouteTableWords.none
    // Written in this order (sources, URL, links), which the table's bytes depend on.
    record[.sourcesAt] = intern(sources)
    record[.urlAt] =
      route.url.map { url($0, params: screenParams[screen]) } ?? RouteTableWords.none
    record[.linksAt] = intern(route.links.map { intern($0.params) })
    record[.stackCount] = route.stack.count
    record[.stackAt] = intern(route.stack.flatMap { stackEntry($0) })
    return intern(record.words)
  }

  mutating func stackEntry(_ entry: ResolvedManifest.StackEntry) -> [Int] {
    var sources: [Int] = []
    for value in entry.params {
      var record = Record<Layout.Source>()
      switch value {
      case .routeParam(let index):
        record[.kind] = Layout.SourceKind.routeParam.rawValue
        record[.routeParam] = index
      case .constant(let constant):
        record[.kind] = Layout.SourceKind.constant.rawValue
        record[.valueAt] = self.value(constant)
      case .absent:
        record[.kind] = Layout.SourceKind.absent.rawValue
        record[.routeParam] = RouteTableWords.none
      }
      sources += record.words
    }
    var record = Record<Layout.StackEntry>()
    record[.screen] = entry.screen
    record[.sourcesAt] = intern(sources)
    return record.words
  }

  /// `params` gives the index of each of the screen's parameters by name.
  mutating func url(_ template: URLTemplate, params: [String: Int]) -> Int {
    let none = RouteTableWords.none
    var header = Record<Layout.URLTemplate>()
    header[.partCount] = template.parts.count
    var parts = header.words
    for (index, part) in template.parts.enumerated() {
      var record = Record<Layout.URLPart>()
      record[.param] = none
      record.set(.text, (none, none))
      switch part {
      case .variable(let name) where index == 0:
        // The validator has checked that a template's first `{name}` is a declared base.
        record[.kind] = Layout.URLPartKind.base.rawValue
        record[.param] = baseIndexes[name] ?? none
      case .literal(let literal):
        record[.kind] = Layout.URLPartKind.literal.rawValue
        record.set(.text, string(URLTemplate.encodedLiteral(literal)))
      case .variable(let name):
        record[.kind] = Layout.URLPartKind.variable.rawValue
        record[.param] = params[name] ?? none
      case .reserved(let name):
        record[.kind] = Layout.URLPartKind.reserved.rawValue
        record[.param] = params[name] ?? none
      case .query, .passThrough:
        // The runtime writes a `query` value's items whatever the expression: `{?name*}` is
        // stored as `{?name}`.
        guard let (op, names) = part.queryExpression else { break }
        record[.kind] = (op == .question ? Layout.URLPartKind.question : .ampersand).rawValue
        let entries = names.flatMap { name in
          var entry = Record<Layout.URLQueryName>()
          entry[.param] = params[name] ?? none
          entry.set(.text, string(name))
          return entry.words
        }
        record.set(.nameCount, (names.count, intern(entries)))
      }
      parts += record.words
    }
    return intern(parts)
  }

  mutating func keyPath(_ path: [String]) -> Int {
    var header = Record<Layout.KeyPath>()
    header[.segmentCount] = path.count
    return intern(header.words + path.flatMap { stringWords($0) })
  }

  mutating func value(_ value: ParamValue) -> Int {
    var record = Record<Layout.Value>()
    record[.type] = Layout.typeCode(value.type)
    record.set(.text, string(value.formatted))
    return intern(record.words)
  }
}
