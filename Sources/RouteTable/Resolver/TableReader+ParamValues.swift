extension TableReader {
  typealias ParamField = RouteTableLayout.Param

  /// A payload value read as the `Param` record at `record` (of type `type`) takes it: its type,
  /// its `max_length` and its `choices`; nil when it is not a valid value of the parameter.
  func paramValue(_ value: PayloadValue, param record: Int, type: ParamType) -> ParamValue? {
    allowed(
      ParamValue.coerce(value, to: type, maxLength: word(record, ParamField.maxLength)),
      param: record)
  }

  /// `paramValue(_:param:type:)` for a value given as UTF-8 text (a link's). `foldingCase` (a
  /// case-insensitive link's value): a value that is one of the `choices` with ASCII letters
  /// folded is that choice as declared.
  func paramValue(
    text: UnsafeBufferPointer<UInt8>, param record: Int, type: ParamType,
    foldingCase: Bool = false
  ) -> ParamValue? {
    allowed(
      ParamValue.coerce(text: text, to: type, maxLength: word(record, ParamField.maxLength)),
      param: record, foldingCase: foldingCase)
  }

  /// `value`, unless the parameter has `choices` and it is not one of them (`foldingCase`: not
  /// one of them folded, when it is the choice as declared), or a `prefix` it does not start
  /// with.
  private func allowed(_ value: ParamValue?, param record: Int, foldingCase: Bool = false)
    -> ParamValue?
  {
    let choices = word(record, ParamField.choicesAt)
    // Only a string has a prefix or is one of the choices.
    guard case .string(let text)? = value else {
      return value == nil || choices == RouteTableWords.none ? value : nil
    }
    let prefix = bytes(record, ParamField.prefix)
    if !prefix.isEmpty, !text.utf8.starts(with: prefix) { return nil }
    guard choices != RouteTableWords.none else { return value }
    if lookup(text, count: word(choices), at: choices &+ 1) != nil { return value }
    guard foldingCase else { return nil }
    return declaredChoice(folding: text, choices: choices).map(ParamValue.string)
  }

  /// The choice of the lookup table at `choices` that is `text` with ASCII letters folded, as
  /// declared: the first in manifest order; nil for none.
  private func declaredChoice(folding text: String, choices: Int) -> String? {
    typealias Entry = RouteTableLayout.LookupEntry
    var text = text
    return text.withUTF8 { given in
      var best: (position: Int, entry: Int)?
      for index in 0..<max(0, min(word(choices), wordCount)) {
        let entry = record(index, of: Entry.self, at: choices &+ 1)
        let position = word(entry, Entry.target)
        guard ASCIIFolding.equal(bytes(entry, Entry.key), given),
          position < best?.position ?? .max
        else { continue }
        best = (position, entry)
      }
      return best.map { string($0.entry, Entry.key) }
    }
  }

  /// The `choices` of the `Param` record at `record`, in manifest order; empty without.
  func choices(param record: Int) -> [String] {
    let choices = word(record, ParamField.choicesAt)
    guard choices != RouteTableWords.none else { return [] }
    typealias Entry = RouteTableLayout.LookupEntry
    let count = max(0, min(word(choices), wordCount))
    var ordered = [String?](repeating: nil, count: count)
    for index in 0..<count {
      let entry = self.record(index, of: Entry.self, at: choices &+ 1)
      let position = word(entry, Entry.target)
      if ordered.indices.contains(position) { ordered[position] = string(entry, Entry.key) }
    }
    return ordered.compactMap { $0 }
  }
}
