import RouteTable

/// Finds link patterns that tie: a URL could match both with the same specificity, so neither
/// would win. Two patterns tie when they apply to a host or scheme in common, their segments
/// have the same kinds with the same literal texts (`{_}` counts as `{param}`, `{_*}` as
/// `{param*}`), and so do their fragments (or neither has one), they have as many query
/// conditions (the query's and the fragment's together), and no query key has conditions in each
/// that exclude each other: two different literal values, or `!key` in one and in the other a
/// value, a bare `key` or a binding of a required parameter (each of which needs the key).
/// Letter case decides no tie against a case-insensitive pattern: when either is one, literal
/// texts and condition values compare with ASCII letters folded; two case-sensitive patterns
/// compare them exactly.
///
/// Patterns are grouped by that shape, so only patterns of one group are compared; within a
/// group they are bucketed by the set of keys their conditions name and the subset of those
/// that need the key with any value, and a bucket answers "which member agrees with these
/// values on these keys" with one lookup. Checking is linear in the number of patterns for any
/// manifest whose groups use a few key sets.
enum LinkAmbiguity {
  struct Tie: Hashable {
    /// Indexes into the patterns checked; `first < second`.
    var first: Int
    var second: Int
  }

  /// A query key: of the query, or of the fragment's query.
  private struct ItemKey: Hashable, Comparable {
    var inFragment: Bool
    var key: String

    static func < (lhs: ItemKey, rhs: ItemKey) -> Bool {
      (lhs.inFragment ? 1 : 0, lhs.key) < (rhs.inFragment ? 1 : 0, rhs.key)
    }
  }

  /// What a query key must be for a pattern to match.
  private enum Condition: Hashable {
    case equals(String)
    /// Any value: a bare `key` or a binding of a required parameter.
    case present
    case absent

    /// `present` for any condition that needs the key: what `present` is compared with.
    var presence: Condition { self == .absent ? .absent : .present }
  }

  /// For every pattern that ties with an earlier one, the tie with the earliest such pattern.
  /// `origins` gives, per pattern, the hosts and schemes it applies to; nil when every pattern
  /// applies to all of them.
  ///
  /// Case-sensitive patterns are grouped by their exact shape and conditions, as if no pattern
  /// ignored case. When some pattern does, every pattern is also grouped by its folded shape and
  /// conditions, and the case-insensitive ones once more on their own: a case-insensitive
  /// pattern is compared with every folded group member, a case-sensitive one with the
  /// case-insensitive members only (its exact group covers the rest).
  static func ties<Param>(_ patterns: [LinkPattern<Param>], origins: [[LinkOrigin]]? = nil)
    -> [Tie]
  {
    let anyFolded = patterns.contains { !$0.caseSensitive }
    var groups: [GroupKey: Group] = [:]
    var foldedGroups: [GroupKey: Group] = [:]
    var insensitiveGroups: [GroupKey: Group] = [:]
    var result: [Tie] = []
    for (index, pattern) in patterns.enumerated() {
      func conditions(folding: Bool) -> [ItemKey: Condition] {
        var conditions: [ItemKey: Condition] = [:]
        for (items, inFragment) in [(pattern.query, false), (pattern.fragment?.query ?? [], true)] {
          for condition in LinkPattern<Param>.conditions(of: items) {
            conditions[ItemKey(inFragment: inFragment, key: condition.key)] = .equals(
              folding ? LinkPattern<Param>.folded(condition.value) : condition.value)
          }
          for key in LinkPattern<Param>.presentKeys(of: items) {
            conditions[ItemKey(inFragment: inFragment, key: key)] = .present
          }
          for key in LinkPattern<Param>.absentKeys(of: items) {
            conditions[ItemKey(inFragment: inFragment, key: key)] = .absent
          }
        }
        return conditions
      }
      func keys(_ shape: Shape) -> [GroupKey] {
        (origins?[index]).map { $0.map { GroupKey(shape: shape, origin: $0) } }
          ?? [GroupKey(shape: shape, origin: nil)]
      }
      let exact = conditions(folding: false)
      let exactKeys = keys(Shape(pattern, folding: false))
      let folded = anyFolded ? conditions(folding: true) : [:]
      let foldedKeys = anyFolded ? keys(Shape(pattern, folding: true)) : []
      var earliest: [Int] = []
      if pattern.caseSensitive {
        earliest += exactKeys.compactMap {
          groups[$0, default: Group()].earliestAgreeing(with: exact)
        }
        earliest += foldedKeys.compactMap {
          insensitiveGroups[$0]?.earliestAgreeing(with: folded)
        }
        for key in exactKeys { groups[key, default: Group()].add(index, exact) }
      } else {
        earliest += foldedKeys.compactMap { foldedGroups[$0]?.earliestAgreeing(with: folded) }
        for key in foldedKeys { insensitiveGroups[key, default: Group()].add(index, folded) }
      }
      if let first = earliest.min() { result.append(Tie(first: first, second: index)) }
      for key in foldedKeys { foldedGroups[key, default: Group()].add(index, folded) }
    }
    return result
  }

