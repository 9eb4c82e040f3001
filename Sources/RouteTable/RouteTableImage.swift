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
  public init(format: RouteTableFormat, words: StaticString, text: StaticString) {
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

/// The table layout generated code was written for. There is one case, the layout this runtime
/// reads (`RouteTableLayout.version`). A file written by `routec` from another release names
/// another case or none, and fails to compile with an error that names this type: regenerate it
/// with the `routec` of the RouteTable release the app builds with (the build tool plugin does
/// so on every build).
public enum RouteTableFormat: Sendable {
  case layout8
}

/// A table's bytes: static data of generated code, or memory of its own, at addresses that stay
/// put until it is freed.
final class TableStorage: Sendable {
  // Sendable: both buffers are immutable, static data or memory this object frees only in
  // `deinit`, when no image refers to it any more.
  nonisolated(unsafe) let words: UnsafeBufferPointer<UInt8>
  nonisolated(unsafe) let text: UnsafeBufferPointer<UInt8>
  /// The header's words, decoded once: a resolution reads a dozen of them.
  nonisolated(unsafe) let header: UnsafeMutablePointer<Int>
  /// Whether `deinit` frees the buffers.
  let ownsBytes: Bool

  init(words: UnsafeBufferPointer<UInt8>, text: UnsafeBufferPointer<UInt8>) {
    self.words = words
    self.text = text
    header = Self.decodeHeader(words)
    ownsBytes = false
  }

  init(copying words: [UInt8], text: [UInt8]) {
    let ownWords = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: words.count)
    _ = ownWords.initialize(from: words)
    let ownText = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: text.count)
    _ = ownText.initialize(from: text)
    self.words = UnsafeBufferPointer(ownWords)
    self.text = UnsafeBufferPointer(ownText)
    header = Self.decodeHeader(self.words)
    ownsBytes = true
  }

  /// One decoded word per `RouteTableLayout.Header` field, `none` past the end of a short table.
  private static func decodeHeader(_ words: UnsafeBufferPointer<UInt8>) -> UnsafeMutablePointer<Int>
  {
    let fields = RouteTableLayout.Header.allCases.count
    let header = UnsafeMutablePointer<Int>.allocate(capacity: fields)
    let reader = TableReader(
      words: words, text: UnsafeBufferPointer(start: nil, count: 0), header: header)
    for field in 0..<fields { (header + field).initialize(to: reader.word(field)) }
    return header
  }

  deinit {
    header.deallocate()
    guard ownsBytes else { return }
    UnsafeMutableBufferPointer(mutating: words).deallocate()
    UnsafeMutableBufferPointer(mutating: text).deallocate()
  }
}

/// The word codec, shared by the encoder (RouteCompiler) and the reader.
package enum RouteTableWords {
  package static let wordWidth = 4
  /// An absent reference or value.
  package static let none = (1 << 24) - 1

  /// Appends the characters of `value`; false, appending nothing, when `value` is outside
  /// 0 ... `none`, which a word cannot hold (the encoder reports that as `table-too-large`
  /// rather than storing some other number).
  package static func encode(_ value: Int, into characters: inout [UInt8]) -> Bool {
    guard (0...none).contains(value) else { return false }
    for shift in stride(from: (wordWidth - 1) * 6, through: 0, by: -6) {
      characters.append(digit((value >> shift) & 63))
    }
    return true
  }

  /// The first of the 64 consecutive digit characters.
  static let zeroDigit: UInt8 = 0x30

  static func digit(_ value: Int) -> UInt8 { zeroDigit + UInt8(value & 63) }
}

extension String {
  /// The string of UTF-8 `bytes`, invalid sequences repaired as `String(decoding:as:)` repairs
  /// them. Up to 15 ASCII bytes (most names, keys and values a resolution reads) become a small
  /// string with no validation pass: `String(decoding:as:)` validated each one at about 250
  /// instructions, and a resolution makes several.
  init(copying bytes: UnsafeBufferPointer<UInt8>) {
    self.init(unsafeUninitializedCapacity: bytes.count) { buffer in
      guard let source = bytes.baseAddress, let target = buffer.baseAddress else { return 0 }
      target.update(from: source, count: bytes.count)
      return bytes.count
    }
  }
}

/// Bounds-checked access to a table's bytes. A malformed table (hand-edited generated code)
/// reads as absent values, never as a crash.
struct TableReader {
  let words: UnsafeBufferPointer<UInt8>
  let text: UnsafeBufferPointer<UInt8>
  /// Computed once per reader: `word` runs a few hundred times per resolution.
  let wordCount: Int
  /// The storage's decoded header, one word per `RouteTableLayout.Header` field.
  let headerWords: UnsafePointer<Int>

