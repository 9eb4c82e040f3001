import Foundation

/// A compiled manifest the app (through generated code) or `routec` resolves payloads against.
///
/// It is a thin view over a `RouteTableImage`: creating one does no work proportional to the
/// table, and a resolution reads only the records it needs, so the first resolution after a cold
/// start costs what the hundredth does.
public struct RouteTable: Sendable {
  package let image: RouteTableImage
  /// Base URLs the app replaced at run time (a staging host, say), by base name.
  package private(set) var baseOverrides: [String: String] = [:]

  @_spi(Generated) public init(image: RouteTableImage) {
    self.image = image
  }

  package enum BaseOverrideError: Error, Hashable, Sendable, CustomStringConvertible {
    case unknownBase(String)
    case invalidURL(base: String, url: String)

    package var description: String {
      switch self {
      case .unknownBase(let name): "the manifest declares no base `\(name)`"
      case .invalidURL(let base, let url):
        "`\(url)` cannot replace base `\(base)`: it must be an absolute URL like https://host/path, without query, fragment or trailing `/`"
      }
    }
  }

  /// Replaces a base URL for this table, for example to point at a staging server. An override
  /// must be an absolute URL with scheme and host, no query, fragment or trailing slash, and not
  /// a `javascript:`/`data:`/`file:` URL; a bad one is rejected and the table is unchanged.
  package mutating func overrideBase(_ name: String, with url: String) throws(BaseOverrideError) {
    guard baseNames.contains(name) else { throw .unknownBase(name) }
    guard BaseURLRules.isAcceptable(url) else { throw .invalidURL(base: name, url: url) }
    baseOverrides[name] = url
  }

  // MARK: Variants

  package var variantNames: [String] {
    image.read { $0.names(.variantCount, .variantsAt, RouteTableLayout.Variant.name) }
  }

  package var defaultVariant: Int {
    image.read { $0.header(.defaultVariant) }
  }

  /// The remote-config parameter that picks the variant, or nil without variants.
  package var variantKey: String? {
    image.read { reader in
      reader.header(.variantKeyOffset) == RouteTableWords.none
        ? nil : reader.string(at: RouteTableLayout.Header.variantKeyOffset.rawValue)
    }
  }

  /// The variant a remote-config value picks; the default when the value is nil or unknown.
  package func variant(remoteValue: String?) -> Int {
    image.read { reader in
      guard let remoteValue,
        let variant = reader.lookup(
          remoteValue, count: reader.header(.remoteValueCount), at: reader.header(.remoteValuesAt))
      else { return reader.header(.defaultVariant) }
      return variant
    }
  }

  /// The index of a variant by name, or nil.
  package func variant(named name: String) -> Int? {
    variantNames.firstIndex(of: name)
  }

  /// Every tab of every variant, in the order the manifest first names them: the generated
  /// `Tab`'s cases.
  package var tabNames: [String] {
    Self.tabUnion((0..<variantNames.count).map { tabNames(variant: $0) })
  }

  /// The tab bar of variant `variant`, in order.
  package func tabNames(variant: Int) -> [String] {
    image.read { reader in
      guard (0..<reader.header(.variantCount)).contains(variant) else { return [] }
      typealias Variant = RouteTableLayout.Variant
      let record = reader.variantRecord(variant)
      let tabsAt = reader.word(record, Variant.tabsAt)
      return (0..<reader.count(record, Variant.tabCount)).map {
        reader.string(
          reader.record($0, of: RouteTableLayout.Name.self, at: tabsAt), RouteTableLayout.Name.text)
      }
    }
  }

  /// Every name of the lists, each once, in the order first seen: how the variants' tab bars
  /// make the one `Tab` type (the compiler's generator and the runtime both call this).
  package static func tabUnion(_ lists: [[String]]) -> [String] {
    var seen: Set<String> = []
    return lists.joined().filter { seen.insert($0).inserted }
  }

  package var baseNames: [String] {
    image.read { $0.names(.baseCount, .basesAt, RouteTableLayout.Base.name) }
  }
}

extension TableReader {
  @inline(__always)
  func header(_ field: RouteTableLayout.Header) -> Int {
    headerWords[field.rawValue]
  }

  /// The string `field` of each record of a table whose count and position are in the header.
  func names<Record: TableRecord>(
    _ countField: RouteTableLayout.Header, _ atField: RouteTableLayout.Header, _ field: Record
  ) -> [String] {
    let at = header(atField)
    return (0..<max(0, min(header(countField), wordCount))).map {
      string(record($0, of: Record.self, at: at), field)
    }
  }

