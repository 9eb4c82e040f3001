/// Reads typed values out of YAML nodes, reporting a located diagnostic for every value of the
/// wrong shape. Each accessor returns nil after reporting, so callers simply skip what is bad
/// and go on, and one run reports every problem. `ManifestDecoder` reads a manifest this way.
protocol NodeReading {
  var diagnostics: Diagnostics { get set }
}

extension NodeReading {

  /// A mapping; `key:` with nothing after it counts as an empty one.
  mutating func mapping(_ node: YAMLNode, _ what: String) -> YAMLMapping? {
    switch node {
    case .mapping(let mapping): return mapping
    case .scalar(let scalar) where scalar.isEmptyPlain:
      return YAMLMapping(entries: [], location: scalar.location)
    default:
      mismatch(node, expected: "a mapping", what)
      return nil
    }
  }

  /// A mapping that must hold at least one `element`: an empty one is reported as
  /// `empty-collection` and still returned, so its key's other checks run.
  mutating func nonEmptyMapping(_ node: YAMLNode, _ what: String, of element: String)
    -> YAMLMapping?
  {
    guard let mapping = mapping(node, what) else { return nil }
    if mapping.entries.isEmpty {
      diagnostics.report(
        .emptyCollection, at: mapping.location, "\(what) must declare at least one \(element)")
    }
    return mapping
  }

  mutating func sequence(_ node: YAMLNode, _ what: String) -> YAMLSequence? {
    if case .sequence(let sequence) = node { return sequence }
    mismatch(node, expected: "a list", what)
    return nil
  }

  mutating func scalar(_ node: YAMLNode, _ what: String) -> YAMLScalar? {
    if case .scalar(let scalar) = node { return scalar.style == .alias ? nil : scalar }
    mismatch(node, expected: "a single value", what)
    return nil
  }

  mutating func string(_ node: YAMLNode, _ what: String) -> Located<String>? {
    scalar(node, what).map { Located($0.value, at: $0.location) }
  }

  mutating func bool(_ node: YAMLNode, _ what: String) -> Located<Bool>? {
    guard let scalar = scalar(node, what) else { return nil }
    if let value = ScalarSyntax.bool(scalar) {
      return Located(value, at: scalar.location)
    }
    diagnostics.report(.invalidBool, at: scalar.location, ScalarSyntax.boolMessage(scalar, what))
    return nil
  }

  mutating func int(_ node: YAMLNode, _ what: String) -> Located<Int>? {
    guard let scalar = scalar(node, what) else { return nil }
    if let value = ScalarSyntax.int(scalar) {
      return Located(value, at: scalar.location)
    }
    diagnostics.report(
      .invalidInt, at: scalar.location,
      "\(what) must be a decimal integer, found `\(scalar.value)`"
        + (scalar.style == .plain ? "" : " (quoted values are strings)"))
    return nil
  }

  /// One of a fixed set of words (`push`/`modal`, `string`/`int`/...).
  /// `synonyms` maps words from other languages and schemas (`integer`) to the choice that
  /// means the same (`int`), which the message then names.
  mutating func choice<Choice: RawRepresentable & CaseIterable>(
    _ node: YAMLNode, _ what: String, as: Choice.Type, synonyms: [String: String] = [:]
  ) -> Located<Choice>? where Choice.RawValue == String {
    guard let scalar = scalar(node, what) else { return nil }
    if let value = Choice(rawValue: scalar.value) {
      return Located(value, at: scalar.location)
    }
    let choices = Choice.allCases.map(\.rawValue)
    diagnostics.report(
      .invalidValue, at: scalar.location,
      "\(what) must be \(Suggestions.list(choices)), found `\(scalar.value)`"
        + ((Choice(rawValue: scalar.value.lowercased()).map(\.rawValue)
          ?? synonyms[scalar.value.lowercased()]).map { "; write `\($0)`" }
          ?? diagnostics.suggestions.didYouMean(scalar.value, in: choices)))
    return nil
  }

  /// A list of strings; reports an empty list when `nonEmpty` and repeated entries.
  mutating func stringList(_ node: YAMLNode, _ what: String, nonEmpty: Bool) -> [Located<String>]? {
    scalarList(node, what, nonEmpty: nonEmpty)?.map { Located($0.value, at: $0.location) }
  }

  /// A list of single values, for callers that locate problems inside a value; reports an empty
  /// list when `nonEmpty` and repeated entries (leaving them out).
  mutating func scalarList(_ node: YAMLNode, _ what: String, nonEmpty: Bool) -> [YAMLScalar]? {
    guard let items = listItems(node, what, nonEmpty: nonEmpty) else { return nil }
    var first: [String: SourceLocation] = [:]
    return items.compactMap { item in
      guard let scalar = scalar(item, "an entry of \(what)"),
        isFirst(Located(scalar.value, at: scalar.location), in: what, &first)
      else { return nil }
      return scalar
    }
  }

