import Foundation
import Testing

@testable import RouteTools

/// `JSONLinesReader`: every line, numbered, whatever the chunks the stream arrives in; lines past
/// the limit reported by length, never kept.
@Suite struct JSONLinesReaderTests {
  /// The lines of `bytes` written through a pipe, as the reader reports them.
  static func lines(_ bytes: [UInt8], limit: Int = 64) throws -> [String] {
    let pipe = Pipe()
    let writer = Thread {
      pipe.fileHandleForWriting.write(Data(bytes))
      try? pipe.fileHandleForWriting.close()
    }
    writer.start()
    var seen: [String] = []
    try JSONLinesReader(
      fileDescriptor: pipe.fileHandleForReading.fileDescriptor, maximumLineLength: limit
    ).forEachLine { line, number in
      switch line {
      case .text(let text): seen.append("\(number): \(String(decoding: text, as: UTF8.self))")
      case .tooLong(let length): seen.append("\(number): too long, \(length)")
      }
    }
    return seen
  }

  @Test func linesCarriageReturnsAndALastLineWithoutNewline() throws {
    #expect(
      try Self.lines(Array("a\r\n\nb\nlast".utf8)) == ["1: a", "2: ", "3: b", "4: last"])
    #expect(try Self.lines([]) == [])
    #expect(try Self.lines(Array("\n".utf8)) == ["1: "])
  }

  /// Lines longer than the limit, anywhere: alone, between short ones, at the end, across
  /// chunks (the reader reads 64 KiB at a time).
  @Test func linesPastTheLimitAreReportedAndSkipped() throws {
    let long = String(repeating: "x", count: 65)
    #expect(
      try Self.lines(Array("ok\n\(long)\nafter\n\(long)".utf8))
        == ["1: ok", "2: too long, 65", "3: after", "4: too long, 65"])
    let huge = String(repeating: "y", count: 200_000)
    #expect(
      try Self.lines(Array("\(huge)\nz\n".utf8), limit: 100)
        == ["1: too long, 200000", "2: z"])
  }

  /// A line that straddles the reader's chunks comes out whole.
  @Test func linesAcrossChunksComeOutWhole() throws {
    let line = String(repeating: "a", count: 50_000)
    let text = (0..<5).map { "\($0)\(line)" }.joined(separator: "\n")
    let read = try Self.lines(Array(text.utf8), limit: 100_000)
    #expect(read == (0..<5).map { "\($0 + 1): \($0)\(line)" })
  }
}
