/// Which bytes of a JSON text belong to a string, read one byte at a time: the quotes that open
/// and close it and everything between, an escaped quote (`\"`) included. The payload's nesting
/// check reads brackets outside strings through it, as do the tools that look at JSON text
/// before a parser does.
package struct JSONStringTracker {
  private var inString = false
  private var escaped = false

  package init() {}

  /// Whether `byte`, the next byte of the text, belongs to a string.
  package mutating func isInString(_ byte: UInt8) -> Bool {
    guard inString else {
      inString = byte == UInt8(ascii: "\"")
      return inString
    }
    if escaped {
      escaped = false
    } else if byte == UInt8(ascii: "\\") {
      escaped = true
    } else if byte == UInt8(ascii: "\"") {
      inString = false
    }
    return true
  }
}
