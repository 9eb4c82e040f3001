/// A pattern's query items, then its fragment's (`LinkPattern.queryCount` and
/// `fragmentQueryCount` records at `queryAt`): each one's index and the part of the URL it
/// reads.
struct PatternQueryItems: Sequence, IteratorProtocol {
  let queryCount: Int
  let total: Int
  var index = 0

  init(reader: TableReader, pattern: Int) {
    queryCount = reader.count(pattern, RouteTableLayout.LinkPattern.queryCount)
    total = queryCount + reader.count(pattern, RouteTableLayout.LinkPattern.fragmentQueryCount)
  }

  mutating func next() -> (index: Int, part: LinkURL.Part)? {
    guard index < total else { return nil }
    defer { index += 1 }
    return (index, index < queryCount ? .path : .fragment)
  }
}
