/// The packed form of a compiled manifest: every structure as fixed-width integers ("words") in
/// one ASCII string, and every name, key and URL piece in a second, UTF-8 string.
///
/// Both strings are string literals in generated code, which the compiler stores as static data
/// without type-checking work, and the runtime reads them in place: nothing proportional to the
/// table runs at launch or on first use. `routec` builds the same bytes from a validated
/// manifest, so the CLI and the app run one resolver over one format.
///
/// A word is `RouteTableWords.wordWidth` characters, six bits each, most significant first, so
/// it holds 0 ..< 2^24; `none` marks an absent reference. The 64 digits are the consecutive
/// ASCII characters `0` (0x30) to `o` (0x6F), so a word decodes from one 4-byte load without a
/// branch per character. A larger table is reported as `table-too-large`. Digits are not
/// checked: a byte outside them (only a hand-edited table has one) still decodes to a number
/// below 2^24, and every reader bounds what it does with a word, so a damaged table reads
/// wrongly but never crashes. Where each record and field is, is `RouteTableLayout`, which the
/// encoder in RouteCompiler writes through too.
///
/// An image is one reference to the object that holds the table's two byte buffers (and, for a
/// table built at run time, owns them), so the names a resolution keeps as references into the
/// table are copied and destroyed in line. Why each of these choices was made, with what it
/// measured, is in Benchmarks/RESULTS.md's design notes.
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
