import RouteCompiler

/// Reading the app's files: the entries iOS reads, arrays and strings of the right type.
extension AppFileChecker {
  /// The entries of `key` that iOS reads on some device: the plain key's last entry and each
  /// device-specific key's (`KEY~ipad`).
  func entries(_ key: String, in root: PropertyListNode) -> [PropertyListNode.Entry] {
    ([key] + AppCheck.deviceSuffixes.map { key + $0 }).compactMap { root.entry($0) }
  }

  /// The rule for an entry of the wrong type: an error where the manifest needs the key (it
  /// has values to check there), a warning otherwise.
  static func malformed(needed: Bool) -> AppCheckRule {
    needed ? .malformedEntry : .malformedUnneededEntry
  }

  /// The items of `entry`'s array, or nil (reported once) when it is not an array.
  mutating func array(
    _ entry: PropertyListNode.Entry, in file: AppCheck.AppFile, of what: String,
    needed: Bool = true
  ) -> [PropertyListNode]? {
    guard case .array(let items) = entry.value.value else {
      report(
        Self.malformed(needed: needed), file, entry.value.location,
        "`\(entry.key)` must be an array of \(what), found \(entry.value.value.kindDescription)")
      return nil
    }
    return items
  }

  /// The strings of an array, each with its node; other items are reported. Nil (reported once)
  /// when the entry is not an array: then nothing in it is compared.
  mutating func strings(
    _ entry: PropertyListNode.Entry, in file: AppCheck.AppFile, needed: Bool = true
  ) -> [Value]? {
    guard let items = array(entry, in: file, of: "strings", needed: needed) else { return nil }
    var result: [Value] = []
    for item in items {
      guard case .string(let text) = item.value else {
        report(
          Self.malformed(needed: needed), file, item.location,
          "an item of `\(entry.key)` must be a string, found \(item.value.kindDescription)")
        continue
      }
      result.append((text, item))
    }
    return result
  }
}
