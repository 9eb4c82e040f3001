extension RouteTable {
  /// Every link pattern in manifest order, exactly as written, with the index of its route.
  package var linkPatterns: [(route: Int, link: String)] {
    image.read { reader in
      typealias Pattern = RouteTableLayout.LinkPattern
      return (0..<max(0, min(reader.header(.linkPatternCount), reader.wordCount))).map {
        let pattern = reader.linkPatternRecord($0)
        return (reader.word(pattern, Pattern.route), reader.string(pattern, Pattern.text))
      }
    }
  }

  /// A URL that opens `destination` (a screen and its parameter values, as generated
  /// `Destination`s give it) in `variant`: built from the first link pattern, in manifest
  /// order, of a route whose screen in `variant` is the destination's, that can express its
  /// values and resolves back to exactly this destination (a constant, a default or a more
  /// specific pattern can stand in the way). `https://` and the first host the pattern applies
  /// to, or its first custom scheme when it applies to no host. A wildcard (`*.shop.example`)
  /// or `*` is never written as a host: a pattern that applies to no other host and no scheme
  /// writes no URL, and the next pattern is tried. Nil when no pattern can.
  @_spi(Generated) public func link(for destination: ScreenKey, variant: Int) -> String? {
    let values = destination.values
    for (id, candidate) in linkPatterns.enumerated() {
      guard screen(ofRoute: candidate.route, variant: variant) == destination.screen,
        let url = image.read({ reader in
          LinkWriter(reader: reader, pattern: reader.linkPatternRecord(id))
            .url(variant: variant) { values.indices.contains($0) ? values[$0] : nil }
        })
      else { continue }
      let resolution = resolve(url: url, variant: variant)
      if resolution.status == .matched, let found = resolution.destination,
        found.index == destination.screen, found.values == destination.values
      {
        return url
      }
    }
    return nil
  }

  /// An example URL for every link pattern (numbered like `linkPatterns`) of a route that opens
  /// a screen, in every variant its route exists in, in that order: for app tests that every
  /// link opens a screen. The patterns of routes with `reroute` are in `exampleRerouteLinks`.
  package var exampleLinks: [(pattern: Int, variant: Int, url: String)] {
    let patterns = linkPatterns
    return exampleLinks(of: .screen, in: patterns) { pattern, variant in
      exampleLink(pattern: pattern, variant: variant, in: patterns)
    }
  }

  /// An example URL for every link pattern of a route with `app_action`, in every variant it
  /// exists in: each resolves to `app_action` with the route's action.
  package var exampleAppActionLinks: [(pattern: Int, variant: Int, url: String)] {
    let patterns = linkPatterns
    return exampleLinks(of: .appAction, in: patterns) { pattern, variant in
      exampleLink(pattern: pattern, variant: variant, in: patterns)
    }
  }

  /// An example URL for every link pattern of a route with `reroute`, in every variant it
  /// exists in where some `exampleLinks` URL can be carried: the URL carries the first such URL
  /// that, routed again, opens its screen (the resolution is `matched`, with the pattern's route
  /// first in `reroutedFrom`).
  package var exampleRerouteLinks: [(pattern: Int, variant: Int, url: String)] {
    let patterns = linkPatterns
    let carried = exampleLinks
    let keys = pushTypes
    return exampleLinks(of: .reroute, in: patterns) { pattern, variant in
      let route = patterns[pattern].route
      guard keys.indices.contains(route) else { return nil }
      for link in carried where link.variant == variant {
        let candidate = image.read { reader in
          LinkWriter(
            reader: reader, pattern: reader.linkPatternRecord(pattern), standsInForHosts: true
          )
          .url(variant: variant) { _ in .string(link.url) }
        }
        if let url = candidate, rerouted(resolve(url: url, variant: variant), by: keys[route]) {
          return url
        }
      }
      return nil
    }
  }

  /// `example(pattern, variant)` for every pattern of a route whose target is `target`, in
  /// every variant, numbered like `patterns` (`linkPatterns`).
  private func exampleLinks(
    of target: RouteTableLayout.RouteTarget, in patterns: [(route: Int, link: String)],
    example: (Int, Int) -> String?
  ) -> [(pattern: Int, variant: Int, url: String)] {
    let variants = variantNames.count
    return patterns.indices.flatMap { pattern in
      guard self.target(ofRoute: patterns[pattern].route) == target else {
        return [(pattern: Int, variant: Int, url: String)]()
      }
      return (0..<variants).compactMap { variant in
        example(pattern, variant).map { (pattern, variant, $0) }
      }
    }
  }

  /// A URL that this pattern matches, with a value for every placeholder, or nil when the route
  /// does not exist in `variant` or an index is out of range. A pattern that applies to no
  /// host but through a wildcard or `*` takes a host it covers (`www.shop.example` for
  /// `*.shop.example`, `example.com` for `*`). Values are tried until one set
  /// resolves to this very pattern (a more specific pattern may claim `example`, say); when none
  /// does, the first is returned.
  package func exampleLink(pattern id: Int, variant: Int) -> String? {
    exampleLink(pattern: id, variant: variant, in: linkPatterns)
  }

  /// `patterns` is `linkPatterns`, read once by callers that ask for many examples.
  package func exampleLink(
    pattern id: Int, variant: Int, in patterns: [(route: Int, link: String)]
  ) -> String? {
    guard patterns.indices.contains(id), (0..<variantNames.count).contains(variant),
      screen(ofRoute: patterns[id].route, variant: variant) != nil
    else { return nil }
    let candidates = LinkWriter.exampleTexts.indices.compactMap { choice in
      image.read { reader in
        let writer = LinkWriter(
          reader: reader, pattern: reader.linkPatternRecord(id), standsInForHosts: true)
        return writer.url(variant: variant) { writer.example($0, variant: variant, choice: choice) }
      }
    }
    return candidates.first { url in
      let resolution = resolve(url: url, variant: variant)
      return resolution.link == patterns[id].link && resolution.status != .invalidParams
    } ?? candidates.first
  }

  func screen(ofRoute route: Int, variant: Int) -> Int? {
    image.read { reader in
      guard (0..<reader.header(.routeCount)).contains(route),
        (0..<reader.header(.variantCount)).contains(variant)
      else { return nil }
      let effective = reader.effectiveRoute(record: reader.routeRecord(route), variant: variant)
      return effective == RouteTableWords.none
        ? nil : reader.word(effective, RouteTableLayout.EffectiveRoute.screen)
    }
  }
}

