// Expansion of the URL template subset: `{name}`, `{+name}`, `{?a,b}` and `{&a,b}` between
// literal text, and `{?name*}` / `{&name*}` for a `query` parameter's items.
//
// Standard library only. One algorithm, over any `ExpandableTemplate`: a template the compiler parsed
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
  func kind(ofPart index: Int) -> URLExpansion.PartKind?
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

/// The expansion engine; the compiler's parsed templates and the runtime's packed tables both
/// expand through it.
package enum URLExpansion {
  package enum PartKind: Sendable {
    /// `reserved` is `{+name}`: its value keeps `/`.
    case literal, variable, reserved, question, ampersand
  }

  /// A base URL's text: a string, or bytes that stay valid for the whole expansion (a table's).
  package enum BaseText {
    case string(String)
    case bytes(UnsafeBufferPointer<UInt8>)
  }

  /// What expanding a template gives.
  package enum Outcome<Handle> {
    case url(String)
    /// The value of this variable would change the URL's structure: make a path segment `.` or
    /// `..` (see `DotSegment`), start an authority (`{+name}` starting with `//`), or write
    /// something other than `/`, `?` or `#` right after the template's fixed text, where it
    /// would extend the host or the base's path (see `AuthorityFence`); when its value was
    /// absent, the next expression or literal it left behind the authority.
    case refused(Handle)
    /// No such base, or a part of unknown kind (only a damaged table has one).
    case failed

    /// The URL, or nil.
    package var url: String? {
      if case .url(let url) = self { url } else { nil }
    }
  }

  /// `expand(base:value:)` over any template: `base` gets the first part's name when that part
  /// is a variable, and `value` every other variable's and query name's handle, and gives the
  /// typed value, which is written as `ParamValue.formatted` writes it (an int straight into
  /// the URL, without a `String`).
  package static func expand<Template: ExpandableTemplate>(
    _ template: Template, base: (Template.Text) -> BaseText?, value: (Template.Text) -> ParamValue?
  ) -> Outcome<Template.Text> {
    guard template.partCount > 0, template.kind(ofPart: 0) == .variable else {
      return expand(template, from: 0, base: nil, value: value)
    }
    switch base(template.text(ofPart: 0)) {
    case nil: return .failed
    case .bytes(let bytes)?: return expand(template, from: 1, base: bytes, value: value)
    case .string(var text)?:
      return text.withUTF8 { expand(template, from: 1, base: $0, value: value) }
    }
  }

  /// The stack buffer's size: longer than the URLs apps route to, small enough for any stack.
  private static let stackCapacity = 512

  /// Expands a template that has no base: every `{name}`, the first one included, is a
  /// parameter.
  package static func expand<Template: ExpandableTemplate>(
    withoutBase template: Template, value: (Template.Text) -> ParamValue?
  ) -> Outcome<Template.Text> {
    expand(template, from: 0, base: nil, value: value)
  }

  private static func expand<Template: ExpandableTemplate>(
    _ template: Template, from first: Int, base: UnsafeBufferPointer<UInt8>?,
    value: (Template.Text) -> ParamValue?
  ) -> Outcome<Template.Text> {
    // One pass into the stack buffer: half the work of counting first, and no second look-up
    // of each value.
    let onStack: Outcome<Template.Text>? = withUnsafeTemporaryAllocation(
      of: UInt8.self, capacity: stackCapacity
    ) { buffer in
      var writer = BufferWriter(buffer: buffer)
      let outcome = write(template, from: first, base: base, value: value, into: &writer)
      guard case .url = outcome else { return outcome }
      guard !writer.overflowed else { return nil }
      return .url(String(copying: UnsafeBufferPointer(rebasing: buffer[..<writer.written])))
    }
    if let onStack { return onStack }
    var counter = LengthCounter()
    let outcome = write(template, from: first, base: base, value: value, into: &counter)
    guard case .url = outcome else { return outcome }
    return .url(
      BufferWriter.string(count: counter.count) { writer in
        _ = write(template, from: first, base: base, value: value, into: &writer)
      })
  }

  /// Writes the URL into `sink`. The outcome's URL is empty: the caller reads the sink.
  private static func write<Template: ExpandableTemplate, Sink: ByteSink>(
    _ template: Template, from first: Int, base: UnsafeBufferPointer<UInt8>?,
    value: (Template.Text) -> ParamValue?, into target: inout Sink
  ) -> Outcome<Template.Text> {
    var sink = AuthorityFence(target)
    defer { target = sink.inner }
    var watch = DotSegmentWatch()
    var lastVariable: Template.Text?
    if let base {
      sink.append(base)
      watch.literal(base)
      sink.open()
    }
    for index in first..<max(first, template.partCount) {
      switch template.kind(ofPart: index) {
      case .literal?:
        template.withUTF8(template.text(ofPart: index)) {
          if template.literalsAreEncoded {
            sink.append($0)
          } else {
            PercentEncoding.write($0, keeping: .uriCharacters, keepingEscapes: true, into: &sink)
          }
          // Encoding keeps `.`, `/`, `?`, `#` and escapes, and turns anything else into
          // escapes that are not dots: the watch reads the same segments either way.
          watch.literal($0)
          // A template without a base fixes its own `scheme://host`: the same fence follows it.
          if index == 0, endsInAuthority($0) { sink.open() }
        }
      case .variable?:
        let name = template.text(ofPart: index)
        lastVariable = name
        if let found = value(name) {
          writeValue(found, into: &sink, watch: &watch)
        } else {
          watch.value(UnsafeBufferPointer(start: nil, count: 0))
        }
      case .reserved?:
        let name = template.text(ofPart: index)
        lastVariable = name
        guard let found = value(name) else { continue }
        var text = found.formatted
        let kept = text.withUTF8 { bytes -> Bool in
          // `//` would start an authority; the fence refuses anything but `/`, `?` or `#`
          // right after the fixed text.
          if bytes.count >= 2, bytes[0] == UInt8(ascii: "/"), bytes[1] == UInt8(ascii: "/") {
            return false
          }
          PercentEncoding.write(bytes, keeping: .unreservedAndSlash, into: &sink)
          // Each piece between slashes is a value in its own segment: a `.` or `..` is found.
          var start = 0
          for index in 0...bytes.count
          where index == bytes.count || bytes[index] == UInt8(ascii: "/") {
            watch.value(UnsafeBufferPointer(rebasing: bytes[start..<index]))
            if index < bytes.count {
              watch.literal(UnsafeBufferPointer(rebasing: bytes[index...index]))
            }
            start = index + 1
          }
          return true
        }
        guard kept else { return .refused(name) }
      case let kind?:
        watch.endPath()
        var separator = kind == .question ? UInt8(ascii: "?") : UInt8(ascii: "&")
        for position in 0..<max(0, template.nameCount(ofPart: index)) {
          let name = template.name(position, ofPart: index)
          guard let found = value(name) else { continue }
          lastVariable = name
          if case .query(var items) = found {
            // `{?name*}`: the items themselves, written as a link of them writes them, but for
            // those under a key the template writes itself.
            if !items.isEmpty {
              let written = writtenQueryKeys(template, value: value)
              items = items.filter { !written.contains(Array($0.key.utf8)) }
            }
            guard !items.isEmpty else { continue }
            sink.appendASCII(separator)
            separator = UInt8(ascii: "&")
            var text = QueryItems.formEncoded(items)
            text.withUTF8 { sink.append($0) }
            continue
          }
          sink.appendASCII(separator)
          separator = UInt8(ascii: "&")
          // Parsed names are unreserved already; encoding guards hand-built parts.
          template.withUTF8(name) { PercentEncoding.write($0, keeping: .unreserved, into: &sink) }
          sink.appendASCII(UInt8(ascii: "="))
          writeValue(found, into: &sink, watch: &watch)
        }
      case nil:
        return .failed
      }
      if watch.found || sink.breached, let lastVariable { return .refused(lastVariable) }
      if sink.breached { return .failed }
    }
    watch.endPath()
    if watch.found, let lastVariable { return .refused(lastVariable) }
    return .url("")
  }

  /// Writes a value percent-encoded, as `formatted` prints it, and shows the watch its text
  /// (encoding keeps dots and writes everything else as something else). An int's digits and
  /// `-` are unreserved, so they are written as they are, from a buffer on the stack.
  private static func writeValue<Sink: ByteSink>(
    _ value: ParamValue, into sink: inout Sink, watch: inout DotSegmentWatch
  ) {
    guard case .int(let int) = value else {
      var text = value.formatted
      text.withUTF8 {
        PercentEncoding.write($0, keeping: .unreserved, into: &sink)
        watch.value($0)
      }
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
      let text = UnsafeBufferPointer(rebasing: digits[start...])
      sink.append(text)
      watch.value(text)
    }
  }
}
