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
    /// A fragment that is a path (it starts with `/`), split and decoded like the path and
    /// query; nil for none, any other fragment, or one that cannot be read.
    package var fragment: Fragment? = nil
    /// The URL's host, lowercased (https, or a scheme whose authority is a host), if any.
    package var host: String? = nil
    /// The host entries that cover `host`, most specific first: the host's own, then wildcards
    /// by length, then `*` (https only).
    package var entries: [String] = []
    /// The declared custom scheme, or nil for https.
    package var scheme: String? = nil

    package static func == (lhs: Parts, rhs: Parts) -> Bool {
      lhs.segments == rhs.segments && lhs.query.map(\.key) == rhs.query.map(\.key)
        && lhs.query.map(\.value) == rhs.query.map(\.value) && lhs.fragment == rhs.fragment
    }
  }

  package struct Fragment: Equatable, Sendable {
    package var segments: [String]
    package var query: [(key: String, value: String?)]

    package static func == (lhs: Fragment, rhs: Fragment) -> Bool {
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
    var fragmentBytes: [UInt8]?
    if let hash = bytes.firstIndex(of: UInt8(ascii: "#")) {
      fragmentBytes = Array(bytes[(hash + 1)...])
      bytes = Array(bytes[..<hash])
    }
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
    guard let segments = Self.segments(pieces, path), let items = Self.items(query) else {
      return nil
    }
    var fragment: Fragment?
    if let fragmentBytes, fragmentBytes.first == slash {
      let question = fragmentBytes.firstIndex(of: UInt8(ascii: "?")) ?? fragmentBytes.count
      if let segments = Self.segments([], Array(fragmentBytes[..<question])),
        let items = Self.items(Array(fragmentBytes.dropFirst(question + 1)))
      {
        fragment = Fragment(segments: segments, query: items)
      }
    }
    return Parts(
      segments: segments, query: items, fragment: fragment, host: host, entries: entries,
      scheme: scheme == "https" ? nil : scheme)
  }

  /// `pieces`, then the segments of `path` (one leading and one trailing `/` ignored), each
  /// decoded; nil for an empty segment or bad encoding.
  private static func segments(_ pieces: [[UInt8]], _ path: [UInt8]) -> [String]? {
    let slash = UInt8(ascii: "/")
    var path = path
    if path.first == slash { path.removeFirst() }
    var split = path.split(separator: slash, omittingEmptySubsequences: false).map(Array.init)
    if split.last == [] { split.removeLast() }
    var segments: [String] = []
    for piece in pieces + split {
      guard !piece.isEmpty, let decoded = PercentDecoding.string(piece[...]) else { return nil }
      segments.append(decoded)
    }
    return segments
  }

  /// The items of `query`, split on `&` then on the first `=`, each decoded; nil for bad
  /// encoding.
  private static func items(_ query: [UInt8]) -> [(key: String, value: String?)]? {
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
    return items
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
  /// `isValid` and no decoded segment of it `.` or `..`, every query condition present with its
  /// value, every `!key` absent, and every key the pattern needs with any value (a bare `key`, a
  /// binding marked as presence) present; for a fragment pattern, the same of the URL's
  /// fragment. A pattern with `case_sensitive: false` compares its literal segments and
  /// condition values with ASCII letters folded (`isValid` sees the value as the URL has it).
  package static func matches<Param>(
    _ pattern: LinkPattern<Param>, _ parts: Parts, through entry: String? = nil,
    isValid: (Param, String) -> Bool
  ) -> Bool {
    guard applies(pattern, to: parts, through: entry),
      matches(pattern.segments, parts.segments, pattern, isValid: isValid),
      holds(pattern.query, parts.query, pattern)
    else { return false }
    guard let fragment = pattern.fragment else { return true }
    guard let given = parts.fragment else { return false }
    return matches(fragment.segments, given.segments, pattern, isValid: isValid)
      && holds(fragment.query, given.query, pattern)
  }

  private static func matches<Param>(
    _ segments: [LinkPattern<Param>.Segment], _ actual: [String], _ pattern: LinkPattern<Param>,
    isValid: (Param, String) -> Bool
  ) -> Bool {
    if segments.last?.isRest == true {
      guard actual.count >= segments.count else { return false }
    } else {
      guard actual.count == segments.count else { return false }
    }
    func hasDots(_ rest: ArraySlice<String>) -> Bool {
      rest.contains {
        $0.split(separator: "/", omittingEmptySubsequences: false).contains { isDots($0) }
      }
    }
    for (position, segment) in segments.enumerated() {
      switch segment {
      case .literal(let text):
        guard pattern.literal(text, takes: actual[position]) else { return false }
      case .param(let param):
        guard isValid(param, actual[position]), !isDots(actual[position]) else { return false }
      case .rest(let param):
        guard isValid(param, actual[position...].joined(separator: "/")),
          !hasDots(actual[position...])
        else { return false }
      case .any:
        guard !isDots(actual[position]) else { return false }
      case .anyRest:
        guard !hasDots(actual[position...]) else { return false }
      case .affixed(let affixes, let param):
        // Letters folded on both sides where the pattern ignores case.
        let fold = { (text: String) in
          pattern.caseSensitive ? text : LinkPattern<Param>.folded(text)
        }
        let (whole, prefix, suffix) = (
          Array(fold(actual[position]).utf8), Array(fold(affixes.prefix).utf8),
          Array(fold(affixes.suffix).utf8)
        )
        guard whole.count > prefix.count + suffix.count, whole.starts(with: prefix),
          whole.reversed().starts(with: suffix.reversed()), !isDots(actual[position])
        else { return false }
        guard let param else { continue }
        let value =
          affixes.keepsPrefix
          ? actual[position]
          : String(
            decoding: Array(actual[position].utf8)[prefix.count..<(whole.count - suffix.count)],
            as: UTF8.self)
        guard isValid(param, value) else { return false }
      }
    }
    return true
  }

  private static func holds<Param>(
    _ items: [LinkPattern<Param>.QueryItem], _ query: [(key: String, value: String?)],
    _ pattern: LinkPattern<Param>
  ) -> Bool {
    for condition in LinkPattern<Param>.conditions(of: items) {
      let values = query.filter { $0.key == condition.key }.map(\.value)
      guard !values.isEmpty,
        values.allSatisfy({ $0.map { pattern.literal(condition.value, takes: $0) } ?? false })
      else { return false }
    }
    for key in LinkPattern<Param>.absentKeys(of: items)
    where query.contains(where: { $0.key == key }) {
      return false
    }
    for key in LinkPattern<Param>.presentKeys(of: items)
    where !query.contains(where: { $0.key == key }) {
      return false
    }
    return true
  }

  /// A value of `.` or `..`, which URL parsers remove: no placeholder takes one.
  private static func isDots(_ text: some StringProtocol) -> Bool {
    text == "." || text == ".."
  }

  /// Whether `a` wins over `b` when both match one URL through one host entry (at the first
  /// position where their segment kinds differ, literal beats `{name}` beats `{name*}`; then a
  /// fragment pattern beats one without, and fragments compare as paths do; then more query
  /// conditions win); nil when they tie. Patterns that match through different entries are
  /// never compared: the most specific entry with a match decides.
  package static func beats<Param>(_ a: LinkPattern<Param>, _ b: LinkPattern<Param>) -> Bool? {
    // A literal, then more literal text around a placeholder, then less, then `{name}`, then
    // `{name*}`.
    func kinds(_ segments: [LinkPattern<Param>.Segment]) -> [Int] {
      segments.map { segment in
        switch segment {
        case .literal: 0
        case .affixed(let affixes, _): Int.max / 4 - affixes.literalLength
        case .param, .any: Int.max / 2
        case .rest, .anyRest: Int.max
        }
      }
    }
    for (x, y) in zip(kinds(a.segments), kinds(b.segments)) where x != y { return x < y }
    switch (a.fragment, b.fragment) {
    case (.some, nil): return true
    case (nil, .some): return false
    case (let x?, let y?):
      for (x, y) in zip(kinds(x.segments), kinds(y.segments)) where x != y { return x < y }
    case (nil, nil): break
    }
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