/// Writes a URL from a link pattern and parameter values: the inverse of matching.
private struct LinkWriter {
  typealias Layout = RouteTableLayout
  let reader: TableReader
  let pattern: Int
  /// Whether a wildcard host entry or `*` may be written as a host it covers (examples); else
  /// only a host entry that is one host is written.
  var standsInForHosts = false

  /// Every byte but ASCII letters, digits and `-._~` percent-encoded, so no value can add a
  /// segment, a query item or a fragment.
  static func encoded(_ text: String) -> String {
    PercentEncoding.encoded(text, keeping: .unreserved)
  }

  /// What a link written from a pattern puts where the pattern has `{_}` or `{_*}`.
  static let anySegment = "-"

  /// Example texts per type, one set per attempt. Every attempt changes every type's text (a
  /// string too short for `string` takes `short`), and a `{name*}` takes two segments every
  /// other attempt, so that a literal or a more specific pattern that takes one attempt's URL
  /// (`/t/x` before `/t/{name}` of one letter, `/s/true` and `/s/false` before `/s/{on}`,
  /// `/f/{path}` before `/f/{path*}`) does not take them all.
  static let exampleTexts:
    [(string: String, short: String, int: String, double: String, bool: String)] = [
      ("example", "e", "1", "1.5", "true"), ("sample", "s", "2", "2.5", "false"),
      ("example-2", "q", "3", "3.5", "1"), ("x", "x", "4", "0.5", "0"),
    ]

