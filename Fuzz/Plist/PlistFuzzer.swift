// libFuzzer harness: arbitrary bytes as an app's Info.plist or entitlements file, through
// `PropertyListDocument.read`: the XML reader (UTF-8 with or without a byte order mark, UTF-16
// with one) or, for bytes that start with `bplist`, the binary one. The reader's five files in
// Sources/RouteTools/PropertyList are compiled into this fuzzer (scripts/fuzz.sh).
//
// Beyond "does not crash, does not hang", it checks what `routec check-app` relies on:
// - reading the same bytes twice gives the same node or the same failure;
// - a node comes back only for a top-level dictionary, nested at most `maximumDepth` deep;
// - every location (a value's, a key's, a failure's) is 1-based, on a line the file has
//   (at most 1 + its line breaks) and within that line; in an XML file every value and key has
//   one, at the `<` of its element, after its container's and its key's and in file order; a
//   binary file's have none;
// - integers, reals and dates are trimmed, data holds no whitespace, a binary file's keys are
//   sorted (entries with the same key in file order);
// - a lookup of a key that a dictionary holds more than once finds its last entry, as iOS does;
// - every array and dictionary, empty ones too, is within `maximumDepth`, XML or binary: a
//   deeper one is a failure, never a node;
// - only a file over `maximumSize` is `.tooLarge`: checked once, at start-up, at the limit and
//   one byte over it, since -max_len keeps every input far below 16 MiB.

import RouteCompiler

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPlist(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  invariant(
    sizeLimitHolds, "a file of maximumSize bytes does not read, or one byte more is not .tooLarge")
  let bytes = inputBytes(data, size)
  let first = read(bytes)
  invariant(first == read(bytes), "reading the same bytes twice gave different results")
  invariant(
    bytes.count <= PropertyListDocument.maximumSize
      || first == .failure(.tooLarge(bytes: bytes.count)),
    "\(bytes.count) bytes, over the maximum size, are not .tooLarge")
  let text = Text(bytes)
  switch first {
  case .success(let root):
    invariant(root.entries != nil, "the root is \(root.value.kindDescription)")
    let isBinary = bytes.starts(with: Array("bplist".utf8))
    check(root, depth: 1, after: nil, isBinary: isBinary, text)
  case .failure(.tooLarge(let count)):
    invariant(
      count == bytes.count && count > PropertyListDocument.maximumSize,
      "\(bytes.count) bytes are too large (\(count))")
  case .failure(.notADictionary(let found)):
    invariant(found != "a dictionary", "a dictionary is not a dictionary")
  case .failure(.notAPropertyList(let reason, let location)):
    invariant(!reason.isEmpty, "a failure without a reason")
    if let location { text.check(location, "the failure `\(reason)`") }
  }
  return 0
}

private func read(_ bytes: [UInt8]) -> Result<PropertyListNode, PropertyListDocument.Failure> {
  Result { () throws(PropertyListDocument.Failure) in try PropertyListDocument.read(bytes) }
}

/// Start-up work, not input: a file of exactly `maximumSize` bytes (a dictionary, then spaces)
/// reads, and one byte more is `.tooLarge`.
private let sizeLimitHolds: Bool = {
  let limit = PropertyListDocument.maximumSize
  var bytes = Array("<dict/>".utf8)
  bytes += Array(repeating: UInt8(ascii: " "), count: limit - bytes.count)
  guard case .success(let node) = read(bytes), node.entries == [] else { return false }
  bytes.append(UInt8(ascii: " "))
  return read(bytes) == .failure(.tooLarge(bytes: limit + 1))
}()

/// The text the XML reader reads, split into lines independently of it: UTF-8 without its byte
/// order mark, or UTF-16 with one transcoded. A line ends at CR LF, CR or LF.
private struct Text {
  var bytes: [UInt8]
  /// Where each line starts in `bytes`, and where its line break (or the text) ends it.
  var lines: [(start: Int, end: Int)] = []

