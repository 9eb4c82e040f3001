/// A key path record's segments (a count, then that many string references), read in place. A
/// collection of its own rather than a lazy map: a lazy map's closure, holding the reader, was
/// allocated on the heap for every resolution.
struct KeyPathSegments: RandomAccessCollection {
  let reader: TableReader
  let start: Int
  let endIndex: Int

  init(reader: TableReader, start: Int) {
    self.reader = reader
    self.start = start
    let count = reader.word(start, RouteTableLayout.KeyPath.segmentCount)
    endIndex = count == RouteTableWords.none ? 0 : Swift.min(count, reader.wordCount)
  }

  var startIndex: Int { 0 }

  subscript(position: Int) -> TableKey {
    TableKey(
      reader: reader,
      at: reader.record(
        position, of: RouteTableLayout.Name.self,
        at: start + RouteTableLayout.KeyPath.segments.rawValue))
  }
}
