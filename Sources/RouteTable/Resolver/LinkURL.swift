import Foundation

/// A URL as link matching reads it: the path's segments and the query's items, each
/// percent-decoded into one scratch buffer that lives only for the match.
///
/// The rules: `https://HOST` with HOST (any case) covered by a declared host entry (the host, a
/// wildcard `*.domain` over it, or `*`) and no port or user info, or a declared custom scheme
/// (any case) whose authority, if any, is the first segment; for a scheme declared with
/// `authority: host`, the authority is covered by a declared host entry as for https, `*` aside. One trailing
/// `/` is ignored; any other empty segment, or bad percent-encoding anywhere in the path or
/// query, means no pattern can match. `%2F` stays inside its segment, and `+` stays `+`. Query
/// items are split on `&` (empty ones skipped) and then on their first `=`. A fragment that
/// starts with `/` is read the same way, its path up to its first `?` and its query after it,
/// for fragment patterns; any other fragment, or one that cannot be read, is only ignored, as
/// patterns without a fragment ignore every fragment.
struct LinkURL {
  /// Where a segment or query item is: the path and query, or the fragment's.
  enum Part {
    case path, fragment
  }

  /// The decoded segments, each followed by `/` except the last, so a `{name*}` value (the
  /// remaining segments joined by `/`) is one contiguous run.
  let decoded: UnsafeMutableBufferPointer<UInt8>
  /// Segment `i` is `decoded[bounds[2 * i] ..< bounds[2 * i + 1]]`.
  let segmentBounds: UnsafeMutableBufferPointer<Int>
  let segmentCount: Int
  /// Item `i`: key start and end, value start and end (start `-1` for an item without `=`).
  let itemBounds: UnsafeMutableBufferPointer<Int>
  let itemCount: Int
  /// The fragment's segments, after the path's in `segmentBounds`; -1 when the fragment is not
  /// a path that fragment patterns can match.
  let fragmentSegmentCount: Int
  /// The fragment's query items, after the query's in `itemBounds`.
  let fragmentItemCount: Int
  /// The index of the most specific declared host entry that covers the URL's host (https, or
  /// a scheme whose authority is a host), or -1.
  let host: Int
  /// That entry's rank (`LinkHostEntry.rank`).
  let hostRank: Int
  /// The URL's host, lowercased, where another declared entry covers it too (in the URL's own
  /// bytes when it is written lowercase, in `decoded` otherwise); empty otherwise.
  let hostName: UnsafeBufferPointer<UInt8>
  /// The index of the declared custom scheme, or -1 for https.
  let scheme: Int

  /// Whether another declared entry covers the host too (a covered host is never empty).
  var hostIsShared: Bool { !hostName.isEmpty }

  /// The number of segments of `part` (0 for a fragment that is not a path).
  func segmentCount(_ part: Part) -> Int {
    part == .path ? segmentCount : max(0, fragmentSegmentCount)
  }

  /// The number of query items of `part`.
  func itemCount(_ part: Part) -> Int {
    part == .path ? itemCount : fragmentItemCount
  }

  func segment(_ index: Int, _ part: Part = .path) -> UnsafeBufferPointer<UInt8> {
    let index = part == .path ? index : segmentCount + index
    return bytes(segmentBounds[2 * index], segmentBounds[2 * index + 1])
  }

  /// Segments `first` to the last of `part`, joined by `/`.
  func segments(from first: Int, _ part: Part = .path) -> UnsafeBufferPointer<UInt8> {
    let (first, last) =
      part == .path
      ? (first, segmentCount - 1) : (segmentCount + first, segmentCount + fragmentSegmentCount - 1)
    return bytes(segmentBounds[2 * first], segmentBounds[2 * last + 1])
  }

  func key(_ item: Int, _ part: Part = .path) -> UnsafeBufferPointer<UInt8> {
    let item = part == .path ? item : itemCount + item
    return bytes(itemBounds[4 * item], itemBounds[4 * item + 1])
  }

  /// Nil for an item written without `=`.
  func value(_ item: Int, _ part: Part = .path) -> UnsafeBufferPointer<UInt8>? {
    let item = part == .path ? item : itemCount + item
    let start = itemBounds[4 * item + 2]
    return start < 0 ? nil : bytes(start, itemBounds[4 * item + 3])
  }

