// Expansion of the URL template subset: `{name}`, `{?a,b}` and `{&a,b}` between literal text.
//
// Standard library only. One algorithm, over any `ExpandableTemplate`: a parsed `URLTemplate`
// (its parts as `String`s), or a template read in place from a packed table, so a push's URL is
// expanded without building a `String` per part. The result is written into a buffer on the
// stack and copied into one `String`; a URL too long for it is written in a `String` of the
// exact length instead: a first pass counts the UTF-8 bytes, a second writes them. Every pass
// runs the same code, so they cannot disagree.

/// A URL template's parts, as expansion reads them: each part's kind and text (a literal's text,
/// a variable's name, a query expression's names) as UTF-8 bytes.
package protocol ExpandableTemplate {
  /// A handle on one text of the template, which `withUTF8(_:_:)` reads.
  associatedtype Text
  var partCount: Int { get }
  /// Nil for a part the template cannot describe (a damaged table): expansion gives nil.
  func kind(ofPart index: Int) -> URLTemplate.PartKind?
  /// The literal's text or the variable's name.
  func text(ofPart index: Int) -> Text
  /// The number of names of a query expression.
  func nameCount(ofPart index: Int) -> Int
  func name(_ position: Int, ofPart index: Int) -> Text
  func withUTF8<Result>(_ text: Text, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result
  /// Whether literal texts are stored as `encodedLiteral(_:)` returns them, so expansion copies
  /// them as they are instead of scanning them byte by byte.
  var literalsAreEncoded: Bool { get }
}

extension URLTemplate {
  package enum PartKind: Sendable {
    case literal, variable, question, ampersand
  }
}

extension URLTemplate: ExpandableTemplate {
  /// A part index and, for a query expression, a name's position in it (-1 for the part's own
  /// text).
  package typealias Text = (part: Int, position: Int)

  package var partCount: Int { parts.count }

  package func kind(ofPart index: Int) -> PartKind? {
    switch parts[index] {
    case .literal: .literal
    case .variable: .variable
    case .query(.question, _): .question
    case .query(.ampersand, _): .ampersand
    }
  }

  package func text(ofPart index: Int) -> Text { (index, -1) }

  package var literalsAreEncoded: Bool { false }

  package func nameCount(ofPart index: Int) -> Int {
    if case .query(_, let names) = parts[index] { names.count } else { 0 }
  }

  package func name(_ position: Int, ofPart index: Int) -> Text { (index, position) }

  package func withUTF8<Result>(_ text: Text, _ body: (UnsafeBufferPointer<UInt8>) -> Result)
    -> Result
  {
    var string: String
    switch parts[text.part] {
    case .literal(let value), .variable(let value): string = value
    case .query(_, let names): string = names[text.position]
    }
    return string.withUTF8(body)
  }

  /// The text of a handle, for the `String`-keyed closures of `expand(base:value:)`.
  fileprivate func string(_ text: Text) -> String {
    withUTF8(text) { String(decoding: $0, as: UTF8.self) }
  }
}

extension URLTemplate {
  /// Expands a template that may start with a base, as a manifest's URL templates do.
  ///
  /// - Parameters:
  ///   - base: The base URL for a name, or nil when there is no such base. Asked only about a
  ///     `{name}` that is the template's *first* part; that part is always a base, never a
  ///     parameter, so a payload value can never become the scheme or host.
  ///   - value: The text of a parameter, already formatted by its type (ints in decimal, doubles
  ///     in their shortest round-trip form, bools as `true`/`false`), or nil when it is absent
  ///     (optional and nil). It is percent-encoded here.
  /// - Returns: The URL, or nil when the template starts with `{name}` and `base(name)` is nil.
  ///
  /// The base is inserted as it is; literal text as it is, except characters that cannot appear
  /// in a URI (non-ASCII text), which are percent-encoded as UTF-8 (RFC 6570 §3.1). `{name}`
  /// expands to the percent-encoded value, or to nothing when absent. `{?a,b}` expands to
  /// `?a=1&b=2` and `{&a,b}` to `&a=1&b=2` with only the present parameters, and to nothing when
  /// none is present. Both closures may be called more than once for a name (once to measure,
  /// once to write) and should be plain look-ups.
  package func expand(base: (String) -> String?, value: (String) -> String?) -> String? {
    Self.expand(
      self, base: { base(string($0)).map { .string($0) } },
      value: { value(string($0)).map { .string($0) } })
  }

  /// Expands a template that has no base: every `{name}`, the first one included, is a
  /// parameter. This is plain RFC 6570 expansion of the subset, and never fails.
  ///
  /// Use ``expand(base:value:)`` for a manifest's URL templates, whose first `{name}` is a base.
  package func expand(value: (String) -> String?) -> String {
    Self.expand(self, from: 0, base: nil, value: { value(string($0)).map { .string($0) } }) ?? ""
  }

  /// A base URL's text: a string, or bytes that stay valid for the whole expansion (a table's).
  package enum BaseText {
    case string(String)
    case bytes(UnsafeBufferPointer<UInt8>)
  }

  /// `expand(base:value:)` over any template: `base` gets the first part's name when that part
  /// is a variable, and `value` every other variable's and query name's handle, and gives the
  /// typed value, which is written as `ParamValue.formatted` writes it (an int straight into
  /// the URL, without a `String`). Nil when there is no such base, or for a part of unknown
  /// kind.
  package static func expand<Template: ExpandableTemplate>(
    _ template: Template, base: (Template.Text) -> BaseText?, value: (Template.Text) -> ParamValue?
  ) -> String? {
    guard template.partCount > 0, template.kind(ofPart: 0) == .variable else {
      return expand(template, from: 0, base: nil, value: value)
    }
    switch base(template.text(ofPart: 0)) {
    case nil: return nil
    case .bytes(let bytes)?: return expand(template, from: 1, base: bytes, value: value)
    case .string(var text)?:
      return text.withUTF8 { expand(template, from: 1, base: $0, value: value) }
    }
  }

  /// Percent-encodes `text` for a URL component: the RFC 3986 unreserved characters
  /// `A-Z a-z 0-9 - . _ ~` stay as they are; every other byte of the UTF-8 encoding becomes
  /// `%XX` with uppercase hex digits.
  package static func percentEncode(_ text: String) -> String {
    encoded(text, keepingURICharacters: false)
  }

  /// The stack buffer's size: longer than the URLs apps route to, small enough for any stack.
  private static let stackCapacity = 512

  /// Literal text as expansion writes it: URI characters and `%XX` escapes kept, every other
  /// byte percent-encoded. Encoding it again changes nothing, so a table stores its literals
  /// this way and expansion copies them.
  package static func encodedLiteral(_ text: String) -> String {
    encoded(text, keepingURICharacters: true)
  }

  private static func encoded(_ text: String, keepingURICharacters: Bool) -> String {
    var text = text
    return text.withUTF8 { bytes in
      var counter = LengthCounter()
      writeEncoded(bytes, keepingURICharacters: keepingURICharacters, into: &counter)
      return BufferWriter.string(count: counter.count) { writer in
        writeEncoded(bytes, keepingURICharacters: keepingURICharacters, into: &writer)
      }
    }
  }

  /// Nil when a part's kind is unknown (only a damaged table has one).
  private static func expand<Template: ExpandableTemplate>(
    _ template: Template, from first: Int, base: UnsafeBufferPointer<UInt8>?,
    value: (Template.Text) -> ParamValue?
  ) -> String? {
    // One pass into the stack buffer: half the work of counting first, and no second look-up
    // of each value.
    let onStack: String?? = withUnsafeTemporaryAllocation(
      of: UInt8.self, capacity: stackCapacity
    ) { buffer in
      var writer = BufferWriter(buffer: buffer)
      guard write(template, from: first, base: base, value: value, into: &writer) else {
        return .some(nil)
      }
      guard !writer.overflowed else { return nil }
      return String(copying: UnsafeBufferPointer(rebasing: buffer[..<writer.written]))
    }
    if let onStack { return onStack }
    var counter = LengthCounter()
    guard write(template, from: first, base: base, value: value, into: &counter) else {
      return nil
    }
    return BufferWriter.string(count: counter.count) { writer in
      _ = write(template, from: first, base: base, value: value, into: &writer)
    }
  }

  private static func write<Template: ExpandableTemplate, Sink: ExpansionSink>(
    _ template: Template, from first: Int, base: UnsafeBufferPointer<UInt8>?,
    value: (Template.Text) -> ParamValue?, into sink: inout Sink
  ) -> Bool {
    if let base {
      sink.append(base)
    }
    for index in first..<max(first, template.partCount) {
      switch template.kind(ofPart: index) {
      case .literal?:
        template.withUTF8(template.text(ofPart: index)) {
          if template.literalsAreEncoded {
            sink.append($0)
          } else {
            writeEncoded($0, keepingURICharacters: true, into: &sink)
          }
        }
      case .variable?:
        if let found = value(template.text(ofPart: index)) {
          writeValue(found, into: &sink)
        }
      case let kind?:
        var separator = kind == .question ? ASCII.question : ASCII.ampersand
        for position in 0..<max(0, template.nameCount(ofPart: index)) {
          let name = template.name(position, ofPart: index)
          guard let found = value(name) else { continue }
          sink.appendASCII(separator)
          separator = ASCII.ampersand
          // Parsed names are unreserved already; encoding guards hand-built parts.
          template.withUTF8(name) { writeEncoded($0, keepingURICharacters: false, into: &sink) }
          sink.appendASCII(ASCII.equals)
          writeValue(found, into: &sink)
        }
      case nil:
        return false
      }
    }
    return true
  }

  /// Writes a value percent-encoded, as `formatted` prints it. An int's digits and `-` are
  /// unreserved, so they are written as they are, from a buffer on the stack.
  private static func writeValue<Sink: ExpansionSink>(_ value: ParamValue, into sink: inout Sink) {
    guard case .int(let int) = value else {
      var text = value.formatted
      text.withUTF8 { writeEncoded($0, keepingURICharacters: false, into: &sink) }
      return
    }
    // 20 digits and a sign hold every Int.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 21) { digits in
      var start = digits.count
      var magnitude = int.magnitude
      repeat {
        start -= 1
        digits[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
        magnitude /= 10
      } while magnitude > 0
      if int < 0 {
        start -= 1
        digits[start] = UInt8(ascii: "-")
      }
      sink.append(UnsafeBufferPointer(rebasing: digits[start...]))
    }
  }

  /// Writes `text`, copying runs of kept bytes as they are and percent-encoding the others.
  ///
  /// Kept are the unreserved characters, and with `keepingURICharacters` also the reserved
  /// ones and `%XX` escapes (literal text).
  private static func writeEncoded<Sink: ExpansionSink>(
    _ text: UnsafeBufferPointer<UInt8>, keepingURICharacters: Bool, into sink: inout Sink
  ) {
    let kept = keepingURICharacters ? ByteSet.uriCharacters : ByteSet.unreserved
    var runStart = 0
    var index = 0
    while index < text.count {
      let byte = text[index]
      if kept.contains(byte) {
        index += 1
        continue
      }
      if keepingURICharacters && byte == ASCII.percent && index + 2 < text.count
        && isHexDigit(text[index + 1]) && isHexDigit(text[index + 2])
      {
        index += 3
        continue
      }
      if runStart != index {
        sink.append(UnsafeBufferPointer(rebasing: text[runStart..<index]))
      }
      sink.appendEscaped(byte)
      index += 1
      runStart = index
    }
    if runStart != index {
      sink.append(UnsafeBufferPointer(rebasing: text[runStart..<index]))
    }
  }

  private static func isHexDigit(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "F"),
      UInt8(ascii: "a")...UInt8(ascii: "f"):
      return true
    default:
      return false
    }
  }
}

