import Foundation

extension RouteTable {
  /// Resolves a universal link or custom-scheme URL by the manifest's link patterns: the most
  /// specific matching pattern's route is resolved in `variant` like a push (`matched`,
  /// `invalid_params` or `unavailable`, with `link` set to the pattern); any other URL is
  /// `unknown_link`. A link is opened by the user, so `action` is always `navigate`.
  ///
  /// `variant` is an index into `variantNames`; an index out of range uses the default variant.
  @usableFromInline
  package func resolve(url: String, variant: Int) -> Resolution<ScreenInstance> {
    image.read { reader in
      Resolver(image: image, reader: reader, baseOverrides: baseOverrides, state: .background)
        .resolve(url: url, variant: variant)
    }
  }

  /// Resolves `url.absoluteString`; see `resolve(url:variant:)` for a string.
  package func resolve(url: URL, variant: Int) -> Resolution<ScreenInstance> {
    resolve(url: url.absoluteString, variant: variant)
  }

  /// The web hosts links are claimed for, opened with https.
  public var linkHosts: [String] {
    image.read { $0.names(.linkHostCount, .linkHostsAt, RouteTableLayout.Name.text) }
  }

  /// The custom URL schemes links are claimed for.
  public var linkSchemes: [String] {
    image.read { $0.names(.linkSchemeCount, .linkSchemesAt, RouteTableLayout.Name.text) }
  }
}

extension Resolver {
  typealias LinkLayout = RouteTableLayout