  /// A URL that matches both patterns of a tie: `https://HOST` (or `scheme://`), each literal
  /// segment, `1` for each placeholder (a valid value of every type), and the conditions of both
  /// (`key=1` for a key either needs with any value).
  static func exampleURL<Param>(
    _ first: LinkPattern<Param>, _ second: LinkPattern<Param>, host: String?, scheme: String?
  ) -> String {
    exampleURL(
      first, second,
      origin: host.map { LinkOrigin(scheme: "https", host: $0) }
        ?? LinkOrigin(scheme: scheme ?? "", host: nil))
  }

  /// The same, at `origin`: one both patterns apply to. A wildcard or `*` origin is written as
  /// a host it covers that none of `hosts` (the manifest's host entries) names itself.
  static func exampleURL<Param>(
    _ first: LinkPattern<Param>, _ second: LinkPattern<Param>, origin: LinkOrigin,
    hosts: [String] = []
  ) -> String {
    func path(_ segments: [LinkPattern<Param>.Segment]) -> String {
      segments.map { segment -> String in
        switch segment {
        case .literal(let text): "/" + PercentEncoding.encoded(text, keeping: .linkLiteral)
        case .param, .rest, .any, .anyRest: "/1"
        case .affixed(let affixes, _):
          "/"
            + PercentEncoding.encoded(
              affixes.keepsPrefix ? affixes.prefix + "1" : affixes.prefix + "1" + affixes.suffix,
              keeping: .linkLiteral)
        }
      }.joined()
    }
    func query(
      _ firstItems: [LinkPattern<Param>.QueryItem], _ secondItems: [LinkPattern<Param>.QueryItem]
    )
      -> String
    {
      var items: [String] = []
      var keys: Set<String> = []
      // Literal values first: a key one pattern needs with any value takes the other's value.
      let needed =
        LinkPattern<Param>.conditions(of: firstItems + secondItems)
        + LinkPattern<Param>.presentKeys(of: firstItems + secondItems).map { (key: $0, value: "1") }
      for condition in needed where keys.insert(condition.key).inserted {
        items.append(
          PercentEncoding.encoded(condition.key, keeping: .linkLiteral) + "="
            + PercentEncoding.encoded(condition.value, keeping: .linkLiteral))
      }
      return items.isEmpty ? "" : "?" + items.joined(separator: "&")
    }
    // Both patterns share their shape; a case-sensitive one's literals and values are the
    // spelling both take.
    let (first, second) =
      !first.caseSensitive && second.caseSensitive ? (second, first) : (first, second)
    let written = path(first.segments)
    var suffix = query(first.query, second.query)
    if let fragment = first.fragment {
      let fragmentPath = path(fragment.segments)
      suffix +=
        "#" + (fragmentPath.isEmpty ? "/" : fragmentPath)
        + query(fragment.query, second.fragment?.query ?? [])
    }
    if let entry = origin.host {
      let host = LinkHostEntry.exampleHost(entry, avoiding: hosts.filter(LinkHostEntry.isExact))
      return "\(origin.scheme)://\(host)" + (written.isEmpty ? "/" : written) + suffix
    }
    // A custom scheme's authority is the first segment: `academy://courses/1`.
    return "\(origin.scheme)://" + written.dropFirst() + suffix
  }

  /// Two patterns that reach the same trie node and there have `PREFIX{param}SUFFIX` segments
  /// with as much literal text, different but overlapping (`a{x}` and `{y}b`: `axb` fits both):
  /// neither segment is more specific, so the patterns are ambiguous whatever follows. `first`
  /// and `second` are the earliest pattern below each segment; `segment` one that fits both.
  struct Overlap: Hashable {
    var first: Int
    var second: Int
    var segment: String
  }