/// A set of ASCII bytes as two 64-bit masks (bit `b` of `low` for byte `b` below 64, of `high`
/// for `b - 64`): a test is a shift and a mask, where a `switch` over the characters cost a
/// URL template's long literals several comparisons a byte. The tests check every byte.
private struct ByteSet {
  let low: UInt64
  let high: UInt64

  @inline(__always)
  func contains(_ byte: UInt8) -> Bool {
    byte < 64 ? low >> UInt64(byte) & 1 == 1 : byte < 128 && high >> UInt64(byte & 63) & 1 == 1
  }

  /// RFC 3986 unreserved: `A-Z a-z 0-9 - . _ ~`.
  static var unreserved: ByteSet {
    ByteSet(low: 0x03FF_6000_0000_0000, high: 0x47FF_FFFE_87FF_FFFE)
  }
  /// Unreserved and reserved: gen-delims `: / ? # [ ] @`, sub-delims `! $ & ' ( ) * + , ; =`.
  static var uriCharacters: ByteSet {
    ByteSet(low: 0xAFFF_FFDA_0000_0000, high: 0x47FF_FFFE_AFFF_FFFF)
  }
}

private enum ASCII {
  static let question = UInt8(ascii: "?")
  static let ampersand = UInt8(ascii: "&")
  static let equals = UInt8(ascii: "=")
  static let percent = UInt8(ascii: "%")
}

