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
