import RouteCompiler

/// A binary property list (`bplist00`), turned into nodes without locations. Written here
/// rather than with `PropertyListSerialization`, which crashes on some malformed files on
/// Linux (`PropertyListReaderTests.aFileThatCrashesFoundationsReaderIsRefusedInWords` holds
/// one): every offset, count and reference is checked against the file before it is used.
///
/// The format: `bplist00`, the objects, a table of their offsets, and a 32-byte trailer with
/// the size of an offset and of an object reference, the number of objects, the top object
/// and where the offset table starts. An object starts with a marker byte whose high nibble is
/// its type and low nibble its size (0xF: an integer object with the size follows).
struct BinaryPropertyListReader {
  typealias Failure = PropertyListDocument.Failure

  private let bytes: [UInt8]
  /// Where each object starts.
  private let offsets: [Int]
  private let referenceSize: Int
  /// The end of the objects: where the offset table starts.
  private let objectsEnd: Int
  /// The objects between the top one and the one being read, to refuse a file that refers to
  /// an object inside itself.
  private var onPath: [Bool]
  /// How many more values the tree may hold, counting a shared value (and all it holds) each
  /// time it is referred to: a file that refers to the same objects over and over stands for no
  /// more values than an XML file of the maximum size could hold
  /// (`PropertyListDocument.maximumValues`), so walking the tree is bounded too.
  private var budget: Int
  /// Every object read so far, by index. A file may refer to one object (a long string, a large
  /// dictionary) many times: each reference shares the node read the first time, so memory
  /// grows with the values of the tree, not with what they would be as copies.
  private var cache: [Int: PropertyListNode] = [:]
  /// How many levels of arrays and dictionaries each cached container holds, itself included,
  /// so a shared one is refused where it would nest too deep.
  private var heights: [Int: Int] = [:]
  /// How many values each cached container stands for, itself included.
  private var sizes: [Int: Int] = [:]
  /// The height of the value `node` returned last.
  private var lastHeight = 0
  /// The string objects used as dictionary keys, found by the first reading.
  private var keyObjects: Set<Int> = []
  /// Where each key object's text stands among all keys of the file, for the second reading:
  /// a dictionary's keys are sorted by these numbers, so keys that share a long text are never
  /// compared character by character more than once. Nil during the first reading.
  private var keyRanks: [Int: Int]?

  private init(bytes: [UInt8], offsets: [Int], referenceSize: Int, objectsEnd: Int) {
    self.bytes = bytes
    self.offsets = offsets
    self.referenceSize = referenceSize
    self.objectsEnd = objectsEnd
    self.onPath = Array(repeating: false, count: offsets.count)
    self.budget = PropertyListDocument.maximumValues
  }

  private static func malformed(_ problem: String) -> Failure {
    .notAPropertyList(reason: "the binary property list \(problem)", location: nil)
  }

  static func read(_ bytes: [UInt8]) throws(Failure) -> PropertyListNode {
    guard bytes.starts(with: Array("bplist00".utf8)) else {
      throw .notAPropertyList(
        reason: "only version 00 binary property lists (`bplist00`) can be read", location: nil)
    }
    let trailerStart = bytes.count - 32
    guard trailerStart > 8 else { throw malformed("is too short to hold its trailer") }
    let offsetSize = Int(bytes[trailerStart + 6])
    let referenceSize = Int(bytes[trailerStart + 7])
    guard (1...8).contains(offsetSize), (1...8).contains(referenceSize),
      let objectCount = unsigned(bytes, at: trailerStart + 8, size: 8).flatMap(Int.init(exactly:)),
      let topObject = unsigned(bytes, at: trailerStart + 16, size: 8).flatMap(Int.init(exactly:)),
      let tableStart = unsigned(bytes, at: trailerStart + 24, size: 8).flatMap(Int.init(exactly:)),
      tableStart > 8, tableStart <= trailerStart, objectCount >= 1,
      objectCount <= (trailerStart - tableStart) / offsetSize, topObject < objectCount
    else { throw malformed("has a malformed trailer") }
    var offsets: [Int] = []
    offsets.reserveCapacity(objectCount)
    for index in 0..<objectCount {
      guard
        let offset = unsigned(bytes, at: tableStart + index * offsetSize, size: offsetSize)
          .flatMap(Int.init(exactly:)),
        offset >= 8, offset < tableStart
      else { throw malformed("has an object offset outside the file") }
      offsets.append(offset)
    }
    var reader = BinaryPropertyListReader(
      bytes: bytes, offsets: offsets, referenceSize: referenceSize, objectsEnd: tableStart)
    // Read twice: the first reading finds every key and checks the file; then the keys' texts
    // are sorted once for the whole file, and the second reading orders each dictionary by them.
    _ = try reader.node(topObject, depth: 1)
    reader.keyRanks = reader.rankKeys()
    reader.cache = [:]
    reader.heights = [:]
    reader.sizes = [:]
    reader.budget = PropertyListDocument.maximumValues
    return try reader.node(topObject, depth: 1)
  }

