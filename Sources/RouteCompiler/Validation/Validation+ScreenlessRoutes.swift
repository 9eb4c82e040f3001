import RouteTable

/// Screenless routes: `app_action` (an action the app runs, such as a silent push that refreshes
/// data) and `reroute` (a URL carried in a link or a push, resolved again as a link). Their
/// target says so; the parameters they bind are the target's (`ParamOwner(screenless:)`), so
/// payload sources and link patterns are checked as for any route.
extension Validation {
  mutating func checkScreenlessRoute(_ route: RouteDeclaration, _ what: String)
    -> ResolvedManifest.Route?
  {
    let available = availableVariants(route, what)
    checkLinksHaveTargets(route)
    reportDeprecation(route, what)
    let target: ResolvedManifest.RouteTarget
    let key: String
    if let reroute = route.reroute {
      target = .reroute(reroute.value)
      key = "reroute"
      if let action = route.appAction {
        reportScreenlessConflict(
          action.location, what,
          "has both `app_action` and `reroute`; a route either runs a command or routes a URL again"
        )
      }
    } else if let action = route.appAction {
      target = .appAction(action.value)
      key = "app_action"
    } else {
      return nil
    }
    // What only a screen has.
    var screenKeys: [(String, SourceLocation)] = []
    if let screen = route.body.screen { screenKeys.append(("screen", screen.location)) }
    switch route.body.tab {
    case .single(let tab)?: screenKeys.append(("tab", tab.location))
    case .perVariant(let map)?: screenKeys.append(("tab", map.location))
    case nil: break
    }
    if let url = route.body.url { screenKeys.append(("url", url.location)) }
    if let presentation = route.body.presentation {
      screenKeys.append(("presentation", presentation.location))
    }
    if let stack = route.body.stack { screenKeys.append(("stack", stack.location)) }
    if let override = route.overrides.first {
      screenKeys.append(("variants", override.variant.location))
    }
    if let requires = route.requires { screenKeys.append(("requires", requires.location)) }
    if case .appAction = target, let param = route.body.params?.first {
      screenKeys.append(("params", param.name.location))
    }
    for (name, location) in screenKeys {
      reportScreenlessConflict(
        location, what,
        "has `\(key)`, so it opens no screen and `\(name)` does not apply; remove `\(name)`, or `\(key)` to open a screen"
      )
    }
    let owner = ParamOwner(screenless: target)
    let params = paramSources(route.body.params ?? [], owner: owner, what)
    // An `app_action` route's links bind nothing: it takes no parameter (`{_}` and literals only).
    let refinements = recordLinkRefinements(route, owners: [owner])
    let links = checkLinks(
      route.links?.value ?? [], owner: owner, sources: params, refinements: refinements)
    let effective = ResolvedManifest.EffectiveRoute(
      target: target, params: params, tab: nil, url: nil, presentation: .push, links: links)
    return ResolvedManifest.Route(
      key: route.key.value, aliases: route.aliases.map(\.value),
      foreground: route.foreground?.value ?? .banner, deprecation: route.deprecation?.value,
      description: route.description,
      variants: variants.indices.map { available.contains($0) ? effective : nil },
      links: Self.declaredLinks(route, refinements: refinements),
      category: route.category?.value,
      whenPresent: Self.whenPresentPaths(route))
  }

  private mutating func reportScreenlessConflict(
    _ location: SourceLocation, _ what: String, _ message: String
  ) {
    diagnostics.report(.conflictingKeys, at: location, "\(what) \(message)")
  }
}
