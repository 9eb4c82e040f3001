/// The table's type keys (a count and the key path records' positions), read in place.
struct TypeKeyPaths: RandomAccessCollection {
  let reader: TableReader
  let at: Int
  let endIndex: Int

  init(reader: TableReader) {
    self.reader = reader
    at = reader.header(.typeKeysAt)
    endIndex = Swift.max(0, Swift.min(reader.header(.typeKeyCount), reader.wordCount))
  }

  var startIndex: Int { 0 }

  subscript(position: Int) -> KeyPathSegments {
    KeyPathSegments(reader: reader, start: reader.word(at + position))
  }
}
