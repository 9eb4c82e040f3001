import RouteCompiler
@_spi(Generated) import RouteTable
import TestSupport

/// The rules for matching a URL against link patterns (which URLs are links at all, how the path
/// and query split and decode, when a pattern matches, which of two matches wins), written as
/// plainly as possible on arrays of bytes and strings, independently of the compiler's ambiguity
/// check and the runtime's trie and scratch buffers. The tests check both against it, and the
/// link fuzzer (`scripts/fuzz.sh` compiles this file into it) checks the runtime on random input.
package struct ReferenceLinkMatcher: Sendable {
  package struct Parts: Equatable, Sendable {
    package var segments: [String]
    package var query: [(key: String, value: String?)]
    /// The URL's host, lowercased (https, or a scheme whose authority is a host), if any.
    package var host: String? = nil
    /// The host entries that cover `host`, most specific first: the host's own, then wildcards
    /// by length, then `*` (https only).
    package var entries: [String] = []
    /// The declared custom scheme, or nil for https.
    package var scheme: String? = nil

    package static func == (lhs: Parts, rhs: Parts) -> Bool {
      lhs.segments == rhs.segments && lhs.query.map(\.key) == rhs.query.map(\.key)
        && lhs.query.map(\.value) == rhs.query.map(\.value)
    }
  }

  /// The host entries: `links.hosts` (hosts and wildcards `*.domain`), and `*` when a pattern
  /// names it.
  package var hosts: [String]
  package var schemes: [String]
  /// The schemes whose URLs carry a declared host as their authority.
  package var hostAuthoritySchemes: [String] = []
  /// Whether a decoded value is valid for the named parameter; by default any non-empty text,
  /// which is what `1` stands for in every type.
  package var isValid: @Sendable (String, String) -> Bool = { _, value in !value.isEmpty }

  package init(hosts: [String], schemes: [String]) {
    self.hosts = hosts
    self.schemes = schemes
  }

  /// The indexes of the patterns that match `url`.
  package func matches(_ url: String, _ patterns: [LinkPattern<String>]) -> [Int] {
    guard let parts = parts(of: url) else { return [] }
    return patterns.indices.filter { matches(patterns[$0], parts) }
  }

  /// The path segments and query items of a URL of a declared host or scheme, decoded; nil for
  /// any other URL and for one that no pattern can match (an empty segment, bad encoding).
  package func parts(of url: String) -> Parts? {
    var bytes = Array(url.utf8)
    if let hash = bytes.firstIndex(of: UInt8(ascii: "#")) { bytes = Array(bytes[..<hash]) }
    guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0 else { return nil }
    let scheme = Self.lowercased(bytes[..<colon])
    var rest = Array(bytes[(colon + 1)...])
    var query: [UInt8] = []
    if let question = rest.firstIndex(of: UInt8(ascii: "?")) {
      query = Array(rest[(question + 1)...])
      rest = Array(rest[..<question])
    }
    let slash = UInt8(ascii: "/")
    let hasAuthority = rest.count >= 2 && rest[0] == slash && rest[1] == slash
    var pieces: [[UInt8]] = []
    var path: [UInt8]
    var host: String?
    var entries: [String] = []
    if scheme == "https" || hostAuthoritySchemes.contains(scheme) && schemes.contains(scheme) {
      guard hasAuthority else { return nil }
      let authority = Array(rest.dropFirst(2).prefix { $0 != slash })
      guard !authority.contains(UInt8(ascii: "@")), !authority.contains(UInt8(ascii: ":"))
      else { return nil }
      host = Self.lowercased(authority[...])
      entries = self.entries(covering: host ?? "", https: scheme == "https")
      guard !entries.isEmpty else { return nil }
      path = Array(rest.dropFirst(2 + authority.count))
    } else if schemes.contains(scheme) {
      path = rest
      if hasAuthority {
        // The authority is the first segment: `academy://courses/42`.
        let authority = Array(rest.dropFirst(2).prefix { $0 != slash })
        if !authority.isEmpty { pieces.append(authority) }
        path = Array(rest.dropFirst(2 + authority.count))
      }
    } else {
      return nil
    }
    if path.first == slash { path.removeFirst() }
    var split = path.split(separator: slash, omittingEmptySubsequences: false).map(Array.init)
    if split.last == [] { split.removeLast() }
    pieces += split
    var segments: [String] = []
    for piece in pieces {
      guard !piece.isEmpty, let decoded = PercentDecoding.string(piece[...]) else { return nil }
      segments.append(decoded)
    }
    var items: [(key: String, value: String?)] = []
    for item in query.split(separator: UInt8(ascii: "&")) {
      guard let equals = item.firstIndex(of: UInt8(ascii: "=")) else {
        guard let key = PercentDecoding.string(item) else { return nil }
        items.append((key, nil))
        continue
      }
      guard let key = PercentDecoding.string(item[..<equals]),
        let value = PercentDecoding.string(item[(equals + 1)...])
      else { return nil }
      items.append((key, value))
    }
    return Parts(
      segments: segments, query: items, host: host, entries: entries,
      scheme: scheme == "https" ? nil : scheme)
  }

  /// The entries of `hosts` that cover `host`, most specific first: `host` itself; a wildcard
  /// `*.domain` when `host` is `label.domain` for one label or more; `*` any host, for https.
  package func entries(covering host: String, https: Bool) -> [String] {
    guard !host.isEmpty else { return [] }
    func covers(_ entry: String) -> Bool {
      if entry == "*" { return https }
      if entry.hasPrefix("*.") {
        let domain = entry.dropFirst(2)
        return host.hasSuffix("." + domain) && host.count > domain.count + 1
      }
      return entry == host
    }
    func rank(_ entry: String) -> Int {
      entry == "*" ? 0 : entry.hasPrefix("*.") ? entry.count : Int.max
    }
    return hosts.filter(covers).sorted { rank($0) > rank($1) }
  }

  package func matches(_ pattern: LinkPattern<String>, _ parts: Parts) -> Bool {
    Self.matches(pattern, parts, isValid: isValid)
  }

  /// Whether `pattern` applies to the host and scheme of `parts` through the host entry
  /// `entry` (nil: through any entry that covers the host): a pattern's `hosts` restrict https
  /// URLs and the authority of a scheme that takes a host, a pattern without `hosts` applying
  /// to every entry but `*`; its `schemes` restrict custom schemes.
  package static func applies<Param>(
    _ pattern: LinkPattern<Param>, to parts: Parts, through entry: String? = nil
  ) -> Bool {
    if let scheme = parts.scheme, let schemes = pattern.schemes, !schemes.contains(scheme) {
      return false
    }
    guard parts.host != nil else { return true }
    func through(_ entry: String) -> Bool {
      pattern.hosts.map { $0.contains(entry) } ?? (entry != "*")
    }
    return entry.map(through) ?? parts.entries.contains(where: through)
  }

  /// Whether `pattern` matches (through `entry`, or any entry that covers the host): its
  /// segments (a `{name*}` takes the rest, joined by `/`), each placeholder's value valid by
  /// `isValid` and no decoded segment of it `.` or `..`, and every query condition present with
  /// its value.
  package static func matches<Param>(
    _ pattern: LinkPattern<Param>, _ parts: Parts, through entry: String? = nil,
    isValid: (Param, String) -> Bool
  ) -> Bool {
    guard applies(pattern, to: parts, through: entry) else { return false }
    let segments = pattern.segments
    if segments.last?.isRest == true {
      guard parts.segments.count >= segments.count else { return false }
    } else {
      guard parts.segments.count == segments.count else { return false }
    }
    for (position, segment) in segments.enumerated() {
      switch segment {
      case .literal(let text):
        guard parts.segments[position] == text else { return false }
      case .param(let param):
        guard isValid(param, parts.segments[position]), !isDots(parts.segments[position]) else {
          return false
        }
      case .rest(let param):
        guard isValid(param, parts.segments[position...].joined(separator: "/")),
          !parts.segments[position...].contains(where: {
            $0.split(separator: "/", omittingEmptySubsequences: false).contains { isDots($0) }
          })
        else {
          return false
        }
      case .any:
        guard !isDots(parts.segments[position]) else { return false }
      case .anyRest:
        guard
          !parts.segments[position...].contains(where: {
            $0.split(separator: "/", omittingEmptySubsequences: false).contains { isDots($0) }
          })
        else { return false }
      }
    }
    for condition in pattern.conditions {
      let values = parts.query.filter { $0.key == condition.key }.map(\.value)
      guard !values.isEmpty, values.allSatisfy({ $0 == condition.value }) else { return false }
    }
    for key in pattern.absentKeys where parts.query.contains(where: { $0.key == key }) {
      return false
    }
    return true
  }

  /// A value of `.` or `..`, which URL parsers remove: no placeholder takes one.
  private static func isDots(_ text: some StringProtocol) -> Bool {
    text == "." || text == ".."
  }

  /// Whether `a` wins over `b` when both match one URL through one host entry (at the first
  /// position where their segment kinds differ, literal beats `{name}` beats `{name*}`; then
  /// more query conditions win); nil when they tie. Patterns that match through different
  /// entries are never compared: the most specific entry with a match decides.
  package static func beats<Param>(_ a: LinkPattern<Param>, _ b: LinkPattern<Param>) -> Bool? {
    func kinds(_ pattern: LinkPattern<Param>) -> [Int] {
      pattern.segments.map { segment in
        switch segment {
        case .literal: 0
        case .param, .any: 1
        case .rest, .anyRest: 2
        }
      }
    }
    for (x, y) in zip(kinds(a), kinds(b)) where x != y { return x < y }
    if a.conditionCount != b.conditionCount { return a.conditionCount > b.conditionCount }
    return nil
  }

  /// Whether neither pattern wins over the other.
  package static func haveEqualSpecificity<Param>(
    _ a: LinkPattern<Param>, _ b: LinkPattern<Param>
  ) -> Bool {
    beats(a, b) == nil
  }

  private static func lowercased(_ bytes: ArraySlice<UInt8>) -> String {
    String(decoding: bytes.map { (65...90).contains($0) ? $0 + 32 : $0 }, as: UTF8.self)
  }
}
