import RouteCompiler

/// Keys written twice in one dictionary: the last counts, as on iOS.
extension AppFileChecker {
  /// A key written twice in one dictionary: iOS reads the last, and so does the check; the
  /// earlier entry is a warning at the second key, once per key however often it repeats.
  mutating func reportRepeatedKeys(_ root: PropertyListNode, in file: AppCheck.AppFile) {
    var pending = [root]
    while let node = pending.popLast() {
      switch node.value {
      case .array(let items): pending += items
      case .dictionary(let entries):
        pending += entries.map(\.value)
        for (first, second, count) in Self.repeatedKeys(entries) {
          let at = first.keyLocation.map { " (first at \($0.line):\($0.column))" } ?? ""
          let times = count > 2 ? " \(count - 1) more times" : " again"
          report(
            .repeatedKey, file, second.keyLocation,
            "\(Self.quoted(first.key)) is written\(times) in the same dictionary\(at); iOS reads the last one, as check-app does, and ignores the earlier; remove the ones you do not mean"
          )
        }
      default: break
      }
    }
  }

  /// Each key that `entries` holds more than once: its first and second entry and how many
  /// there are. A binary file's keys are sorted, so equal keys are neighbours and each text is
  /// compared with the next once (keys that share an object compare at once); an XML file's
  /// keys are hashed, each text being bytes of the file.
  static func repeatedKeys(_ entries: [PropertyListNode.Entry])
    -> [(PropertyListNode.Entry, PropertyListNode.Entry, Int)]
  {
    var result: [(PropertyListNode.Entry, PropertyListNode.Entry, Int)] = []
    guard entries.contains(where: { $0.keyLocation != nil }) else {
      var start = 0
      while start < entries.count {
        var end = start + 1
        while end < entries.count, entries[end].key == entries[start].key { end += 1 }
        if end - start > 1 { result.append((entries[start], entries[start + 1], end - start)) }
        start = end
      }
      return result
    }
    var seen: [String: (first: Int, count: Int)] = [:]
    for (position, entry) in entries.enumerated() {
      guard let known = seen[entry.key] else {
        seen[entry.key] = (position, 1)
        continue
      }
      seen[entry.key] = (known.first, known.count + 1)
      if known.count == 1 { result.append((entries[known.first], entry, 0)) }
    }
    return result.map { ($0.0, $0.1, seen[$0.0.key]?.count ?? 2) }
  }

  /// A text from the app's files as a message quotes it: control characters escaped, and cut
  /// to 80 characters, so a key or value of megabytes makes a line, not megabytes.
  static func quoted(_ text: String) -> String {
    let cut = text.unicodeScalars.count > 80 ? String(text.prefix(80)) + "…" : text
    return "`\(ControlCharacters.escaped(cut))`"
  }
}
