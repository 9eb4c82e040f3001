/// What a route's screens add to one of its link patterns, once the validator knows them: the
/// query keys whose bindings are presence conditions (their parameter is required), and the
/// `prefix` of the string parameters that a whole `{param}` segment binds.
package struct LinkRefinement: Hashable, Sendable {
  /// Keys of `key={param}` items whose parameter is required in every variant: of the query,
  /// and of the fragment's query.
  package var presence: Set<String> = []
  package var fragmentPresence: Set<String> = []
  /// Per parameter name: the prefix its values start with in every variant (the longest one
  /// they share).
  package var prefixes: [String: String] = [:]

  package init(
    presence: Set<String> = [], fragmentPresence: Set<String> = [],
    prefixes: [String: String] = [:]
  ) {
    self.presence = presence
    self.fragmentPresence = fragmentPresence
    self.prefixes = prefixes
  }
}

extension LinkPattern where Param == LinkPlaceholder {
  /// The pattern with `refinement` applied: its presence bindings marked, and each `{param}`
  /// segment of a parameter with a prefix made a `PREFIX{param}` segment that keeps the prefix
  /// in the value it binds.
  package func refined(_ refinement: LinkRefinement) -> LinkPattern {
    var pattern = markingPresence(
      of: refinement.presence, inFragment: refinement.fragmentPresence)
    guard !refinement.prefixes.isEmpty else { return pattern }
    func prefixed(_ segments: [Segment]) -> [Segment] {
      segments.map { segment in
        guard case .param(let placeholder) = segment,
          let prefix = refinement.prefixes[placeholder.name]
        else { return segment }
        return .affixed(LinkAffixes(prefix: prefix, suffix: "", keepsPrefix: true), placeholder)
      }
    }
    pattern.segments = prefixed(segments)
    pattern.fragment?.segments = prefixed(fragment?.segments ?? [])
    return pattern
  }
}