  /// Each key object's place among the distinct key texts of the file in string order: equal
  /// texts (in different objects) share a place. Each object's text is hashed once and each
  /// distinct text sorted once.
  private func rankKeys() -> [Int: Int] {
    var objectsByText: [String: [Int]] = [:]
    for object in keyObjects {
      guard case .string(let text)? = cache[object]?.value else { continue }
      objectsByText[text, default: []].append(object)
    }
    var ranks: [Int: Int] = [:]
    for (rank, text) in objectsByText.keys.sorted().enumerated() {
      for object in objectsByText[text] ?? [] { ranks[object] = rank }
    }
    return ranks
  }

  /// The big-endian unsigned integer of `size` (at most 8) bytes at `position`; nil when
  /// they are not all in `bytes`.
  private static func unsigned(_ bytes: [UInt8], at position: Int, size: Int) -> UInt64? {
    guard position >= 0, size <= 8, size <= bytes.count - position else { return nil }
    var value: UInt64 = 0
    for index in position..<position + size {
      value = value << 8 | UInt64(bytes[index])
    }
    return value
  }

  /// `size` bytes of the object being read, at `position`, which then moves past them.
  private func take(_ size: Int, at position: inout Int) throws(Failure) -> ArraySlice<UInt8> {
    guard size >= 0, position >= 0, size <= objectsEnd - position else {
      throw Self.malformed("has an object that runs past the end of the objects")
    }
    defer { position += size }
    return bytes[position..<position + size]
  }

  private func unsigned(_ size: Int, at position: inout Int) throws(Failure) -> UInt64 {
    let slice = try take(size, at: &position)
    return slice.reduce(0) { $0 << 8 | UInt64($1) }
  }

  /// The count in a marker's low nibble, or after it in an integer object when the nibble
  /// is 0xF.
  private func count(_ nibble: UInt8, at position: inout Int) throws(Failure) -> Int {
    guard nibble == 0xF else { return Int(nibble) }
    let marker = try take(1, at: &position).first ?? 0
    guard marker >> 4 == 0x1, marker & 0xF <= 3,
      let count = Int(exactly: try unsigned(1 << Int(marker & 0xF), at: &position)),
      count >= 0
    else { throw Self.malformed("has a malformed count") }
    return count
  }

  private mutating func node(_ index: Int, depth: Int) throws(Failure) -> PropertyListNode {
    guard index >= 0, index < offsets.count else {
      throw Self.malformed("refers to an object it does not have")
    }
    guard !onPath[index] else { throw Self.malformed("has an array or dictionary inside itself") }
    if let node = cache[index] {
      // A shared value counts as often as it is referred to, with all it holds: whoever walks
      // the tree walks it that often.
      budget -= sizes[index] ?? 1
      guard budget >= 0 else { throw Self.tooManyValues }
      lastHeight = heights[index] ?? 0
      guard depth + lastHeight - 1 <= PropertyListDocument.maximumDepth else {
        throw Self.tooDeep
      }
      return node
    }
    budget -= 1
    guard budget >= 0 else { throw Self.tooManyValues }
    let before = budget
    lastHeight = 0
    let node = try read(index, depth: depth)
    cache[index] = node
    if lastHeight > 0 { heights[index] = lastHeight }
    if before > budget { sizes[index] = 1 + before - budget }
    return node
  }

  private static var tooDeep: Failure {
    .notAPropertyList(
      reason:
        "arrays and dictionaries nest more than \(PropertyListDocument.maximumDepth) levels deep",
      location: nil)
  }

  private static var tooManyValues: Failure {
    malformed(
      "stands for more than \(PropertyListDocument.maximumValues) values, more than a property list of 16 MiB holds in XML (it refers to the same objects over and over)"
    )
  }

