import RouteTable

/// The hash lookup tables: push types and aliases, remote-config values, link literals.
extension TableWordWriter {
  /// A table of (key, target) sorted by the keys' UTF-8 bytes, then its hash slots.
  mutating func writeLookup(
    _ countField: Layout.Header, _ atField: Layout.Header, _ entries: [(String, Int)]
  ) {
    set(countField, entries.count)
    set(atField, words.count + 1)
    writeLookupTable(entries)
  }

  /// `count`, then the records sorted by key bytes, then the hash slots; the records start one
  /// word after the count.
  mutating func writeLookupTable(_ entries: [(String, Int)]) {
    let sorted = entries.sorted { Array($0.0.utf8).lexicographicallyPrecedes(Array($1.0.utf8)) }
    words.append(sorted.count)
    for (key, target) in sorted {
      var record = Record<Layout.LookupEntry>()
      record.set(.key, string(key))
      record[.target] = target
      append(record)
    }
    let slots = Layout.hashSlots(forEntries: sorted.count)
    var index = Array(repeating: RouteTableWords.none, count: sorted.isEmpty ? 0 : slots)
    for (entry, (key, _)) in sorted.enumerated() {
      var slot = Layout.hash(key.utf8) & (slots - 1)
      while index[slot] != RouteTableWords.none { slot = (slot + 1) & (slots - 1) }
      index[slot] = entry
    }
    words.append(contentsOf: index)
  }
}
