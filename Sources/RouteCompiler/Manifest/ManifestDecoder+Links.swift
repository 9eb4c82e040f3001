import RouteTable

/// What `authority:` of a `links.schemes` entry may say: `host`, the URL's authority is one of
/// `links.hosts` (left out, it is the first path segment).
enum LinkAuthority: String, CaseIterable {
  case host
}

/// Decoding of the top-level `links` (hosts and schemes) and of a route's link patterns.
extension ManifestDecoder {
  mutating func links(_ node: YAMLNode, key: SourceLocation) -> LinksDeclaration? {
    guard let mapping = mapping(node, "`links`") else { return nil }
    checkKeys(mapping, allowed: ["hosts", "schemes"], in: "`links`")
    var links = LinksDeclaration(keyLocation: key)
    if let entry = mapping["hosts"] {
      links.hostsLocation = entry.key.location
      for host in stringList(entry.value, "`links.hosts`", nonEmpty: true) ?? [] {
        links.declaresTargets = true
        if let problem = LinkNames.hostEntryProblem(host.value) {
          diagnostics.report(problem.rule, at: host.location, problem.message)
        } else {
          links.hosts.append(host)
        }
      }
    }
    if let entry = mapping["schemes"] {
      links.schemesLocation = entry.key.location
      for scheme in linkSchemes(entry.value) {
        links.declaresTargets = true
        if let problem = LinkNames.schemeProblem(scheme.name.value) {
          diagnostics.report(.invalidLinkScheme, at: scheme.name.location, problem)
        } else {
          links.schemes.append(scheme.name)
          if let authority = scheme.hostAuthority {
            links.hostAuthoritySchemes.append(scheme.name.value)
            if links.hosts.isEmpty, mapping["hosts"] == nil {
              diagnostics.report(
                .invalidLinkScheme, at: authority,
                "`\(scheme.name.value)` takes a host as its authority, but the manifest declares no `links.hosts`; list the hosts its URLs carry"
              )
            }
          }
        }
      }
    }
    return links
  }

  /// The entries of `links.schemes`: a name, or `{ name: NAME, authority: host }`, with where
  /// `authority: host` is written. Repeated names are reported and left out.
  private mutating func linkSchemes(_ node: YAMLNode) -> [(
    name: Located<String>, hostAuthority: SourceLocation?
  )] {
    let what = "`links.schemes`"
    guard let items = listItems(node, what, nonEmpty: true) else { return [] }
    var first: [String: SourceLocation] = [:]
    var result: [(Located<String>, SourceLocation?)] = []
    for item in items {
      var name: Located<String>?
      var authority: SourceLocation?
      if case .mapping(let entry) = item {
        let entryWhat = "an entry of `links.schemes`"
        checkKeys(entry, allowed: ["name", "authority"], required: ["name"], in: entryWhat)
        name = entry["name"].flatMap { string($0.value, "`name` of \(entryWhat)") }
        if let value = entry["authority"],
          let word = choice(
            value.value, "`authority` of `\(name?.value ?? "a scheme")`", as: LinkAuthority.self)
        {
          authority = word.location
        }
      } else {
        name = string(item, "an entry of \(what)")
      }
      guard let name, isFirst(name, in: what, &first) else { continue }
      result.append((name, authority))
    }
    return result
  }

  /// A route's `links`: each entry decoded, a pattern written twice as plain text reported once.
  mutating func linkList(_ node: YAMLNode, _ what: String) -> [LinkDeclaration] {
    guard let items = listItems(node, what, nonEmpty: true) else { return [] }
    var first: [String: SourceLocation] = [:]
    var result: [LinkDeclaration] = []
    for item in items {
      if case .scalar(let scalar) = item, scalar.style != .alias,
        !isFirst(Located(scalar.value, at: scalar.location), in: what, &first)
      {
        continue
      }
      if let link = link(item, what) { result.append(link) }
    }
    return result
  }

  /// A route's link: a pattern, or `{ path: PATTERN, hosts: [...], schemes: [...],
  /// case_sensitive: false }`.
  mutating func link(_ node: YAMLNode, _ what: String) -> LinkDeclaration? {
    guard case .mapping(let mapping) = node else {
      return scalar(node, "an entry of \(what)").flatMap { linkPattern($0) }
    }
    let entry = "a link of \(what)"
    checkKeys(
      mapping, allowed: ["path", "hosts", "schemes", "case_sensitive"], required: ["path"],
      in: entry,
      fixes: ["path": "write the pattern as `path: /courses/{id}`"])
    let hosts = mapping["hosts"].flatMap {
      stringList($0.value, "`hosts` of \(entry)", nonEmpty: false)
    }
    let schemes = mapping["schemes"].flatMap {
      stringList($0.value, "`schemes` of \(entry)", nonEmpty: false)
    }
    let caseSensitive = mapping["case_sensitive"].flatMap {
      bool($0.value, "`case_sensitive` of \(entry)")
    }
    guard let path = mapping["path"].flatMap({ scalar($0.value, "`path` of \(entry)") }),
      var link = linkPattern(path)
    else { return nil }
    link.pattern.caseSensitive = caseSensitive?.value ?? true
    link.hosts = hosts
    link.schemes = schemes
    link.pattern.hosts = hosts?.map(\.value)
    link.pattern.schemes = schemes?.map(\.value)
    link.location = mapping.location
    return link
  }

  mutating func linkPattern(_ scalar: YAMLScalar) -> LinkDeclaration? {
    do {
      return LinkDeclaration(scalar: scalar, pattern: try LinkPattern(parsing: scalar.value))
    } catch {
      diagnostics.report(
        .linkSyntax, at: scalar.location(ofOffset: error.offset), "link pattern: \(error.message)")
      return nil
    }
  }
}