  init(_ input: [UInt8]) {
    let isUTF16 = input.starts(with: [0xFE, 0xFF]) || input.starts(with: [0xFF, 0xFE])
    if input.starts(with: [0xEF, 0xBB, 0xBF]) {
      bytes = Array(input.dropFirst(3))
    } else if isUTF16, input.count % 2 == 0 {
      // Only a file that is valid UTF-16 gets past its transcoding, and for it this is exact.
      let units = stride(from: 2, to: input.count, by: 2).map { index in
        let (high, low) =
          input[0] == 0xFE
          ? (input[index], input[index + 1])
          : (input[index + 1], input[index])
        return UInt16(high) << 8 | UInt16(low)
      }
      bytes = Array(String(decoding: units, as: UTF16.self).utf8)
    } else {
      bytes = input
    }
    var start = 0
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      guard byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\n") else {
        index += 1
        continue
      }
      lines.append((start, index))
      index += 1
      if byte == UInt8(ascii: "\r"), index < bytes.count, bytes[index] == UInt8(ascii: "\n") {
        index += 1
      }
      start = index
    }
    lines.append((start, bytes.count))
  }

  /// The offset in `bytes` of `location` (columns count scalars: bytes that are not UTF-8
  /// continuation bytes); nil when the location is past the end of its line.
  func offset(of location: SourceLocation) -> Int? {
    let (start, end) = lines[location.line - 1]
    var offset = start
    var column = 1
    while column < location.column {
      guard offset < end else { return nil }
      offset += 1
      while offset < end, bytes[offset] & 0xC0 == 0x80 { offset += 1 }
      column += 1
    }
    return offset
  }

  /// `location` is 1-based, on a line of the text and at most just past that line's end.
  @discardableResult
  func check(_ location: SourceLocation, _ what: @autoclosure () -> String) -> Int? {
    invariant(
      location.line >= 1 && location.column >= 1, "\(what()) at \(location) is not 1-based")
    invariant(
      location.line <= lines.count,
      "\(what()) at \(location) is past the last line (\(lines.count) lines)")
    let offset = self.offset(of: location)
    invariant(offset != nil, "\(what()) at \(location) is past the end of its line")
    return offset
  }

  /// An XML value's or key's location: the `<` of its element.
  func checkElement(_ location: SourceLocation?, _ what: @autoclosure () -> String) {
    guard let location else {
      invariant(false, "\(what()) in an XML file has no location")
      return
    }
    let offset = check(location, what())
    invariant(
      offset.map { $0 < bytes.count && bytes[$0] == UInt8(ascii: "<") } == true,
      "\(what()) at \(location) is not at a `<`")
  }
}

/// Checks `node`, at nesting level `depth` (the root dictionary is 1), whose location comes
/// after `previous` (its container's, its key's or its preceding sibling's) in an XML file.
/// Returns the last location inside it, which the next sibling must come after.
@discardableResult
private func check(
  _ node: PropertyListNode, depth: Int, after previous: SourceLocation?, isBinary: Bool,
  _ text: Text
) -> SourceLocation? {
  let what = "\(node.value.kindDescription) at level \(depth)"
  if isBinary {
    invariant(node.location == nil, "\(what) of a binary file has a location")
  } else {
    text.checkElement(node.location, what)
    if let previous, let location = node.location {
      invariant(previous < location, "\(what) at \(location) is not after \(previous)")
    }
  }
  var last = node.location
  switch node.value {
  case .integer(let written), .real(let written), .date(let written):
    invariant(
      written.unicodeScalars.first.map(isWhitespace) != true
        && written.unicodeScalars.last.map(isWhitespace) != true,
      "\(what) `\(written)` keeps surrounding whitespace")
  case .data(let base64):
    invariant(
      !base64.unicodeScalars.contains(where: isWhitespace), "\(what) keeps whitespace")
  case .string, .bool:
    break
  case .array(let items):
    invariant(depth <= PropertyListDocument.maximumDepth, "\(what) nests too deep")
    for item in items {
      last = check(item, depth: depth + 1, after: last, isBinary: isBinary, text)
    }
  case .dictionary(let entries):
    invariant(depth <= PropertyListDocument.maximumDepth, "\(what) nests too deep")
    if isBinary {
      invariant(
        zip(entries, entries.dropFirst()).allSatisfy { $0.key <= $1.key },
        "\(what) of a binary file has keys out of order")
    }
    var lastPosition: [String: Int] = [:]
    for (position, entry) in entries.enumerated() { lastPosition[entry.key] = position }
    for (position, entry) in entries.enumerated() {
      let key = "the key `\(entry.key)` of \(what)"
      invariant(
        lastPosition[entry.key] != position || node.entry(entry.key) == entry,
        "\(key) is not what a lookup of it finds")
      if isBinary {
        invariant(entry.keyLocation == nil, "\(key) of a binary file has a location")
      } else {
        text.checkElement(entry.keyLocation, key)
        if let previous = last, let location = entry.keyLocation {
          invariant(previous < location, "\(key) at \(location) is not after \(previous)")
        }
        last = entry.keyLocation ?? last
      }
      last = check(entry.value, depth: depth + 1, after: last, isBinary: isBinary, text)
    }
  }
  return last
}

/// XML's whitespace: space, tab, line feed, carriage return.
private func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
  scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r"
}
