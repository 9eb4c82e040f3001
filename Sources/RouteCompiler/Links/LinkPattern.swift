import RouteTable

/// A link pattern of a route: the path and query of the URLs that open it, such as
/// `/courses/{id}`, `/search?q={query}&sort=new` or `/discover?{filters*}`, and for routes in
/// the fragment, a fragment pattern after `#` (`/#/room/{room_id}?via={server}`).
///
/// The compiler parses patterns to check them and the runtime will match URLs with them, with
/// this one grammar, so a pattern that lints is a pattern that matches. `Param` is how a
/// placeholder names its parameter: a `Placeholder` (name and offset) straight from the parser,
/// a name, or an index into a screen's parameters once the screen is known.
package struct LinkPattern<Param: Hashable & Sendable>: Hashable, Sendable {
  package enum Segment: Hashable, Sendable {
    /// Compared with the URL's segment after both are percent-decoded; holds the decoded text.
    case literal(String)
    /// `{param}`: one whole segment.
    case param(Param)
    /// `{param*}`: the last segment, taking one or more remaining segments.
    case rest(Param)
    /// `{_}`: one whole segment of any value, binding nothing; ranks like `{param}`.
    case any
    /// `{_*}`: the last segment, taking one or more remaining segments and binding nothing.
    case anyRest
    /// `PREFIX{param}SUFFIX` (or `{_}` between them, `param` nil): one whole segment that
    /// starts with `prefix` and ends with `suffix` (decoded texts, not both empty), binding
    /// what lies between, which is not empty. `keepsPrefix` is a `{param}` whose string
    /// parameter declares `prefix`: it binds the whole segment, prefix included (the validator
    /// makes those; the parser never does).
    case affixed(LinkAffixes, Param?)

    /// Whether the segment takes every remaining segment (`{param*}` or `{_*}`).
    package var isRest: Bool {
      switch self {
      case .rest, .anyRest: true
      case .literal, .param, .any, .affixed: false
      }
    }
  }

  package enum QueryItem: Hashable, Sendable {
    /// `key=literal`: every occurrence of the key must have exactly this (decoded) value.
    case condition(key: String, value: String)
    /// `key={param}`: the item's value binds the parameter. `isPresence` when the parameter is
    /// required in every variant that has the route: then the URL must hold the key, and the
    /// item counts as a condition (the validator marks it; the parser never does).
    case bind(key: String, param: Param, isPresence: Bool = false)
    /// `key`: the URL has an item `key`, with any value or none.
    case present(key: String)
    /// `!key`: the URL has no item `key`.
    case absent(key: String)
    /// `{name*}`, the last item: binds a `query` parameter to the items no other item binds or
    /// tests.
    case rest(param: Param)

    /// The item's key; empty for `{name*}`, which takes every other key (a written key is
    /// never empty).
    package var key: String {
      switch self {
      case .condition(let key, _), .bind(let key, _, _), .present(let key), .absent(let key): key
      case .rest: ""
      }
    }

    /// Whether the URL must hold the key: `key`, `key=literal`, or a binding marked as presence.
    package var requiresKey: Bool {
      switch self {
      case .condition, .present: true
      case .bind(_, _, let isPresence): isPresence
      case .absent, .rest: false
      }
    }

    /// Whether the item is a condition: what ranks patterns whose paths tie.
    package var isCondition: Bool {
      if case .absent = self { true } else { requiresKey }
    }
  }

  /// A fragment pattern: the grammar of a path and its query, matched against the URL's
  /// fragment split and decoded like a path (it must start with `/`) and its own `?...` like a
  /// query.
  package struct Fragment: Hashable, Sendable {
    /// Empty for `#/`.
    package var segments: [Segment]
    package var query: [QueryItem]

    package init(segments: [Segment], query: [QueryItem]) {
      self.segments = segments
      self.query = query
    }
  }

  /// The pattern exactly as written in the manifest.
  package var text: String
  /// Empty for the root, `/`.
  package var segments: [Segment]
  package var query: [QueryItem]
  /// The fragment pattern after `#`; nil for a pattern that ignores the URL's fragment.
  package var fragment: Fragment?
  /// The `links.hosts` entries the pattern is restricted to (a pattern written as a mapping
  /// with `hosts`), in the order written, or `["*"]` for any https host; nil for every entry of
  /// `links.hosts`.
  package var hosts: [String]?
  /// The `links.schemes` the pattern is restricted to, in the order written; nil for every
  /// scheme.
  package var schemes: [String]?
  /// False for a link written with `case_sensitive: false`: its literal segments (path and
  /// fragment), its condition values and the `choices` of the string parameters it binds
  /// compare with ASCII letters folded (`A`-`Z` as `a`-`z`); query keys stay exact.
  package var caseSensitive: Bool

  package init(
    text: String, segments: [Segment], query: [QueryItem], fragment: Fragment? = nil,
    hosts: [String]? = nil, schemes: [String]? = nil, caseSensitive: Bool = true
  ) {
    self.text = text
    self.segments = segments
    self.query = query
    self.fragment = fragment
    self.hosts = hosts
    self.schemes = schemes
    self.caseSensitive = caseSensitive
  }

  /// `text` with ASCII letters folded to lower case, as a case-insensitive pattern compares
  /// literals, condition values and choices; every other character is kept.
  package static func folded(_ text: String) -> String {
    guard text.utf8.contains(where: { (65...90).contains($0) }) else { return text }
    return String(
      decoding: text.utf8.map { (65...90).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
  }

  /// Whether a literal written `written` in this pattern takes the URL text `given`.
  package func literal(_ written: String, takes given: String) -> Bool {
    caseSensitive ? written == given : Self.folded(written) == Self.folded(given)
  }

  /// Whether the pattern applies to URLs through the host entry `host` (an entry of
  /// `links.hosts`, or `*`): https, or a scheme whose authority is a host. A pattern of every
  /// host applies to every entry of `links.hosts`, never to `*`.
  package func applies(toHost host: String) -> Bool {
    hosts.map { $0.contains(host) } ?? (host != LinkHostEntry.anyHost)
  }

  /// Whether the pattern takes https URLs of any host (`hosts: ["*"]`).
  package var appliesToAnyHost: Bool {
    applies(toHost: LinkHostEntry.anyHost)
  }

  /// Whether the pattern applies to URLs of the custom scheme `scheme`.
  package func applies(toScheme scheme: String) -> Bool {
    schemes.map { $0.contains(scheme) } ?? true
  }

  /// The query conditions `key=literal` as key and value, in the order written.
  package var conditions: [(key: String, value: String)] { Self.conditions(of: query) }

  /// The keys of the `!key` conditions, in the order written.
  package var absentKeys: [String] { Self.absentKeys(of: query) }

  /// The keys the URL must hold with any value (`key`, or a binding marked as presence), in the
  /// order written.
  package var presentKeys: [String] { Self.presentKeys(of: query) }

  /// The conditions `key=literal` of `items`, as key and value, in the order written.
  package static func conditions(of items: [QueryItem]) -> [(key: String, value: String)] {
    items.compactMap { item in
      if case .condition(let key, let value) = item { (key, value) } else { nil }
    }
  }

  /// The keys of the `!key` conditions of `items`, in the order written.
  package static func absentKeys(of items: [QueryItem]) -> [String] {
    items.compactMap { item in
      if case .absent(let key) = item { key } else { nil }
    }
  }

  /// The keys `items` need with any value, in the order written.
  package static func presentKeys(of items: [QueryItem]) -> [String] {
    items.compactMap { item in
      if case .condition = item { nil } else if item.requiresKey { item.key } else { nil }
    }
  }

  /// How many query items, of the query and the fragment's query together, are conditions
  /// (`key=literal`, `key`, `!key`, or a binding marked as presence): what ranks patterns whose
  /// paths and fragments tie.
  package var conditionCount: Int {
    query.count(where: \.isCondition) + (fragment?.query.count(where: \.isCondition) ?? 0)
  }

  /// The same pattern with the bindings of `keys` in its query, and of `fragmentKeys` in its
  /// fragment's query, marked as presence conditions.
  package func markingPresence(of keys: Set<String>, inFragment fragmentKeys: Set<String> = [])
    -> LinkPattern
  {
    guard !keys.isEmpty || !fragmentKeys.isEmpty else { return self }
    func marked(_ items: [QueryItem], _ keys: Set<String>) -> [QueryItem] {
      items.map { item in
        guard case .bind(let key, let param, _) = item, keys.contains(key) else { return item }
        return .bind(key: key, param: param, isPresence: true)
      }
    }
    var pattern = self
    pattern.query = marked(query, keys)
    pattern.fragment?.query = marked(fragment?.query ?? [], fragmentKeys)
    return pattern
  }

  /// Every placeholder, in the order written: the path's, the query's, then the fragment's
  /// path's and query's. Tables number placeholders in this order.
  package var params: [Param] {
    func params(_ segments: [Segment], _ query: [QueryItem]) -> [Param] {
      segments.compactMap { segment in
        switch segment {
        case .literal, .any, .anyRest: nil
        case .param(let param), .rest(let param): param
        case .affixed(_, let param): param
        }
      }
        + query.compactMap { item in
          switch item {
          case .bind(_, let param, _), .rest(let param): param
          case .condition, .present, .absent: nil
          }
        }
    }
    return params(segments, query) + (fragment.map { params($0.segments, $0.query) } ?? [])
  }

  /// The same pattern with each placeholder's parameter replaced.
  package func mapParams<Other>(_ transform: (Param) throws -> Other) rethrows -> LinkPattern<Other>
  {
    func segments(_ segments: [Segment]) throws -> [LinkPattern<Other>.Segment] {
      try segments.map { segment in
        switch segment {
        case .literal(let text): .literal(text)
        case .param(let param): .param(try transform(param))
        case .rest(let param): .rest(try transform(param))
        case .any: .any
        case .anyRest: .anyRest
        case .affixed(let affixes, let param):
          .affixed(affixes, try param.map(transform))
        }
      }
    }
    func query(_ query: [QueryItem]) throws -> [LinkPattern<Other>.QueryItem] {
      try query.map { item in
        switch item {
        case .condition(let key, let value): .condition(key: key, value: value)
        case .bind(let key, let param, let isPresence):
          .bind(key: key, param: try transform(param), isPresence: isPresence)
        case .present(let key): .present(key: key)
        case .absent(let key): .absent(key: key)
        case .rest(let param): .rest(param: try transform(param))
        }
      }
    }
    return LinkPattern<Other>(
      text: text, segments: try segments(self.segments), query: try query(self.query),
      fragment: try fragment.map {
        LinkPattern<Other>.Fragment(segments: try segments($0.segments), query: try query($0.query))
      }, hosts: hosts, schemes: schemes, caseSensitive: caseSensitive)
  }
}

/// A placeholder as the parser reads it: the parameter's name and where `{` is in the pattern.
package struct LinkPlaceholder: Hashable, Sendable {
  package var name: String
  /// Counted in Unicode scalars from 0, like `URLTemplate.SyntaxError.offset`.
  package var offset: Int

  package init(name: String, offset: Int) {
    self.name = name
    self.offset = offset
  }
}

/// The literal text around a placeholder in one segment.
package struct LinkAffixes: Hashable, Sendable {
  package var prefix: String
  package var suffix: String
  package var keepsPrefix: Bool
  /// Compared with ASCII letters folded (a pattern with `case_sensitive: false`); then
  /// `prefix` and `suffix` are folded too.
  package var foldsCase = false

  package init(prefix: String, suffix: String, keepsPrefix: Bool = false) {
    self.prefix = prefix
    self.suffix = suffix
    self.keepsPrefix = keepsPrefix
  }

  /// The same text folded, compared folded: a case-insensitive pattern's trie key.
  package var folded: LinkAffixes {
    var folded = LinkAffixes(
      prefix: LinkPattern<String>.folded(prefix), suffix: LinkPattern<String>.folded(suffix))
    folded.foldsCase = true
    return folded
  }

  /// How many Unicode scalars of literal text: at one position, more ranks first.
  package var literalLength: Int { prefix.unicodeScalars.count + suffix.unicodeScalars.count }

  /// Whether one segment can match both: each prefix starts the other or is started by it,
  /// and likewise for the suffixes (`a{x}` and `{y}b` overlap: `axb`). Compared byte for
  /// byte, as the runtime compares a URL's decoded segment, with letters folded when either
  /// folds them.
  package func overlaps(_ other: LinkAffixes) -> Bool {
    let fold = foldsCase || other.foldsCase
    let (me, them) = fold ? (folded, other.folded) : (self, other)
    let (mine, theirs) = (Array(me.prefix.utf8), Array(them.prefix.utf8))
    let (myEnd, theirEnd) = (
      Array(me.suffix.utf8.reversed()), Array(them.suffix.utf8.reversed())
    )
    return (mine.starts(with: theirs) || theirs.starts(with: mine))
      && (myEnd.starts(with: theirEnd) || theirEnd.starts(with: myEnd))
  }

  /// A segment both match when they overlap: the longer prefix, `1`, the longer suffix.
  package func example(with other: LinkAffixes) -> String {
    (prefix.utf8.count >= other.prefix.utf8.count ? prefix : other.prefix) + "1"
      + (suffix.utf8.count >= other.suffix.utf8.count ? suffix : other.suffix)
  }

  /// The same literal text, whatever the placeholder binds: what a trie node is keyed by.
  package var matching: LinkAffixes {
    var matching = LinkAffixes(prefix: prefix, suffix: suffix)
    matching.foldsCase = foldsCase
    return matching
  }
}