/// Where expansion writes: a length counter for the first pass, the string for the second.
private protocol ExpansionSink {
  /// Bytes copied as they are.
  mutating func append(_ bytes: UnsafeBufferPointer<UInt8>)
  /// One ASCII byte copied as it is.
  mutating func appendASCII(_ byte: UInt8)
  /// One byte written as `%XX`.
  mutating func appendEscaped(_ byte: UInt8)
}

private struct LengthCounter: ExpansionSink {
  var count = 0

  mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) { count += bytes.count }
  mutating func appendASCII(_ byte: UInt8) { count += 1 }
  mutating func appendEscaped(_ byte: UInt8) { count += 3 }
}

/// Writes into a fixed buffer and notes when the text does not fit: the stack buffer, or the
/// storage of a new `String` of a counted length (one allocation), where it always fits.
private struct BufferWriter: ExpansionSink {
  let buffer: UnsafeMutableBufferPointer<UInt8>
  var written = 0
  var overflowed = false

  /// The string `body` writes, at most `count` bytes.
  static func string(count: Int, _ body: (inout BufferWriter) -> Void) -> String {
    String(unsafeUninitializedCapacity: count) { buffer in
      var writer = BufferWriter(buffer: buffer)
      body(&writer)
      return writer.written
    }
  }

  mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard bytes.count <= buffer.count - written else {
      overflowed = true
      return
    }
    guard let source = bytes.baseAddress, let target = buffer.baseAddress else { return }
    (target + written).update(from: source, count: bytes.count)
    written += bytes.count
  }

  mutating func appendASCII(_ byte: UInt8) {
    guard written < buffer.count else {
      overflowed = true
      return
    }
    buffer[written] = byte
    written += 1
  }

  mutating func appendEscaped(_ byte: UInt8) {
    appendASCII(ASCII.percent)
    appendASCII(hexDigit(byte >> 4))
    appendASCII(hexDigit(byte & 0x0F))
  }
}

private func hexDigit(_ nibble: UInt8) -> UInt8 {
  nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "A") + nibble - 10
}
