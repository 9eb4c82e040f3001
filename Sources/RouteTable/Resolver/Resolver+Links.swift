import Foundation

extension Resolver {
  typealias LinkLayout = RouteTableLayout

  func resolve(url: String, variant requested: Int) -> Resolution<ScreenInstance> {
    let variant = reader.variant(requested)
    // Only the pattern and the values come out of the closures that hold the URL's bytes, and
    // they capture the reader alone: a closure over `self` copied the whole resolver.
    let reader = reader
    let found: (pattern: Int, values: RouteValues)? = LinkURL.withParts(
      of: url, host: { reader.index(of: $0, .linkHostCount, .linkHostsAt) },
      scheme: { name in
        reader.index(of: name, .linkSchemeCount, .linkSchemesAt).map {
          ($0, reader.schemeTakesHost($0))
        }
      }
    ) { parts in
      guard let parts, reader.header(.linkRoot) != RouteTableWords.none else { return nil }
      let matcher = LinkMatcher(reader: reader, url: parts, variant: variant)
      guard let (pattern, binding) = matcher.match(node: reader.header(.linkRoot), depth: 0)
      else { return nil }
      let route = reader.word(pattern, RouteTableLayout.LinkPattern.route)
      let values = reader.routeValues(route, variant) { param, _ in
        matcher.supply(param: param, pattern: pattern, binding: binding)
      }
      return (pattern, values)
    }
    guard let found else { return Resolution(status: .unknownLink, names: names(variant)) }
    var resolution = resolution(of: found.values, status: .matched, pushType: nil, variant)
    resolution.names.setLink(
      reference: found.pattern + RouteTableLayout.LinkPattern.text.rawValue)
    return resolution
  }
}
