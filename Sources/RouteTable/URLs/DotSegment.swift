/// The path segments `.` and `..`. URL parsers remove them (and, for `..`, the segment before
/// it) whether or not their dots are percent-encoded, so no encoding of a value keeps the path's
/// structure: a value that would make a whole segment `.` or `..` is invalid at every door.
package enum DotSegment {
  /// Whether a decoded segment (or value) is exactly `.` or `..`.
  package static func isDotSegment(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    (text.count == 1 || text.count == 2) && text.allSatisfy { $0 == UInt8(ascii: ".") }
  }

  /// Whether a decoded segment (or value) is exactly `.` or `..`.
  package static func isDotSegment(_ text: some StringProtocol) -> Bool {
    text == "." || text == ".."
  }

  /// Whether any `/`-separated segment of a decoded `{name*}` value is `.` or `..`.
  package static func containsDotSegment(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    var start = 0
    for index in 0...text.count where index == text.count || text[index] == UInt8(ascii: "/") {
      if isDotSegment(UnsafeBufferPointer(rebasing: text[start..<index])) { return true }
      start = index + 1
    }
    return false
  }
}

/// Reads a URL's encoded bytes as expansion writes them, chunk by chunk, and finds a path
/// segment that is `.` or `..` (a dot may be written `%2E`) and that a value helped write.
/// Segments made of literal text alone are the manifest's to write.
struct DotSegmentWatch {
  private enum Phase {
    /// Before the path: the scheme and the authority, until the third `/`.
    case preamble(slashes: Int)
    case path
    /// After the path: the query or the fragment.
    case done
  }

  private var phase = Phase.preamble(slashes: 0)
  /// The current segment's dots so far; -1 once it holds anything else.
  private var dots = 0
  /// Whether a value (present or not) was written into the current segment.
  private var holdsValue = false
  /// Set once a segment that a value helped write ends as `.` or `..`.
  private(set) var found = false

  /// Reads bytes that literal text or a base wrote.
  mutating func literal(_ bytes: UnsafeBufferPointer<UInt8>) {
    var index = 0
    while index < bytes.count, !found {
      let byte = bytes[index]
      index += 1
      switch phase {
      case .done: return
      case .preamble(let slashes):
        if byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") {
          phase = .done
        } else if byte == UInt8(ascii: "/") {
          phase = slashes == 2 ? .path : .preamble(slashes: slashes + 1)
        }
      case .path:
        if byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") {
          endPath()
        } else if byte == UInt8(ascii: "/") {
          endSegment()
        } else if HexDigit.escapedByte(in: bytes, at: index - 1, end: bytes.count)
          == UInt8(ascii: ".")
        {
          index += 2
          addDot()
        } else if byte == UInt8(ascii: ".") {
          addDot()
        } else {
          dots = -1
        }
      }
    }
  }

  /// Reads a value's encoded bytes (empty for an absent value). A value's dots are never
  /// escapes: its `%` is written `%25`.
  mutating func value(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard case .path = phase else { return }
    holdsValue = true
    for byte in bytes {
      if byte == UInt8(ascii: ".") { addDot() } else { dots = -1 }
    }
  }

  /// The end of the URL's path: a query expression, or the end of the template.
  mutating func endPath() {
    guard case .path = phase else { return }
    endSegment()
    phase = .done
  }

  private mutating func addDot() {
    if dots >= 0 { dots += 1 }
  }

  private mutating func endSegment() {
    if holdsValue && (dots == 1 || dots == 2) { found = true }
    dots = 0
    holdsValue = false
  }
}
