/// A URL template record of the table (`RouteTableLayout.URLTemplate`), read in place. A
/// handle is a word index: the word is the screen parameter whose value a variable or query
/// name takes, and the two after it are the text of a literal or query name.
struct TableTemplate: ExpandableTemplate {
  typealias Layout = RouteTableLayout
  let reader: TableReader
  let start: Int

  typealias Part = Layout.URLPart

  var partCount: Int { reader.count(start, Layout.URLTemplate.partCount) }

  private func record(_ index: Int) -> Int {
    reader.record(index, of: Part.self, at: start + Layout.URLTemplate.parts.rawValue)
  }

  func kind(ofPart index: Int) -> URLExpansion.PartKind? {
    switch Layout.URLPartKind(rawValue: reader.word(record(index), Part.kind)) {
    case .literal?: .literal
    case .variable?: .variable
    case .reserved?: .reserved
    case .base?: index == 0 ? .variable : nil
    case .question?: .question
    case .ampersand?: .ampersand
    case nil: nil
    }
  }

  /// The record of the base the template starts with (its name, then its URL), or nil.
  var baseRecord: Int? {
    guard partCount > 0, reader.word(record(0), Part.kind) == Layout.URLPartKind.base.rawValue
    else { return nil }
    let base = reader.word(record(0), Part.param)
    guard base < reader.header(.baseCount) else { return nil }
    return reader.record(base, of: Layout.Base.self, at: reader.header(.basesAt))
  }

  /// A part's handle: its `param` word, with its text after it.
  func text(ofPart index: Int) -> Int { record(index) + Part.param.rawValue }

  /// The encoder stores literals encoded (`PercentEncoding.encoded(_:keeping: .uriCharacters, keepingEscapes: true)`).
  var literalsAreEncoded: Bool { true }

  func nameCount(ofPart index: Int) -> Int { reader.count(record(index), Part.nameCount) }

  /// A query name's handle: its `URLQueryName` record, whose `param` word comes first.
  func name(_ position: Int, ofPart index: Int) -> Int {
    reader.record(
      position, of: Layout.URLQueryName.self, at: reader.word(record(index) + Part.namesAt))
  }

  /// A handle's text: the two words after its `param` word, in a part as in a query name.
  func withUTF8<Result>(_ text: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    body(reader.bytes(text, Layout.URLQueryName.text))
  }
}
