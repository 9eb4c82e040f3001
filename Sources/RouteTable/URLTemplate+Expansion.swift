// Expansion of the URL template subset: `{name}`, `{?a,b}` and `{&a,b}` between literal text.
//
// Standard library only. The result is built in one `String` whose capacity is reserved up
// front: a first pass counts the exact UTF-8 length, a second writes it, both through the same
// code so the two cannot disagree.

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
    guard case .variable(let name)? = parts.first else {
      return Self.expand(base: nil, parts: parts[...], value: value)
    }
    guard let baseText = base(name) else { return nil }
    return Self.expand(base: baseText, parts: parts.dropFirst(), value: value)
  }

  /// Expands a template that has no base: every `{name}`, the first one included, is a
  /// parameter. This is plain RFC 6570 expansion of the subset, and never fails.
  ///
  /// Use ``expand(base:value:)`` for a manifest's URL templates, whose first `{name}` is a base.
  package func expand(value: (String) -> String?) -> String {
    Self.expand(base: nil, parts: parts[...], value: value)
  }

  /// Percent-encodes `text` for a URL component: the RFC 3986 unreserved characters
  /// `A-Z a-z 0-9 - . _ ~` stay as they are; every other byte of the UTF-8 encoding becomes
  /// `%XX` with uppercase hex digits.
  package static func percentEncode(_ text: String) -> String {
    var counter = LengthCounter()
    writeEncoded(text, keepingURICharacters: false, into: &counter)
    var writer = StringWriter(capacity: counter.count)
    writeEncoded(text, keepingURICharacters: false, into: &writer)
    return writer.result
  }

  private static func expand(
    base: String?, parts: ArraySlice<Part>, value: (String) -> String?
  ) -> String {
    var counter = LengthCounter()
    write(base: base, parts: parts, value: value, into: &counter)
    var writer = StringWriter(capacity: counter.count)
    write(base: base, parts: parts, value: value, into: &writer)
    return writer.result
  }

  private static func write<Sink: ExpansionSink>(
    base: String?, parts: ArraySlice<Part>, value: (String) -> String?, into sink: inout Sink
  ) {
    if let base {
      sink.append(Substring(base))
    }
    for part in parts {
      switch part {
      case .literal(let text):
        writeEncoded(text, keepingURICharacters: true, into: &sink)
      case .variable(let name):
        if let text = value(name) {
          writeEncoded(text, keepingURICharacters: false, into: &sink)
        }
      case .query(let queryOperator, let names):
        var separator = queryOperator == .question ? ASCII.question : ASCII.ampersand
        for name in names {
          guard let text = value(name) else { continue }
          sink.appendASCII(separator)
          separator = ASCII.ampersand
          // Parsed names are unreserved already; encoding guards hand-built parts.
          writeEncoded(name, keepingURICharacters: false, into: &sink)
          sink.appendASCII(ASCII.equals)
          writeEncoded(text, keepingURICharacters: false, into: &sink)
        }
      }
    }
  }

  /// Writes `text`, copying runs of kept bytes as they are and percent-encoding the others.
  ///
  /// Kept are the unreserved characters, and with `keepingURICharacters` also the reserved
  /// ones and `%XX` escapes (literal text). Runs start and end at ASCII bytes, so they are
  /// whole Unicode scalars.
  private static func writeEncoded<Sink: ExpansionSink>(
    _ text: String, keepingURICharacters: Bool, into sink: inout Sink
  ) {
    let utf8 = text.utf8
    var runStart = utf8.startIndex
    var index = runStart
    while index != utf8.endIndex {
      let byte = utf8[index]
      if isUnreserved(byte) || (keepingURICharacters && isReserved(byte)) {
        utf8.formIndex(after: &index)
        continue
      }
      if keepingURICharacters && byte == ASCII.percent {
        let first = utf8.index(after: index)
        if first != utf8.endIndex, isHexDigit(utf8[first]) {
          let second = utf8.index(after: first)
          if second != utf8.endIndex, isHexDigit(utf8[second]) {
            index = utf8.index(after: second)
            continue
          }
        }
      }
      if runStart != index {
        sink.append(Substring(text.unicodeScalars[runStart..<index]))
      }
      sink.appendEscaped(byte)
      utf8.formIndex(after: &index)
      runStart = index
    }
    if runStart != index {
      sink.append(Substring(text.unicodeScalars[runStart..<index]))
    }
  }

  /// RFC 3986 unreserved: `A-Z a-z 0-9 - . _ ~`.
  private static func isUnreserved(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
      UInt8(ascii: "_"), UInt8(ascii: "~"):
      return true
    default:
      return false
    }
  }

  /// RFC 3986 reserved: gen-delims `: / ? # [ ] @` and sub-delims `! $ & ' ( ) * + , ; =`.
  private static func isReserved(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: ":"), UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#"),
      UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "@"), UInt8(ascii: "!"),
      UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("),
      UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","),
      UInt8(ascii: ";"), UInt8(ascii: "="):
      return true
    default:
      return false
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

private enum ASCII {
  static let question = UInt8(ascii: "?")
  static let ampersand = UInt8(ascii: "&")
  static let equals = UInt8(ascii: "=")
  static let percent = UInt8(ascii: "%")
}

/// Where expansion writes: a length counter for the first pass, the string for the second.
private protocol ExpansionSink {
  /// Text copied as it is.
  mutating func append(_ text: Substring)
  /// One ASCII byte copied as it is.
  mutating func appendASCII(_ byte: UInt8)
  /// One byte written as `%XX`.
  mutating func appendEscaped(_ byte: UInt8)
}

private struct LengthCounter: ExpansionSink {
  var count = 0

  mutating func append(_ text: Substring) { count += text.utf8.count }
  mutating func appendASCII(_ byte: UInt8) { count += 1 }
  mutating func appendEscaped(_ byte: UInt8) { count += 3 }
}

private struct StringWriter: ExpansionSink {
  var result = ""

  init(capacity: Int) {
    result.reserveCapacity(capacity)
  }

  mutating func append(_ text: Substring) { result.append(contentsOf: text) }

  mutating func appendASCII(_ byte: UInt8) {
    result.unicodeScalars.append(Unicode.Scalar(byte))
  }

  mutating func appendEscaped(_ byte: UInt8) {
    result.unicodeScalars.append("%")
    result.unicodeScalars.append(Self.hexDigit(byte >> 4))
    result.unicodeScalars.append(Self.hexDigit(byte & 0x0F))
  }

  private static func hexDigit(_ nibble: UInt8) -> Unicode.Scalar {
    Unicode.Scalar(nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "A") + nibble - 10)
  }
}
