import Foundation

extension Resolver {
  typealias LinkLayout = RouteTableLayout

  /// What matching a URL found: a route's values, or, for a route with `reroute` whose value is
  /// valid, that value alone, to be resolved again without making the route's values.
  enum LinkMatch {
    case values(pattern: Int, RouteValues)
    case reroute(pattern: Int, record: Int, value: String)
  }

  func resolve(url: String, variant requested: Int) -> Resolution<ScreenInstance> {
    let variant = reader.variant(requested)
    let reader = reader
    let found = LinkURL.withParts(
      of: url, host: { reader.hostEntry(covering: $0, https: $1) },
      scheme: { reader.scheme($0) }
    ) { Self.match($0, reader: reader, variant: variant) }
    // The URL's bytes again only for a route that routes a value again. What comes out of the
    // closures that hold them is small (`RerouteEnd`): a resolution returned through each
    // closure was copied at each.
    if case .reroute(_, let record, let value)? = found {
      var text = url
      let end = text.withUTF8 {
        follow(value, of: record, variant, carrier: $0, chain: RerouteChain())
      }
      return resolution(of: end, variant)
    }
    guard case .values(let pattern, let values)? = found else {
      return Resolution(status: .unknownLink, names: names(variant))
    }
    if Self.reroutes(values.record, reader) {
      return unfollowed(values, pattern: pattern, url: url, variant, followed: RerouteChain())
    }
    var resolution = self.resolution(of: values, status: .matched, pushType: nil, variant)
    resolution.names.setLink(reference: pattern + LinkLayout.LinkPattern.text.rawValue)
    return resolution
  }

  /// Whether the route whose `Route` record is `record` has `reroute`.
  static func reroutes(_ record: Int, _ reader: TableReader) -> Bool {
    reader.word(record, LinkLayout.Route.target) == LinkLayout.RouteTarget.reroute.rawValue
  }

  /// The winning pattern and what it gives, read while the URL's bytes are at hand. Only the
  /// pattern and the values come out of the closures that hold them, and the closures capture
  /// the reader alone: a closure over `self` copied the whole resolver.
  static func match(_ parts: LinkURL?, reader: TableReader, variant: Int) -> LinkMatch? {
    guard let parts else { return nil }
    let matcher = LinkMatcher(reader: reader, url: parts, variant: variant)
    guard let (pattern, binding) = matcher.winner() else { return nil }
    let route = reader.word(pattern, LinkLayout.LinkPattern.route)
    if let (record, value) = reroutedValue(
      route, variant, reader: reader,
      supply: { matcher.supply(param: $0, pattern: pattern, binding: binding) })
    {
      return .reroute(pattern: pattern, record: record, value: value)
    }
    let values = reader.routeValues(route, variant) { param, _ in
      matcher.supply(param: param, pattern: pattern, binding: binding)
    }
    return .values(pattern: pattern, values)
  }

  /// For a route with `reroute` that exists in `variant`, its record and the value of its one
  /// parameter when the URL gives a valid one; otherwise nil, and `routeValues` says why.
  private static func reroutedValue(
    _ route: Int, _ variant: Int, reader: TableReader, supply: (Int) -> SuppliedValue
  ) -> (record: Int, value: String)? {
    let record = reader.routeRecord(route)
    guard reroutes(record, reader) else { return nil }
    let effective = reader.effectiveRoute(record: record, variant: variant)
    guard effective != RouteTableWords.none else { return nil }
    let param = reader.paramRecord(0, ofScreen: reader.screenRecord(ofEffective: effective))
    let given: ParamValue?
    switch supply(0) {
    case .text(let text): given = reader.paramValue(text: text, param: param, type: .string)
    // A case-insensitive link's choice, as declared.
    case .value(let value): given = reader.paramValue(value, param: param, type: .string)
    case .absent, .invalid: return nil
    }
    guard case .string(let value)? = given else { return nil }
    return (record, value)
  }
}