  /// The object at `index`, read from the file.
  private mutating func read(_ index: Int, depth: Int) throws(Failure) -> PropertyListNode {
    var position = offsets[index]
    let marker = try take(1, at: &position).first ?? 0
    let nibble = marker & 0xF
    switch marker >> 4 {
    case 0x0 where marker == 0x08:
      return PropertyListNode(.bool(false))
    case 0x0 where marker == 0x09:
      return PropertyListNode(.bool(true))
    case 0x1 where nibble <= 4:
      return PropertyListNode(.integer(try integer(size: 1 << Int(nibble), at: &position)))
    case 0x2 where nibble == 2:
      let bits = UInt32(truncatingIfNeeded: try unsigned(4, at: &position))
      return PropertyListNode(.real("\(Float(bitPattern: bits))"))
    case 0x2 where nibble == 3:
      return PropertyListNode(.real("\(Double(bitPattern: try unsigned(8, at: &position)))"))
    case 0x3 where nibble == 3:
      let seconds = Double(bitPattern: try unsigned(8, at: &position))
      guard let text = Self.dateText(secondsSince2001: seconds) else {
        throw Self.malformed("has a date out of range")
      }
      return PropertyListNode(.date(text))
    case 0x4:
      let size = try count(nibble, at: &position)
      return PropertyListNode(.data(Self.base64(try take(size, at: &position))))
    case 0x5, 0x6:
      return PropertyListNode(.string(try string(marker, at: &position)))
    case 0x8:
      throw Self.malformed("holds a UID, which belongs to keyed archives, not property lists")
    case 0xA, 0xD:
      guard depth <= PropertyListDocument.maximumDepth else { throw Self.tooDeep }
      let isDictionary = marker >> 4 == 0xD
      let count = try count(nibble, at: &position)
      guard count <= (objectsEnd - position) / referenceSize / (isDictionary ? 2 : 1) else {
        throw Self.malformed("has an object that runs past the end of the objects")
      }
      // Each item is a value of the tree: refused before its references are read.
      guard count <= budget else { throw Self.tooManyValues }
      onPath[index] = true
      defer { onPath[index] = false }
      guard isDictionary else {
        var items: [PropertyListNode] = []
        var height = 0
        items.reserveCapacity(count)
        for _ in 0..<count {
          items.append(try node(try reference(at: &position), depth: depth + 1))
          height = max(height, lastHeight)
        }
        lastHeight = height + 1
        return PropertyListNode(.array(items))
      }
      var valuePosition = position + count * referenceSize
      var height = 0
      var entries: [PropertyListNode.Entry] = []
      var keys: [Int] = []
      entries.reserveCapacity(count)
      keys.reserveCapacity(count)
      for _ in 0..<count {
        let keyObject = try reference(at: &position)
        let key = try keyString(keyObject)
        let value = try node(try reference(at: &valuePosition), depth: depth + 1)
        height = max(height, lastHeight)
        entries.append(PropertyListNode.Entry(key: key, value: value))
        keys.append(keyObject)
      }
      lastHeight = height + 1
      guard let keyRanks else { return PropertyListNode(.dictionary(entries)) }
      // Sorted by key, for the same nodes whatever order a writer put the keys in; entries
      // with the same key keep their order in the file, so the last one is still the last.
      let order = keys.indices.sorted {
        (keyRanks[keys[$0]] ?? 0, $0) < (keyRanks[keys[$1]] ?? 0, $1)
      }
      return PropertyListNode(.dictionary(order.map { entries[$0] }))
    case 0xC:
      throw Self.malformed("holds a set, which XML property lists do not have")
    default:
      throw Self.malformed(
        "has an object of unknown type (marker 0x\(String(marker, radix: 16, uppercase: true)))")
    }
  }

  /// An object reference at `position`, which moves past it.
  private func reference(at position: inout Int) throws(Failure) -> Int {
    guard let reference = Int(exactly: try unsigned(referenceSize, at: &position)) else {
      throw Self.malformed("refers to an object it does not have")
    }
    return reference
  }

