import RouteTable

/// Decoding of the top-level `links` (hosts and schemes) and of a route's link patterns.
extension NodeReader {
  mutating func links(_ node: YAMLNode, key: SourceLocation) -> LinksDeclaration? {
    guard let mapping = mapping(node, "`links`") else { return nil }
    checkKeys(mapping, allowed: ["hosts", "schemes"], in: "`links`")
    var links = LinksDeclaration(keyLocation: key)
    if let entry = mapping["hosts"] {
      links.hostsLocation = entry.key.location
      for host in stringList(entry.value, "`links.hosts`", nonEmpty: true) ?? [] {
        links.declaresTargets = true
        if let problem = LinkNames.hostProblem(host.value) {
          diagnostics.report(.invalidLinkHost, at: host.location, problem)
        } else {
          links.hosts.append(host)
        }
      }
    }
    if let entry = mapping["schemes"] {
      links.schemesLocation = entry.key.location
      for scheme in stringList(entry.value, "`links.schemes`", nonEmpty: true) ?? [] {
        links.declaresTargets = true
        if let problem = LinkNames.schemeProblem(scheme.value) {
          diagnostics.report(.invalidLinkScheme, at: scheme.location, problem)
        } else {
          links.schemes.append(scheme)
        }
      }
    }
    return links
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
