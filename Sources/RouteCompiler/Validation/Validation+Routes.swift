import RouteTable

extension Validation {
  mutating func checkRoutes() -> [ResolvedManifest.Route] {
    checkPushTypes()
    var routes: [ResolvedManifest.Route] = []
    for route in manifest.routes {
      if let resolved = checkRoute(route) {
        routes.append(resolved)
      }
    }
    reportMissingTabs()
    return routes
  }

  /// Push types and aliases are one namespace, unique byte for byte. They stay strings in
  /// generated code, so `gift.page` beside `gift_page` (an alias after a rename) is fine.
  private mutating func checkPushTypes() {
    var first: [String: (route: String, location: SourceLocation)] = [:]
    for route in manifest.routes {
      first[route.key.value] =
        first[route.key.value] ?? (route.key.value, route.key.location)
    }
    for route in manifest.routes {
      for alias in route.aliases {
        if let previous = first[alias.value] {
          let owner =
            previous.route == alias.value ? "a route" : "an alias of route `\(previous.route)`"
          diagnostics.report(
            .duplicatePushType, at: alias.location,
            "push type `\(alias.value)` is already \(owner) at \(diagnostics.reference(to: previous.location)); push types and aliases must be unique"
          )
        } else {
          first[alias.value] = (route.key.value, alias.location)
        }
      }
    }
  }

  /// A deprecated route's warning.
  mutating func reportDeprecation(_ route: RouteDeclaration, _ what: String) {
    guard let deprecation = route.deprecation else { return }
    diagnostics.report(
      .deprecatedRoute, at: route.key.location,
      "\(what) is deprecated" + (deprecation.value.isEmpty ? "" : ": \(deprecation.value)"))
  }

  /// `when_present`'s key paths, each split into its keys.
  static func whenPresentPaths(_ route: RouteDeclaration) -> [[String]] {
    (route.whenPresent?.value ?? []).map {
      $0.value.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    }
  }

  /// The variants `route` exists in, by index; an unknown name in its `only` is reported.
  mutating func availableVariants(_ route: RouteDeclaration, _ what: String) -> Set<Int> {
    guard let only = route.only else { return Set(variants.indices) }
    var available: Set<Int> = []
    for name in only {
      if let index = variantIndex[name.value] {
        available.insert(index)
      } else {
        reportUnknownVariant(name, "`only` of \(what)")
      }
    }
    return available
  }

  private mutating func checkRoute(_ route: RouteDeclaration) -> ResolvedManifest.Route? {
    let what = "route `\(route.key.value)`"
    if route.appAction != nil || route.reroute != nil {
      return checkScreenlessRoute(route, what)
    }
    // The variants the route exists in, by index.
    let available = availableVariants(route, what)
    var overrides: [Int: RouteBodyDeclaration] = [:]
    for (name, body) in route.overrides {
      guard let index = checkVariantReference(name, available: available, route: route, "override")
      else { continue }
      overrides[index] = body
    }
    checkLinksHaveTargets(route)
    let refinements = recordLinkRefinements(
      route,
      owners: variants.indices.filter(available.contains).compactMap { variant in
        (overrides[variant]?.screen ?? route.body.screen)
          .flatMap { screenIndex[$0.value] }.map { ParamOwner(screen: screens[$0]) }
      })
    reportDeprecation(route, what)
    checkTabMapKeys(route.body.tab, available: available, route: route)
    for body in overrides.values {
      checkTabMapKeys(body.tab, available: available, route: route)
    }

    var effective: [ResolvedManifest.EffectiveRoute?] = Array(repeating: nil, count: variants.count)
    var missingTabs: [(map: SourceLocation, variant: String)] = []
    // What a variant without an override opens does not depend on the variant: it is checked
    // once, so a route costs once however many variants share it, plus once per override.
    var shared: RouteBody??
    var lastShared: (tab: ResolvedManifest.Tab?, route: ResolvedManifest.EffectiveRoute)?
    for variant in variants.indices where available.contains(variant) {
      let override = overrides[variant]
      // The tab does not depend on the screen, so it is checked even when the screen is unknown.
      var tab: ResolvedManifest.Tab?
      switch override?.tab ?? route.body.tab {
      case nil: break
      case .single(let reference)?:
        tab = resolveTab(reference, variant: variant, route: route.key.value)
      case .perVariant(let map)?:
        if let entry = map.value.first(where: { variantIndex[$0.variant.value] == variant }) {
          tab = resolveTab(entry.tab, variant: variant, route: route.key.value)
        } else {
          missingTabs.append((map.location, variants[variant].name))
        }
      }
      let body: RouteBody?
      if let override {
        body = checkBody(
          route, override: override, variant: variant, refinements: refinements, what)
      } else if let known = shared {
        body = known
      } else {
        body = checkBody(route, override: nil, variant: variant, refinements: refinements, what)
        shared = .some(body)
      }
      guard let body else { continue }
      // Variants without an override whose tab is the last one's hold that one value.
      if override == nil, let last = lastShared, last.tab == tab {
        effective[variant] = last.route
        continue
      }
      let route = ResolvedManifest.EffectiveRoute(
        target: .screen(body.screen), params: body.params, tab: tab, url: body.url,
        presentation: body.presentation, links: body.links, stack: body.stack)
      effective[variant] = route
      if override == nil { lastShared = (tab, route) }
    }
    for map in Set(missingTabs.map(\.map)).sorted() {
      let missing = missingTabs.filter { $0.map == map }.map(\.variant)
      diagnostics.report(
        .incompleteTabMap, at: map,
        "the tab map of \(what) has no entry for \(Suggestions.list(missing)); every variant the route exists in needs a tab"
      )
    }
    return ResolvedManifest.Route(
      key: route.key.value, aliases: route.aliases.map(\.value),
      foreground: route.foreground?.value ?? .banner,
      deprecation: route.deprecation?.value, description: route.description, variants: effective,
      links: Self.declaredLinks(route, refinements: refinements),
      requires: checkRequires(route), category: route.category?.value,
      whenPresent: Self.whenPresentPaths(route))
  }