  /// The URL, or nil when a value cannot be written: a path placeholder or a binding the URL
  /// must hold without a value, a `{name*}` value with an empty segment, or query items passed
  /// through whose key another item of the pattern binds or tests. `value` gives the value of a
  /// screen parameter by index, nil when absent.
  func url(variant: Int, value: (Int) -> ParamValue?) -> String? {
    guard let bindings = bindings(variant) else { return nil }
    typealias Pattern = Layout.LinkPattern
    let segmentCount = reader.count(pattern, Pattern.segmentCount)
    let queryCount = reader.count(pattern, Pattern.queryCount)
    guard let path = path(0..<segmentCount, bindings, value),
      var suffix = query(0..<queryCount, bindings, value)
    else { return nil }
    // A fragment pattern's segments and items follow the path's and the query's.
    if reader.word(pattern, Pattern.fragmentSegmentCount) != RouteTableWords.none {
      let fragmentSegments = reader.count(pattern, Pattern.fragmentSegmentCount)
      let fragmentItems = reader.count(pattern, Pattern.fragmentQueryCount)
      guard
        let fragmentPath = self.path(
          segmentCount..<(segmentCount + fragmentSegments), bindings, value),
        let fragmentQuery = query(queryCount..<(queryCount + fragmentItems), bindings, value)
      else { return nil }
      suffix += "#" + (fragmentPath.isEmpty ? "/" : fragmentPath) + fragmentQuery
    }
    let hosts = reader.names(.linkHostCount, .linkHostsAt, Layout.Name.text)
    if let host = host(hosts, scheme: -1) {
      return "https://" + host + (path.isEmpty ? "/" : path) + suffix
    }
    let schemes = reader.names(.linkSchemeCount, .linkSchemesAt, Layout.Name.text)
    guard
      let schemeIndex = schemes.indices.first(where: {
        reader.pattern(pattern, appliesToHost: -1, scheme: $0)
      })
    else { return nil }
    if reader.schemeTakesHost(schemeIndex) {
      guard let host = host(hosts, scheme: schemeIndex) else { return nil }
      return schemes[schemeIndex] + "://" + host + (path.isEmpty ? "/" : path) + suffix
    }
    let scheme = schemes[schemeIndex]
    // `scheme://first/rest` reads best; a first segment that is not a plain name (percent
    // escapes, say) goes after an empty authority instead, where every parser keeps it as is.
    let first = path.dropFirst().prefix { $0 != "/" }
    let isPlainName = first.utf8.allSatisfy {
      ByteSet.unreserved.contains($0) && $0 != UInt8(ascii: "~")
    }
    return scheme + "://" + (isPlainName ? String(path.dropFirst()) : path) + suffix
  }

  /// The segments `indexes` of the pattern written with their values, each after a `/`; nil
  /// when a placeholder has no value or a `{name*}` value has an empty segment.
  private func path(_ indexes: Range<Int>, _ bindings: Int, _ value: (Int) -> ParamValue?)
    -> String?
  {
    var path = ""
    typealias Segment = Layout.LinkSegment
    for index in indexes {
      let segment = reader.linkSegment(index, ofPattern: pattern)
      let param = { reader.boundParam(segment, Segment.placeholder, bindings: bindings) }
      switch Layout.LinkSegmentKind(rawValue: reader.word(segment, Segment.kind)) {
      case .literal?:
        path += "/" + Self.encoded(reader.string(segment, Segment.text))
      case .param?:
        guard let text = value(param())?.formatted, !text.isEmpty else { return nil }
        path += "/" + Self.encoded(text)
      case .rest?:
        guard let text = value(param())?.formatted else { return nil }
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard !parts.contains(where: \.isEmpty) else { return nil }
        path += "/" + parts.map { Self.encoded(String($0)) }.joined(separator: "/")
      case .any?, .anyRest?:
        path += "/" + Self.anySegment
      case .affixed?:
        typealias Affix = Layout.LinkAffix
        let affix = reader.word(segment, Segment.affixAt)
        let prefix = reader.string(affix, Affix.prefix)
        let suffix = reader.string(affix, Affix.suffix)
        guard reader.word(segment, Segment.placeholder) != RouteTableWords.none else {
          path += "/" + Self.encoded(prefix + Self.anySegment + suffix)
          continue
        }
        guard let text = value(param())?.formatted, !text.isEmpty else { return nil }
        // A value that keeps its prefix is the whole segment: it starts with the prefix.
        let keepsPrefix = reader.word(affix, Affix.keepsPrefix) != 0
        guard !keepsPrefix || text.unicodeScalars.starts(with: prefix.unicodeScalars) else {
          return nil
        }
        path += "/" + Self.encoded(keepsPrefix ? text : prefix + text + suffix)
      case nil: return nil
      }
    }
    return path
  }