  private func bytes(_ start: Int, _ end: Int) -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(rebasing: decoded[start..<end])
  }

  /// Runs `body` with the parts of `url`, or with nil when `url` is not a link of a declared host
  /// or scheme or no pattern can match it. `host` gets the lowercased host and whether the URL
  /// is https, and gives the most specific declared entry that covers it;
  /// `scheme` gets the lowercased scheme and gives its index among the declared ones, with
  /// whether its authority is a host.
  /// Nothing is allocated on the heap for URLs of ordinary length.
  static func withParts<Result>(
    of url: String, host: (UnsafeBufferPointer<UInt8>, _ https: Bool) -> CoveringHostEntry?,
    scheme: (UnsafeBufferPointer<UInt8>) -> (index: Int, hostAuthority: Bool)?,
    _ body: (LinkURL?) -> Result
  ) -> Result {
    var url = url
    return url.withUTF8 { withParts(ofBytes: $0, host: host, scheme: scheme, body) }
  }

  /// `withParts(of:host:scheme:_:)` for a URL given as its UTF-8 bytes (a URL joined in place
  /// from a carrier's origin and a rerouted path).
  static func withParts<Result>(
    ofBytes bytes: UnsafeBufferPointer<UInt8>,
    host: (UnsafeBufferPointer<UInt8>, _ https: Bool) -> CoveringHostEntry?,
    scheme: (UnsafeBufferPointer<UInt8>) -> (index: Int, hostAuthority: Bool)?,
    _ body: (LinkURL?) -> Result
  ) -> Result {
    guard let split = Split(bytes, host: host, scheme: scheme) else { return body(nil) }
    // The authority, then the path's segments: each is one byte or more after a `/`, so
    // there are at most half as many as the path has bytes, rounded up. A bound, not a count:
    // counting the slashes cost a pass over the path. The fragment's the same way, after them.
    let segmentWords =
      2 * (split.path.count / 2 + 2) + (split.fragmentPath.map { 2 * ($0.count / 2 + 2) } ?? 0)
    let itemWords =
      4 * (split.queryAmpersands + 1)
      + (split.fragmentQuery.map { _ in 4 * (split.fragmentAmpersands + 1) } ?? 0)
    // One scratch allocation for the bounds and the decoded bytes: each nested
    // `withUnsafeTemporaryAllocation` copied the whole `Result` out through its closure.
    let boundsBytes = (segmentWords + itemWords) * MemoryLayout<Int>.stride
    return withUnsafeTemporaryAllocation(
      byteCount: boundsBytes + bytes.count + 1, alignment: MemoryLayout<Int>.alignment
    ) { scratch in
      let bounds = UnsafeMutableRawBufferPointer(rebasing: scratch[..<boundsBytes])
        .bindMemory(to: Int.self)
      let decoded = UnsafeMutableRawBufferPointer(rebasing: scratch[boundsBytes...])
        .bindMemory(to: UInt8.self)
      return body(
        split.decode(
          bytes, into: decoded,
          segments: UnsafeMutableBufferPointer(rebasing: bounds[..<segmentWords]),
          items: UnsafeMutableBufferPointer(rebasing: bounds[segmentWords...])))
    }
  }

  /// Where the pieces of a link URL are, before decoding.
  struct Split {
    /// The custom scheme's authority, the first segment.
    var authority: Range<Int>?
    var path: Range<Int>
    var query: Range<Int>
    /// A fragment that starts with `/`: its path and its query (empty without `?`).
    var fragmentPath: Range<Int>?
    var fragmentQuery: Range<Int>?
    /// Counted while splitting, to size the bounds for decoding.
    var queryAmpersands = 0
    var fragmentAmpersands = 0
    var host = -1
    var hostRank = 0
    /// Where another entry covers the host too, its bytes in the URL (`hostIsLowercase`: as
    /// they are, or else copied lowercased before the decoded path); empty otherwise.
    var hostRange: Range<Int> = 0..<0
    var hostIsLowercase = true
    var scheme = -1

    // Inlined into its one caller: a `Split` returned from a call was copied twice.
    @inline(__always)
    init?(
      _ bytes: UnsafeBufferPointer<UInt8>,
      host findHost: (UnsafeBufferPointer<UInt8>, _ https: Bool) -> CoveringHostEntry?,
      scheme findScheme: (UnsafeBufferPointer<UInt8>) -> (index: Int, hostAuthority: Bool)?
    ) {
      // Plain index loops over the buffer, not slices: slice subscripts check their bounds on
      // every byte, and parsing was a quarter of a link resolution (found by callgrind).
      var colon = -1
      for index in bytes.indices {
        let byte = bytes[index]
        if byte == UInt8(ascii: ":") || byte == UInt8(ascii: "#") {
          if byte == UInt8(ascii: ":") { colon = index }
          break
        }
      }
      guard colon > 0, let base = bytes.baseAddress else { return nil }
      // The fragment, found with `memchr`: the rest of the URL is scanned once more below.
      let afterColon = colon + 1
      let end =
        memchr(base + afterColon, Int32(UInt8(ascii: "#")), bytes.count - afterColon)
        .map { UnsafeRawPointer(base).distance(to: UnsafeRawPointer($0)) } ?? bytes.count
      // `| 0x20` lowercases a letter and maps no other byte to one.
      let isHTTPS =
        colon == 5 && bytes[0] | 0x20 == UInt8(ascii: "h") && bytes[1] | 0x20 == UInt8(ascii: "t")
        && bytes[2] | 0x20 == UInt8(ascii: "t") && bytes[3] | 0x20 == UInt8(ascii: "p")
        && bytes[4] | 0x20 == UInt8(ascii: "s")
      var hostAuthority = isHTTPS
      if !isHTTPS {
        guard let found = Self.withLowercased(bytes, 0..<colon, findScheme) else { return nil }
        scheme = found.index
        hostAuthority = found.hostAuthority
      }
      var start = colon + 1
      let hasAuthority =
        end - start >= 2 && bytes[start] == UInt8(ascii: "/")
        && bytes[start + 1] == UInt8(ascii: "/")
      if hasAuthority {
        let authorityStart = start + 2
        var authorityEnd = authorityStart
        var hasUserOrPort = false
        while authorityEnd < end {
          let byte = bytes[authorityEnd]
          if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") { break }
          if byte == UInt8(ascii: "@") || byte == UInt8(ascii: ":") { hasUserOrPort = true }
          authorityEnd += 1
        }
        if hostAuthority {
          // A host written lowercase is looked up in place.
          let inPlace = base + authorityStart
          guard !hasUserOrPort,
            let (found, isLowercase) = Self.withLowercased(
              bytes, authorityStart..<authorityEnd,
              { name in findHost(name, isHTTPS).map { ($0, name.baseAddress == inPlace) } })
          else { return nil }
          host = found.index
          hostRank = found.rank
          if found.isShared {
            hostRange = authorityStart..<authorityEnd
            hostIsLowercase = isLowercase
          }
        } else if authorityEnd > authorityStart {
          authority = authorityStart..<authorityEnd
        }
        start = authorityEnd
      } else if hostAuthority {
        return nil
      }
      let question =
        memchr(base + start, Int32(UInt8(ascii: "?")), end - start)
        .map { UnsafeRawPointer(base).distance(to: UnsafeRawPointer($0)) } ?? end
      path = start..<question
      query = (question < end ? question + 1 : end)..<end
      for index in query where bytes[index] == UInt8(ascii: "&") { queryAmpersands += 1 }
      // A fragment that is a path: `#/room/1?via=a`.
      let fragmentStart = end + 1
      if fragmentStart < bytes.count, bytes[fragmentStart] == UInt8(ascii: "/") {
        var fragmentQuestion = fragmentStart
        while fragmentQuestion < bytes.count, bytes[fragmentQuestion] != UInt8(ascii: "?") {
          fragmentQuestion += 1
        }
        fragmentPath = fragmentStart..<fragmentQuestion
        let queryRange = min(fragmentQuestion + 1, bytes.count)..<bytes.count
        fragmentQuery = queryRange
        for index in queryRange where bytes[index] == UInt8(ascii: "&") {
          fragmentAmpersands += 1
        }
      }
    }

    func decode(
      _ bytes: UnsafeBufferPointer<UInt8>, into decoded: UnsafeMutableBufferPointer<UInt8>,
      segments: UnsafeMutableBufferPointer<Int>, items: UnsafeMutableBufferPointer<Int>
    ) -> LinkURL? {
      var written = 0
      var segmentCount = 0
      // The host first, unless it is written lowercase: its bytes and the decoded path and
      // query, disjoint parts of the URL, fit in the buffer together.
      var hostName = UnsafeBufferPointer(rebasing: bytes[hostRange])
      if !hostIsLowercase {
        for index in hostRange {
          decoded[written] = LinkURL.lowercased(bytes[index])
          written += 1
        }
        hostName = UnsafeBufferPointer(rebasing: decoded[0..<written])
      }
      if let authority {
        let start = written
        guard !authority.isEmpty,
          LinkURL.percentDecode(bytes, authority, into: decoded, at: &written)
        else { return nil }
        segments[0] = start
        segments[1] = written
        segmentCount = 1
      }
      guard
        LinkURL.decodePath(
          bytes, path, into: decoded, at: &written, segments: segments, count: &segmentCount,
          joinsPrevious: segmentCount > 0)
      else { return nil }
      var itemCount = 0
      guard
        LinkURL.decodeItems(
          bytes, query, into: decoded, at: &written, items: items, count: &itemCount)
      else { return nil }
      // The fragment's parts, after the path's: when they cannot be read, fragment patterns do
      // not match, and the others still may.
      var fragmentSegmentCount = -1
      var fragmentItemCount = 0
      if let fragmentPath, let fragmentQuery {
        var pathCount = segmentCount
        var itemTotal = itemCount
        if LinkURL.decodePath(
          bytes, fragmentPath, into: decoded, at: &written, segments: segments, count: &pathCount,
          joinsPrevious: false),
          LinkURL.decodeItems(
            bytes, fragmentQuery, into: decoded, at: &written, items: items, count: &itemTotal)
        {
          fragmentSegmentCount = pathCount - segmentCount
          fragmentItemCount = itemTotal - itemCount
        }
      }
      return LinkURL(
        decoded: decoded, segmentBounds: segments, segmentCount: segmentCount, itemBounds: items,
        itemCount: itemCount, fragmentSegmentCount: fragmentSegmentCount,
        fragmentItemCount: fragmentItemCount, host: host, hostRank: hostRank,
        hostName: hostName, scheme: scheme)
    }

    /// The name at `range` lowercased (ASCII); a manifest may declare a name of any length.
    static func withLowercased<Result>(
      _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>,
      _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
      // Hosts and schemes are almost always written lowercase already: no copy then.
      var index = range.lowerBound
      while index < range.upperBound && LinkURL.lowercased(bytes[index]) == bytes[index] {
        index += 1
      }
      if index == range.upperBound {
        return body(UnsafeBufferPointer(rebasing: bytes[range]))
      }
      return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: range.count) { lowered in
        for index in range { lowered[index - range.lowerBound] = LinkURL.lowercased(bytes[index]) }
        return body(UnsafeBufferPointer(lowered))
      }
    }
  }

  /// Decodes the segments of the path `range` (after its leading `/`) at `written`, recording
  /// their bounds from segment `count` on; `joinsPrevious` writes a `/` first, so a `{name*}`
  /// value reads across the previous segment (a custom scheme's authority) and these. False for
  /// an empty segment (but one trailing `/`), bad percent-encoding or bytes that are not UTF-8.
  @inline(__always)
  static func decodePath(
    _ bytes: UnsafeBufferPointer<UInt8>, _ path: Range<Int>,
    into decoded: UnsafeMutableBufferPointer<UInt8>, at written: inout Int,
    segments: UnsafeMutableBufferPointer<Int>, count segmentCount: inout Int, joinsPrevious: Bool
  ) -> Bool {
    // The path in one pass, each segment decoded after a `/` (but the first): a call per
    // segment cost a tenth of an 8-segment link. UTF-8 is checked once over all of it, which
    // is the same as per segment, as `/` is never part of a multi-byte sequence.
    var index = path.lowerBound
    if index < path.upperBound, bytes[index] == UInt8(ascii: "/") { index += 1 }
    if index < path.upperBound {
      let pathStart = written
      var seen: UInt8 = 0
      if joinsPrevious {
        decoded[written] = UInt8(ascii: "/")
        written += 1
      }
      var segmentStart = written
      var isOpen = true
      while index < path.upperBound {
        if bytes[index] == UInt8(ascii: "/") {
          guard written > segmentStart else { return false }  // an empty segment
          segments[2 * segmentCount] = segmentStart
          segments[2 * segmentCount + 1] = written
          segmentCount += 1
          index += 1
          // One trailing `/` is ignored.
          guard index < path.upperBound else {
            isOpen = false
            break
          }
          decoded[written] = UInt8(ascii: "/")
          written += 1
          segmentStart = written
          continue
        }
        guard let byte = decodedByte(bytes, at: &index, end: path.upperBound) else {
          return false
        }
        decoded[written] = byte
        seen |= byte
        written += 1
      }
      if isOpen {
        segments[2 * segmentCount] = segmentStart
        segments[2 * segmentCount + 1] = written
        segmentCount += 1
      }
      guard
        seen < 0x80
          || UTF8Sequence.isWellFormed(
            UnsafeBufferPointer(rebasing: decoded[pathStart..<written]))
      else { return false }
    }

    return true
  }

  /// Decodes the query items of `query` at `written`, recording their bounds from item `count`
  /// on. False for bad percent-encoding or bytes that are not UTF-8.
  @inline(__always)
  static func decodeItems(
    _ bytes: UnsafeBufferPointer<UInt8>, _ query: Range<Int>,
    into decoded: UnsafeMutableBufferPointer<UInt8>, at written: inout Int,
    items: UnsafeMutableBufferPointer<Int>, count itemCount: inout Int
  ) -> Bool {
    var itemStart = query.lowerBound
    while itemStart < query.upperBound {
      var itemEnd = itemStart
      while itemEnd < query.upperBound, bytes[itemEnd] != UInt8(ascii: "&") { itemEnd += 1 }
      if itemEnd > itemStart {
        var equals = itemStart
        while equals < itemEnd && bytes[equals] != UInt8(ascii: "=") { equals += 1 }
        let keyStart = written
        guard percentDecode(bytes, itemStart..<equals, into: decoded, at: &written)
        else { return false }
        items[4 * itemCount] = keyStart
        items[4 * itemCount + 1] = written
        items[4 * itemCount + 2] = -1
        items[4 * itemCount + 3] = -1
        if equals < itemEnd {
          let valueStart = written
          guard percentDecode(bytes, (equals + 1)..<itemEnd, into: decoded, at: &written)
          else { return false }
          items[4 * itemCount + 2] = valueStart
          items[4 * itemCount + 3] = written
        }
        itemCount += 1
      }
      itemStart = itemEnd + 1
    }
    return true
  }

  static func lowercased(_ byte: UInt8) -> UInt8 {
    (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
  }

  /// Appends the decoded bytes of `bytes[range]` at `written`; false for a `%` without two hex
  /// digits or decoded bytes that are not UTF-8.
  static func percentDecode(
    _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>,
    into decoded: UnsafeMutableBufferPointer<UInt8>, at written: inout Int
  ) -> Bool {
    let start = written
    var index = range.lowerBound
    // The bits of every decoded byte: ASCII text, the usual case, needs no UTF-8 check.
    var seen: UInt8 = 0
    while index < range.upperBound {
      guard let byte = decodedByte(bytes, at: &index, end: range.upperBound) else { return false }
      decoded[written] = byte
      seen |= byte
      written += 1
    }
    return seen < 0x80
      || UTF8Sequence.isWellFormed(UnsafeBufferPointer(rebasing: decoded[start..<written]))
  }

  /// The byte at `index` decoded, moving `index` past it: a `%XX` escape stands for the byte it
  /// encodes, any other byte for itself. Nil when a `%` is not followed by two hex digits before
  /// `end`.
  @inline(__always)
  static func decodedByte(
    _ bytes: UnsafeBufferPointer<UInt8>, at index: inout Int, end: Int
  ) -> UInt8? {
    let byte = bytes[index]
    guard byte == UInt8(ascii: "%") else {
      index += 1
      return byte
    }
    guard let decoded = HexDigit.escapedByte(in: bytes, at: index, end: end) else { return nil }
    index += 3
    return decoded
  }
}
