import RouteTable

/// The word writer under `RouteTableEncoder`: the table's words and text as they grow, and the
/// primitives every section writer (the `TableWordWriter+*` extensions) writes with. Records
/// equal word for word are written once (`intern`), and each distinct string once (`string`).
struct TableWordWriter {
  typealias Layout = RouteTableLayout
  var words: [Int] = []
  var text: [UInt8] = []
  /// Keyed by bytes, not `String`: `String` equality is canonical equivalence, so `é` and
  /// `e` + U+0301 would share an offset with different lengths.
  var stringOffsets: [[UInt8]: Int] = [:]
  /// Every record written through `intern`, by its words.
  var records: [[Int]: Int] = [:]
  /// Each base's index in the table's base list, by name.
  var baseIndexes: [String: Int] = [:]
  /// Per screen, each parameter's index by name.
  var screenParams: [[String: Int]] = []

  /// The two strings; fails when an offset would not fit a word.
  func finish() throws(RouteTableEncoder.TableTooLarge) -> (words: String, text: String) {
    guard words.count <= RouteTableEncoder.TableTooLarge.limit else {
      throw .words(count: words.count)
    }
    guard text.count <= RouteTableEncoder.TableTooLarge.limit else {
      throw .text(bytes: text.count)
    }
    var characters: [UInt8] = []
    characters.reserveCapacity(words.count * RouteTableWords.wordWidth)
    for word in words {
      // Every word is a count, offset, code or checked number below the limit, or `none`.
      guard RouteTableWords.encode(word, into: &characters) else {
        throw .words(count: words.count)
      }
    }
    return (String(decoding: characters, as: UTF8.self), String(decoding: text, as: UTF8.self))
  }

  mutating func set(_ field: Layout.Header, _ value: Int) {
    words[field.rawValue] = value
  }

  /// Appends `record`'s words.
  mutating func append<Field>(_ record: Record<Field>) {
    words.append(contentsOf: record.words)
  }

  /// Writes `record`'s words over the reserved ones from `start` on.
  mutating func put<Field>(_ record: Record<Field>, at start: Int) {
    words.replaceSubrange(start..<(start + record.words.count), with: record.words)
  }

  mutating func reserve(_ count: Int) -> Int {
    let start = words.count
    words.append(contentsOf: repeatElement(0, count: count))
    return start
  }

  /// Where `record` is in the words: where an equal record was written before, or at the end.
  /// Records are read only by offset and length, so sharing words between unrelated records
  /// that happen to be equal is harmless.
  mutating func intern(_ record: [Int]) -> Int {
    if let start = records[record] { return start }
    let start = words.count
    words.append(contentsOf: record)
    records[record] = start
    return start
  }

  mutating func appendString(_ value: String) {
    words.append(contentsOf: stringWords(value))
  }

  mutating func stringWords(_ value: String) -> [Int] {
    let (offset, length) = string(value)
    return [offset, length]
  }

  /// The (offset, length) of `value` in the text, each distinct byte sequence stored once.
  mutating func string(_ value: String) -> (Int, Int) {
    let bytes = Array(value.utf8)
    if let offset = stringOffsets[bytes] {
      return (offset, bytes.count)
    }
    let offset = text.count
    text.append(contentsOf: bytes)
    stringOffsets[bytes] = offset
    return (offset, bytes.count)
  }
}

/// The words of one record of the table, set field by field through the layout's names.
struct Record<Field: TableRecord> {
  private(set) var words = Array(repeating: 0, count: Field.width)

  subscript(_ field: Field) -> Int {
    get { words[field.rawValue] }
    set { words[field.rawValue] = newValue }
  }

  /// Sets a string field's two words (offset and length), or two numbers sharing its place.
  mutating func set(_ field: Field, _ pair: (Int, Int)) {
    words[field.rawValue] = pair.0
    words[field.rawValue + 1] = pair.1
  }
}
