/// Where a pattern's placeholders point in one variant's screen.
struct LinkBindings {
  /// One screen parameter index per placeholder.
  let list: Int
  /// The `Screen` record the parameters belong to.
  let screen: Int

  /// `foldingCase`: the pattern is case-insensitive, so `choices` compare with ASCII letters
  /// folded.
  func isValid(
    _ text: UnsafeBufferPointer<UInt8>, param: Int, reader: TableReader, foldingCase: Bool = false
  ) -> Bool {
    typealias Param = RouteTableLayout.Param
    let record = reader.paramRecord(param, ofScreen: screen)
    guard !text.isEmpty, let type = RouteTableLayout.type(code: reader.word(record, Param.type))
    else { return false }
    return reader.paramValue(text: text, param: record, type: type, foldingCase: foldingCase)
      != nil
  }
}
