import RouteTable

/// Decoding of `routes`: route keys, their screens, parameter sources, tabs and overrides.
extension ManifestDecoder {
  mutating func routes(_ node: YAMLNode, undecoded: inout Set<String>)
    -> [RouteDeclaration]
  {
    guard let mapping = nonEmptyMapping(node, "`routes`", of: "route") else { return [] }
    // The last entry that is a route's mapping: a dedented key belongs to it.
    var previous: YAMLMapping.Entry?
    var routes: [RouteDeclaration] = []
    for entry in mapping.entries {
      if let dedented = dedentedKey(entry, after: previous) {
        diagnostics.report(.typeMismatch, at: entry.key.location, dedented)
        undecoded.insert(entry.key.value)
      } else if let route = route(entry) {
        routes.append(route)
        previous = entry
      } else {
        undecoded.insert(entry.key.value)
      }
    }
    return routes
  }

  /// The message for a route's key written in the column of the routes (`presentation: modal`
  /// under `routes:`), which YAML reads as a route of that name with a single value; nil for
  /// anything else.
  private func dedentedKey(_ entry: YAMLMapping.Entry, after previous: YAMLMapping.Entry?)
    -> String?
  {
    guard ManifestDecoder.routeKeys.contains(entry.key.value),
      let previous, case .mapping(let route) = previous.value, let sibling = route.entries.first
    else { return nil }
    let found: String
    switch entry.value {
    case .scalar(let value) where !value.isEmptyPlain: found = "the value `\(value.value)`"
    case .sequence: found = "a list"
    // `params:` or `variants:` with their own keys below, and no `screen`.
    case .mapping(let body)
    where body["screen"] == nil
      && !body.entries.contains { ManifestDecoder.routeKeys.contains($0.key.value) }:
      found = "a mapping without `screen`"
    default: return nil
    }
    let key = entry.key
    return
      "route `\(key.value)` must be a mapping with `screen`, found \(found); `\(key.value):` is indented \(key.location.column - 1) spaces, like the routes, and `\(sibling.key.value):` of route `\(previous.key.value)` above \(sibling.key.location.column - 1): `\(key.value)` is a key of a route, so indent `\(key.value):` like `\(sibling.key.value):`"
  }

