import RouteTable

extension Validation {
  /// Checks a route's link patterns against one variant's effective screen and parameter
  /// sources; returns the patterns with each placeholder as the index of its parameter, or only
  /// those that are valid.
  /// `origin` follows a message that names the screen, when a variant's override chose it.
  /// `refinements` gives, per link, what the route's screens add to it.
  mutating func checkLinks(
    _ links: [LinkDeclaration], owner: ParamOwner,
    sources: [ResolvedManifest.ParamSource], refinements: [LinkRefinement], origin: String = ""
  ) -> [LinkPattern<Int>] {
    let names = owner.params.map(\.name)
    return links.enumerated().compactMap { position, link in
      var valid = true
      var hasUnknown = false
      var bound: Set<Int> = []
      for placeholder in link.pattern.params {
        guard let index = names.firstIndex(of: placeholder.name) else {
          if !isUndecodedParam(placeholder.name, of: owner) {
            diagnostics.report(
              .unknownLinkParam, at: link.scalar.location(ofOffset: placeholder.offset),
              "the link uses `{\(placeholder.name)}`, which is not a parameter of \(owner.described)"
                + origin
                + (owner.screenName == nil && names.isEmpty
                  ? "; an `app_action` route takes no parameter, so its links bind none: write a literal segment, `{_}` or `{_*}`"
                  : diagnostics.suggestions.parameterHint(placeholder.name, in: names)))
          }
          valid = false
          hasUnknown = true
          continue
        }
        bound.insert(index)
      }
      valid = checkQueryPlaceholders(link, owner: owner) && valid
      for case .rest(let placeholder) in link.pattern.segments
        + (link.pattern.fragment?.segments ?? [])
      {
        guard let param = owner.params.first(where: { $0.name == placeholder.name }),
          param.type != .string, param.type != .query
        else { continue }
        diagnostics.report(
          .linkParamType, at: link.scalar.location(ofOffset: placeholder.offset),
          "`{\(param.name)*}` takes the rest of the path, which is text, but `\(param.name)` of \(owner.described) is \(param.type == .int ? "an" : "a") \(param.type.rawValue); bind a string parameter or write `{\(param.name)}`"
        )
        valid = false
      }
      let unbound = owner.params.indices.filter { index in
        guard owner.params[index].requirement == .required, !bound.contains(index) else {
          return false
        }
        if case .constant = sources[index] { return false }
        return true
      }.map { owner.params[$0].name }
      // An unknown placeholder is most likely a misspelt required parameter: reported once.
      if !unbound.isEmpty, !hasUnknown {
        let plural = unbound.count == 1 ? "parameter" : "parameters"
        let listed = unbound.map { "`\($0)`" }.joined(separator: ", ")
        diagnostics.report(
          .unboundLinkParam, at: link.scalar.location,
          "the link `\(link.scalar.value)` does not bind the required \(plural) \(listed) of \(owner.described); add a placeholder like `{\(unbound[0])}`, or give the parameter a `default` or a route constant"
        )
      }
      guard valid, unbound.isEmpty else { return nil }
      return link.pattern.refined(
        refinements.indices.contains(position) ? refinements[position] : LinkRefinement()
      ).mapParams { placeholder in names.firstIndex(of: placeholder.name) ?? 0 }
    }
  }

  /// For each of `route`'s links, what `owners` (the route's screen in each variant it exists
  /// in) add to it: the keys of its `key={param}` items whose parameter is required (no
  /// `default`, not `optional`) in every owner, which a URL must hold to open the route, so
  /// those bindings are presence conditions; and for each `{param}` segment of a string
  /// parameter with a `prefix` in every owner, the prefix they share. Recorded for the
  /// ambiguity check.
  mutating func recordLinkRefinements(_ route: RouteDeclaration, owners: [ParamOwner])
    -> [LinkRefinement]
  {
    func everywhere(_ name: String, _ holds: (ResolvedManifest.Param) -> Bool) -> Bool {
      !owners.isEmpty
        && owners.allSatisfy { owner in owner.params.contains { $0.name == name && holds($0) } }
    }
    let refinements = (route.links?.value ?? []).map { link in
      var refinement = LinkRefinement()
      for (items, inFragment) in [
        (link.pattern.query, false), (link.pattern.fragment?.query ?? [], true),
      ] {
        for case .bind(let key, let placeholder, _) in items
        where everywhere(placeholder.name, { $0.requirement == .required }) {
          if inFragment {
            refinement.fragmentPresence.insert(key)
          } else {
            refinement.presence.insert(key)
          }
        }
      }
      for case .param(let placeholder) in link.pattern.segments
        + (link.pattern.fragment?.segments ?? [])
      {
        let prefixes = owners.compactMap { owner in
          owner.params.first { $0.name == placeholder.name }?.prefix
        }
        guard prefixes.count == owners.count, var shared = prefixes.first else { continue }
        for prefix in prefixes.dropFirst() {
          shared = String(
            String.UnicodeScalarView(
              zip(shared.unicodeScalars, prefix.unicodeScalars).prefix { $0 == $1 }.map(\.0)))
        }
        if !shared.isEmpty { refinement.prefixes[placeholder.name] = shared }
      }
      return refinement
    }
    linkRefinements[route.key.value] = refinements
    return refinements
  }

