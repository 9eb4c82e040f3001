/// The packed form of a compiled manifest: every structure as fixed-width integers ("words") in
/// one ASCII string, and every name, key and URL piece in a second, UTF-8 string.
///
/// Both strings can be string literals in generated code, which the compiler stores as static
/// data without type-checking work (array and dictionary literals of the same data measured at
/// minutes per build), and the runtime reads them in place: nothing proportional to the table
/// runs at launch or on first use. `routec` builds the same bytes from a validated manifest, so
/// the CLI and the app run one resolver over one format.
///
/// A word is `wordWidth` characters, six bits each, most significant first, so it holds
/// 0 ..< 2^24; `none` marks an absent reference. The 64 digits are the consecutive ASCII
/// characters `0` (0x30) to `o` (0x6F), so a digit's value is its byte minus 0x30, and a word is
/// one 4-byte load, a subtraction and a few shifts, no branch per character: a resolution reads
/// a hundred words or more, and decoding them through a `switch` per character was a third of
/// its cost. Four digits rather than five cut a tenth of a resolution's instructions, and 2^24
/// words hold far more than apps need (10,000 routes with links take under a million); a
/// larger table is reported as `table-too-large`. Nor is each digit checked: a byte outside
/// them (only a hand-edited table has one) still decodes to a number below 2^24, and every
/// reader bounds what it does with a word, so a damaged table reads wrongly but never crashes. The layout is described by `RouteTableLayout`, shared with the encoder in
/// RouteCompiler.
///
/// An image is one reference to the object that holds the table's two byte buffers (and, for
/// a table built at run time, owns them). Every resolution keeps its names as references into
/// the table, so the image is copied into each: as one reference, the names a resolution keeps
/// are small enough for the compiler to copy and destroy them in line, where an image of four
/// words and an owner made it destroy them through run-time type metadata (about 600
/// instructions of a link resolution's 10,000, found by callgrind).
public struct RouteTableImage: Sendable {
  let storage: TableStorage

  /// A table embedded in generated code, written for the table layout `format` names.
  ///
  /// `RouteTableFormat` has one case, the layout this runtime reads, so a file that another
  /// version of `routec` generated does not compile against it, where it would otherwise resolve
  /// every payload and URL wrongly.
  @_spi(Generated) public init(format: RouteTableFormat, words: StaticString, text: StaticString) {
    guard words.hasPointerRepresentation, text.hasPointerRepresentation else {
      // A one-character literal is stored as a Unicode scalar rather than as bytes.
      storage = TableStorage(
        copying: words.withUTF8Buffer { Array($0) }, text: text.withUTF8Buffer { Array($0) })
      return
    }
    storage = TableStorage(
      words: UnsafeBufferPointer(start: words.utf8Start, count: words.utf8CodeUnitCount),
      text: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  /// A table built at run time (by `routec`, or by tests), copied into memory of its own.
  ///
  /// A different label from the literal form's on purpose: Swift prefers `String` for a string
  /// literal when both initializers fit, so with one label generated code would copy its
  /// multi-megabyte table on first use instead of reading the literals in place (found by the
  /// launch benchmark: +760 page faults at 10,000 routes).
  package init(copyingWords words: String, text: String) {
    storage = TableStorage(copying: Array(words.utf8), text: Array(text.utf8))
  }

  /// Runs `body` with a reader over the table's bytes; the reader must not escape.
  @inline(__always)
  func read<Result>(_ body: (TableReader) -> Result) -> Result {
    withExtendedLifetime(storage) {
      body(TableReader(words: storage.words, text: storage.text, header: storage.header))
    }
  }
}
