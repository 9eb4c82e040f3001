import RouteTable

/// Routes without a screen: `app_action` (a command the app runs, such as a silent push that
/// refreshes data) and `reroute` (a URL carried in a link or a push, resolved again as a link).
/// Each reads its parameters with a screen no manifest declares, which `screens` holds last and
/// marks internal: the table, link patterns and payload sources then work as for any route, and
/// generated code has no `Destination` case for it.
extension Validation {
  mutating func checkCommandRoute(_ route: RouteDeclaration, _ what: String)
    -> ResolvedManifest.Route?
  {
    let available = availableVariants(route, what)
    checkLinksHaveTargets(route)
    reportDeprecation(route, what)
    let command: ResolvedManifest.RouteCommand
    let key: String
    if let reroute = route.reroute {
      command = .reroute(reroute.value)
      key = "reroute"
      if let action = route.appAction {
        reportCommandConflict(
          action.location, what,
          "has both `app_action` and `reroute`; a route either runs a command or routes a URL again"
        )
      }
    } else if let action = route.appAction {
      command = .appAction(action.value)
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
    if case .appAction = command {
      if let links = route.links { screenKeys.append(("links", links.location)) }
      if let param = route.body.params?.first { screenKeys.append(("params", param.name.location)) }
    }
    for (name, location) in screenKeys {
      reportCommandConflict(
        location, what,
        "has `\(key)`, so it opens no screen and `\(name)` does not apply; remove `\(name)`, or `\(key)` to open a screen"
      )
    }
    var screen = ResolvedManifest.Screen(name: "(\(key))", params: [], isInternal: true)
    if case .reroute(let param) = command {
      screen.params = [
        ResolvedManifest.Param(
          name: param, type: .string, requirement: .required,
          maxLength: ResolvedManifest.defaultMaxLength)
      ]
    }
    let screenIndex = screens.count
    screens.append(screen)
    let params = paramSources(route.body.params ?? [], screen: screen, what)
    // A command's links were reported above, once.
    let declaredLinks = key == "reroute" ? route.links?.value ?? [] : []
    let links = checkLinks(declaredLinks, screen: screen, sources: params)
    let effective = ResolvedManifest.EffectiveRoute(
      screen: screenIndex, params: params, tab: nil, url: nil, presentation: .push,
      links: links)
    return ResolvedManifest.Route(
      pushType: route.pushType.value, aliases: route.aliases.map(\.value),
      foreground: route.foreground?.value ?? .banner, deprecation: route.deprecation?.value,
      description: route.description,
      variants: variants.indices.map { available.contains($0) ? effective : nil },
      links: declaredLinks.map { $0.pattern.mapParams(\.name) },
      category: route.category?.value,
      whenPresent: Self.whenPresentPaths(route), command: command)
  }

  private mutating func reportCommandConflict(
    _ location: SourceLocation, _ what: String, _ message: String
  ) {
    diagnostics.report(.conflictingKeys, at: location, "\(what) \(message)")
  }
}
