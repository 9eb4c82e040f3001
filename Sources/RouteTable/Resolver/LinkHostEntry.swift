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
    covers(Array(entry.utf8), host: Array(host.utf8))
  }

  /// How specific `entry` is: higher is tried first. Two different entries that cover one host
  /// never rank the same.
  package static func rank(_ entry: String) -> Int {
    rank(Array(entry.utf8))
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
  static func covers(
    _ entry: some Collection<UInt8>, host: some BidirectionalCollection<UInt8>
  ) -> Bool {
    guard let first = entry.first, first == UInt8(ascii: "*") else {
      return entry.elementsEqual(host)
    }
    guard entry.count > 1 else { return !host.isEmpty }
    // `*.domain`: the host ends with `.domain` after one byte or more.
    let dotDomain = entry.dropFirst()
    guard dotDomain.first == UInt8(ascii: "."), host.count > dotDomain.count else { return false }
    return host.reversed().starts(with: dotDomain.reversed())
  }

  /// `rank(_:)` on UTF-8 bytes: a host above every wildcard, a wildcard by the length of its
  /// domain, `*` last.
  static func rank(_ entry: some Collection<UInt8>) -> Int {
    guard entry.first == UInt8(ascii: "*") else { return Int.max }
    return entry.count - 1
  }
}

extension TableReader {
  /// The declared host entry that covers the lowercase `host` and ranks highest below `rank`
  /// (nil: the most specific entry of all), with its rank; `*` only for https. Entries that
  /// cover one host never rank the same, so asking again below the rank found walks every
  /// covering entry once, most specific first.
  func hostEntry(covering host: UnsafeBufferPointer<UInt8>, https: Bool, below rank: Int?)
    -> (index: Int, rank: Int)?
  {
    guard !host.isEmpty else { return nil }
    let start = header(.linkHostsAt)
    var best: (index: Int, rank: Int)?
    for index in 0..<max(0, min(header(.linkHostCount), wordCount)) {
      let entry = bytes(
        record(index, of: RouteTableLayout.Name.self, at: start), RouteTableLayout.Name.text)
      let entryRank = LinkHostEntry.rank(entry)
      guard rank.map({ entryRank < $0 }) ?? true, entryRank > (best?.rank ?? -1),
        https || !Self.isAnyHost(entry), LinkHostEntry.covers(entry, host: host)
      else { continue }
      best = (index, entryRank)
    }
    return best
  }

  /// Whether the declared host entry at `index` is `*`, which only patterns naming it apply to.
  func isAnyHostEntry(_ index: Int) -> Bool {
    Self.isAnyHost(
      bytes(
        record(index, of: RouteTableLayout.Name.self, at: header(.linkHostsAt)),
        RouteTableLayout.Name.text))
  }

  private static func isAnyHost(_ entry: UnsafeBufferPointer<UInt8>) -> Bool {
    entry.count == 1 && entry.first == UInt8(ascii: "*")
  }
}