  private mutating func route(_ entry: YAMLMapping.Entry) -> RouteDeclaration? {
    let pushType = entry.located
    checkWireName(pushType, "push type", rule: .invalidPushType)
    let what = "route `\(pushType.value)`"
    guard let mapping = self.mapping(entry.value, what) else { return nil }
    // A screenless route (`app_action` or `reroute`) opens no screen.
    let opensScreen = mapping["app_action"] == nil && mapping["reroute"] == nil
    checkKeys(
      mapping, allowed: ManifestDecoder.routeKeys, required: opensScreen ? ["screen"] : [],
      in: what,
      owner: pushType.location)
    var route = RouteDeclaration(
      key: pushType, body: routeBody(mapping, what), only: nil, overrides: [], aliases: [],
      foreground: nil, deprecation: nil, description: nil)
    if let node = mapping["only"]?.value {
      route.only = stringList(node, "`only` of \(what)", nonEmpty: true)
    }
    if let node = mapping["variants"]?.value,
      let overrides = self.mapping(node, "`variants` of \(what)")
    {
      for override in overrides.entries {
        let variant = override.located
        let overrideWhat = "the `\(variant.value)` override of \(what)"
        guard let body = self.mapping(override.value, overrideWhat) else { continue }
        for key in body.entries
        where ManifestDecoder.routeKeys.contains(key.key.value)
          && !ManifestDecoder.overrideKeys.contains(key.key.value)
        {
          diagnostics.report(
            .unknownKey, at: key.key.location,
            "`\(key.key.value)` cannot be overridden per variant; set it on \(what) or use "
              + Suggestions.list(ManifestDecoder.overrideKeys))
        }
        let unknown = YAMLMapping(
          entries: body.entries.filter { !ManifestDecoder.routeKeys.contains($0.key.value) },
          location: body.location)
        checkKeys(unknown, allowed: ManifestDecoder.overrideKeys, in: overrideWhat)
        var overrideBody = routeBody(body, overrideWhat)
        if case .perVariant(let map)? = overrideBody.tab {
          diagnostics.report(
            .typeMismatch, at: map.location,
            "the `tab` of \(overrideWhat) must be a tab name or index, found a mapping; the override already applies to one variant"
          )
          overrideBody.tab = nil
        }
        route.overrides.append((variant, overrideBody))
      }
    }
    if let node = mapping["aliases"]?.value, let aliases = sequence(node, "`aliases` of \(what)") {
      for item in aliases.items {
        guard let alias = string(item, "an alias of \(what)") else { continue }
        checkWireName(alias, "alias", rule: .invalidPushType)
        route.aliases.append(alias)
      }
    }
    if let node = mapping["foreground"]?.value {
      route.foreground = choice(node, "`foreground` of \(what)", as: ForegroundPolicy.self)
    }
    if let node = mapping["deprecated"]?.value, let value = scalar(node, "`deprecated` of \(what)")
    {
      if let flag = ScalarSyntax.bool(value) {
        route.deprecation = flag ? Located("", at: value.location) : nil
      } else if value.style == .plain, ScalarSyntax.yaml11Booleans.contains(value.value) {
        diagnostics.report(
          .invalidBool, at: value.location,
          "`deprecated` of \(what) must be `true`, `false` or a message; `\(value.value)` is a YAML 1.1 boolean (quote it to use it as a message)"
        )
      } else {
        route.deprecation = Located(value.value, at: value.location)
      }
    }
    if let node = mapping["description"]?.value {
      route.description = string(node, "`description` of \(what)")?.value
    }
    if let node = mapping["category"]?.value {
      route.category = string(node, "`category` of \(what)")
    }
    if let node = mapping["app_action"]?.value, let name = string(node, "`app_action` of \(what)") {
      checkWireName(name, "app action", rule: .invalidActionID)
      route.appAction = name
    }
    if let node = mapping["reroute"]?.value, let name = string(node, "`reroute` of \(what)") {
      checkName(name, "the reroute parameter")
      route.reroute = name
    }
    if let entry = mapping["when_present"],
      let paths = stringList(entry.value, "`when_present` of \(what)", nonEmpty: true)
    {
      for path in paths { checkKeyPath(path, "an entry of `when_present` of \(what)") }
      route.whenPresent = Located(paths, at: entry.key.location)
    }
    if let entry = mapping["requires"],
      let names = stringList(entry.value, "`requires` of \(what)", nonEmpty: true)
    {
      route.requires = Located(names, at: entry.key.location)
    }
    if let entry = mapping["links"] {
      route.links = Located(linkList(entry.value, "`links` of \(what)"), at: entry.key.location)
    }
    return route
  }

  private mutating func routeBody(_ mapping: YAMLMapping, _ what: String) -> RouteBodyDeclaration {
    var body = RouteBodyDeclaration(location: mapping.location)
    if let node = mapping["screen"]?.value {
      body.screen = string(node, "`screen` of \(what)")
    }
    if let node = mapping["params"]?.value, let params = self.mapping(node, "`params` of \(what)") {
      body.params = params.entries.compactMap { paramSource($0, what) }
    }
    if let node = mapping["tab"]?.value {
      body.tab = tab(node, what)
    }
    if let node = mapping["url"]?.value {
      if case .mapping(let braces) = node, let template = Self.unquotedTemplate(braces) {
        diagnostics.report(
          .typeMismatch, at: node.location,
          "`url` of \(what) must be a single value; unquoted, `\(template)` is read as a YAML mapping: quote it, as in url: \"\(template)\""
        )
      } else {
        body.url = scalar(node, "`url` of \(what)")
      }
    }
    if let node = mapping["presentation"]?.value {
      body.presentation = choice(node, "`presentation` of \(what)", as: Presentation.self)
    }
    if let entry = mapping["stack"], let stack = stack(entry.value, "`stack` of \(what)") {
      body.stack = Located(stack, at: entry.key.location)
    }
    return body
  }