  /// What a route opens in a variant, apart from its tab (which depends on the variant's tabs).
  struct RouteBody {
    var screen: Int
    var params: [ResolvedManifest.ParamSource]
    var url: URLTemplate?
    var presentation: Presentation
    var links: [LinkPattern<Int>]
    var stack: [ResolvedManifest.StackEntry]
  }

  /// The route's screen, parameters, URL, links and stack with `override` (the variant's, or
  /// nil for every variant without one) applied; nil when its screen is not declared.
  private mutating func checkBody(
    _ route: RouteDeclaration, override: RouteBodyDeclaration?, variant: Int,
    refinements: [LinkRefinement], _ what: String
  ) -> RouteBody? {
    guard let screenName = override?.screen ?? route.body.screen else { return nil }
    guard let screenIndex = screenIndex[screenName.value] else {
      // A screen declared with a malformed body was reported where it is declared; with no
      // screens at all, the error about `screens` explains every reference.
      if manifest.undecoded.mayDeclare(screen: screenName.value) || manifest.screens.isEmpty {
        return nil
      }
      diagnostics.report(
        .unknownScreen, at: screenName.location,
        "\(what) uses the screen `\(screenName.value)`, which is not declared"
          + diagnostics.suggestions.didYouMean(screenName.value, in: screens.lazy.map(\.name)))
      return nil
    }
    let screen = screens[screenIndex]
    let declared = override?.params ?? route.body.params ?? []
    let params = paramSources(declared, owner: ParamOwner(screen: screen), what)
    checkKeyPathOverlaps(
      payloadReads(params, declared: declared, screen: screen, at: screenName.location), what)
    // When a variant's override brought this screen in, messages about it say so: the line
    // they point at names another screen.
    let origin =
      override?.screen.map {
        " (variant `\(variants[variant].name)` opens screen `\($0.value)` instead, \(diagnostics.reference(to: $0.location)))"
      } ?? ""
    let url = (override?.url ?? route.body.url).map {
      checkURL(
        $0, screen: screen, sources: params, origin: override?.url == nil ? origin : "")
    }
    let links = checkLinks(
      route.links?.value ?? [], owner: ParamOwner(screen: screen), sources: params,
      refinements: refinements, origin: origin)
    let stack = (override?.stack ?? route.body.stack).map {
      checkStack(
        $0.value, screen: screenIndex, what, origin: override?.stack == nil ? origin : "")
    }
    return RouteBody(
      screen: screenIndex, params: params, url: url ?? nil,
      presentation: (override?.presentation ?? route.body.presentation)?.value ?? .push,
      links: links, stack: stack ?? [])
  }