  /// Every overlap, once per pair of segments, at the later one's earliest pattern. `origins`
  /// gives, per pattern, the hosts and schemes it applies to: patterns overlap only where they
  /// share one.
  static func overlaps<Param>(_ patterns: [LinkPattern<Param>], origins: [[LinkOrigin]])
    -> [Overlap]
  {
    var roots: [LinkOrigin: OverlapNode] = [:]
    var found: Set<Overlap> = []
    var result: [Overlap] = []
    for (index, pattern) in patterns.enumerated() {
      let steps =
        pattern.segments.map { Optional($0) }
        + (pattern.fragment.map { [nil] + $0.segments.map { Optional($0) } } ?? [])
      for origin in origins.indices.contains(index) ? origins[index] : [] {
        var node = roots[origin] ?? OverlapNode()
        roots[origin] = node
        for step in steps {
          let kind: Shape.Kind
          switch step {
          case nil: kind = .literal("#")  // below the path: the fragment's root
          case .literal(let text)?: kind = .literal("/" + text)
          case .param?, .any?: kind = .param
          case .rest?, .anyRest?: kind = .rest
          case .affixed(let affixes, _)?:
            // Letter case decides nothing where a pattern ignores it.
            let text = pattern.caseSensitive ? affixes.matching : affixes.folded
            kind = .affixed(prefix: text.prefix, suffix: text.suffix)
            if !node.affixed.contains(where: { $0.0 == text }) {
              for (other, first) in node.affixed
              where other.literalLength == text.literalLength && other.overlaps(text) {
                let overlap = Overlap(
                  first: first, second: index, segment: other.example(with: text))
                if found.insert(overlap).inserted { result.append(overlap) }
              }
              node.affixed.append((text, index))
            }
          }
          let child = node.children[kind] ?? OverlapNode()
          node.children[kind] = child
          node = child
        }
      }
    }
    return result
  }

  /// A node of the trie `overlaps` walks: children by segment kind, and the literal texts of
  /// its `PREFIX{param}SUFFIX` children in the order first seen, with their first pattern.
  private final class OverlapNode {
    var children: [Shape.Kind: OverlapNode] = [:]
    var affixed: [(LinkAffixes, Int)] = []
  }

  private struct GroupKey: Hashable {
    var shape: Shape
    var origin: LinkOrigin?
  }

  /// What two patterns must share to tie, apart from their condition values.
  private struct Shape: Hashable {
    enum Kind: Hashable {
      case literal(String)
      case param
      case rest
      /// The literal text around the placeholder: only the same text ties here; overlapping
      /// texts are `overlaps`'s.
      case affixed(prefix: String, suffix: String)
    }

    var kinds: [Kind]
    /// Nil for a pattern without a fragment.
    var fragmentKinds: [Kind]?
    var conditionCount: Int

    /// `folding`: literal texts with ASCII letters folded.
    init<Param>(_ pattern: LinkPattern<Param>, folding: Bool) {
      func kinds(_ segments: [LinkPattern<Param>.Segment]) -> [Kind] {
        segments.map { segment in
          switch segment {
          case .literal(let text): .literal(folding ? LinkPattern<Param>.folded(text) : text)
          case .param, .any: .param
          case .rest, .anyRest: .rest
          case .affixed(let affixes, _):
            .affixed(
              prefix: folding ? LinkPattern<Param>.folded(affixes.prefix) : affixes.prefix,
              suffix: folding ? LinkPattern<Param>.folded(affixes.suffix) : affixes.suffix)
          }
        }
      }
      self.kinds = kinds(pattern.segments)
      fragmentKinds = pattern.fragment.map { kinds($0.segments) }
      conditionCount = pattern.conditionCount
    }
  }

  /// The patterns of one shape seen so far, bucketed by the keys of their conditions and which
  /// of those need the key with any value.
  private struct Group {
    struct BucketKey: Hashable {
      /// Sorted.
      var keys: [ItemKey]
      /// The keys whose condition is `present`, sorted.
      var present: [ItemKey]
    }

    /// A lookup's keys (sorted), and per key whether members' values compare by `presence`.
    struct Projection: Hashable {
      var keys: [ItemKey]
      var byPresence: [Bool]
    }

    struct Bucket {
      var key: BucketKey
      var members: [(index: Int, conditions: [ItemKey: Condition])] = []
      /// For each projection: the earliest member with each combination of values.
      var projections: [Projection: [[Condition?]: Int]] = [:]