  /// The route's links as written, placeholders by name, with `refinements` applied.
  static func declaredLinks(_ route: RouteDeclaration, refinements: [LinkRefinement])
    -> [LinkPattern<String>]
  {
    (route.links?.value ?? []).enumerated().map { position, link in
      link.pattern.refined(
        refinements.indices.contains(position) ? refinements[position] : LinkRefinement()
      ).mapParams(\.name)
    }
  }

  /// A `query` parameter is bound by `{name*}` as the last query item and by nothing else, and
  /// that item binds only a `query` parameter. Returns whether the pattern's placeholders pass.
  private mutating func checkQueryPlaceholders(
    _ link: LinkDeclaration, owner: ParamOwner
  ) -> Bool {
    var valid = true
    let passThrough: Set<LinkPlaceholder> = Set(
      (link.pattern.query + (link.pattern.fragment?.query ?? [])).compactMap { item in
        if case .rest(let placeholder) = item { placeholder } else { nil }
      })
    for placeholder in link.pattern.params {
      guard let param = owner.params.first(where: { $0.name == placeholder.name }) else {
        continue
      }
      let isPassThrough = passThrough.contains(placeholder)
      guard (param.type == .query) != isPassThrough else { continue }
      valid = false
      let article = param.type == .int ? "an" : "a"
      diagnostics.report(
        .linkParamType, at: link.scalar.location(ofOffset: placeholder.offset),
        isPassThrough
          ? "`{\(param.name)*}` as a query item passes the URL's other query items, a map, but `\(param.name)` of \(owner.described) is \(article) \(param.type.rawValue); declare it `type: query`, or bind it with `key={\(param.name)}`"
          : "`\(param.name)` of \(owner.described) is a `query` parameter, a map of query items; bind it with `{\(param.name)*}` as the last query item, like `?{\(param.name)*}`"
      )
    }
    return valid
  }

  /// A route with links needs a host or scheme to be opened from; a link restricted to hosts or
  /// schemes names declared ones and keeps at least one.
  mutating func checkLinksHaveTargets(_ route: RouteDeclaration) {
    guard let links = route.links else { return }
    if manifest.links?.declaresTargets == true {
      for link in links.value { checkTargets(of: link) }
      return
    }
    diagnostics.report(
      .linksWithoutHosts, at: links.location,
      "route `\(route.key.value)` has links, but the manifest declares no link host or scheme, so no URL opens it; add `links: { hosts: [...] }` or `schemes: [...]` at the top level"
    )
  }

