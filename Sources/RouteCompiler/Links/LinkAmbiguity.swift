import RouteTable

/// Finds link patterns that tie: a URL could match both with the same specificity, so neither
/// would win. Two patterns tie when their segments have the same kinds with the same literal
/// texts, they have as many query conditions, and no query key has a different literal value in
/// each (that key could never satisfy both).
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

  /// For every pattern that ties with an earlier one, the tie with the earliest such pattern.
  static func ties<Param>(_ patterns: [LinkPattern<Param>]) -> [Tie] {
    var groups: [Shape: Group] = [:]
    var result: [Tie] = []
    for (index, pattern) in patterns.enumerated() {
      var conditions: [String: String] = [:]
      for condition in pattern.conditions {
        conditions[condition.key] = condition.value
      }
      let shape = Shape(pattern)
      if let first = groups[shape, default: Group()].earliestAgreeing(with: conditions) {
        result.append(Tie(first: first, second: index))
      }
      groups[shape, default: Group()].add(index, conditions)
    }
    return result
  }

  /// A URL that matches both patterns of a tie: `https://HOST` (or `scheme://`), each literal
  /// segment, `1` for each placeholder (a valid value of every type), and the conditions of both.
  static func exampleURL<Param>(
    _ first: LinkPattern<Param>, _ second: LinkPattern<Param>, host: String?, scheme: String?
  ) -> String {
    let path = first.segments.map { segment -> String in
      switch segment {
      case .literal(let text): "/" + PercentEncoding.encoded(text, keeping: .linkLiteral)
      case .param, .rest: "/1"
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
    if let host {
      return "https://\(host)" + (path.isEmpty ? "/" : path) + query
    }
    // A custom scheme's authority is the first segment: `academy://courses/1`.
    return "\(scheme ?? "")://" + path.dropFirst() + query
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
        case .param: .param
        case .rest: .rest
        }
      }
      conditionCount = pattern.conditions.count
    }
  }

  /// The patterns of one shape seen so far, bucketed by the keys of their conditions.
  private struct Group {
    struct Bucket {
      /// Sorted.
      var keys: [String]
      var members: [(index: Int, conditions: [String: String])] = []
      /// For a subset of `keys` (sorted): the earliest member with each combination of values.
      var projections: [[String]: [[String]: Int]] = [:]

      mutating func earliest(agreeingOn keys: [String], with values: [String]) -> Int? {
        if projections[keys] == nil {
          var table: [[String]: Int] = [:]
          for member in members {
            let projected = keys.map { member.conditions[$0] ?? "" }
            if table[projected] == nil { table[projected] = member.index }
          }
          projections[keys] = table
        }
        return projections[keys]?[values]
      }

      mutating func add(_ index: Int, _ conditions: [String: String]) {
        members.append((index, conditions))
        for keys in projections.keys {
          let projected = keys.map { conditions[$0] ?? "" }
          if projections[keys]?[projected] == nil { projections[keys]?[projected] = index }
        }
      }
    }

    /// In the order they were created, so their first members are ascending.
    var buckets: [Bucket] = []
    var bucketByKeys: [[String]: Int] = [:]

    /// The earliest member whose conditions agree with `conditions` on every key both name.
    mutating func earliestAgreeing(with conditions: [String: String]) -> Int? {
      var best: Int?
      for bucket in buckets.indices {
        // A later bucket starts after `best`, so it cannot hold an earlier member.
        if let best, let first = buckets[bucket].members.first?.index, first > best { break }
        let common = buckets[bucket].keys.filter { conditions[$0] != nil }
        let values = common.map { conditions[$0] ?? "" }
        if let found = buckets[bucket].earliest(agreeingOn: common, with: values) {
          best = min(best ?? found, found)
        }
      }
      return best
    }

    mutating func add(_ index: Int, _ conditions: [String: String]) {
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