  init(
    words: UnsafeBufferPointer<UInt8>, text: UnsafeBufferPointer<UInt8>,
    header: UnsafeMutablePointer<Int>
  ) {
    self.words = words
    self.text = text
    headerWords = UnsafePointer(header)
    wordCount = words.count / RouteTableWords.wordWidth
  }

  @inline(__always)
  func word(_ index: Int) -> Int {
    // One unsigned comparison also rejects negative indexes.
    guard UInt(bitPattern: index) < UInt(bitPattern: wordCount) else {
      return RouteTableWords.none
    }
    // A word in range means the buffer is not empty, so it has a base address: unwrapping it
    // without a second check is safe, and this runs a few hundred times per resolution.
    let digits = UnsafeRawPointer(
      words.baseAddress.unsafelyUnwrapped + index &* RouteTableWords.wordWidth)
    let digits4 = UInt32(littleEndian: digits.loadUnaligned(as: UInt32.self)) &- 0x3030_3030
    let pairs = (digits4 & 0x003F_003F) &<< 6 | (digits4 &>> 8) & 0x003F_003F
    return Int((pairs & 0xFFF) &<< 12 | pairs &>> 16)
  }

  /// The text bytes of the string reference at words `index` (offset) and `index + 1` (length).
  @inline(__always)
  func bytes(at index: Int) -> UnsafeBufferPointer<UInt8> {
    let offset = word(index)
    let length = word(index + 1)
    // Words are below 2^24, so the sum cannot overflow.
    guard offset != RouteTableWords.none, length != RouteTableWords.none,
      offset + length <= text.count, let base = text.baseAddress
    else { return UnsafeBufferPointer(start: nil, count: 0) }
    return UnsafeBufferPointer(start: base + offset, count: length)
  }

  func string(at index: Int) -> String {
    String(copying: bytes(at: index))
  }

  /// The effective route of the route record at `record` in `variant`, or `none` where the
  /// route does not exist in it. `variant` must be a valid index.
  func effectiveRoute(record: Int, variant: Int) -> Int {
    let at = word(record + 6)
    switch RouteTableLayout.VariantsKind(rawValue: word(record + 5)) {
    case .shared?: return at
    case .perVariant?: return at == RouteTableWords.none ? at : word(at + variant)
    case nil: return RouteTableWords.none
    }
  }

  /// Compares the string reference at `index` with `key`'s UTF-8 bytes, without allocating.
  func compare(at index: Int, with key: String) -> Int {
    let stored = bytes(at: index)
    var storedIndex = 0
    for byte in key.utf8 {
      guard storedIndex < stored.count else { return -1 }
      if stored[storedIndex] != byte { return stored[storedIndex] < byte ? -1 : 1 }
      storedIndex += 1
    }
    return storedIndex < stored.count ? 1 : 0
  }
}

