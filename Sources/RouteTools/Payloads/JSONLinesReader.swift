#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a JSON Lines stream one line at a time through a fixed buffer, so memory stays flat
/// whatever the stream's size: `routec check-payloads` reads a day of a server's traffic.
///
/// Lines end at `\n`; a `\r` before it is dropped (files written on Windows). A line longer than
/// `maximumLineLength` is not kept: it is reported as too long, with its length, and reading
/// goes on after it. The last line needs no `\n`.
package struct JSONLinesReader {
  /// One line of the stream.
  package enum Line {
    /// The line's bytes (without its end), valid only during the call that receives them.
    case text(UnsafeBufferPointer<UInt8>)
    /// A line longer than the limit, and how long it was.
    case tooLong(length: Int)
  }

  /// Why reading stopped before the end.
  package struct ReadError: Error, Sendable {
    package var code: Int32
  }

  /// No payload is near this: APNs delivers at most 4 KB (5 KB for VoIP pushes), an FCM message
  /// holds at most 4 KB of data.
  package static let maximumLineLength = 1 << 20

  private let fileDescriptor: Int32
  private let maximumLineLength: Int

  /// A reader of the open file `fileDescriptor`; the caller closes it.
  package init(fileDescriptor: Int32, maximumLineLength: Int = JSONLinesReader.maximumLineLength) {
    self.fileDescriptor = fileDescriptor
    self.maximumLineLength = maximumLineLength
  }

  /// Calls `body` with each line and its number (from 1), in order, until the end of the stream.
  package func forEachLine(_ body: (Line, Int) throws -> Void) throws {
    let chunkSize = 1 << 16
    // A chunk read after what is left of a line the previous chunk cut; the line never grows
    // past the limit plus a chunk.
    let capacity = maximumLineLength + chunkSize + 1
    let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
    defer { buffer.deallocate() }
    var filled = 0
    var lineNumber = 0
    // Past the limit: the bytes of the line seen so far; the rest is skipped to its end.
    var skipping: Int?
    while true {
      let count = read(fileDescriptor, buffer + filled, chunkSize)
      if count < 0 {
        if errno == EINTR { continue }
        throw ReadError(code: errno)
      }
      let end = filled + count
      var start = 0
      var scan = filled
      while let newline = Self.newline(in: buffer, from: scan, to: end) {
        lineNumber += 1
        if let seen = skipping {
          skipping = nil
          try body(.tooLong(length: seen + newline - start), lineNumber)
        } else if newline - start > maximumLineLength {
          try body(.tooLong(length: newline - start), lineNumber)
        } else {
          try body(.text(Self.line(buffer, from: start, to: newline)), lineNumber)
        }
        start = newline + 1
        scan = start
      }
      if count == 0 {
        // The end: a last line without a newline.
        if let seen = skipping {
          lineNumber += 1
          try body(.tooLong(length: seen + end - start), lineNumber)
        } else if end > start {
          lineNumber += 1
          if end - start > maximumLineLength {
            try body(.tooLong(length: end - start), lineNumber)
          } else {
            try body(.text(Self.line(buffer, from: start, to: end)), lineNumber)
          }
        }
        return
      }
      let left = end - start
      if let seen = skipping {
        skipping = seen + left
        filled = 0
      } else if left > maximumLineLength {
        skipping = left
        filled = 0
      } else {
        if start > 0, left > 0 { memmove(buffer, buffer + start, left) }
        filled = left
      }
    }
  }

  private static func newline(in buffer: UnsafeMutablePointer<UInt8>, from start: Int, to end: Int)
    -> Int?
  {
    guard end > start, let found = memchr(buffer + start, 0x0A, end - start) else { return nil }
    return buffer.distance(to: found.assumingMemoryBound(to: UInt8.self))
  }

  /// The bytes from `start` to `end`, without a `\r` at the end.
  private static func line(_ buffer: UnsafeMutablePointer<UInt8>, from start: Int, to end: Int)
    -> UnsafeBufferPointer<UInt8>
  {
    var end = end
    if end > start, buffer[end - 1] == 0x0D { end -= 1 }
    return UnsafeBufferPointer(start: buffer + start, count: end - start)
  }
}
