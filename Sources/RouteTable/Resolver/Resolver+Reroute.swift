import Foundation

/// Re-routing: a route with `reroute` carries a URL, which is resolved again as a link.
extension Resolver {
  /// The most URLs a chain of `reroute` routes resolves again: a deeper chain (a loop among
  /// them, too) is `unknown_link`.
  static let maximumReroutes = 2

  /// A route with `reroute` whose values `routeValues` read (a payload's, whose `carrier` is
  /// empty): its one parameter, a URL, resolved again as a link (see
  /// `reroute(_:of:_:carrier:chain:)`).
  func reroute(
    _ found: RouteValues, _ variant: Int, carrier: UnsafeBufferPointer<UInt8>, chain: RerouteChain
  ) -> Resolution<ScreenInstance> {
    guard case .string(let value)?? = found.values.first else {
      var resolution = Resolution<ScreenInstance>(status: .unknownLink, names: names(variant))
      setReroutedFrom(&resolution, chain, then: found.record)
      return resolution
    }
    return reroute(value, of: found.record, variant, carrier: carrier, chain: chain)
  }

  /// `value`, the parameter of the route with `reroute` at `record`, resolved again as a link.
  /// A value that starts with `/` is resolved against the URL that carried it (empty bytes: a
  /// push's, `https://` and the first link host that is no wildcard). A value that opens no
  /// route is `unknown_link` with the value as its `url` when it is an `http` or `https` URL, so
  /// the app can open it in the browser, and without one otherwise; a chain deeper than
  /// `maximumReroutes` is `unknown_link` without one.
  private func reroute(
    _ value: String, of record: Int, _ variant: Int, carrier: UnsafeBufferPointer<UInt8>,
    chain: RerouteChain
  ) -> Resolution<ScreenInstance> {
    resolution(of: follow(value, of: record, variant, carrier: carrier, chain: chain), variant)
  }

  /// Whether `url` starts with `http://` or `https://` (the scheme in any case): the only
  /// carried URLs an `unknown_link` resolution hands on.
  static func isWebURL(_ url: String) -> Bool {
    // ASCII letters lowercased; no other byte becomes one of `http`'s.
    let scheme = url.utf8.prefix { $0 != UInt8(ascii: ":") }.map { $0 | 0x20 }
    guard scheme.elementsEqual("http".utf8) || scheme.elementsEqual("https".utf8) else {
      return false
    }
    return url.utf8.dropFirst(scheme.count).starts(with: "://".utf8)
  }

  /// Where following a rerouted value ends: what comes out of the closures that hold the URLs'
  /// bytes. `chain` and then `last` are the routes with `reroute` that were followed.
  enum RerouteEnd {
    /// The last URL matched `pattern`, of a route without `reroute`.
    case values(pattern: Int, RouteValues, chain: RerouteChain, last: Int)
    /// The last URL, `url`, matched nothing; nil for a chain too deep.
    case unknown(url: String?, chain: RerouteChain, last: Int)
    /// The last URL, `url`, matched `pattern` of a route with `reroute` but gave no value to
    /// follow; `followed` the routes before it (rare: its URL is copied into a `String`, so no
    /// case holds a resolution, which made every `RerouteEnd` copy one).
    case unfollowed(pattern: Int, RouteValues, followed: RerouteChain, url: String)
  }

  /// Follows `value` (see `reroute(_:of:_:carrier:chain:)`) to the first URL that is not routed
  /// again, or to the end of the chain.
  func follow(
    _ value: String, of record: Int, _ variant: Int, carrier: UnsafeBufferPointer<UInt8>,
    chain: RerouteChain
  ) -> RerouteEnd {
    guard let longer = chain.appending(record) else {
      return .unknown(url: nil, chain: chain, last: record)
    }
    let origin = Self.origin(of: value, carrier: carrier, reader: reader)
    return Self.withJoined(origin, value, carrier: carrier) { bytes in
      let reader = reader
      let found = LinkURL.withParts(
        ofBytes: bytes, host: { reader.hostEntry(covering: $0, https: $1) },
        scheme: { reader.scheme($0) }
      ) { Self.match($0, reader: reader, variant: variant) }
      switch found {
      case nil:
        return .unknown(url: String(decoding: bytes, as: UTF8.self), chain: chain, last: record)
      case .reroute(_, let next, let nextValue)?:
        return follow(nextValue, of: next, variant, carrier: bytes, chain: longer)
      case .values(let pattern, let values)?:
        guard Self.reroutes(values.record, reader) else {
          return .values(pattern: pattern, values, chain: chain, last: record)
        }
        return .unfollowed(
          pattern: pattern, values, followed: longer, url: String(decoding: bytes, as: UTF8.self))
      }
    }
  }

  /// The resolution `end` stands for.
  func resolution(of end: consuming RerouteEnd, _ variant: Int) -> Resolution<
    ScreenInstance
  > {
    switch consume end {
    case .values(let pattern, let values, let chain, let last):
      var resolution = resolution(of: values, status: .matched, pushType: nil, variant)
      resolution.names.setLink(reference: pattern + LinkLayout.LinkPattern.text.rawValue)
      setReroutedFrom(&resolution, chain, then: last)
      return resolution
    case .unknown(let url, let chain, let last):
      var resolution = Resolution<ScreenInstance>(status: .unknownLink, names: names(variant))
      setReroutedFrom(&resolution, chain, then: last)
      // Only a web address is handed on to be opened: a carried `javascript:` or `file:` URL
      // is no link to follow anywhere.
      resolution.url = url.flatMap { Self.isWebURL($0) ? $0 : nil }
      return resolution
    case .unfollowed(let pattern, let values, let followed, let url):
      return unfollowed(values, pattern: pattern, url: url, variant, followed: followed)
    }
  }