/// Where things are in the word array. The encoder writes and the reader reads through these
/// names only, so the two cannot drift apart.
package enum RouteTableLayout {
  package static let version = 8

  /// Header words.
  package enum Header: Int, CaseIterable {
    case version = 0
    case variantCount, defaultVariant, variantKeyOffset, variantKeyLength, variantsAt
    case screenCount, screensAt
    case routeCount, routesAt
    case pushTypeCount, pushTypesAt
    case remoteValueCount, remoteValuesAt
    case fallbackRoute
    case typeKeyCount, typeKeysAt
    case baseCount, basesAt
    case categoryCount, categoriesAt, categoryLookupAt
    case linkHostCount, linkHostsAt, linkSchemeCount, linkSchemesAt
    case linkPatternCount, linkPatternsAt, linkRoot
  }

  /// Words per record in fixed-size tables.
  package static let variantRecord = 4  // name(2), tabCount, tabsAt -> tabCount names(2)
  package static let screenRecord = 4  // name(2), paramCount, paramsAt -> paramCount params
  package static let paramRecord = 6  // name(2), type, requirement, valueAt, maxLength
  /// A lookup table (push types with aliases, remote-config values): `count` records of key(2)
  /// and target, sorted by key bytes, then `hashSlots(forEntries: count)` slots, each the index
  /// of a record or `none`, placed by `hash` of the key with linear probing.
  package static let lookupRecord = 3

  /// A power of two at least twice the entries, so probes stay short.
  package static func hashSlots(forEntries count: Int) -> Int {
    guard count > 0 else { return 1 }
    return 1 << (Int.bitWidth - (2 * count - 1).leadingZeroBitCount)
  }

  /// FNV-1a (32 bits) of the key's UTF-8 bytes: simple, and the same on every platform.
  package static func hash(_ bytes: some Sequence<UInt8>) -> Int {
    var hash: UInt32 = 0x811C_9DC5
    for byte in bytes {
      hash = (hash ^ UInt32(byte)) &* 0x0100_0193
    }
    return Int(hash)
  }
  package static let baseRecord = 4  // name(2), url(2)
  /// A notification category, listed in manifest order at `categoriesAt` (one record offset per
  /// category) and found by name through the lookup table at `categoryLookupAt`: name(2),
  /// actionCount, then that many action records.
  package static let categoryRecordHeader = 3
  /// An action button: id(2), title(2), route (`none`: the app handles it), flags.
  package static let actionRecord = 6
  package enum ActionFlag: Int { case destructive = 1, authenticationRequired = 2 }
  /// A route record: pushType(2), foreground, aliasCount, aliasesAt, variantsKind, effectiveAt.
  /// With `VariantsKind.shared`, `effectiveAt` is the effective route of every variant; with
  /// `perVariant`, it points at one effective-route reference per variant (`none` where the
  /// route does not exist).
  package static let routeRecord = 7
  package enum VariantsKind: Int { case perVariant = 0, shared }
  /// An effective route: screen, presentation, tabIndex, urlAt, sourcesAt -> one source per
  /// screen parameter, linksAt -> per link pattern of the route, the offset of its bindings: one
  /// screen parameter index per placeholder, in the pattern's placeholder order.
  package static let effectiveRouteRecord = 6
  /// A parameter source: kind (0 payload key path, 1 constant), keyPathAt or valueAt.
  package static let sourceRecord = 2
  /// A value: type, text(2) as `ParamValue.formatted` prints it.
  package static let valueRecord = 3
  /// A URL template: partCount, then per part: kind, param, a(2). A part's handle is the word
  /// after its kind (a query name's, its entry): that word is the screen parameter whose value
  /// it takes, and the two after it are its text. A literal has no parameter and its text is
  /// stored as `URLTemplate.encodedLiteral` returns it, so expansion copies it; a variable has
  /// its parameter and no text; the base a template starts with has the base's index in place of
  /// a parameter, so it is found without comparing names; a query expression has no parameter and
  /// a(2) is nameCount and namesAt, each name an entry of parameter and text(2).
  package static let urlPartRecord = 4
  package static let urlQueryNameRecord = 3

  /// A link pattern, listed in manifest order at `linkPatternsAt`: route, text(2), the pattern's
  /// index among its route's patterns, segmentCount, segmentsAt, queryCount, queryAt,
  /// conditionCount, pathPlaceholderCount, pathPlaceholdersAt (the indexes of the segments that
  /// are placeholders, so a match checks and reads them without walking the literals). Placeholders are numbered in the order written (path, then query); a
  /// route's effective record maps each to a screen parameter per variant.
  package static let linkPatternRecord = 11
  /// A pattern's path segment: kind, then the literal's decoded text(2) or the placeholder number.
  package static let linkSegmentRecord = 3
  package enum LinkSegmentKind: Int { case literal = 0, param, rest }
  /// A pattern's query item: kind, key(2), then the condition's value(2) or the placeholder number.
  package static let linkQueryRecord = 5
  package enum LinkQueryKind: Int { case condition = 0, bind }
  /// A node of the trie of every pattern's path, one level per segment: terminalCount,
  /// terminalsAt (patterns whose path ends here), restCount, restAt (patterns whose `{name*}`
  /// starts here), paramChild (`{name}` here), then a lookup table (`literalCount`, records and
  /// hash slots, as for push types) from a literal segment to its child. Pattern lists are
  /// ordered by condition count, most first, so the first pattern that holds is the most
  /// specific.
  package static let linkNodeHeader = 6

  package enum Requirement: Int { case required = 0, defaulted, optional }
  package enum SourceKind: Int { case payload = 0, constant }
  package enum URLPartKind: Int { case literal = 0, variable, question, ampersand, base }

  package static func typeCode(_ type: ParamType) -> Int {
    switch type {
    case .string: 0
    case .int: 1
    case .bool: 2
    case .double: 3
    }
  }

  package static func type(code: Int) -> ParamType? {
    switch code {
    case 0: .string
    case 1: .int
    case 2: .bool
    case 3: .double
    default: nil
    }
  }
}
