/// A table's bytes: static data of generated code, or memory of its own, at addresses that stay
/// put until it is freed.
final class TableStorage: Sendable {
  // Sendable: both buffers are immutable, static data or memory this object frees only in
  // `deinit`, when no image refers to it any more.
  nonisolated(unsafe) let words: UnsafeBufferPointer<UInt8>
  nonisolated(unsafe) let text: UnsafeBufferPointer<UInt8>
  /// The header's words, decoded once: a resolution reads a dozen of them.
  nonisolated(unsafe) let header: UnsafeMutablePointer<Int>
  /// Whether `deinit` frees the buffers.
  let ownsBytes: Bool

  init(words: UnsafeBufferPointer<UInt8>, text: UnsafeBufferPointer<UInt8>) {
    self.words = words
    self.text = text
    header = Self.decodeHeader(words)
    ownsBytes = false
  }

  init(copying words: [UInt8], text: [UInt8]) {
    let ownWords = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: words.count)
    _ = ownWords.initialize(from: words)
    let ownText = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: text.count)
    _ = ownText.initialize(from: text)
    self.words = UnsafeBufferPointer(ownWords)
    self.text = UnsafeBufferPointer(ownText)
    header = Self.decodeHeader(self.words)
    ownsBytes = true
  }

  /// One decoded word per `RouteTableLayout.Header` field, `none` past the end of a short table.
  private static func decodeHeader(_ words: UnsafeBufferPointer<UInt8>) -> UnsafeMutablePointer<Int>
  {
    let fields = RouteTableLayout.Header.allCases.count
    let header = UnsafeMutablePointer<Int>.allocate(capacity: fields)
    let reader = TableReader(
      words: words, text: UnsafeBufferPointer(start: nil, count: 0), header: header)
    for field in 0..<fields { (header + field).initialize(to: reader.word(field)) }
    return header
  }

  deinit {
    header.deallocate()
    guard ownsBytes else { return }
    UnsafeMutableBufferPointer(mutating: words).deallocate()
    UnsafeMutableBufferPointer(mutating: text).deallocate()
  }
}
