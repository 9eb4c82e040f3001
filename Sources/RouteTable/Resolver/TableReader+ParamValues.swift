extension TableReader {
  typealias ParamField = RouteTableLayout.Param

  /// A payload value read as the `Param` record at `record` (of type `type`) takes it: its type,
  /// its `max_length` and its `choices`; nil when it is not a valid value of the parameter.
  func paramValue(_ value: PayloadValue, param record: Int, type: ParamType) -> ParamValue? {
    allowed(
      ParamValue.coerce(value, to: type, maxLength: word(record, ParamField.maxLength)),
      param: record)
  }

  /// `paramValue(_:param:type:)` for a value given as UTF-8 text (a link's).
  func paramValue(text: UnsafeBufferPointer<UInt8>, param record: Int, type: ParamType)
    -> ParamValue?
  {
    allowed(
      ParamValue.coerce(text: text, to: type, maxLength: word(record, ParamField.maxLength)),
      param: record)
  }

  /// `value`, unless the parameter has `choices` and it is not one of them, or a `prefix` it
  /// does not start with.
  private func allowed(_ value: ParamValue?, param record: Int) -> ParamValue? {
    let prefix = bytes(record, ParamField.prefix)
    if !prefix.isEmpty, case .string(let text)? = value,
      !text.utf8.starts(with: prefix)
    {
      return nil
    }
    let choices = word(record, ParamField.choicesAt)
    guard choices != RouteTableWords.none, let value else { return value }
    guard case .string(let text) = value,
      lookup(text, count: word(choices), at: choices &+ 1) != nil
    else { return nil }
    return value
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
