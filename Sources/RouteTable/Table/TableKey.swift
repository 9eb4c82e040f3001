/// A key path segment in the table: a string reference, made a `String` only when needed.
struct TableKey: PayloadKey {
  let reader: TableReader
  let at: Int

  func withKeyBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    body(reader.bytes(at: at))
  }

  var keyString: String { reader.string(at: at) }
}
