import Foundation

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