  /// The query items `indexes` of the pattern written with their values, after a `?` (empty
  /// for none); nil when a needed binding has no value, or items passed through have a key
  /// another of these items binds or tests.
  private func query(_ indexes: Range<Int>, _ bindings: Int, _ value: (Int) -> ParamValue?)
    -> String?
  {
    var query: [String] = []
    var keys: Set<String> = []
    typealias Query = Layout.LinkQuery
    for index in indexes {
      let item = reader.linkQueryItem(index, ofPattern: pattern)
      let kind = Layout.LinkQueryKind(rawValue: reader.word(item, Query.kind))
      let bound = kind == .bind || kind == .presentBind || kind == .rest
      let found =
        bound ? value(reader.boundParam(item, Query.placeholder, bindings: bindings)) : nil
      if kind == .rest {
        // The last item: the keys of every other item are known.
        guard case .query(let items)? = found else { continue }
        guard keys.isDisjoint(with: items.keys) else { return nil }
        if !items.isEmpty { query.append(QueryItems.formEncoded(items)) }
        continue
      }
      let rawKey = reader.string(item, Query.key)
      keys.insert(rawKey)
      let key = Self.encoded(rawKey)
      switch kind {
      case .condition?:
        query.append(key + "=" + Self.encoded(reader.string(item, Query.value)))
      case .present?:
        // Any value holds; the key alone is the shortest.
        query.append(key)
      case .presentBind?:
        guard let text = found?.formatted else { return nil }
        query.append(key + "=" + Self.encoded(text))
      case .bind?:
        if let text = found?.formatted { query.append(key + "=" + Self.encoded(text)) }
      case .absent?, .rest?, nil:
        continue
      }
    }
    return query.isEmpty ? "" : "?" + query.joined(separator: "&")
  }

  /// The host to write for the pattern through `scheme` (-1: https): the first host entry that
  /// is one host and the pattern applies to; else, with `standsInForHosts`, a host the first
  /// wildcard or `*` it applies to covers (one no entry names, so it reaches that entry).
  private func host(_ hosts: [String], scheme: Int) -> String? {
    let applying = hosts.indices.filter {
      reader.pattern(pattern, appliesToHost: $0, scheme: scheme)
    }.map { hosts[$0] }
    if let exact = applying.first(where: LinkHostEntry.isExact) { return exact }
    guard standsInForHosts,
      let entry = applying.first(where: { scheme < 0 || $0 != LinkHostEntry.anyHost })
    else { return nil }
    return LinkHostEntry.exampleHost(entry, avoiding: hosts.filter(LinkHostEntry.isExact))
  }

  /// The example value of screen parameter `param` for its type, as a link gives it.
  func example(_ param: Int, variant: Int, choice: Int) -> ParamValue? {
    let record = reader.routeRecord(reader.word(pattern, Layout.LinkPattern.route))
    let effective = reader.effectiveRoute(record: record, variant: variant)
    let at = reader.paramRecord(param, ofScreen: reader.screenRecord(ofEffective: effective))
    let texts = Self.exampleTexts[choice % Self.exampleTexts.count]
    switch Layout.type(code: reader.word(at, Layout.Param.type)) {
    case .int?: return .string(texts.int)
    case .double?: return .string(texts.double)
    case .bool?: return .string(texts.bool)
    case .query?: return .query(["utm_source": texts.string])
    case .string? where reader.word(at, Layout.Param.choicesAt) != RouteTableWords.none:
      let choices = reader.choices(param: at)
      return choices.isEmpty ? nil : .string(choices[choice % choices.count])
    case .string?, nil:
      let maxLength = reader.word(at, Layout.Param.maxLength)
      let text = maxLength >= texts.string.count ? texts.string : texts.short
      let twoSegments = text + "/" + texts.short
      return .string(
        choice % 2 == 1 && isRest(param, variant: variant) && maxLength >= twoSegments.count
          ? twoSegments : text)
    }
  }

  /// Whether the pattern's `{name*}` binds screen parameter `param`.
  private func isRest(_ param: Int, variant: Int) -> Bool {
    guard let bindings = bindings(variant) else { return false }
    return (0..<reader.count(pattern, Layout.LinkPattern.segmentCount)).contains { index in
      let segment = reader.linkSegment(index, ofPattern: pattern)
      return reader.word(segment, Layout.LinkSegment.kind) == Layout.LinkSegmentKind.rest.rawValue
        && reader.boundParam(segment, Layout.LinkSegment.placeholder, bindings: bindings) == param
    }
  }

  /// The placeholder list of the pattern in `variant`, or nil where the route does not exist.
  private func bindings(_ variant: Int) -> Int? {
    let record = reader.routeRecord(reader.word(pattern, Layout.LinkPattern.route))
    let effective = reader.effectiveRoute(record: record, variant: variant)
    guard effective != RouteTableWords.none else { return nil }
    return reader.linkBindings(ofPattern: pattern, effective: effective)
  }
}
