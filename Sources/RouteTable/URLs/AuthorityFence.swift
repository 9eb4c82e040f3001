/// Passes every byte of an expansion on to another sink, and watches the one place where a value
/// could move a URL: the end of the text the template fixes (a base, or a template's own
/// `scheme://host`). Once `open()` is called, the next byte written must be `/`, `?` or `#`;
/// anything else would extend the host (`https://m.example.com` + `.evil.example`) or the
/// base's last path segment, so the expansion is refused. Deciding it on the bytes themselves
/// covers every way a template can put something there: a value, an absent value that leaves
/// the next expression or literal right behind the authority, a query's `&`.
struct AuthorityFence<Inner: ByteSink>: ByteSink {
  var inner: Inner
  /// Whether the fixed text has ended and nothing has been written since.
  private(set) var isOpen = false
  /// Set when the first byte after the fixed text was not `/`, `?` or `#`.
  private(set) var breached = false

  init(_ inner: Inner) {
    self.inner = inner
  }

  /// The template's fixed text ends here: its authority (or its base's path) is complete.
  mutating func open() { isOpen = true }

  private mutating func check(_ first: UInt8) {
    guard isOpen else { return }
    isOpen = false
    if !URLExpansion.isAuthorityEnd(first) { breached = true }
  }

  mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    if isOpen, let first = bytes.first { check(first) }
    inner.append(bytes)
  }

  mutating func appendASCII(_ byte: UInt8) {
    check(byte)
    inner.appendASCII(byte)
  }

  mutating func appendEscaped(_ byte: UInt8) {
    check(UInt8(ascii: "%"))
    inner.appendEscaped(byte)
  }
}

extension URLExpansion {
  /// Whether a template's first literal ends inside its authority: it has `://` and no `/`,
  /// `?` or `#` after it (`https://m.example.com`, not `https://m.example.com/`).
  static func endsInAuthority(_ literal: UnsafeBufferPointer<UInt8>) -> Bool {
    guard literal.count >= 3 else { return false }
    for index in 0...(literal.count - 3)
    where literal[index] == UInt8(ascii: ":") && literal[index + 1] == UInt8(ascii: "/")
      && literal[index + 2] == UInt8(ascii: "/")
    {
      return !literal[(index + 3)...].contains(where: isAuthorityEnd)
    }
    return false
  }

  static func isAuthorityEnd(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#")
  }
}
