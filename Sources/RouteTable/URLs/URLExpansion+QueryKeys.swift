extension URLExpansion {
  /// The query keys a template writes itself, decoded: every name of its `{?a,b}` and `{&a,b}`
  /// expressions (whether or not their values are present) and every key of the query items its
  /// literal text holds (`?c=course_ctrl&m=…`), wherever a key could stand. A `query` parameter's items are never written
  /// under these keys: `?sort=new&sort=horror` would hand a server that reads the last value
  /// what the parameter's `choices` refused. A name whose value is a `query` parameter's items
  /// (`{&filters*}`) writes those items, not its name.
  static func writtenQueryKeys<Template: ExpandableTemplate>(
    _ template: Template, value: (Template.Text) -> ParamValue?
  ) -> Set<[UInt8]> {
    var keys: Set<[UInt8]> = []
    var place = LiteralPlace.path
    var key: [UInt8] = []
    func endKey() {
      if place == .key, !key.isEmpty { keys.insert(key) }
      key.removeAll(keepingCapacity: true)
    }
    for index in 0..<template.partCount {
      switch template.kind(ofPart: index) {
      case .literal?:
        template.withUTF8(template.text(ofPart: index)) { bytes in
          var at = 0
          while at < bytes.count {
            let byte = bytes[at]
            at += 1
            switch (place, byte) {
            case (.fragment, _): return
            case (_, UInt8(ascii: "#")):
              endKey()
              place = .fragment
            // Anywhere but in the path a `?` starts a key too: which of the template's `?`
            // starts its query can depend on which values are present, so every place that
            // could hold a key counts.
            case (_, UInt8(ascii: "?")), (.key, UInt8(ascii: "&")), (.value, UInt8(ascii: "&")):
              endKey()
              place = .key
            case (.key, UInt8(ascii: "=")):
              endKey()
              place = .value
            case (.key, _):
              if let escaped = HexDigit.escapedByte(in: bytes, at: at - 1, end: bytes.count) {
                key.append(escaped)
                at += 2
              } else {
                key.append(byte)
              }
            default: break
            }
          }
        }
      case .question?, .ampersand?:
        endKey()
        for position in 0..<max(0, template.nameCount(ofPart: index)) {
          let name = template.name(position, ofPart: index)
          if case .query? = value(name) { continue }
          _ = template.withUTF8(name) { keys.insert(Array($0)) }
        }
        // What follows the expression continues its query.
        place = place == .fragment ? .fragment : .value
      case .variable?, .reserved?:
        // A value stands inside whatever key or value the literal text around it writes.
        if place == .key { key.removeAll() }
      case nil:
        break
      }
    }
    endKey()
    return keys
  }
}

/// Where a template's literal text stands: in the path, in a query key, after a key's `=`, or in
/// the fragment, where nothing is a key.
private enum LiteralPlace { case path, key, value, fragment }
