extension TableReader {
  /// The index of the declared name equal to `name` in the list of `count` strings at `at`.
  func index(
    of name: UnsafeBufferPointer<UInt8>, _ count: RouteTableLayout.Header,
    _ at: RouteTableLayout.Header
  ) -> Int? {
    let start = header(at)
    return (0..<max(0, min(header(count), wordCount))).first {
      Self.equal(
        bytes(record($0, of: RouteTableLayout.Name.self, at: start), RouteTableLayout.Name.text),
        name)
    }
  }

  /// The index of the declared custom scheme `name` and whether its authority is a host.
  func scheme(_ name: UnsafeBufferPointer<UInt8>) -> (index: Int, hostAuthority: Bool)? {
    index(of: name, .linkSchemeCount, .linkSchemesAt).map { ($0, schemeTakesHost($0)) }
  }

  /// Whether the custom scheme at `index` reads its URLs' authority as a host.
  func schemeTakesHost(_ index: Int) -> Bool {
    word(header(.linkSchemeAuthoritiesAt) &+ index)
      == RouteTableLayout.SchemeAuthority.host.rawValue
  }

  /// Whether the `LinkPattern` record at `pattern` applies to a URL through the declared host
  /// entry `host` (-1: none) and custom scheme `scheme` (-1: https). A pattern of every host
  /// applies to every entry but `*`.
  func pattern(_ pattern: Int, appliesToHost host: Int, scheme: Int) -> Bool {
    self.pattern(
      pattern, appliesToHost: host, isAnyHost: host >= 0 && isAnyHostEntry(host), scheme: scheme)
  }

  /// `pattern(_:appliesToHost:scheme:)` where the caller knows whether `host` is `*`.
  func pattern(_ pattern: Int, appliesToHost host: Int, isAnyHost: Bool, scheme: Int) -> Bool {
    let targets = word(pattern, RouteTableLayout.LinkPattern.targetsAt)
    guard targets != RouteTableWords.none else { return !isAnyHost }
    let count = max(0, min(word(targets), wordCount))
    func holds(_ target: Int) -> Bool {
      (0..<count).contains { word(targets &+ 1 &+ $0) == target }
    }
    if scheme >= 0, !holds(header(.linkHostCount) &+ scheme) { return false }
    return host < 0 || holds(host)
  }

  /// Whether `segment` fits the `LinkAffix` record at `affix`: it starts with its prefix, ends
  /// with its suffix (with ASCII letters folded, for a record that folds them), and has at
  /// least one byte between them.
  func affix(_ affix: Int, fits segment: UnsafeBufferPointer<UInt8>) -> Bool {
    let prefix = bytes(affix, RouteTableLayout.LinkAffix.prefix)
    let suffix = bytes(affix, RouteTableLayout.LinkAffix.suffix)
    guard segment.count > prefix.count + suffix.count else { return false }
    let head = UnsafeBufferPointer(rebasing: segment[..<prefix.count])
    let tail = UnsafeBufferPointer(rebasing: segment[(segment.count - suffix.count)...])
    guard word(affix, RouteTableLayout.LinkAffix.foldsCase) != 0 else {
      return Self.equal(head, prefix) && Self.equal(tail, suffix)
    }
    return ASCIIFolding.equal(head, prefix) && ASCIIFolding.equal(tail, suffix)
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
