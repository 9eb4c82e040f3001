import Foundation

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
