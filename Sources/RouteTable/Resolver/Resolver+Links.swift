import Foundation

extension Resolver {
  typealias LinkLayout = RouteTableLayout

  /// `chain`: the routes with `reroute` that carried this URL, for `reroute(_:_:carrier:chain:)`.
  func resolve(url: String, variant requested: Int, chain: [Int] = []) -> Resolution<ScreenInstance>
  {
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
    var resolution = resolution(
      of: found.values, status: .matched, pushType: nil, variant, carrier: url, chain: chain)
    // A URL routed again reports the link of the URL it ended with.
    if resolution.reroutedFrom.isEmpty {
      resolution.names.setLink(
        reference: found.pattern + RouteTableLayout.LinkPattern.text.rawValue)
    }
    return resolution
  }
}

extension Resolver {
  /// The most URLs a chain of `reroute` routes resolves again: a deeper chain (a loop among
  /// them, too) is `unknown_link`.
  static let maximumReroutes = 2

  /// A route with `reroute`: its one parameter, a URL, resolved again as a link. A value that
  /// starts with `/` is resolved against the URL that carried it (a push's: `https://` and the
  /// first host). A value that opens no route is `unknown_link` with the value as its `url`, so
  /// the app can open it in the browser; a chain deeper than `maximumReroutes` is
  /// `unknown_link` without one.
  func reroute(_ found: RouteValues, _ variant: Int, carrier: String?, chain: [Int])
    -> Resolution<ScreenInstance>
  {
    // The routes of the chain, this one last, by key.
    var chainNames: [String] {
      (chain + [found.record]).map { reader.string($0, Layout.Route.pushType) }
    }
    guard chain.count < Self.maximumReroutes, case .string(let value)?? = found.values.first
    else {
      var resolution = Resolution<ScreenInstance>(status: .unknownLink, names: names(variant))
      resolution.reroutedFrom = chainNames
      return resolution
    }
    let url = Self.absolute(value, carrier: carrier, reader: reader)
    var resolution = resolve(url: url, variant: variant, chain: chain + [found.record])
    if resolution.reroutedFrom.isEmpty {
      resolution.reroutedFrom = chainNames
      if resolution.status == .unknownLink { resolution.url = url }
    }
    return resolution
  }

  /// `value` as an absolute URL: as it is, unless it is a path (`/…`, not `//…`), which is
  /// put after the scheme and host of `carrier` (after `scheme://` for a custom scheme whose
  /// authority is a path segment), or after `https://` and the first link host.
  static func absolute(_ value: String, carrier: String?, reader: TableReader) -> String {
    let bytes = value.utf8
    guard bytes.first == UInt8(ascii: "/"),
      bytes.dropFirst().first != UInt8(ascii: "/")
    else { return value }
    guard let carrier else {
      let hosts = reader.names(.linkHostCount, .linkHostsAt, Layout.Name.text)
      if let host = hosts.first { return "https://" + host + value }
      let schemes = reader.names(.linkSchemeCount, .linkSchemesAt, Layout.Name.text)
      return (schemes.first.map { $0 + ":" } ?? "") + value
    }
    // On the UTF-8 bytes, in place: a URL's scheme and authority are ASCII up to their ends.
    var text = carrier
    return text.withUTF8 { url -> String in
      var colon = 0
      while colon < url.count, url[colon] != UInt8(ascii: ":") { colon += 1 }
      guard colon < url.count else { return value }
      let isHTTPS =
        colon == 5 && url[0] | 0x20 == UInt8(ascii: "h") && url[1] | 0x20 == UInt8(ascii: "t")
        && url[2] | 0x20 == UInt8(ascii: "t") && url[3] | 0x20 == UInt8(ascii: "p")
        && url[4] | 0x20 == UInt8(ascii: "s")
      let takesHost =
        isHTTPS
        || LinkURL.Split.withLowercased(url, 0..<colon) {
          reader.index(of: $0, .linkSchemeCount, .linkSchemesAt)
        }.map(reader.schemeTakesHost) ?? false
      let hasAuthority =
        colon + 2 < url.count && url[colon + 1] == UInt8(ascii: "/")
        && url[colon + 2] == UInt8(ascii: "/")
      var end = colon + 1
      if takesHost, hasAuthority {
        end = colon + 3
        while end < url.count, url[end] != UInt8(ascii: "/"), url[end] != UInt8(ascii: "?"),
          url[end] != UInt8(ascii: "#")
        {
          end += 1
        }
      }
      let origin = String(decoding: UnsafeBufferPointer(rebasing: url[..<end]), as: UTF8.self)
      return origin + (takesHost && hasAuthority ? "" : "//") + value
    }
  }

}