  /// The manifest's type keys, in order.
  func typeKeys() -> [[String]] {
    typeKeyPaths().map { $0.map(\.keyString) }
  }

  /// The manifest's type keys, read in place.
  func typeKeyPaths() -> TypeKeyPaths {
    TypeKeyPaths(reader: self)
  }

  /// A key path record: a segment count, then that many strings.
  func keyPath(at start: Int) -> [String] {
    keyPathSegments(at: start).map(\.keyString)
  }

  func keyPathSegments(at start: Int) -> KeyPathSegments {
    KeyPathSegments(reader: self, start: start)
  }

  /// The target of `key` in a lookup table (records key(2), target, then the hash slots), or
  /// nil; no allocation. A hash probe rather than a binary search over the sorted records: a
  /// binary search over 10,000 push types compared 14 keys (about 290 ns in the benchmark).
  func lookup(_ key: String, count: Int, at start: Int) -> Int? {
    var key = key
    return key.withUTF8 { lookup(bytes: $0, count: count, at: start) }
  }

  func lookup(bytes key: UnsafeBufferPointer<UInt8>, count: Int, at start: Int) -> Int? {
    typealias Entry = RouteTableLayout.LookupEntry
    let count = min(count, wordCount)
    guard count > 0 else { return nil }
    if count == 1 {
      // A link trie's inner nodes mostly have one literal child: one comparison, no hashing.
      guard Self.equal(bytes(start, Entry.key), key) else { return nil }
      let target = word(start, Entry.target)
      return target == RouteTableWords.none ? nil : target
    }
    let slots = RouteTableLayout.hashSlots(forEntries: count)
    let slotsAt = record(count, of: Entry.self, at: start)
    var slot = RouteTableLayout.hash(key) & (slots - 1)
    // At most one pass over the slots, so a damaged table with no empty slot still ends.
    for _ in 0..<slots {
      let entry = word(slotsAt + slot)
      guard entry < count else { return nil }  // an empty slot (`none`) ends the probe
      let record = record(entry, of: Entry.self, at: start)
      if Self.equal(bytes(record, Entry.key), key) {
        let target = word(record, Entry.target)
        return target == RouteTableWords.none ? nil : target
      }
      slot = (slot + 1) & (slots - 1)
    }
    return nil
  }

  /// Byte equality by length and then `memcmp`: probes compare whole keys, and a loop over
  /// bounds-checked bytes cost about 470 instructions per comparison (found by callgrind).
  static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>)
    -> Bool
  {
    guard a.count == b.count else { return false }
    guard let first = a.baseAddress, let second = b.baseAddress else { return a.count == 0 }
    return memcmp(first, second, a.count) == 0
  }
}

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

/// A key path segment in the table: a string reference, made a `String` only when needed.
struct TableKey: PayloadKey {
  let reader: TableReader
  let at: Int

  func withKeyBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    body(reader.bytes(at: at))
  }

  var keyString: String { reader.string(at: at) }
}

/// The rules a base URL follows, shared by the runtime (overrides) and the compiler (manifests).
package enum BaseURLRules {
  /// Schemes that run code or read local data when opened; never a navigation target.
  package static let forbiddenSchemes: Set<String> = [
    "javascript", "vbscript", "data", "file", "about", "blob",
  ]

  /// `scheme://host[/path]` with a permitted scheme, no query, fragment, trailing slash,
  /// whitespace or template braces.
  package static func isAcceptable(_ url: String) -> Bool {
    guard let colon = url.firstIndex(of: ":"), isScheme(url[..<colon]),
      url[colon...].hasPrefix("://"),
      !forbiddenSchemes.contains(url[..<colon].lowercased())
    else { return false }
    let authority = url[colon...].dropFirst(3).prefix { !"/?#".contains($0) }
    return !authority.isEmpty && !url.hasSuffix("/")
      && !url.unicodeScalars.contains {
        $0.value <= 0x20 || $0.value == 0x7F || "?#{}".unicodeScalars.contains($0)
      }
  }

  package static func isScheme(_ text: Substring) -> Bool {
    guard let first = text.unicodeScalars.first,
      ("a"..."z").contains(first) || ("A"..."Z").contains(first)
    else { return false }
    return text.unicodeScalars.allSatisfy {
      ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
        || "+.-".unicodeScalars.contains($0)
    }
  }
}