  /// A variant named by an override or tab map: declared, and one the route exists in.
  private mutating func checkVariantReference(
    _ name: Located<String>, available: Set<Int>, route: RouteDeclaration, _ kind: String
  ) -> Int? {
    guard let index = variantIndex[name.value] else {
      reportUnknownVariant(name, "the \(kind) of route `\(route.key.value)`")
      return nil
    }
    guard available.contains(index) else {
      let only = route.only?.map(\.value) ?? []
      diagnostics.report(
        .variantNotAvailable, at: name.location,
        "route `\(route.key.value)` does not exist in variant `\(name.value)` (its `only` lists \(Suggestions.list(only))), so this \(kind) never applies"
      )
      return nil
    }
    return index
  }

  private mutating func checkTabMapKeys(
    _ tab: TabDeclaration?, available: Set<Int>, route: RouteDeclaration
  ) {
    guard case .perVariant(let map)? = tab else { return }
    for entry in map.value {
      _ = checkVariantReference(entry.variant, available: available, route: route, "tab")
    }
  }

  /// One source per parameter of `owner`: the route's own, or the payload key of the same name.
  mutating func paramSources(
    _ declared: [ParamSourceDeclaration], owner: ParamOwner, _ what: String
  ) -> [ResolvedManifest.ParamSource] {
    var given: [String: ResolvedManifest.ParamSource] = [:]
    for source in declared {
      guard let param = owner.params.first(where: { $0.name == source.name.value }) else {
        if isUndecodedParam(source.name.value, of: owner) { continue }
        reportUnknownParam(source.name, of: owner)
        continue
      }
      switch source.source {
      case .keyPath(let path):
        given[param.name] = .payload(keyPath: path.value.split(separator: ".").map(String.init))
      case .constant(let scalar):
        let declaration = ParamDeclaration(
          constantFor: param, name: source.name, at: scalar.location)
        withDecoder {
          $0.checkValue(scalar, of: declaration, "the constant for `\(param.name)` in \(what)")
        }
        if let value = ParamValue(scalar, as: param.type) {
          given[param.name] = .constant(value)
        }
      }
    }
    return owner.params.map { given[$0.name] ?? .payload(keyPath: [$0.name]) }
  }

  /// A parameter of a screen whose declaration had an error, reported there.
  func isUndecodedParam(_ name: String, of owner: ParamOwner) -> Bool {
    owner.screenName.map { manifest.undecoded.params[$0]?.contains(name) == true } ?? false
  }

  /// `name` is no parameter of `owner`.
  mutating func reportUnknownParam(_ name: Located<String>, of owner: ParamOwner) {
    let names = owner.params.map(\.name)
    diagnostics.report(
      .unknownParam, at: name.location,
      "\(owner.described) has no parameter `\(name.value)`"
        + (diagnostics.suggestions.nearest(to: name.value, in: names).map {
          "; did you mean `\($0)`?"
        }
          ?? (names.isEmpty
            ? "; it takes none" : "; its parameters are \(Suggestions.list(names))"))
    )
  }

  /// The parameters read from the payload, located where their key path is written.
  private func payloadReads(
    _ sources: [ResolvedManifest.ParamSource], declared: [ParamSourceDeclaration],
    screen: ResolvedManifest.Screen, at screenLocation: SourceLocation
  ) -> [PayloadRead] {
    zip(screen.params, sources).compactMap { param, source in
      guard case .payload(let path) = source else { return nil }
      var location = screenLocation
      for declaration in declared where declaration.name.value == param.name {
        if case .keyPath(let written) = declaration.source {
          // A malformed path is reported by `invalid-key-path` and reads nothing.
          guard NamePatterns.isKeyPath(written.value) else { return nil }
          location = written.location
        }
      }
      return PayloadRead(
        param: param.name, path: path, isRequired: param.requirement == .required,
        location: location)
    }
  }

  mutating func checkFallback(_ routes: [ResolvedManifest.Route]) -> Int? {
    guard let fallback = manifest.fallback else { return nil }
    guard let index = routeIndex(of: fallback, from: "`fallback`", "names the push type") else {
      return nil
    }
    // The variants its `only` leaves out: a variant whose route has an error of its own was
    // reported there.
    let declaration = manifest.routes.first { $0.key.value == routes[index].key }
    let only = declaration?.only.map { Set($0.map(\.value)) }
    let missing = variants.map(\.name).filter { only?.contains($0) == false }
    if !missing.isEmpty {
      diagnostics.report(
        .fallbackUnavailable, at: fallback.location,
        "the fallback route `\(routes[index].key)` does not exist in \(Suggestions.list(missing)); unknown push types there resolve as `unavailable`"
      )
    }
    return index
  }
}
