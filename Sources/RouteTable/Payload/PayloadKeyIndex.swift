import Foundation

/// Where a payload's top-level members are, by the UTF-8 bytes of their keys, so a resolution
/// finds a member by a key read in place from its table: no `String` made and hashed per key, which was
/// a fifth of a push resolution (callgrind).
///
/// Built for payloads of at most `maximumMembers` members whose keys are all ASCII; any other
/// payload has no index and is read through its dictionary. For ASCII text, byte equality is
/// `String` equality (canonical equivalence relates no ASCII string to a different one), so the
/// index finds exactly what the dictionary does.
final class PayloadKeyIndex: Sendable {
  typealias Position = Dictionary<String, PayloadValue>.Index

  /// Beyond this a linear scan stops being cheaper than hashing.
  static let maximumMembers = 16

  let count: Int
  // Sendable: written once in `init`, freed in `deinit`.
  /// `count` positions in the dictionary (not its values, which would be retained and released
  /// with every payload), then `count + 1` key offsets into `keyBytes`, then the key bytes, in
  /// one allocation.
  nonisolated(unsafe) private let storage: UnsafeMutableRawPointer
  nonisolated(unsafe) private let positions: UnsafeMutablePointer<Position>
  nonisolated(unsafe) private let keyOffsets: UnsafeMutablePointer<Int>
  nonisolated(unsafe) private let keyBytes: UnsafeMutablePointer<UInt8>

  private init(
    count: Int, storage: UnsafeMutableRawPointer, positions: UnsafeMutablePointer<Position>,
    keyOffsets: UnsafeMutablePointer<Int>, keyBytes: UnsafeMutablePointer<UInt8>
  ) {
    self.count = count
    self.storage = storage
    self.positions = positions
    self.keyOffsets = keyOffsets
    self.keyBytes = keyBytes
  }

  /// Nil when the members are too many or a key is not ASCII.
  static func make(_ object: [String: PayloadValue]) -> PayloadKeyIndex? {
    let count = object.count
    guard count <= maximumMembers else { return nil }
    var byteCount = 0
    for key in object.keys { byteCount += key.utf8.count }
    let positionBytes = count * MemoryLayout<Position>.stride
    let offsetBytes = (count + 1) * MemoryLayout<Int>.stride
    let storage = UnsafeMutableRawPointer.allocate(
      byteCount: positionBytes + offsetBytes + byteCount,
      alignment: max(MemoryLayout<Position>.alignment, MemoryLayout<Int>.alignment))
    let keyOffsets = (storage + positionBytes).bindMemory(to: Int.self, capacity: count + 1)
    let keyBytes = (storage + positionBytes + offsetBytes).bindMemory(
      to: UInt8.self, capacity: byteCount)
    var written = 0
    var member = 0
    var seen: UInt8 = 0
    keyOffsets.initialize(to: 0)
    for key in object.keys {
      // In place, without copying the key: a copy was retained and released for each.
      let copied: Void? = key.utf8.withContiguousStorageIfAvailable { utf8 in
        for byte in utf8 {
          seen |= byte
          (keyBytes + written).initialize(to: byte)
          written += 1
        }
      }
      guard copied != nil else { break }
      member += 1
      (keyOffsets + member).initialize(to: written)
    }
    guard member == count, seen < 0x80 else {
      storage.deallocate()
      return nil
    }
    let positions = storage.bindMemory(to: Position.self, capacity: count)
    _ = UnsafeMutableBufferPointer(start: positions, count: count).initialize(from: object.indices)
    return PayloadKeyIndex(
      count: count, storage: storage, positions: positions, keyOffsets: keyOffsets,
      keyBytes: keyBytes)
  }

  deinit {
    positions.deinitialize(count: count)
    storage.deallocate()
  }

  /// The key of member `member` (`0..<count`, in the dictionary's order) as UTF-8 bytes, valid
  /// while the index lives.
  func key(_ member: Int) -> UnsafeBufferPointer<UInt8> {
    let start = keyOffsets[member]
    return UnsafeBufferPointer(start: keyBytes + start, count: keyOffsets[member + 1] - start)
  }

  /// The dictionary position of member `member`.
  func position(ofMember member: Int) -> Position {
    positions[member]
  }

  /// The position of the member whose key is `key`: `.some(nil)` when there is none, nil when
  /// the index cannot tell (a key that is not ASCII, which the dictionary compares by canonical
  /// equivalence).
  func position(_ key: UnsafeBufferPointer<UInt8>) -> Position?? {
    var start = 0
    for member in 0..<count {
      let end = keyOffsets[member + 1]
      if end - start == key.count,
        key.isEmpty || memcmp(keyBytes + start, key.baseAddress.unsafelyUnwrapped, key.count) == 0
      {
        return .some(positions[member])
      }
      start = end
    }
    var seen: UInt8 = 0
    for byte in key { seen |= byte }
    return seen < 0x80 ? .some(nil) : nil
  }
}

/// A key-path segment as payload reads take it: a `String`, or a name read in place from a
/// table, which is made into a `String` only where the payload has no key index.
protocol PayloadKey {
  func withKeyBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result
  var keyString: String { get }
}

extension String: PayloadKey {
  func withKeyBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    var key = self
    return key.withUTF8(body)
  }

  var keyString: String { self }
}