  func resolve(url: String, variant requested: Int) -> Resolution<ScreenInstance> {
    let variant = reader.variant(requested)
    // Only the pattern and the values come out of the closures that hold the URL's bytes, and
    // they capture the reader alone: a closure over `self` copied the whole resolver.
    let reader = reader
    let found: (pattern: Int, values: RouteValues)? = LinkURL.withParts(
      of: url, isHost: { reader.contains($0, .linkHostCount, .linkHostsAt) },
      isScheme: { reader.contains($0, .linkSchemeCount, .linkSchemesAt) }
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

extension TableReader {
  /// Whether the list of `count` strings at `at` holds `name`'s bytes.
  func contains(
    _ name: UnsafeBufferPointer<UInt8>, _ count: RouteTableLayout.Header,
    _ at: RouteTableLayout.Header
  ) -> Bool {
    let start = header(at)
    return (0..<max(0, min(header(count), wordCount))).contains {
      Self.equal(
        bytes(record($0, of: RouteTableLayout.Name.self, at: start), RouteTableLayout.Name.text),
        name)
    }
  }

  /// The `LinkPattern` record of pattern `id`.
  func linkPatternRecord(_ id: Int) -> Int {
    word(header(.linkPatternsAt) &+ id)
  }

  /// The `LinkSegment` record of segment `index` of the `LinkPattern` record at `pattern`.
  func linkSegment(_ index: Int, ofPattern pattern: Int) -> Int {
    record(
      index, of: RouteTableLayout.LinkSegment.self,
      at: word(pattern, RouteTableLayout.LinkPattern.segmentsAt))
  }

  /// The `LinkQuery` record of query item `index` of the `LinkPattern` record at `pattern`.
  func linkQueryItem(_ index: Int, ofPattern pattern: Int) -> Int {
    record(
      index, of: RouteTableLayout.LinkQuery.self,
      at: word(pattern, RouteTableLayout.LinkPattern.queryAt))
  }

  /// The placeholder list of the `LinkPattern` record at `pattern` in the `EffectiveRoute` at
  /// `effective`: one screen parameter index per placeholder.
  func linkBindings(ofPattern pattern: Int, effective: Int) -> Int {
    word(
      word(effective, RouteTableLayout.EffectiveRoute.linksAt)
        &+ word(pattern, RouteTableLayout.LinkPattern.index))
  }

  /// The screen parameter the placeholder numbered in word `field` of `record` binds, by the
  /// placeholder list at `bindings`.
  func boundParam<Field: TableRecord>(_ record: Int, _ field: Field, bindings: Int) -> Int {
    word(bindings &+ word(record, field))
  }
}

/// The walk over the link trie for one URL.
///
/// Depth-first, trying at each segment the literal child, then `{name}`, then the `{name*}`
/// patterns starting there: that order is the specificity order, so the first pattern that
/// holds is the winner. A node is reached at one depth only, so the walk visits each node at
/// most once whatever the URL.
struct LinkMatcher {
  typealias Layout = RouteTableLayout
  let reader: TableReader
  let url: LinkURL
  let variant: Int

  /// The record of the winning pattern and where its placeholders point, or nil.
  func match(node: Int, depth: Int) -> (pattern: Int, binding: LinkBindings)? {
    typealias Node = Layout.LinkNode
    if depth == url.segmentCount {
      return firstHolding(
        count: reader.word(node, Node.terminalCount), at: reader.word(node, Node.terminalsAt))
    }
    // The literals' lookup table: its count, then its records.
    let literals = node + Node.literals.rawValue
    if let child = reader.lookup(
      bytes: url.segment(depth), count: reader.word(literals), at: literals + 1),
      let found = match(node: child, depth: depth + 1)
    {
      return found
    }
    let param = reader.word(node, Node.paramChild)
    if param != RouteTableWords.none, let found = match(node: param, depth: depth + 1) {
      return found
    }
    return firstHolding(
      count: reader.word(node, Node.restCount), at: reader.word(node, Node.restAt))
  }

  /// The first pattern of a list whose query conditions hold and whose path values are valid.
  private func firstHolding(count: Int, at: Int) -> (pattern: Int, binding: LinkBindings)? {
    for index in 0..<max(0, min(count, reader.wordCount)) {
      let pattern = reader.linkPatternRecord(reader.word(at + index))
      if conditionsHold(pattern), let binding = bindings(pattern),
        pathValuesAreValid(pattern, binding)
      {
        return (pattern, binding)
      }
    }
    return nil
  }

  private func conditionsHold(_ pattern: Int) -> Bool {
    for index in 0..<reader.count(pattern, Layout.LinkPattern.queryCount) {
      let item = reader.linkQueryItem(index, ofPattern: pattern)
      guard reader.word(item, Layout.LinkQuery.kind) == Layout.LinkQueryKind.condition.rawValue
      else { continue }
      let key = reader.bytes(item, Layout.LinkQuery.key)
      let value = reader.bytes(item, Layout.LinkQuery.value)
      var found = false
      for urlItem in 0..<url.itemCount where TableReader.equal(url.key(urlItem), key) {
        guard let given = url.value(urlItem), TableReader.equal(given, value) else { return false }
        found = true
      }
      guard found else { return false }
    }
    return true
  }

  /// Each `{name}` and `{name*}` value must be valid for its parameter's type, or the pattern
  /// does not match (rather than resolving as `invalid_params`).
  private func pathValuesAreValid(_ pattern: Int, _ binding: LinkBindings) -> Bool {
    for (segment, index) in pathPlaceholders(pattern) {
      let text =
        reader.word(segment, Layout.LinkSegment.kind) == Layout.LinkSegmentKind.rest.rawValue
        ? url.segments(from: index) : url.segment(index)
      let param = reader.boundParam(segment, Layout.LinkSegment.placeholder, bindings: binding.list)
      guard binding.isValid(text, param: param, reader: reader) else { return false }
    }
    return true
  }

  /// The pattern's path placeholders: each one's segment record and its index in the path.
  private func pathPlaceholders(_ pattern: Int) -> PathPlaceholders {
    typealias Pattern = Layout.LinkPattern
    return PathPlaceholders(
      reader: reader, segmentsAt: reader.word(pattern, Pattern.segmentsAt),
      listAt: reader.word(pattern, Pattern.pathPlaceholdersAt),
      count: reader.count(pattern, Pattern.pathPlaceholderCount),
      segmentLimit: min(reader.word(pattern, Pattern.segmentCount), url.segmentCount))
  }

  /// The parameter list of the pattern's placeholders and the screen they belong to, in this
  /// variant; where the route does not exist in the variant (it resolves as `unavailable`), in
  /// the first variant that has it, so whether a URL matches never depends on `only`.
  func bindings(_ pattern: Int) -> LinkBindings? {
    let record = reader.routeRecord(reader.word(pattern, Layout.LinkPattern.route))
    var effective = reader.effectiveRoute(record: record, variant: variant)
    if effective == RouteTableWords.none {
      let variants = max(0, min(reader.header(.variantCount), reader.wordCount))
      guard
        let other = (0..<variants).lazy.map({ reader.effectiveRoute(record: record, variant: $0) })
          .first(where: { $0 != RouteTableWords.none })
      else { return nil }
      effective = other
    }
    return LinkBindings(
      list: reader.linkBindings(ofPattern: pattern, effective: effective),
      screen: reader.screenRecord(ofEffective: effective))
  }

  /// The value of screen parameter `param` in the URL, for the winning pattern.
  func supply(param: Int, pattern: Int, binding: LinkBindings) -> SuppliedValue {
    for (segment, index) in pathPlaceholders(pattern)
    where reader.boundParam(segment, Layout.LinkSegment.placeholder, bindings: binding.list)
      == param
    {
      return .text(
        reader.word(segment, Layout.LinkSegment.kind) == Layout.LinkSegmentKind.rest.rawValue
          ? url.segments(from: index) : url.segment(index))
    }
    for index in 0..<reader.count(pattern, Layout.LinkPattern.queryCount) {
      let item = reader.linkQueryItem(index, ofPattern: pattern)
      guard reader.word(item, Layout.LinkQuery.kind) == Layout.LinkQueryKind.bind.rawValue,
        reader.boundParam(item, Layout.LinkQuery.placeholder, bindings: binding.list) == param
      else { continue }
      let key = reader.bytes(item, Layout.LinkQuery.key)
      var found: UnsafeBufferPointer<UInt8>?
      for urlItem in 0..<url.itemCount where TableReader.equal(url.key(urlItem), key) {
        // Two values for one parameter: neither is more right than the other.
        guard found == nil, let value = url.value(urlItem), !value.isEmpty else { return .invalid }
        found = value
      }
      return found.map { .text($0) } ?? .absent
    }
    return .absent
  }
}

/// A pattern's path placeholders (`LinkPattern.pathPlaceholdersAt`), as pairs of the segment's
/// record and its index in the path. An index is below both the pattern's and the URL's
/// segment counts, so a damaged table's cannot reach past the URL's segments.
struct PathPlaceholders: Sequence, IteratorProtocol {
  let reader: TableReader
  let segmentsAt: Int
  let listAt: Int
  let count: Int
  let segmentLimit: Int
  var position = 0

  init(reader: TableReader, segmentsAt: Int, listAt: Int, count: Int, segmentLimit: Int) {
    self.reader = reader
    self.segmentsAt = segmentsAt
    self.listAt = listAt
    self.count = count
    self.segmentLimit = segmentLimit
  }

  mutating func next() -> (segment: Int, index: Int)? {
    while position < count {
      let index = reader.word(listAt + position)
      position += 1
      guard index < segmentLimit else { continue }
      return (reader.record(index, of: RouteTableLayout.LinkSegment.self, at: segmentsAt), index)
    }
    return nil
  }
}

/// Where a pattern's placeholders point in one variant's screen.
struct LinkBindings {
  /// One screen parameter index per placeholder.
  let list: Int
  /// The `Screen` record the parameters belong to.
  let screen: Int

  func isValid(_ text: UnsafeBufferPointer<UInt8>, param: Int, reader: TableReader) -> Bool {
    typealias Param = RouteTableLayout.Param
    let record = reader.paramRecord(param, ofScreen: screen)
    guard !text.isEmpty, let type = RouteTableLayout.type(code: reader.word(record, Param.type))
    else { return false }
    return ParamValue.coerce(text: text, to: type, maxLength: reader.word(record, Param.maxLength))
      != nil
  }
}
