import RouteCompiler
import RouteTable

/// Whether a link pattern of a route's old version still opens the route in its new version:
/// the two match the same URLs and give the same values to the same parameters.
///
/// Patterns are compared by their normalized shape: the same literal segments (decoded, so
/// `%7E` and `~` are one), placeholders at the same positions, and the same query items in any
/// order. A placeholder stays the same when it binds the same parameter: one of the same name,
/// or a renamed one (`{id}` to `{course}` when the route's screens no longer have `id` and did
/// not have `course`), since a URL then still gives its value to the parameter it gave it to.
/// When either pattern ignores letter case (`case_sensitive: false`), literals and condition
/// values that differ only in ASCII letter case are the same too; a counterpart that spells
/// them the same is preferred.
struct LinkCorrespondence {
  /// The parameters of the route's screens in every variant it exists in, in each version.
  var oldParams: Set<String>
  var newParams: Set<String>

  init(oldParams: Set<String>, newParams: Set<String>) {
    self.oldParams = oldParams
    self.newParams = newParams
  }

  /// The parameters of `route`'s effective screens, over every variant it exists in.
  init(
    old: (manifest: ResolvedManifest, route: ResolvedManifest.Route?),
    new: (manifest: ResolvedManifest, route: ResolvedManifest.Route?)
  ) {
    self.init(
      oldParams: Self.params(old.manifest, old.route),
      newParams: Self.params(new.manifest, new.route))
  }

  private static func params(_ manifest: ResolvedManifest, _ route: ResolvedManifest.Route?)
    -> Set<String>
  {
    var names: Set<String> = []
    for case let effective? in route?.variants ?? [] {
      names.formUnion(manifest.params(of: effective.target).map(\.name))
    }
    return names
  }

  func bindsTheSameParameter(old: String, new: String) -> Bool {
    old == new || (!newParams.contains(old) && !oldParams.contains(new))
  }

  /// The placeholders of `old` paired with those of `new` that bind the same parameter, in the
  /// order `old` writes them; nil when the patterns differ. `exactCase`: literals and condition
  /// values must be spelt the same even when a pattern ignores letter case.
  func placeholders(old: LinkPattern<String>, new: LinkPattern<String>, exactCase: Bool = false)
    -> [(old: String, new: String)]?
  {
    let folding = !exactCase && (!old.caseSensitive || !new.caseSensitive)
    guard var pairs = pairs(old.segments, old.query, new.segments, new.query, folding: folding),
      (old.fragment == nil) == (new.fragment == nil)
    else { return nil }
    if let before = old.fragment, let after = new.fragment {
      guard
        let more = self.pairs(
          before.segments, before.query, after.segments, after.query, folding: folding)
      else { return nil }
      pairs += more
    }
    return pairs
  }

  /// The placeholders of one path and query paired with another's; nil when they differ.
  private func pairs(
    _ oldSegments: [LinkPattern<String>.Segment], _ oldQuery: [LinkPattern<String>.QueryItem],
    _ newSegments: [LinkPattern<String>.Segment], _ newQuery: [LinkPattern<String>.QueryItem],
    folding: Bool
  ) -> [(old: String, new: String)]? {
    func same(_ before: String, _ after: String) -> Bool {
      before == after
        || folding && LinkPattern<String>.folded(before) == LinkPattern<String>.folded(after)
    }
    guard oldSegments.count == newSegments.count, oldQuery.count == newQuery.count else {
      return nil
    }
    var pairs: [(old: String, new: String)] = []
    for (before, after) in zip(oldSegments, newSegments) {
      switch (before, after) {
      case (.literal(let before), .literal(let after)):
        guard same(before, after) else { return nil }
      case (.param(let before), .param(let after)), (.rest(let before), .rest(let after)):
        guard bindsTheSameParameter(old: before, new: after) else { return nil }
        pairs.append((before, after))
      case (.any, .any), (.anyRest, .anyRest):
        continue
      case (.affixed(let before, let old), .affixed(let after, let new)):
        guard before.matching == after.matching else { return nil }
        switch (old, new) {
        case (nil, nil): continue
        case (let old?, let new?):
          guard before.keepsPrefix == after.keepsPrefix,
            bindsTheSameParameter(old: old, new: new)
          else { return nil }
          pairs.append((old, new))
        default: return nil
        }
      default:
        return nil
      }
    }
    // A key is written once per pattern, so the items of each are keyed by it.
    var newItems: [String: LinkPattern<String>.QueryItem] = [:]
    for item in newQuery {
      newItems[Self.key(item)] = item
    }
    for item in oldQuery {
      switch (item, newItems[Self.key(item)]) {
      case (.condition(_, let before), .condition(_, let after)?):
        guard same(before, after) else { return nil }
      case (.bind(_, let before, _), .bind(_, let after, _)?),
        (.rest(let before), .rest(let after)?):
        guard bindsTheSameParameter(old: before, new: after) else { return nil }
        pairs.append((before, after))
      case (.absent, .absent?), (.present, .present?):
        continue
      default:
        return nil
      }
    }
    return pairs
  }

  /// The first of the new version's `patterns` that `pattern` (of the old one) corresponds to,
  /// with their placeholders paired.
  func counterpart(of pattern: LinkPattern<String>, in patterns: [LinkPattern<String>])
    -> (index: Int, placeholders: [(old: String, new: String)])?
  {
    for exactCase in [true, false] {
      for (index, candidate) in patterns.enumerated() {
        if let pairs = placeholders(old: pattern, new: candidate, exactCase: exactCase) {
          return (index, pairs)
        }
      }
    }
    return nil
  }

  private static func key(_ item: LinkPattern<String>.QueryItem) -> String {
    item.key
  }
}
