import RouteTable

/// Finds link patterns that tie: a URL could match both with the same specificity, so neither
/// would win. Two patterns tie when they apply to a host or scheme in common, their segments
/// have the same kinds with the same literal texts (`{_}` counts as `{param}`, `{_*}` as
/// `{param*}`), they have as many query conditions, and no query key has a different condition
/// in each (a different literal value, or a value and `!key`: that key could never satisfy
/// both).
///
/// Patterns are grouped by that shape, so only patterns of one group are compared; within a
/// group they are bucketed by the set of keys their conditions name, and a bucket answers "which
/// member agrees with these values on these keys" with one lookup. Checking is linear in the
/// number of patterns for any manifest whose groups use a few key sets.
enum LinkAmbiguity {
  struct Tie: Hashable {
    /// Indexes into the patterns checked; `first < second`.
    var first: Int
    var second: Int
  }

  /// What a query key must be for a pattern to match.
  private enum Condition: Hashable {
    case equals(String)
    case absent
  }

  /// For every pattern that ties with an earlier one, the tie with the earliest such pattern.
  /// `origins` gives, per pattern, the hosts and schemes it applies to; nil when every pattern
  /// applies to all of them.
  static func ties<Param>(_ patterns: [LinkPattern<Param>], origins: [[LinkOrigin]]? = nil)
    -> [Tie]
  {
    var groups: [GroupKey: Group] = [:]
    var result: [Tie] = []
    for (index, pattern) in patterns.enumerated() {
      var conditions: [String: Condition] = [:]
      for condition in pattern.conditions {
        conditions[condition.key] = .equals(condition.value)
      }
      for key in pattern.absentKeys { conditions[key] = .absent }
      let shape = Shape(pattern)
      let keys =
        (origins?[index]).map { $0.map { GroupKey(shape: shape, origin: $0) } }
        ?? [GroupKey(shape: shape, origin: nil)]
      let earliest = keys.compactMap {
        groups[$0, default: Group()].earliestAgreeing(with: conditions)
      }
      .min()
      if let earliest { result.append(Tie(first: earliest, second: index)) }
      for key in keys { groups[key, default: Group()].add(index, conditions) }
    }
    return result
  }

  /// A URL that matches both patterns of a tie: `https://HOST` (or `scheme://`), each literal
  /// segment, `1` for each placeholder (a valid value of every type), and the conditions of both.
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
    let path = first.segments.map { segment -> String in
      switch segment {
      case .literal(let text): "/" + PercentEncoding.encoded(text, keeping: .linkLiteral)
      case .param, .rest, .any, .anyRest: "/1"
      }
    }.joined()
    var items: [String] = []
    var keys: Set<String> = []
    for condition in first.conditions + second.conditions
    where keys.insert(condition.key).inserted {
      items.append(
        PercentEncoding.encoded(condition.key, keeping: .linkLiteral) + "="
          + PercentEncoding.encoded(condition.value, keeping: .linkLiteral))
    }
    let query = items.isEmpty ? "" : "?" + items.joined(separator: "&")
    if let entry = origin.host {
      let host = LinkHostEntry.exampleHost(entry, avoiding: hosts.filter(LinkHostEntry.isExact))
      return "\(origin.scheme)://\(host)" + (path.isEmpty ? "/" : path) + query
    }
    // A custom scheme's authority is the first segment: `academy://courses/1`.
    return "\(origin.scheme)://" + path.dropFirst() + query
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
    }

    var kinds: [Kind]
    var conditionCount: Int

    init<Param>(_ pattern: LinkPattern<Param>) {
      kinds = pattern.segments.map { segment in
        switch segment {
        case .literal(let text): .literal(text)
        case .param, .any: .param
        case .rest, .anyRest: .rest
        }
      }
      conditionCount = pattern.conditionCount
    }
  }

  /// The patterns of one shape seen so far, bucketed by the keys of their conditions.
  private struct Group {
    struct Bucket {
      /// Sorted.
      var keys: [String]
      var members: [(index: Int, conditions: [String: Condition])] = []
      /// For a subset of `keys` (sorted): the earliest member with each combination of values.
      var projections: [[String]: [[Condition?]: Int]] = [:]

      mutating func earliest(agreeingOn keys: [String], with values: [Condition?]) -> Int? {
        if projections[keys] == nil {
          var table: [[Condition?]: Int] = [:]
          for member in members {
            let projected = keys.map { member.conditions[$0] }
            if table[projected] == nil { table[projected] = member.index }
          }
          projections[keys] = table
        }
        return projections[keys]?[values]
      }

      mutating func add(_ index: Int, _ conditions: [String: Condition]) {
        members.append((index, conditions))
        // The keys copied first: iterating `projections.keys` while writing would keep a second
        // reference to the storage and copy every projection on each write (quadratic).
        for keys in Array(projections.keys) {
          let projected = keys.map { conditions[$0] }
          if projections[keys]?[projected] == nil {
            projections[keys, default: [:]][projected] = index
          }
        }
      }
    }

    /// In the order they were created, so their first members are ascending.
    var buckets: [Bucket] = []
    var bucketByKeys: [[String]: Int] = [:]

    /// The earliest member whose conditions agree with `conditions` on every key both name.
    mutating func earliestAgreeing(with conditions: [String: Condition]) -> Int? {
      var best: Int?
      for bucket in buckets.indices {
        // A later bucket starts after `best`, so it cannot hold an earlier member.
        if let best, let first = buckets[bucket].members.first?.index, first > best { break }
        let common = buckets[bucket].keys.filter { conditions[$0] != nil }
        let values = common.map { conditions[$0] }
        if let found = buckets[bucket].earliest(agreeingOn: common, with: values) {
          best = min(best ?? found, found)
        }
      }
      return best
    }

    mutating func add(_ index: Int, _ conditions: [String: Condition]) {
      let keys = conditions.keys.sorted()
      if let bucket = bucketByKeys[keys] {
        buckets[bucket].add(index, conditions)
      } else {
        bucketByKeys[keys] = buckets.count
        var bucket = Bucket(keys: keys)
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
