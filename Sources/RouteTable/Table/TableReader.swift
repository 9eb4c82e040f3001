/// Bounds-checked access to a table's bytes. A malformed table (hand-edited generated code)
/// reads as absent values, never as a crash.
struct TableReader {
  let words: UnsafeBufferPointer<UInt8>
  let text: UnsafeBufferPointer<UInt8>
  /// Computed once per reader: `word` runs a few hundred times per resolution.
  let wordCount: Int
  /// The storage's decoded header, one word per `RouteTableLayout.Header` field.
  let headerWords: UnsafePointer<Int>

  init(
    words: UnsafeBufferPointer<UInt8>, text: UnsafeBufferPointer<UInt8>,
    header: UnsafeMutablePointer<Int>
  ) {
    self.words = words
    self.text = text
    headerWords = UnsafePointer(header)
    wordCount = words.count / RouteTableWords.wordWidth
  }

  @inline(__always)
  func word(_ index: Int) -> Int {
    // One unsigned comparison also rejects negative indexes.
    guard UInt(bitPattern: index) < UInt(bitPattern: wordCount) else {
      return RouteTableWords.none
    }
    // A word in range means the buffer is not empty, so it has a base address: unwrapping it
    // without a second check is safe, and this runs a few hundred times per resolution.
    let digits = UnsafeRawPointer(
      words.baseAddress.unsafelyUnwrapped + index &* RouteTableWords.wordWidth)
    let digits4 = UInt32(littleEndian: digits.loadUnaligned(as: UInt32.self)) &- 0x3030_3030
    let pairs = (digits4 & 0x003F_003F) &<< 6 | (digits4 &>> 8) & 0x003F_003F
    return Int((pairs & 0xFFF) &<< 12 | pairs &>> 16)
  }

  /// The text bytes of the string reference at words `index` (offset) and `index + 1` (length).
  @inline(__always)
  func bytes(at index: Int) -> UnsafeBufferPointer<UInt8> {
    let offset = word(index)
    let length = word(index + 1)
    // Words are below 2^24, so the sum cannot overflow.
    guard offset != RouteTableWords.none, length != RouteTableWords.none,
      offset + length <= text.count, let base = text.baseAddress
    else { return UnsafeBufferPointer(start: nil, count: 0) }
    return UnsafeBufferPointer(start: base + offset, count: length)
  }

  func string(at index: Int) -> String {
    String(copying: bytes(at: index))
  }

  /// `requested` when it is a variant of the table, else the default variant: every door
  /// resolves an out-of-range variant index as the default.
  func variant(_ requested: Int) -> Int {
    (0..<header(.variantCount)).contains(requested) ? requested : header(.defaultVariant)
  }

  /// The `Route` record of route `route`.
  func routeRecord(_ route: Int) -> Int {
    word(header(.routesAt) &+ route)
  }

  /// The `EffectiveRoute` of the `Route` record at `record` in `variant`, or `none` where the
  /// route does not exist in it. `variant` must be a valid index.
  func effectiveRoute(record: Int, variant: Int) -> Int {
    typealias Route = RouteTableLayout.Route
    let at = word(record, Route.effectiveAt)
    switch RouteTableLayout.VariantsKind(rawValue: word(record, Route.variantsKind)) {
    case .shared?: return at
    case .perVariant?: return at == RouteTableWords.none ? at : word(at &+ variant)
    case nil: return RouteTableWords.none
    }
  }

  /// The `Screen` record of the screen an `EffectiveRoute` opens.
  func screenRecord(ofEffective effective: Int) -> Int {
    screenRecord(word(effective, RouteTableLayout.EffectiveRoute.screen))
  }

  /// The `Screen` record of screen `screen`.
  func screenRecord(_ screen: Int) -> Int {
    record(screen, of: RouteTableLayout.Screen.self, at: header(.screensAt))
  }

  /// The `Variant` record of variant `variant`.
  func variantRecord(_ variant: Int) -> Int {
    record(variant, of: RouteTableLayout.Variant.self, at: header(.variantsAt))
  }

  /// The `Param` record of parameter `param` of the screen whose record is at `screen`.
  func paramRecord(_ param: Int, ofScreen screen: Int) -> Int {
    record(
      param, of: RouteTableLayout.Param.self, at: word(screen, RouteTableLayout.Screen.paramsAt))
  }

  /// Compares the string reference at `index` with `key`'s UTF-8 bytes, without allocating.
  func compare(at index: Int, with key: String) -> Int {
    let stored = bytes(at: index)
    var storedIndex = 0
    for byte in key.utf8 {
      guard storedIndex < stored.count else { return -1 }
      if stored[storedIndex] != byte { return stored[storedIndex] < byte ? -1 : 1 }
      storedIndex += 1
    }
    return storedIndex < stored.count ? 1 : 0
  }
}