  /// `{web}` written without quotes is a mapping of `web` to nothing; the template it was
  /// meant to be, or nil for any other mapping.
  private static func unquotedTemplate(_ mapping: YAMLMapping) -> String? {
    guard mapping.entries.count == 1, let entry = mapping.entries.first,
      entry.key.style == .plain, case .scalar(let value) = entry.value, value.isEmptyPlain
    else { return nil }
    return "{\(entry.key.value)}"
  }

  /// A parameter's source: a payload key path, or a value an arrival carries beside its payload
  /// (`$webpage_url`, `$title`: a user activity's `webpageURL` and `title`). Another `$` name is
  /// `unknown-arrival-value`, with the nearest.
  private mutating func checkSourcePath(_ path: Located<String>, _ what: String) {
    guard path.value.hasPrefix("$") else {
      checkKeyPath(path, what)
      return
    }
    guard !ArrivalValues.names.contains(path.value) else { return }
    diagnostics.report(
      .unknownArrivalValue, at: path.location,
      "\(what) is `\(path.value)`, which no arrival carries"
        + (diagnostics.suggestions.nearest(to: path.value, in: ArrivalValues.names).map {
          "; did you mean `\($0)`?"
        }
          ?? "; a `$` name is `$webpage_url` or `$title` (a user activity's), and no payload key starts with `$`")
    )
  }

  private mutating func paramSource(_ entry: YAMLMapping.Entry, _ what: String)
    -> ParamSourceDeclaration?
  {
    let name = entry.located
    let paramWhat = "parameter `\(name.value)` of \(what)"
    if case .scalar(let scalar) = entry.value {
      let path = Located(scalar.value, at: scalar.location)
      checkSourcePath(path, "the payload key of \(paramWhat)")
      return ParamSourceDeclaration(name: name, source: .keyPath(path))
    }
    guard let mapping = self.mapping(entry.value, paramWhat) else { return nil }
    checkKeys(mapping, allowed: ["from", "value"], in: paramWhat)
    switch (mapping["from"], mapping["value"]) {
    case (let from?, nil):
      guard let path = string(from.value, "`from` of \(paramWhat)") else { return nil }
      checkSourcePath(path, "`from` of \(paramWhat)")
      return ParamSourceDeclaration(name: name, source: .keyPath(path))
    case (nil, let value?):
      guard let constant = scalar(value.value, "`value` of \(paramWhat)") else { return nil }
      return ParamSourceDeclaration(name: name, source: .constant(constant))
    case (_?, let value?):
      diagnostics.report(
        .conflictingKeys, at: value.key.location,
        "\(paramWhat) has both `from` and `value`; a parameter comes from the payload or is a constant, not both"
      )
    case (nil, nil):
      diagnostics.report(
        .missingKey, at: mapping.location,
        "\(paramWhat) needs `from: key.path` or `value: constant`")
    }
    return nil
  }

  private mutating func tab(_ node: YAMLNode, _ what: String) -> TabDeclaration? {
    if case .mapping(let mapping) = node {
      var entries: [(variant: Located<String>, tab: Located<TabReference>)] = []
      for entry in mapping.entries {
        if let tab = tabReference(entry.value, "the `\(entry.key.value)` tab of \(what)") {
          entries.append((entry.located, tab))
        }
      }
      return .perVariant(Located(entries, at: mapping.location))
    }
    return tabReference(node, "`tab` of \(what)").map(TabDeclaration.single)
  }

  private mutating func tabReference(_ node: YAMLNode, _ what: String) -> Located<TabReference>? {
    guard let scalar = scalar(node, what) else { return nil }
    if let index = ScalarSyntax.int(scalar) {
      return Located(.index(index), at: scalar.location)
    }
    // An unquoted number too large for an index is still an index, not a tab name.
    if scalar.style == .plain, ScalarSyntax.isDecimalInteger(scalar.value) {
      diagnostics.report(
        .tabOutOfRange, at: scalar.location,
        "tab index \(scalar.value) is out of range: an index counts a variant's tabs from 0")
      return nil
    }
    return Located(.name(scalar.value), at: scalar.location)
  }
}
