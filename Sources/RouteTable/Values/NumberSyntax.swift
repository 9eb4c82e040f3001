/// The one grammar for numbers written as text: in payload strings (`"42"`, `"2.5"`) and in a
/// manifest's defaults and constants, so a value that lints is a value the runtime reads back.
///
/// Decimal only, ASCII digits, leading zeros allowed (`007` is 7, `01.5` is 1.5: servers send
/// zero-padded ids, and YAML 1.2 reads them the same way). No `+`, no whitespace, no `.5` or
/// `5.`, no hex, `inf` or `nan`; a double must be finite once read.
package enum NumberSyntax {
  /// `-?[0-9]+` that fits an `Int`.
  package static func int(_ text: String) -> Int? {
    var text = text
    return text.withUTF8 { int($0) }
  }

  /// `-?[0-9]+` that fits an `Int`, read from UTF-8 bytes in one pass: a link's path and query
  /// values are read in place, and an `int` is the usual type of an id in a URL.
  package static func int(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    var index = 0
    let negative = bytes.first == UInt8(ascii: "-")
    if negative { index = 1 }
    guard index < bytes.count else { return nil }
    // Accumulated as a negative number, so `Int.min` is readable too.
    var value = 0
    while index < bytes.count {
      let digit = bytes[index] &- UInt8(ascii: "0")
      guard digit < 10 else { return nil }
      let (times10, overflow) = value.multipliedReportingOverflow(by: 10)
      let (next, overflow2) = times10.subtractingReportingOverflow(Int(digit))
      guard !overflow, !overflow2 else { return nil }  // outside Int's range
      value = next
      index += 1
    }
    if negative { return value }
    let (positive, overflow) = (0).subtractingReportingOverflow(value)
    return overflow ? nil : positive
  }

  /// `-?[0-9]+(\.[0-9]+)?([eE][+-]?[0-9]+)?` with a finite value; nil for text whose value is
  /// out of the range of a double (`1e999`), which `Double` would read as infinity.
  package static func double(_ text: String) -> Double? {
    guard isDecimalNumber(text), let value = Double(text), value.isFinite else { return nil }
    return value
  }

  /// `-?[0-9]+`, whatever its size.
  package static func isDecimalInteger(_ text: String) -> Bool {
    var bytes = Substring(text).utf8[...]
    if bytes.first == UInt8(ascii: "-") { bytes.removeFirst() }
    return !bytes.isEmpty && bytes.allSatisfy(isDigit)
  }

  /// `-?[0-9]+(\.[0-9]+)?([eE][+-]?[0-9]+)?`, whatever its size.
  package static func isDecimalNumber(_ text: String) -> Bool {
    var bytes = Substring(text).utf8[...]
    func digits() -> Int {
      var count = 0
      while let first = bytes.first, isDigit(first) {
        bytes.removeFirst()
        count += 1
      }
      return count
    }
    if bytes.first == UInt8(ascii: "-") { bytes.removeFirst() }
    guard digits() > 0 else { return false }
    if bytes.first == UInt8(ascii: ".") {
      bytes.removeFirst()
      guard digits() > 0 else { return false }
    }
    if bytes.first == UInt8(ascii: "e") || bytes.first == UInt8(ascii: "E") {
      bytes.removeFirst()
      if bytes.first == UInt8(ascii: "+") || bytes.first == UInt8(ascii: "-") {
        bytes.removeFirst()
      }
      guard digits() > 0 else { return false }
    }
    return bytes.isEmpty
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }
}
