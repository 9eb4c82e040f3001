import Foundation

/// A pattern's path and fragment placeholders (`LinkPattern.pathPlaceholdersAt`: indexes into
/// its segments, the path's then the fragment's), as the segment's record, its index in its
/// part and the part. An index is below both the pattern's and the URL's segment counts of its
/// part, so a damaged table's cannot reach past the URL's segments.
struct PathPlaceholders: Sequence, IteratorProtocol {
  let reader: TableReader
  let segmentsAt: Int
  let listAt: Int
  let count: Int
  /// The pattern's path segments: a larger index is in the fragment.
  let pathCount: Int
  let pathLimit: Int
  let fragmentLimit: Int
  var position = 0

  init(
    reader: TableReader, segmentsAt: Int, listAt: Int, count: Int, pathCount: Int,
    pathLimit: Int, fragmentLimit: Int
  ) {
    self.reader = reader
    self.segmentsAt = segmentsAt
    self.listAt = listAt
    self.count = count
    self.pathCount = pathCount
    self.pathLimit = pathLimit
    self.fragmentLimit = fragmentLimit
  }

  mutating func next() -> (segment: Int, index: Int, part: LinkURL.Part)? {
    while position < count {
      let index = reader.word(listAt + position)
      position += 1
      let isPath = index < pathCount
      let inPart = isPath ? index : index &- pathCount
      guard inPart >= 0, inPart < (isPath ? pathLimit : fragmentLimit) else { continue }
      return (
        reader.record(index, of: RouteTableLayout.LinkSegment.self, at: segmentsAt), inPart,
        isPath ? .path : .fragment
      )
    }
    return nil
  }
}
