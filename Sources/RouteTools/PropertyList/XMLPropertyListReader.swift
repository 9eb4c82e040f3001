import RouteCompiler
import RouteTable

/// An XML property list parser that keeps where each element starts. Arrays and dictionaries
/// being read are on an explicit stack, so nesting costs no call stack.
struct XMLPropertyListReader {
  typealias Failure = PropertyListDocument.Failure

  private let bytes: [UInt8]
  private var position = 0
  private var line = 1
  private var column = 1
  /// Whether the prolog had its `<!DOCTYPE>`: a file has one at most.
  private var sawDoctype = false

  private enum Byte {
    static let tab = UInt8(ascii: "\t")
    static let newline = UInt8(ascii: "\n")
    static let carriageReturn = UInt8(ascii: "\r")
    static let space = UInt8(ascii: " ")
    static let lessThan = UInt8(ascii: "<")
    static let greaterThan = UInt8(ascii: ">")
    static let slash = UInt8(ascii: "/")
    static let equals = UInt8(ascii: "=")
    static let ampersand = UInt8(ascii: "&")
    static let semicolon = UInt8(ascii: ";")
    static let quote = UInt8(ascii: "\"")
    static let apostrophe = UInt8(ascii: "'")
    static let openBracket = UInt8(ascii: "[")
    static let closeBracket = UInt8(ascii: "]")
    static let hash = UInt8(ascii: "#")
    static let x = UInt8(ascii: "x")
  }

  private enum Literal {
    static let commentOpen = Array("<!--".utf8)
    static let commentClose = Array("-->".utf8)
    static let cdataOpen = Array("<![CDATA[".utf8)
    static let cdataClose = Array("]]>".utf8)
    static let instructionOpen = Array("<?".utf8)
    static let instructionClose = Array("?>".utf8)
    static let doctypeOpen = Array("<!DOCTYPE".utf8)
    static let markupOpen = Array("<!".utf8)
    static let endTagOpen = Array("</".utf8)
  }

  private struct Tag {
    var name: String
    var isEnd: Bool
    /// `<name/>`.
    var isEmpty: Bool
    var location: SourceLocation
  }

  private enum ContainerKind {
    case plist, array, dictionary
  }

  /// An element being read whose end tag has not come yet.
  private struct Frame {
    var kind: ContainerKind
    var name: String
    var location: SourceLocation
    var items: [PropertyListNode] = []
    var entries: [PropertyListNode.Entry] = []
    /// A `<key>` waiting for its value.
    var key: (text: String, location: SourceLocation)?
    /// The `<plist>` element's value.
    var value: PropertyListNode?
  }

  init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  // MARK: Encoding