  /// Checks the `hosts` and `schemes` of a link written as a mapping. `*` (any https host) is
  /// the one host a link may name without `links.hosts` declaring it, and only alone.
  private mutating func checkTargets(of link: LinkDeclaration) {
    let declaredHosts = manifest.links?.hosts.map(\.value) ?? []
    let declaredSchemes = manifest.links?.schemes.map(\.value) ?? []
    var unknown = false
    for name in link.hosts ?? [] where name.value.contains("*") {
      guard name.value == LinkHostEntry.anyHost else {
        if let problem = LinkNames.hostEntryProblem(name.value) {
          unknown = true
          diagnostics.report(problem.rule, at: name.location, problem.message)
        }
        continue
      }
      if let others = link.hosts, others.count > 1 {
        unknown = true
        diagnostics.report(
          .invalidHostWildcard, at: name.location,
          "the link `\(link.scalar.value)` names `*`, any https host, beside other hosts, which it already covers; write `hosts: [\"*\"]` alone, or leave `*` out"
        )
      }
    }
    for (names, declared, kind) in [
      (link.hosts, declaredHosts, "host"), (link.schemes, declaredSchemes, "scheme"),
    ] {
      for name in names ?? []
      where !declared.contains(name.value)
        && !(kind == "host" && name.value.contains("*")
          && (name.value == LinkHostEntry.anyHost
            || LinkNames.hostEntryProblem(name.value) != nil))
      {
        unknown = true
        let guess = diagnostics.suggestions.didYouMean(name.value, in: declared)
        let wildcard =
          kind == "host"
          ? declared.first {
            !LinkHostEntry.isExact($0) && LinkHostEntry.covers($0, host: name.value)
          }
          : nil
        diagnostics.report(
          .unknownLinkTarget, at: name.location,
          "the link `\(link.scalar.value)` names the \(kind) `\(name.value)`, which `links.\(kind)s` does not declare"
            + (wildcard.map {
              "; it declares `\($0)`, which covers it: name `\($0)`, or declare `\(name.value)` too"
            }
              ?? (guess.isEmpty
                ? "; "
                  + (declared.isEmpty
                    ? "it declares none"
                    : "it declares " + declared.map { "`\($0)`" }.joined(separator: ", "))
                : guess))
        )
      }
    }
    guard !unknown, link.hosts != nil || link.schemes != nil else { return }
    let hosts = link.hosts.map { $0.map(\.value) } ?? declaredHosts
    let schemes = link.schemes.map { $0.map(\.value) } ?? declaredSchemes
    guard hosts.isEmpty, schemes.isEmpty else { return }
    diagnostics.report(
      .linkReachesNothing, at: link.location,
      "the link `\(link.scalar.value)` applies to no host and no scheme, so no URL opens it; list a host under `hosts` or a scheme under `schemes`, or leave one of them out to mean all"
    )
  }

  /// Reports every pattern that ties with an earlier one (of any route), at the later pattern.
  /// Without a valid host or scheme there is no URL to show; the invalid ones are reported, and
  /// ties come to light once they are fixed.
  mutating func checkLinkAmbiguity() {
    guard let links = manifest.links, !links.hosts.isEmpty || !links.schemes.isEmpty else {
      return
    }
    var written: [(route: String, link: LinkDeclaration)] = []
    var patterns: [LinkPattern<LinkPlaceholder>] = []
    for route in manifest.routes {
      let refinements = linkRefinements[route.key.value] ?? []
      for (position, link) in (route.links?.value ?? []).enumerated() {
        written.append((route.key.value, link))
        patterns.append(
          link.pattern.refined(
            refinements.indices.contains(position) ? refinements[position] : LinkRefinement()))
      }
    }
    let hosts = links.hosts.map(\.value)
    let schemes = links.schemes.map(\.value)
    let origins = patterns.map {
      LinkOrigin.origins(
        of: $0, hosts: hosts, schemes: schemes, hostAuthoritySchemes: links.hostAuthoritySchemes)
    }
    for tie in LinkAmbiguity.ties(patterns, origins: origins) {
      let (first, second) = (written[tie.first], written[tie.second])
      guard let origin = origins[tie.first].first(where: origins[tie.second].contains) else {
        continue
      }
      let url = LinkAmbiguity.exampleURL(
        patterns[tie.first], patterns[tie.second], origin: origin, hosts: hosts)
      let owner = first.route == second.route ? "" : " of route `\(first.route)`"
      diagnostics.report(
        .ambiguousLinks, at: second.link.scalar.location,
        "the link `\(second.link.scalar.value)` ties with `\(first.link.scalar.value)`\(owner) (\(diagnostics.reference(to: first.link.scalar.location))): `\(url)` matches both and neither is more specific; make one of them more specific or remove it"
      )
    }
    for overlap in LinkAmbiguity.overlaps(patterns, origins: origins) {
      let (first, second) = (written[overlap.first], written[overlap.second])
      let owner = first.route == second.route ? "" : " of route `\(first.route)`"
      diagnostics.report(
        .ambiguousLinks, at: second.link.scalar.location,
        "the link `\(second.link.scalar.value)` ties with `\(first.link.scalar.value)`\(owner) (\(diagnostics.reference(to: first.link.scalar.location))): a segment like `\(overlap.segment)` fits the literal text of both at the same position, and neither has more; give one more literal text, or text the other's cannot match"
      )
    }
  }
}
