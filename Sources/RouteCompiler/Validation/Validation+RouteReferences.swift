/// References to a route by route key or alias, from a requirement, `fallback`, a category
/// action, a quick action or an activity type: one lookup and one `unknown-route` message; and
/// what a route opened with no payload lacks.
extension Validation {
  /// Indexes every route's key and aliases, in manifest order (the first route to claim a
  /// name keeps it; `duplicate-alias` reports the second).
  mutating func indexRouteNames(_ routes: [ResolvedManifest.Route]) {
    for (index, route) in routes.enumerated() {
      for name in [route.key] + route.aliases where routeNames[name] == nil {
        routeNames[name] = index
        routeNameOrder.append(name)
      }
    }
  }

  /// The index of the route `name` names by route key or alias. An unknown name is one
  /// `unknown-route` error at `name`, worded `<owner> <verb> `name`, which no route declares`
  /// with the nearest route key or alias; none when a route of that name failed to decode (it
  /// was reported where it is declared). An empty name says the reference names no route.
  mutating func routeIndex(of name: Located<String>, from owner: String, _ verb: String) -> Int? {
    if let index = routeNames[name.value] { return index }
    if name.value.isEmpty {
      diagnostics.report(
        .unknownRoute, at: name.location,
        "\(owner) names no route; give the push type or an alias of the route it opens")
    } else if !manifest.undecoded.mayDeclare(route: name.value) {
      diagnostics.report(
        .unknownRoute, at: name.location,
        "\(owner) \(verb) `\(name.value)`, which no route declares"
          + diagnostics.suggestions.didYouMean(name.value, in: routeNameOrder))
    }
    return nil
  }

  /// What a route opened with no payload (a requirement's route, a static quick action) lacks:
  /// each required parameter that some variant's screen reads from a payload rather than a
  /// constant of the route, with those screens and variants, in manifest order.
  func valuesNeededWithoutPayload(
    _ route: ResolvedManifest.Route
  ) -> (params: [String], screens: [String], variants: [String]) {
    var needed: (params: [String], screens: [String], variants: [String]) = ([], [], [])
    for (index, effective) in route.variants.enumerated() {
      guard let effective else { continue }
      let screen = effective.screen.map { screens[$0].name }
      for (param, source) in zip(params(of: effective), effective.params) {
        guard case .required = param.requirement, case .payload = source else { continue }
        if !needed.params.contains(param.name) { needed.params.append(param.name) }
        if let screen, !needed.screens.contains(screen) { needed.screens.append(screen) }
        if needed.variants.last != variants[index].name {
          needed.variants.append(variants[index].name)
        }
      }
    }
    return needed
  }
}