  /// The items of a list; reports an empty list when `nonEmpty`.
  mutating func listItems(_ node: YAMLNode, _ what: String, nonEmpty: Bool) -> [YAMLNode]? {
    guard let sequence = sequence(node, what) else { return nil }
    if nonEmpty, sequence.items.isEmpty {
      diagnostics.report(
        .emptyCollection, at: sequence.location, "\(what) must list at least one entry")
    }
    return sequence.items
  }

  /// Whether `entry` of the list `what` is its first with this text (`first` holds those seen);
  /// reports a repeat.
  mutating func isFirst(
    _ entry: Located<String>, in what: String, _ first: inout [String: SourceLocation]
  ) -> Bool {
    if let previous = first[entry.value] {
      diagnostics.report(
        .duplicateItem, at: entry.location,
        "`\(entry.value)` is listed twice in \(what); first at line \(previous.line)")
      return false
    }
    first[entry.value] = entry.location
    return true
  }

  /// Reports unknown keys (with the nearest allowed key) and missing required ones. A missing
  /// key is reported at `owner`, the key whose value `mapping` is, when there is one: the
  /// mapping's own location is its first key (or the end of `key:` when it is empty), which
  /// would point at an unrelated, correct key.
  ///
  /// `fixes` gives, per required key, the sentence that says how to add it; `misplaced` gives,
  /// per unknown key that belongs to a nested mapping (a route's key dedented out of its route),
  /// the sentence that says where it goes.
  mutating func checkKeys(
    _ mapping: YAMLMapping, allowed: [String], required: [String] = [], in what: String,
    owner: SourceLocation? = nil, fixes: [String: String] = [:], misplaced: [String: String] = [:]
  ) {
    // A misspelt required key is one mistake: the unknown key's message names the missing one,
    // which is not reported again.
    var explained: Set<String> = []
    for entry in mapping.entries where !allowed.contains(entry.key.value) {
      let nearest = diagnostics.suggestions.nearest(to: entry.key.value, in: allowed)
      let missing = nearest.map { required.contains($0) && mapping[$0] == nil } ?? false
      if missing, let nearest { explained.insert(nearest) }
      let hint =
        (missing ? nil : misplaced[entry.key.value]).map { "; \($0)" }
        ?? nearest.map {
          "; did you mean `\($0)`?" + (missing ? " (\(what) has no `\($0)`, which it needs)" : "")
        } ?? "; expected \(Suggestions.list(allowed))"
      diagnostics.report(
        .unknownKey, at: entry.key.location, "unknown key `\(entry.key.value)` in \(what)" + hint)
    }
    for key in required where mapping[key] == nil && !explained.contains(key) {
      diagnostics.report(
        .missingKey, at: owner ?? mapping.location,
        "\(what) is missing the required key `\(key)`" + (fixes[key].map { "; \($0)" } ?? ""))
    }
  }

  /// Checks a name against its pattern; returns whether it passed.
  /// Reports a name that breaks its pattern. The name stays declared either way, so checks
  /// that refer to it do not add an error of their own.
  mutating func checkName(_ name: Located<String>, _ kind: String, upperCamel: Bool = false) {
    let valid =
      upperCamel ? NamePatterns.isUpperCamel(name.value) : NamePatterns.isLowerSnake(name.value)
    if !valid {
      let pattern =
        upperCamel ? "[A-Z][A-Za-z0-9]*, like `LessonDetail`" : "[a-z][a-z0-9_]*, like `home_feed`"
      diagnostics.report(
        .invalidName, at: name.location, "\(kind) `\(name.value)` must match \(pattern)")
    }
  }

  /// Reports a name servers send as it is written (a route key or alias, a category or action
  /// id) that is empty, too long or has characters outside `A-Z a-z 0-9 _ . : -`, as `rule`.
  mutating func checkWireName(_ name: Located<String>, _ kind: String, rule: RuleID) {
    if !NamePatterns.isPushType(name.value) {
      diagnostics.report(
        rule, at: name.location,
        "\(kind) `\(name.value)` must be 1 to \(NamePatterns.pushTypeMaximumLength) characters from A-Z a-z 0-9 _ . : -"
      )
    }
  }

  mutating func checkKeyPath(_ path: Located<String>, _ what: String) {
    if !NamePatterns.isKeyPath(path.value) {
      diagnostics.report(
        .invalidKeyPath, at: path.location,
        "\(what) must be a key path of dot-separated, non-empty keys like `aps.data.id`, found `\(path.value)`"
      )
    }
  }

  private mutating func mismatch(_ node: YAMLNode, expected: String, _ what: String) {
    // An alias was reported where it is written: its stand-in is no value, not a wrong one.
    if case .scalar(let scalar) = node, scalar.style == .alias { return }
    diagnostics.report(
      .typeMismatch, at: node.location, "\(what) must be \(expected), found \(node.kindDescription)"
    )
  }
}

extension YAMLMapping.Entry {
  var located: Located<String> { Located(key.value, at: key.location) }
}