      func project(_ conditions: [ItemKey: Condition], _ projection: Projection) -> [Condition?] {
        zip(projection.keys, projection.byPresence).map { key, byPresence in
          byPresence ? conditions[key]?.presence : conditions[key]
        }
      }

      mutating func earliest(agreeingOn projection: Projection, with values: [Condition?]) -> Int? {
        if projections[projection] == nil {
          var table: [[Condition?]: Int] = [:]
          for member in members {
            let projected = project(member.conditions, projection)
            if table[projected] == nil { table[projected] = member.index }
          }
          projections[projection] = table
        }
        return projections[projection]?[values]
      }

      mutating func add(_ index: Int, _ conditions: [ItemKey: Condition]) {
        members.append((index, conditions))
        // The keys copied first: iterating `projections.keys` while writing would keep a second
        // reference to the storage and copy every projection on each write (quadratic).
        for projection in Array(projections.keys) {
          let projected = project(conditions, projection)
          if projections[projection]?[projected] == nil {
            projections[projection, default: [:]][projected] = index
          }
        }
      }
    }

    /// In the order they were created, so their first members are ascending.
    var buckets: [Bucket] = []
    var bucketByKey: [BucketKey: Int] = [:]

    /// The earliest member whose conditions agree with `conditions` on every key both name: a
    /// member's `present` agrees with anything but `absent`, and so does `conditions`' own
    /// `present`; other values agree when equal.
    mutating func earliestAgreeing(with conditions: [ItemKey: Condition]) -> Int? {
      var best: Int?
      for bucket in buckets.indices {
        // A later bucket starts after `best`, so it cannot hold an earlier member.
        if let best, let first = buckets[bucket].members.first?.index, first > best { break }
        let key = buckets[bucket].key
        guard !key.present.contains(where: { conditions[$0] == .absent }) else { continue }
        let present = Set(key.present)
        let common = key.keys.filter { conditions[$0] != nil && !present.contains($0) }
        let projection = Projection(
          keys: common, byPresence: common.map { conditions[$0] == .present })
        let values = zip(common, projection.byPresence).map { key, byPresence in
          byPresence ? Condition.present : conditions[key]
        }
        if let found = buckets[bucket].earliest(agreeingOn: projection, with: values) {
          best = min(best ?? found, found)
        }
      }
      return best
    }

    mutating func add(_ index: Int, _ conditions: [ItemKey: Condition]) {
      let key = BucketKey(
        keys: conditions.keys.sorted(),
        present: conditions.filter { $0.value == .present }.keys.sorted())
      if let bucket = bucketByKey[key] {
        buckets[bucket].add(index, conditions)
      } else {
        bucketByKey[key] = buckets.count
        var bucket = Bucket(key: key)
        bucket.add(index, conditions)
        buckets.append(bucket)
      }
    }
  }
}

/// Where a URL comes from, as far as which patterns apply: `https` and a host entry (a host, a
/// wildcard `*.domain` or `*`), a custom scheme whose authority is its first segment (`host`
/// nil), or a custom scheme and the host entry that covers its authority. A URL is matched
/// against the patterns of one entry at a time, most specific first, so patterns tie only at an
/// origin both apply to.
package struct LinkOrigin: Hashable, Sendable {
  package var scheme: String
  package var host: String?

  package init(scheme: String, host: String?) {
    self.scheme = scheme
    self.host = host
  }

  /// Every origin of the manifest's links that `pattern` applies to, https hosts first (`*`
  /// last, and for https only).
  package static func origins<Param>(
    of pattern: LinkPattern<Param>, hosts: [String], schemes: [String],
    hostAuthoritySchemes: [String]
  ) -> [LinkOrigin] {
    let patternHosts = hosts.filter { pattern.applies(toHost: $0) }
    var origins = patternHosts.map { LinkOrigin(scheme: "https", host: $0) }
    if pattern.appliesToAnyHost, !hosts.contains(LinkHostEntry.anyHost) {
      origins.append(LinkOrigin(scheme: "https", host: LinkHostEntry.anyHost))
    }
    for scheme in schemes where pattern.applies(toScheme: scheme) {
      if hostAuthoritySchemes.contains(scheme) {
        origins += patternHosts.filter { $0 != LinkHostEntry.anyHost }.map {
          LinkOrigin(scheme: scheme, host: $0)
        }
      } else {
        origins.append(LinkOrigin(scheme: scheme, host: nil))
      }
    }
    return origins
  }
}