  /// A dictionary key: a string object. Keys count against no budget: each stands beside the
  /// value it names.
  private mutating func keyString(_ index: Int) throws(Failure) -> String {
    guard index >= 0, index < offsets.count else {
      throw Self.malformed("refers to an object it does not have")
    }
    if keyRanks == nil { keyObjects.insert(index) }
    if case .string(let key)? = cache[index]?.value { return key }
    var position = offsets[index]
    let marker = try take(1, at: &position).first ?? 0
    guard marker >> 4 == 0x5 || marker >> 4 == 0x6 else {
      throw Self.malformed("has a dictionary key that is not a string")
    }
    let key = try string(marker, at: &position)
    cache[index] = PropertyListNode(.string(key))
    return key
  }

  /// An ASCII (0x5) or UTF-16 big-endian (0x6) string.
  private func string(_ marker: UInt8, at position: inout Int) throws(Failure) -> String {
    let count = try count(marker & 0xF, at: &position)
    if marker >> 4 == 0x5 {
      let ascii = try take(count, at: &position)
      guard ascii.allSatisfy({ $0 < 0x80 }) else {
        throw Self.malformed("has an ASCII string that is not ASCII")
      }
      return String(decoding: ascii, as: UTF8.self)
    }
    guard count <= (objectsEnd - position) / 2 else {
      throw Self.malformed("has an object that runs past the end of the objects")
    }
    let raw = try take(count * 2, at: &position)
    var units: [UInt16] = []
    units.reserveCapacity(count)
    var index = raw.startIndex
    while index + 1 < raw.endIndex {
      units.append(UInt16(raw[index]) << 8 | UInt16(raw[index + 1]))
      index += 2
    }
    var text = ""
    text.unicodeScalars.reserveCapacity(count)
    let failed = transcode(
      units.makeIterator(), from: UTF16.self, to: UTF32.self, stoppingOnError: true
    ) { unit in
      if let scalar = Unicode.Scalar(unit) { text.unicodeScalars.append(scalar) }
    }
    guard !failed else { throw Self.malformed("has a string that is not valid UTF-16") }
    return text
  }

  /// An integer object's value: 1, 2 and 4 bytes unsigned, 8 bytes signed, 16 bytes when it
  /// fits in 64 bits (as unsigned integers above `Int64.max` are written).
  private func integer(size: Int, at position: inout Int) throws(Failure) -> String {
    switch size {
    case 1, 2, 4:
      return "\(try unsigned(size, at: &position))"
    case 8:
      return "\(Int64(bitPattern: try unsigned(8, at: &position)))"
    default:
      let high = try unsigned(8, at: &position)
      let low = try unsigned(8, at: &position)
      if high == 0 { return "\(low)" }
      guard high == .max, low >= 1 << 63 else {
        throw Self.malformed("has an integer wider than 64 bits")
      }
      return "\(Int64(bitPattern: low))"
    }
  }

  /// Standard base64 with `=` padding, as XML property lists write data.
  static func base64(_ bytes: ArraySlice<UInt8>) -> String {
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    var text: [UInt8] = []
    text.reserveCapacity((bytes.count + 2) / 3 * 4)
    var index = bytes.startIndex
    while index < bytes.endIndex {
      let count = min(3, bytes.endIndex - index)
      var group: UInt32 = 0
      for offset in 0..<3 {
        group = group << 8 | (offset < count ? UInt32(bytes[index + offset]) : 0)
      }
      for offset in 0..<4 {
        let sextet = Int(group >> UInt32(18 - 6 * offset) & 0x3F)
        text.append(offset <= count ? alphabet[sextet] : UInt8(ascii: "="))
      }
      index += count
    }
    return String(decoding: text, as: UTF8.self)
  }

  /// `YYYY-MM-DDTHH:MM:SSZ`, as XML property lists write dates, for seconds since
  /// 2001-01-01T00:00:00Z; nil for a date more than about 30,000 years away.
  static func dateText(secondsSince2001 seconds: Double) -> String? {
    guard seconds.isFinite, abs(seconds) < 1e12 else { return nil }
    let unix = Int64(seconds.rounded(.down)) + 978_307_200
    let days = unix >= 0 ? unix / 86_400 : (unix - 86_399) / 86_400
    let secondOfDay = unix - days * 86_400
    // Days since 1970-01-01 to a civil date (Howard Hinnant's days_from_civil, inverted).
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    func padded(_ value: Int64, _ width: Int) -> String {
      let digits = String(value.magnitude)
      return (value < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - digits.count))
        + digits
    }
    return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))T"
      + "\(padded(secondOfDay / 3600, 2)):\(padded(secondOfDay / 60 % 60, 2)):"
      + "\(padded(secondOfDay % 60, 2))Z"
  }
}
