/// What an entry of `links.hosts`, or of a link pattern's `hosts`, stands for: one host
/// (`shop.example`), every host below a domain (`*.shop.example`: `www.shop.example` and
/// `a.b.shop.example`, never `shop.example` itself), or, in a pattern's `hosts` only, any https
/// host at all (`*`).
///
/// When a URL's host is covered by several entries, the more specific entry is tried first: the
/// host itself, then the longest wildcard, then `*` (`rank`). The compiler, the tools and the
/// resolver read entries through these rules alone.
package enum LinkHostEntry: Hashable, Sendable {
  case exact(String)
  /// The domain after `*.`.
  case wildcard(domain: String)
  case any

  /// The entry that stands for any https host.
  package static let anyHost = "*"

  package init(_ entry: String) {
    if entry == Self.anyHost {
      self = .any
    } else if entry.hasPrefix("*.") {
      self = .wildcard(domain: String(entry.dropFirst(2)))
    } else {
      self = .exact(entry)
    }
  }

  /// Whether the entry names one host.
  package static func isExact(_ entry: String) -> Bool {
    !entry.hasPrefix("*")
  }

  /// Whether `entry` covers the lowercase `host`.
  package static func covers(_ entry: String, host: String) -> Bool {
    var entry = entry
    var host = host
    return entry.withUTF8 { entry in host.withUTF8 { covers(entry, host: $0) } }
  }

  /// How specific `entry` is: higher is tried first. Two different entries that cover one host
  /// never rank the same.
  package static func rank(_ entry: String) -> Int {
    var entry = entry
    return entry.withUTF8 { rank($0) }
  }

  /// A host the entry covers, for examples: the entry itself, `www.` and the domain of a
  /// wildcard, `example.com` for `*`; one that none of `avoiding` (exact entries) names, so the
  /// example reaches the entry.
  package static func exampleHost(_ entry: String, avoiding: [String] = []) -> String {
    let candidates: [String]
    switch LinkHostEntry(entry) {
    case .exact(let host): return host
    case .wildcard(let domain):
      candidates = ["www", "app", "m", "a", "b"].map { "\($0).\(domain)" }
    case .any:
      candidates = ["example.com", "example.net", "example.org", "example.edu"]
    }
    return candidates.first { !avoiding.contains($0) } ?? candidates[0]
  }

  /// `covers(_:host:)` on UTF-8 bytes.
  static func covers(_ entry: UnsafeBufferPointer<UInt8>, host: UnsafeBufferPointer<UInt8>)
    -> Bool
  {
    guard let first = entry.first, first == UInt8(ascii: "*") else {
      return TableReader.equal(entry, host)
    }
    guard entry.count > 1 else { return !host.isEmpty }
    // `*.domain`: the host ends with `.domain` after one byte or more.
    let dotDomain = UnsafeBufferPointer(rebasing: entry[1...])
    guard dotDomain[0] == UInt8(ascii: "."), host.count > dotDomain.count else { return false }
    return TableReader.equal(
      UnsafeBufferPointer(rebasing: host[(host.count - dotDomain.count)...]), dotDomain)
  }

  /// The rank of `*`, below every other entry's.
  static let anyHostRank = 0

  /// `rank(_:)` on UTF-8 bytes: a host above every wildcard, a wildcard by the length of its
  /// domain (two bytes or more), `*` last (`anyHostRank`).
  static func rank(_ entry: UnsafeBufferPointer<UInt8>) -> Int {
    guard entry.first == UInt8(ascii: "*") else { return Int.max }
    return entry.count - 1
  }
}

/// The declared host entry a URL's host is read under: the most specific one that covers it,
/// its rank, and whether another entry covers the host too (then a pattern of a less specific
/// entry can still win where none of this one's holds).
struct CoveringHostEntry {
  var index: Int
  var rank: Int
  var isShared: Bool
}

extension TableReader {
  /// The most specific declared host entry that covers the lowercase `host` (`*` only for
  /// https), or nil for none. Entries that cover one host never rank the same.
  func hostEntry(covering host: UnsafeBufferPointer<UInt8>, https: Bool) -> CoveringHostEntry? {
    guard !host.isEmpty else { return nil }
    var best: CoveringHostEntry?
    for index in 0..<max(0, min(header(.linkHostCount), wordCount)) {
      let entry = hostEntryBytes(index)
      guard https || !Self.isAnyHost(entry), LinkHostEntry.covers(entry, host: host) else {
        continue
      }
      let rank = LinkHostEntry.rank(entry)
      guard let found = best else {
        best = CoveringHostEntry(index: index, rank: rank, isShared: false)
        continue
      }
      best = CoveringHostEntry(
        index: rank > found.rank ? index : found.index, rank: max(rank, found.rank),
        isShared: true)
    }
    return best
  }

  /// The rank of the most specific of the pattern record `pattern`'s own host entries that
  /// covers the lowercase `host` and ranks below `rank` (`*` only for https); nil for none, and
  /// for a pattern without `hosts`, whose entries are `links.hosts`: a URL's host is read under
  /// one of those before any other that covers it, `*` aside, below which nothing ranks.
  func rank(
    ofPattern pattern: Int, covering host: UnsafeBufferPointer<UInt8>, https: Bool,
    below rank: Int
  ) -> Int? {
    let targets = word(pattern, RouteTableLayout.LinkPattern.targetsAt)
    guard targets != RouteTableWords.none else { return nil }
    let hostCount = header(.linkHostCount)
    var best: Int?
    for index in 0..<max(0, min(word(targets), wordCount)) {
      let target = word(targets &+ 1 &+ index)
      guard target < hostCount else { continue }
      let entry = hostEntryBytes(target)
      let entryRank = LinkHostEntry.rank(entry)
      guard entryRank < rank, entryRank > best ?? -1, https || !Self.isAnyHost(entry),
        LinkHostEntry.covers(entry, host: host)
      else { continue }
      best = entryRank
    }
    return best
  }

  /// Whether the declared host entry at `index` is `*`, which only patterns naming it apply to.
  func isAnyHostEntry(_ index: Int) -> Bool {
    Self.isAnyHost(hostEntryBytes(index))
  }

  private func hostEntryBytes(_ index: Int) -> UnsafeBufferPointer<UInt8> {
    bytes(
      record(index, of: RouteTableLayout.Name.self, at: header(.linkHostsAt)),
      RouteTableLayout.Name.text)
  }

  private static func isAnyHost(_ entry: UnsafeBufferPointer<UInt8>) -> Bool {
    entry.count == 1 && entry.first == UInt8(ascii: "*")
  }
}