  /// The text of a file as UTF-8 without a byte order mark: UTF-8 as is, UTF-16 with a byte
  /// order mark transcoded. Invalid UTF-8 or UTF-16 is an error.
  static func utf8(_ bytes: [UInt8]) throws(Failure) -> [UInt8] {
    switch declaredEncoding(bytes)?.lowercased() {
    case nil, "utf-8", "utf8", "utf-16", "utf16", "us-ascii", "ascii":
      break
    case "iso-8859-1", "iso8859-1", "latin1", "latin-1", "iso_8859-1":
      // CoreFoundation honours the declaration: each byte is the scalar of its value.
      var output: [UInt8] = []
      output.reserveCapacity(bytes.count)
      for byte in bytes { UTF8.encode(Unicode.Scalar(byte)) { output.append($0) } }
      return output
    case let other?:
      throw .notAPropertyList(
        reason:
          "the file declares the encoding `\(ControlCharacters.escaped(declaredEncoding(bytes) ?? other))`, which check-app does not read; save it as UTF-8, as Xcode writes property lists",
        location: SourceLocation(line: 1, column: 1))
    }
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
      let rest = Array(bytes.dropFirst(3))
      try validateUTF8(rest)
      return rest
    }
    if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) {
      return try transcodeUTF16(bytes)
    }
    try validateUTF8(bytes)
    return bytes
  }

  /// The `encoding` of an XML declaration at the very start of an 8-bit file (`<?xml
  /// version="1.0" encoding="ISO-8859-1"?>`); nil without one, or for a file with a byte order
  /// mark, whose mark decides.
  static func declaredEncoding(_ bytes: [UInt8]) -> String? {
    guard bytes.starts(with: Array("<?xml".utf8)) else { return nil }
    let head = bytes.prefix(256)
    guard let end = head.firstIndex(of: UInt8(ascii: ">")) else { return nil }
    let declaration = String(decoding: head[..<end], as: UTF8.self)
    guard let range = declaration.range(of: "encoding") else { return nil }
    var rest = declaration[range.upperBound...].drop { $0 == " " || $0 == "=" }
    guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
    rest = rest.dropFirst()
    return String(rest.prefix { $0 != quote })
  }

  private static func validateUTF8(_ bytes: [UInt8]) throws(Failure) {
    guard let offset = firstInvalidUTF8Offset(bytes) else { return }
    // Where the bad byte is: count lines and scalars up to it.
    var reader = XMLPropertyListReader(bytes: Array(bytes[..<offset]))
    while reader.position < reader.bytes.count { reader.advance() }
    let digits = String(bytes[offset], radix: 16, uppercase: true)
    let hex = digits.count < 2 ? "0" + digits : digits
    throw .notAPropertyList(
      reason: "the byte 0x\(hex) is not valid UTF-8",
      location: reader.location)
  }

  /// The offset of the first byte that does not belong to a well-formed UTF-8 sequence, by
  /// the one table of well-formed UTF-8 (`UTF8Sequence`).
  private static func firstInvalidUTF8Offset(_ bytes: [UInt8]) -> Int? {
    bytes.withUnsafeBufferPointer { buffer in
      var index = 0
      while index < buffer.count {
        let length = UTF8Sequence.length(in: buffer, at: index)
        guard length > 0 else { return index }
        index += length
      }
      return nil
    }
  }

  private static func transcodeUTF16(_ bytes: [UInt8]) throws(Failure) -> [UInt8] {
    let bigEndian = bytes.first == 0xFE
    guard bytes.count % 2 == 0 else {
      throw .notAPropertyList(
        reason: "the file starts with a UTF-16 byte order mark but has an odd number of bytes",
        location: nil)
    }
    var units: [UInt16] = []
    units.reserveCapacity(bytes.count / 2 - 1)
    var index = 2
    while index + 1 < bytes.count {
      let first = UInt16(bytes[index])
      let second = UInt16(bytes[index + 1])
      units.append(bigEndian ? first << 8 | second : second << 8 | first)
      index += 2
    }
    var output: [UInt8] = []
    output.reserveCapacity(units.count)
    let failed = transcode(
      units.makeIterator(), from: UTF16.self, to: UTF8.self, stoppingOnError: true
    ) { output.append($0) }
    guard !failed else {
      throw .notAPropertyList(reason: "the file is not valid UTF-16", location: nil)
    }
    return output
  }

  // MARK: Moving through the text

  private var location: SourceLocation { SourceLocation(line: line, column: column) }

  private func peek(_ offset: Int = 0) -> UInt8? {
    let index = position + offset
    return index < bytes.count ? bytes[index] : nil
  }

  /// Moves past one byte (past a CR LF pair at once), keeping the line and column: CR LF, CR
  /// and LF each end a line, and a column is a Unicode scalar.
  private mutating func advance() {
    guard position < bytes.count else { return }
    let byte = bytes[position]
    position += 1
    switch byte {
    case Byte.newline:
      line += 1
      column = 1
    case Byte.carriageReturn:
      if position < bytes.count, bytes[position] == Byte.newline { position += 1 }
      line += 1
      column = 1
    default:
      if byte & 0xC0 != 0x80 { column += 1 }
    }
  }

  private mutating func advance(by count: Int) {
    for _ in 0..<count { advance() }
  }

  private func isAt(_ literal: [UInt8]) -> Bool {
    guard bytes.count - position >= literal.count else { return false }
    for (offset, byte) in literal.enumerated() where bytes[position + offset] != byte {
      return false
    }
    return true
  }

  private static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == Byte.space || byte == Byte.newline || byte == Byte.carriageReturn || byte == Byte.tab
  }

  private mutating func skipWhitespace() {
    while let byte = peek(), Self.isWhitespace(byte) { advance() }
  }

  private static func failure(_ reason: String, at location: SourceLocation) -> Failure {
    .notAPropertyList(reason: reason, location: location)
  }

  /// Moves past `terminator`, or fails with `problem` at `start` when the text ends first.
  private mutating func skip(past terminator: [UInt8], from start: SourceLocation, problem: String)
    throws(Failure)
  {
    while position < bytes.count {
      if isAt(terminator) {
        advance(by: terminator.count)
        return
      }
      advance()
    }
    throw Self.failure(problem, at: start)
  }

  private mutating func skipComment() throws(Failure) {
    let start = location
    advance(by: Literal.commentOpen.count)
    try skip(
      past: Literal.commentClose, from: start, problem: "a comment (`<!--`) is never closed")
  }

  private mutating func skipProcessingInstruction() throws(Failure) {
    let start = location
    advance(by: Literal.instructionOpen.count)
    try skip(
      past: Literal.instructionClose, from: start,
      problem: "a processing instruction (`<?`) is never closed")
  }

  /// Skips `<!DOCTYPE ...>` to its `>`. An internal subset (`[...]`) is refused: it could
  /// declare entities, and CoreFoundation's reader refuses it.
  private mutating func skipDoctype() throws(Failure) {
    let start = location
    let problem = "the document type declaration (`<!DOCTYPE`) is never closed"
    advance(by: Literal.doctypeOpen.count)
    while let byte = peek() {
      switch byte {
      case Byte.quote, Byte.apostrophe:
        advance()
        while let next = peek(), next != byte { advance() }
        guard peek() != nil else { throw Self.failure(problem, at: start) }
        advance()
      case Byte.openBracket:
        throw Self.failure(
          "the document type declaration has an internal subset (`[...]`), which a property list does not have and CoreFoundation refuses",
          at: location)
      case Byte.greaterThan:
        advance()
        return
      default:
        advance()
      }
    }
    throw Self.failure(problem, at: start)
  }

  /// Skips whitespace, comments and processing instructions, and with `doctype`, document type
  /// declarations.
  private mutating func skipMisc(doctype: Bool = false) throws(Failure) {
    while let byte = peek() {
      if Self.isWhitespace(byte) {
        advance()
      } else if isAt(Literal.commentOpen) {
        try skipComment()
      } else if isAt(Literal.instructionOpen) {
        try skipProcessingInstruction()
      } else if doctype, isAt(Literal.doctypeOpen) {
        guard !sawDoctype else {
          throw Self.failure("a second document type declaration (`<!DOCTYPE`)", at: location)
        }
        sawDoctype = true
        try skipDoctype()
      } else {
        return
      }
    }
  }

  // MARK: Tags

  /// Reads `<name attr="...">`, `<name/>` or `</name>`, at its `<`. Attributes are skipped.
  private mutating func readTag() throws(Failure) -> Tag {
    let start = location
    advance()
    let isEnd = peek() == Byte.slash
    if isEnd { advance() }
    let nameStart = position
    while let byte = peek(), !Self.isWhitespace(byte), byte != Byte.greaterThan,
      byte != Byte.slash, byte != Byte.lessThan, byte != Byte.equals
    {
      advance()
    }
    let name = String(decoding: bytes[nameStart..<position], as: UTF8.self)
    guard !name.isEmpty else {
      throw Self.failure("a `<` that does not start a tag (write `&lt;` in text)", at: start)
    }
    let written = isEnd ? "</\(name)>" : "<\(name)>"
    let unterminated = "the tag `\(written)` is never closed with `>`"
    while true {
      skipWhitespace()
      guard let byte = peek() else { throw Self.failure(unterminated, at: start) }
      if byte == Byte.greaterThan {
        advance()
        return Tag(name: name, isEnd: isEnd, isEmpty: false, location: start)
      }
      if byte == Byte.slash, peek(1) == Byte.greaterThan, !isEnd {
        advance(by: 2)
        return Tag(name: name, isEnd: false, isEmpty: true, location: start)
      }
      guard !isEnd else {
        throw Self.failure("the end tag `\(written)` holds more than its name", at: start)
      }
      try skipAttribute(in: written, tagStart: start)
    }
  }

  /// Skips `name="value"` or `name='value'`.
  private mutating func skipAttribute(in tag: String, tagStart: SourceLocation) throws(Failure) {
    let start = location
    let nameStart = position
    while let byte = peek(), !Self.isWhitespace(byte), byte != Byte.equals,
      byte != Byte.greaterThan, byte != Byte.slash, byte != Byte.lessThan,
      byte != Byte.quote, byte != Byte.apostrophe
    {
      advance()
    }
    guard position > nameStart else {
      throw Self.failure("unexpected text in the tag `\(tag)`", at: start)
    }
    let name = String(decoding: bytes[nameStart..<position], as: UTF8.self)
    skipWhitespace()
    guard peek() == Byte.equals else {
      throw Self.failure("the attribute `\(name)` of `\(tag)` has no value", at: start)
    }
    advance()
    skipWhitespace()
    guard let quote = peek(), quote == Byte.quote || quote == Byte.apostrophe else {
      throw Self.failure(
        "the value of the attribute `\(name)` of `\(tag)` is not quoted", at: start)
    }
    advance()
    while let byte = peek(), byte != quote {
      guard byte != Byte.lessThan else {
        throw Self.failure(
          "the value of the attribute `\(name)` of `\(tag)` holds a `<`", at: location)
      }
      advance()
    }
    guard peek() != nil else {
      throw Self.failure("the tag `\(tag)` is never closed with `>`", at: tagStart)
    }
    advance()
  }

  // MARK: Text

  /// Reads the text of the element `tag` (after its start tag) up to its end tag: entity and
  /// character references decoded, CDATA sections as written, comments and processing
  /// instructions left out, and line breaks (CR LF, CR) as LF, as XML reads them.
  private mutating func readText(of tag: Tag) throws(Failure) -> String {
    var text: [UInt8] = []
    while let byte = peek() {
      switch byte {
      case Byte.lessThan:
        if isAt(Literal.commentOpen) || isAt(Literal.instructionOpen) {
          // XML allows them, CoreFoundation's reader does not: the app would not load the file.
          let what = isAt(Literal.commentOpen) ? "a comment" : "a processing instruction"
          throw Self.failure(
            "`<\(tag.name)>` holds \(what), which CoreFoundation refuses; move it outside the element",
            at: location)
        } else if isAt(Literal.cdataOpen) {
          try readCDATA(into: &text)
        } else if isAt(Literal.endTagOpen) {
          let end = try readTag()
          guard end.name == tag.name else { throw Self.mismatch(tag, end) }
          return String(decoding: text, as: UTF8.self)
        } else if isAt(Literal.markupOpen) {
          throw Self.failure("unexpected markup `<!` in `<\(tag.name)>`", at: location)
        } else {
          let inner = try readTag()
          throw Self.failure(
            "`<\(tag.name)>` holds the element `<\(inner.name)>`; it holds only text",
            at: inner.location)
        }
      case Byte.ampersand:
        try readReference(into: &text)
      case Byte.carriageReturn:
        text.append(Byte.newline)
        advance()
      case Byte.closeBracket where isAt(Literal.cdataClose):
        throw Self.failure(
          "`]]>` in the text of `<\(tag.name)>`, which XML does not allow outside a CDATA section; write `]]&gt;`",
          at: location)
      default:
        text.append(byte)
        advance()
      }
    }
    throw Self.unclosed(tag)
  }

  private mutating func readCDATA(into text: inout [UInt8]) throws(Failure) {
    let start = location
    advance(by: Literal.cdataOpen.count)
    while let byte = peek() {
      if isAt(Literal.cdataClose) {
        advance(by: Literal.cdataClose.count)
        return
      }
      text.append(byte == Byte.carriageReturn ? Byte.newline : byte)
      advance()
    }
    throw Self.failure("a CDATA section (`<![CDATA[`) is never closed with `]]>`", at: start)
  }

  /// Reads `&lt;`, `&gt;`, `&amp;`, `&quot;`, `&apos;`, `&#NN;` or `&#xHH;`.
  private mutating func readReference(into text: inout [UInt8]) throws(Failure) {
    let start = location
    advance()
    var name: [UInt8] = []
    while let byte = peek(), byte != Byte.semicolon {
      guard name.count < 32, !Self.isWhitespace(byte), byte != Byte.lessThan,
        byte != Byte.ampersand
      else { break }
      name.append(byte)
      advance()
    }
    guard peek() == Byte.semicolon, !name.isEmpty else {
      throw Self.failure(
        "an `&` that does not start an entity reference like `&amp;` (write `&amp;` for `&`)",
        at: start)
    }
    advance()
    let written = "&" + String(decoding: name, as: UTF8.self) + ";"
    switch name {
    case Array("lt".utf8): text.append(Byte.lessThan)
    case Array("gt".utf8): text.append(Byte.greaterThan)
    case Array("amp".utf8): text.append(Byte.ampersand)
    case Array("quot".utf8): text.append(Byte.quote)
    case Array("apos".utf8): text.append(Byte.apostrophe)
    default:
      guard name.first == Byte.hash else {
        throw Self.failure(
          "the entity `\(written)` is unknown; a property list knows `&lt;`, `&gt;`, `&amp;`, `&quot;`, `&apos;` and character references like `&#38;`",
          at: start)
      }
      guard let scalar = Self.characterReference(name.dropFirst()) else {
        throw Self.failure(
          "the character reference `\(written)` does not name a character", at: start)
      }
      UTF8.encode(scalar) { text.append($0) }
    }
  }

  /// The scalar of `NN` or `xHH` (the part of `&#NN;` after `#`); nil for no digits, a bad
  /// digit, NUL or a number that is not a Unicode scalar (a surrogate, beyond U+10FFFF).
  private static func characterReference(_ digits: ArraySlice<UInt8>) -> Unicode.Scalar? {
    var digits = digits
    var radix: UInt32 = 10
    if digits.first == Byte.x {
      radix = 16
      digits = digits.dropFirst()
    }
    guard !digits.isEmpty else { return nil }
    var value: UInt32 = 0
    for byte in digits {
      let digit: UInt32
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f") where radix == 16:
        digit = UInt32(byte - UInt8(ascii: "a")) + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F") where radix == 16:
        digit = UInt32(byte - UInt8(ascii: "A")) + 10
      default: return nil
      }
      value = value * radix + digit
      // 32 digits at most were read, and this stops the value from growing past 0x10FFFF * 16.
      guard value <= 0x10_FFFF else { return nil }
    }
    guard value != 0 else { return nil }
    return Unicode.Scalar(value)
  }

  private static func mismatch(_ open: Tag, _ end: Tag) -> Failure {
    failure(
      "`<\(open.name)>` (at \(open.location)) is closed by `</\(end.name)>`", at: end.location)
  }

  private static func unclosed(_ tag: Tag) -> Failure {
    failure("`<\(tag.name)>` is never closed with `</\(tag.name)>`", at: tag.location)
  }

  private static func unclosed(_ frame: Frame) -> Failure {
    failure("`<\(frame.name)>` is never closed with `</\(frame.name)>`", at: frame.location)
  }

  // MARK: Elements

  /// Reads the whole file: the prolog, `<plist>` (or a bare value) and what may follow it.
  mutating func read() throws(Failure) -> PropertyListNode {
    try skipMisc(doctype: true)
    guard peek() != nil else {
      throw Self.failure("the file holds no XML element", at: location)
    }
    var stack: [Frame] = []
    var root: PropertyListNode?
    while true {
      try skipMisc()
      guard let byte = peek() else { break }
      guard root == nil else {
        throw Self.failure("more follows the end of the property list", at: location)
      }
      guard byte == Byte.lessThan else {
        let what = stack.last.map { "in `<\($0.name)>`" } ?? "outside any element"
        throw Self.failure("text \(what), where only elements may be", at: location)
      }
      if isAt(Literal.cdataOpen) {
        throw Self.failure("a CDATA section outside `<string>` or `<key>`", at: location)
      }
      if isAt(Literal.markupOpen) {
        throw Self.failure("unexpected markup `<!`", at: location)
      }
      let tag = try readTag()
      if tag.isEnd {
        root = try close(tag, stack: &stack)
      } else {
        try open(tag, stack: &stack, root: &root)
      }
    }
    if let frame = stack.last { throw Self.unclosed(frame) }
    guard let root else {
      throw Self.failure("the file holds no property list value", at: location)
    }
    return root
  }

  /// Handles an end tag: the finished element joins its parent. Returns the top-level value
  /// when it is the last element to close.
  private mutating func close(_ tag: Tag, stack: inout [Frame]) throws(Failure)
    -> PropertyListNode?
  {
    guard let frame = stack.popLast() else {
      throw Self.failure("`</\(tag.name)>` closes no element", at: tag.location)
    }
    guard frame.name == tag.name else {
      throw Self.mismatch(
        Tag(name: frame.name, isEnd: false, isEmpty: false, location: frame.location), tag)
    }
    let node: PropertyListNode
    switch frame.kind {
    case .plist:
      guard let value = frame.value else {
        throw Self.failure("`<plist>` holds no value", at: frame.location)
      }
      return value
    case .array:
      node = PropertyListNode(.array(frame.items), location: frame.location)
    case .dictionary:
      if let key = frame.key {
        throw Self.failure("the key `\(key.text)` has no value", at: key.location)
      }
      node = PropertyListNode(.dictionary(frame.entries), location: frame.location)
    }
    return attach(node, to: &stack)
  }

  /// Handles a start tag.
  private mutating func open(
    _ tag: Tag, stack: inout [Frame], root: inout PropertyListNode?
  ) throws(Failure) {
    switch tag.name {
    case "plist":
      guard stack.isEmpty else {
        throw Self.failure("`<plist>` inside a property list", at: tag.location)
      }
      guard !tag.isEmpty else { throw Self.failure("`<plist/>` holds no value", at: tag.location) }
      stack.append(Frame(kind: .plist, name: tag.name, location: tag.location))
    case "key":
      guard let parent = stack.last, parent.kind == .dictionary else {
        throw Self.failure("`<key>` outside a `<dict>`", at: tag.location)
      }
      if let key = parent.key {
        throw Self.failure(
          "the key `\(key.text)` has no value (another `<key>` follows it)", at: key.location)
      }
      let text = tag.isEmpty ? "" : try readText(of: tag)
      stack[stack.count - 1].key = (text, tag.location)
    case "dict", "array":
      try checkRoom(for: tag, in: stack)
      // One limit for every container, empty or not, as the binary reader counts them.
      let depth = stack.count - (stack.first?.kind == .plist ? 1 : 0)
      guard depth < PropertyListDocument.maximumDepth else {
        throw Self.failure(
          "arrays and dictionaries nest more than \(PropertyListDocument.maximumDepth) levels deep",
          at: tag.location)
      }
      if tag.isEmpty {
        let value: PropertyListNode.Value = tag.name == "dict" ? .dictionary([]) : .array([])
        root = attach(PropertyListNode(value, location: tag.location), to: &stack) ?? root
      } else {
        let kind: ContainerKind = tag.name == "dict" ? .dictionary : .array
        stack.append(Frame(kind: kind, name: tag.name, location: tag.location))
      }
    case "string", "integer", "real", "date", "data":
      try checkRoom(for: tag, in: stack)
      let text = tag.isEmpty ? "" : try readText(of: tag)
      let value: PropertyListNode.Value =
        switch tag.name {
        case "string": .string(text)
        case "integer": .integer(try Self.checked(Self.trimmed(text), tag))
        case "real": .real(try Self.checked(Self.trimmed(text), tag))
        case "date": .date(try Self.checked(Self.trimmed(text), tag))
        default:
          .data(
            try Self.checked(String(text.unicodeScalars.filter { !Self.isWhitespace($0) }), tag))
        }
      root = attach(PropertyListNode(value, location: tag.location), to: &stack) ?? root
    case "true", "false":
      try checkRoom(for: tag, in: stack)
      if !tag.isEmpty {
        try skipMisc()
        guard isAt(Literal.endTagOpen) else {
          throw Self.failure(
            "`<\(tag.name)>` holds something; write `<\(tag.name)/>`", at: location)
        }
        let end = try readTag()
        guard end.name == tag.name else { throw Self.mismatch(tag, end) }
      }
      let node = PropertyListNode(.bool(tag.name == "true"), location: tag.location)
      root = attach(node, to: &stack) ?? root
    default:
      throw Self.failure(
        "`<\(tag.name)>` is not a property list element", at: tag.location)
    }
  }

  /// `text`, the content of an `<integer>`, `<real>`, `<date>` or `<data>` element, when
  /// CoreFoundation would read it; a failure at the element otherwise.
  private static func checked(_ text: String, _ tag: Tag) throws(Failure) -> String {
    if let problem = PropertyListScalar.problem(text, element: tag.name) {
      throw failure(problem, at: tag.location)
    }
    return text
  }

  /// Fails unless a value may start here: in a `<dict>` after a `<key>`, in an `<array>`, as the
  /// only value of `<plist>` or as a bare top-level value.
  private func checkRoom(for tag: Tag, in stack: [Frame]) throws(Failure) {
    guard let parent = stack.last else { return }
    switch parent.kind {
    case .array: break
    case .dictionary:
      guard parent.key != nil else {
        throw Self.failure(
          "`<\(tag.name)>` in a `<dict>` without a `<key>` before it", at: tag.location)
      }
    case .plist:
      guard parent.value == nil else {
        throw Self.failure("`<plist>` holds more than one value", at: tag.location)
      }
    }
  }

  /// Adds a finished value to the element it is in; returns it when it is a bare top-level
  /// value (no `<plist>` around it).
  private func attach(_ node: PropertyListNode, to stack: inout [Frame]) -> PropertyListNode? {
    guard !stack.isEmpty else { return node }
    let last = stack.count - 1
    switch stack[last].kind {
    case .array:
      stack[last].items.append(node)
    case .dictionary:
      // `checkRoom` made sure a key waits.
      if let key = stack[last].key {
        stack[last].entries.append(
          PropertyListNode.Entry(key: key.text, keyLocation: key.location, value: node))
        stack[last].key = nil
      }
    case .plist:
      stack[last].value = node
    }
    return nil
  }

  private static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
    scalar.isASCII && isWhitespace(UInt8(scalar.value))
  }

  private static func trimmed(_ text: String) -> String {
    let scalars = text.unicodeScalars
    guard let first = scalars.firstIndex(where: { !isWhitespace($0) }),
      let last = scalars.lastIndex(where: { !isWhitespace($0) })
    else { return "" }
    return String(scalars[first...last])
  }
}