  /// A URL, `url`, that matched `pattern` of a route with `reroute` but gave no value to follow:
  /// the route's own resolution (`invalid_params`, `unavailable`, or its default value routed
  /// again). `followed`: the routes with `reroute` that carried `url`.
  func unfollowed(
    _ values: RouteValues, pattern: Int, url: String, _ variant: Int, followed: RerouteChain
  ) -> Resolution<ScreenInstance> {
    var text = url
    var resolution = text.withUTF8 {
      self.resolution(
        of: values, status: .matched, pushType: nil, variant, carrier: $0, chain: followed)
    }
    // A URL routed again reports the link of the URL it ended with.
    if resolution.reroutedFrom.isEmpty {
      resolution.names.setLink(reference: pattern + LinkLayout.LinkPattern.text.rawValue)
      if followed.count > 0 { setReroutedFrom(&resolution, followed) }
    }
    return resolution
  }

  /// Sets `resolution.reroutedFrom` to the keys of the routes of `chain` and then of `record`,
  /// by `swap`: assigning the array to the member copied the whole resolution (about 900
  /// instructions, a tenth of a rerouted URL's).
  private func setReroutedFrom(
    _ resolution: inout Resolution<ScreenInstance>, _ chain: RerouteChain, then record: Int? = nil
  ) {
    var names = names(of: chain, then: record)
    swap(&resolution.reroutedFrom, &names)
  }

  /// The keys of the routes of `chain` and then of `record`: a resolution's `reroutedFrom`.
  private func names(of chain: RerouteChain, then record: Int?) -> [String] {
    var names: [String] = []
    names.reserveCapacity(chain.count + (record == nil ? 0 : 1))
    for index in 0..<chain.count {
      names.append(reader.string(chain[index], Layout.Route.key))
    }
    if let record { names.append(reader.string(record, Layout.Route.key)) }
    return names
  }

  /// What goes before a rerouted value to make it absolute: nothing, unless it is a path (`/…`,
  /// not `//…`), which replaces the carrier's path and query as RFC 3986 (5.2.2) resolves a
  /// reference: after `carrier`'s scheme and authority, the authority being everything from
  /// `//` to the next `/`, `?` or `#` for every scheme (so `shop://deep-link?url=/settings`
  /// gives `shop://deep-link/settings`, whose first segment is `deep-link` for a scheme whose
  /// authority is a segment), or after the scheme alone when `carrier` has no `//`. When
  /// `carrier` is empty (a push), after `https://` and the first link host that is no wildcard,
  /// or the first scheme's `SCHEME:`.
  enum Origin {
    case none
    /// The first `count` bytes of the carrier.
    case carrier(count: Int)
    case text(String)
  }

  static func origin(of value: String, carrier url: UnsafeBufferPointer<UInt8>, reader: TableReader)
    -> Origin
  {
    let bytes = value.utf8
    guard bytes.first == UInt8(ascii: "/"),
      bytes.dropFirst().first != UInt8(ascii: "/")
    else { return .none }
    guard !url.isEmpty else {
      let hosts = reader.names(.linkHostCount, .linkHostsAt, Layout.Name.text)
      if let host = hosts.first(where: LinkHostEntry.isExact) { return .text("https://" + host) }
      let schemes = reader.names(.linkSchemeCount, .linkSchemesAt, Layout.Name.text)
      return .text(schemes.first.map { $0 + ":" } ?? "")
    }
    // On the UTF-8 bytes, in place: a URL's scheme and authority are ASCII up to their ends.
    var colon = 0
    while colon < url.count, url[colon] != UInt8(ascii: ":") { colon += 1 }
    guard colon < url.count else { return .none }
    var end = colon + 1
    if colon + 2 < url.count, url[colon + 1] == UInt8(ascii: "/"),
      url[colon + 2] == UInt8(ascii: "/")
    {
      end = colon + 3
      while end < url.count, url[end] != UInt8(ascii: "/"), url[end] != UInt8(ascii: "?"),
        url[end] != UInt8(ascii: "#")
      {
        end += 1
      }
    }
    return .carrier(count: end)
  }

  /// Runs `body` with the bytes of `origin` (whose carrier is `carrier`) followed by `value`,
  /// joined in one buffer on the stack: one closure, as each closure a resolution is returned
  /// through copies it.
  @inline(__always) static func withJoined<Result>(
    _ origin: Origin, _ value: String, carrier: UnsafeBufferPointer<UInt8>,
    _ body: (UnsafeBufferPointer<UInt8>) -> Result
  ) -> Result {
    let none = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    let (text, head): (String, UnsafeBufferPointer<UInt8>) =
      switch origin {
      case .none: ("", none)
      case .text(let given): (given, none)
      case .carrier(let count):
        ("", UnsafeBufferPointer(rebasing: carrier[..<min(count, carrier.count)]))
      }
    let count = text.utf8.count + head.count + value.utf8.count
    guard count > 0 else { return body(none) }
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count) { buffer in
      // Each piece copied by `initialize(from:)`, which copies a native string's UTF-8 in one
      // move; a nested function capturing the running count made each copy check exclusive
      // access to it.
      var written = UnsafeMutableBufferPointer(rebasing: buffer[...]).initialize(from: text.utf8).1
      written += UnsafeMutableBufferPointer(rebasing: buffer[written...]).initialize(from: head).1
      written +=
        UnsafeMutableBufferPointer(rebasing: buffer[written...]).initialize(from: value.utf8)
        .1
      return body(UnsafeBufferPointer(rebasing: buffer[..<written]))
    }
  }
}
