import RouteTable

/// The link section of the table: hosts, schemes, every pattern in manifest order, and a trie of
/// the patterns' paths that the runtime walks one URL segment at a time, so matching costs what
/// the URL's length does, not what the number of patterns does.
extension RouteTableEncoder {
  /// A trie node while it is built: children by literal text (decoded), children by folded
  /// literal text (of case-insensitive literals), the `{name}` child, the root of the fragments
  /// of patterns whose path ends here, and the patterns that end here or whose `{name*}` starts
  /// here.
  final class LinkTrieNode {
    var literals: [String: LinkTrieNode] = [:]
    /// Literal texts in the order first seen, so the table is the same on every run.
    var literalOrder: [String] = []
    /// The texts of `literals` by their folded text.
    var literalsByFolded: [String: [String]] = [:]
    /// Children by literal text with ASCII letters folded: case-insensitive patterns only.
    var folded: [String: LinkTrieNode] = [:]
    var foldedOrder: [String] = []
    var param: LinkTrieNode?
    var fragment: LinkTrieNode?
    /// Children of `PREFIX{param}SUFFIX` segments by their literal text, in the order first
    /// seen.
    var affixed: [LinkAffixes: LinkTrieNode] = [:]
    var affixedOrder: [LinkAffixes] = []

    func affixedChild(_ affixes: LinkAffixes) -> LinkTrieNode {
      let key = affixes.matching
      if let node = affixed[key] { return node }
      let node = LinkTrieNode()
      affixed[key] = node
      affixedOrder.append(key)
      return node
    }
    var terminals: [Int] = []
    var rests: [Int] = []

    func fragmentChild() -> LinkTrieNode {
      if let fragment { return fragment }
      let node = LinkTrieNode()
      fragment = node
      return node
    }

    func child(_ literal: String) -> LinkTrieNode {
      if let node = literals[literal] { return node }
      let node = LinkTrieNode()
      literals[literal] = node
      literalOrder.append(literal)
      literalsByFolded[LinkPattern<String>.folded(literal), default: []].append(literal)
      return node
    }

    func foldedChild(_ key: String) -> LinkTrieNode {
      if let node = folded[key] { return node }
      let node = LinkTrieNode()
      folded[key] = node
      foldedOrder.append(key)
      return node
    }

    func paramChild() -> LinkTrieNode {
      if let param { return param }
      let node = LinkTrieNode()
      param = node
      return node
    }
  }

  /// Every pattern of every route, in manifest order: (route, index within the route, pattern).
  static func linkPatterns(_ manifest: ResolvedManifest) -> [(
    route: Int, index: Int, pattern: LinkPattern<String>
  )] {
    manifest.routes.enumerated().flatMap { route, declared in
      declared.links.enumerated().map { (route, $0.offset, $0.element) }
    }
  }

  /// What a pattern's walk through the trie takes, segment by segment.
  private enum TrieStep {
    case literal(String)
    case param
    case affixed(LinkAffixes)
    case fragment
  }

  /// Case-sensitive patterns are placed first: a case-insensitive literal goes below its folded
  /// child and below every literal child whose text folds the same, so those must all exist.
  static func linkTrie(_ patterns: [LinkPattern<String>]) -> LinkTrieNode {
    let root = LinkTrieNode()
    let order =
      patterns.indices.filter { patterns[$0].caseSensitive }
      + patterns.indices.filter { !patterns[$0].caseSensitive }
    for id in order {
      let pattern = patterns[id]
      var steps: [TrieStep] = []
      var endsInRest = false
      let foldsCase = !pattern.caseSensitive
      func walk(_ segments: [LinkPattern<String>.Segment]) {
        for segment in segments {
          switch segment {
          case .literal(let text): steps.append(.literal(text))
          case .param, .any: steps.append(.param)
          case .affixed(let affixes, _):
            steps.append(.affixed(foldsCase ? affixes.folded : affixes.matching))
          case .rest, .anyRest: endsInRest = true
          }
        }
      }
      walk(pattern.segments)
      // A path that ends with `{name*}` has no fragment (the parser sees to it).
      if let fragment = pattern.fragment, !endsInRest {
        steps.append(.fragment)
        walk(fragment.segments)
      }
      place(
        id, steps[...], at: root, foldsCase: !pattern.caseSensitive, endsInRest: endsInRest)
    }
    return root
  }

  private static func place(
    _ id: Int, _ steps: ArraySlice<TrieStep>, at node: LinkTrieNode, foldsCase: Bool,
    endsInRest: Bool
  ) {
    guard let step = steps.first else {
      if endsInRest { node.rests.append(id) } else { node.terminals.append(id) }
      return
    }
    let rest = steps.dropFirst()
    let next: LinkTrieNode
    switch step {
    case .literal(let text) where foldsCase:
      let key = LinkPattern<String>.folded(text)
      for exact in node.literalsByFolded[key] ?? [] {
        if let child = node.literals[exact] {
          place(id, rest, at: child, foldsCase: foldsCase, endsInRest: endsInRest)
        }
      }
      next = node.foldedChild(key)
    case .literal(let text): next = node.child(text)
    case .param: next = node.paramChild()
    case .affixed(let affixes): next = node.affixedChild(affixes)
    case .fragment: next = node.fragmentChild()
    }
    place(id, rest, at: next, foldsCase: foldsCase, endsInRest: endsInRest)
  }
}

extension TableWordWriter {
  /// Writes the link section: host entries (`*` last, when a pattern names it), schemes, the
  /// patterns in manifest order, then the trie.
  mutating func writeLinks(_ manifest: ResolvedManifest) {
    let hosts = manifest.linkHostEntries
    set(.linkHostCount, hosts.count)
    set(.linkHostsAt, words.count)
    for host in hosts { appendString(host) }
    set(.linkSchemeCount, manifest.linkSchemes.count)
    set(.linkSchemesAt, words.count)
    for scheme in manifest.linkSchemes { appendString(scheme) }
    set(.linkSchemeAuthoritiesAt, words.count)
    for scheme in manifest.linkSchemes {
      let authority: Layout.SchemeAuthority =
        manifest.hostAuthoritySchemes.contains(scheme) ? .host : .firstSegment
      words.append(authority.rawValue)
    }

    let patterns = RouteTableEncoder.linkPatterns(manifest)
    let list = reserve(patterns.count)
    set(.linkPatternCount, patterns.count)
    set(.linkPatternsAt, list)
    for (id, (route, index, pattern)) in patterns.enumerated() {
      words[list + id] = linkPattern(
        pattern, route: route, index: index,
        targets: Self.targets(of: pattern, hosts: hosts, schemes: manifest.linkSchemes))
    }
    let trie = RouteTableEncoder.linkTrie(patterns.map(\.pattern))
    let conditions = patterns.map { $0.pattern.conditionCount }
    set(.linkRoot, patterns.isEmpty ? RouteTableWords.none : linkNode(trie, conditions: conditions))
  }

  /// The target numbers of a pattern restricted to hosts or schemes (host entry `i` is `i`,
  /// scheme `j` is the number of host entries plus `j`), or nil for a pattern of every entry of
  /// `links.hosts` and every scheme.
  /// `hosts` is the manifest's `linkHostEntries`.
  static func targets(of pattern: LinkPattern<String>, hosts: [String], schemes: [String])
    -> [Int]?
  {
    guard pattern.hosts != nil || pattern.schemes != nil else { return nil }
    let hostTargets = hosts.indices.filter { pattern.applies(toHost: hosts[$0]) }
    let schemeTargets = schemes.indices.filter { pattern.applies(toScheme: schemes[$0]) }
    return hostTargets + schemeTargets.map { hosts.count + $0 }
  }

  mutating func linkPattern(
    _ pattern: LinkPattern<String>, route: Int, index: Int, targets: [Int]?
  ) -> Int {
    var placeholder = 0
    var segments: [Int] = []
    var pathPlaceholders: [Int] = []
    var query: [Int] = []
    // Placeholders are numbered path, query, fragment path, fragment query; segments and items
    // are listed path first, then fragment.
    func write(_ written: [LinkPattern<String>.Segment]) {
      for segment in written {
        var record = Record<Layout.LinkSegment>()
        switch segment {
        case .literal(let text):
          record[.kind] = Layout.LinkSegmentKind.literal.rawValue
          record.set(.text, string(text))
        case .param, .rest:
          if case .rest = segment {
            record[.kind] = Layout.LinkSegmentKind.rest.rawValue
          } else {
            record[.kind] = Layout.LinkSegmentKind.param.rawValue
          }
          record[.placeholder] = placeholder
          pathPlaceholders.append(segments.count / Layout.LinkSegment.width)
          placeholder += 1
        case .any, .anyRest:
          let kind: Layout.LinkSegmentKind = segment.isRest ? .anyRest : .any
          record[.kind] = kind.rawValue
          record[.placeholder] = RouteTableWords.none
          pathPlaceholders.append(segments.count / Layout.LinkSegment.width)
        case .affixed(let affixes, let param):
          record[.kind] = Layout.LinkSegmentKind.affixed.rawValue
          record[.placeholder] = param == nil ? RouteTableWords.none : placeholder
          if param != nil { placeholder += 1 }
          record[.affixAt] = affix(affixes)
          pathPlaceholders.append(segments.count / Layout.LinkSegment.width)
        }
        segments += record.words
      }
    }
    func write(_ items: [LinkPattern<String>.QueryItem]) {
      for item in items {
        var record = Record<Layout.LinkQuery>()
        switch item {
        case .condition(let key, let value):
          record[.kind] = Layout.LinkQueryKind.condition.rawValue
          record.set(.key, string(key))
          record.set(.value, string(value))
        case .bind(let key, _, let isPresence):
          let kind: Layout.LinkQueryKind = isPresence ? .presentBind : .bind
          record[.kind] = kind.rawValue
          record.set(.key, string(key))
          record[.placeholder] = placeholder
          placeholder += 1
        case .present(let key):
          record[.kind] = Layout.LinkQueryKind.present.rawValue
          record.set(.key, string(key))
        case .absent(let key):
          record[.kind] = Layout.LinkQueryKind.absent.rawValue
          record.set(.key, string(key))
        case .rest:
          record[.kind] = Layout.LinkQueryKind.rest.rawValue
          record.set(.key, string(""))
          record[.placeholder] = placeholder
          placeholder += 1
        }
        query += record.words
      }
    }
    write(pattern.segments)
    write(pattern.query)
    if let fragment = pattern.fragment {
      write(fragment.segments)
      write(fragment.query)
    }
    var record = Record<Layout.LinkPattern>()
    record[.route] = route
    record.set(.text, string(pattern.text))
    record[.index] = index
    record[.segmentCount] = pattern.segments.count
    record[.segmentsAt] = intern(segments)
    record[.queryCount] = pattern.query.count
    record[.queryAt] = intern(query)
    record[.conditionCount] = pattern.conditionCount
    record[.pathPlaceholderCount] = pathPlaceholders.count
    record[.pathPlaceholdersAt] = intern(pathPlaceholders)
    record[.targetsAt] = targets.map { intern([$0.count] + $0) } ?? RouteTableWords.none
    record[.fragmentSegmentCount] = pattern.fragment?.segments.count ?? RouteTableWords.none
    record[.fragmentQueryCount] = pattern.fragment?.query.count ?? 0
    record[.foldsCase] = pattern.caseSensitive ? 0 : 1
    return intern(record.words)
  }

  /// A `LinkAffix` record, shared by every segment with the same literal text.
  mutating func affix(_ affixes: LinkAffixes) -> Int {
    var record = Record<Layout.LinkAffix>()
    record.set(.prefix, string(affixes.prefix))
    record.set(.suffix, string(affixes.suffix))
    record[.keepsPrefix] = affixes.keepsPrefix ? 1 : 0
    record[.foldsCase] = affixes.foldsCase ? 1 : 0
    return intern(record.words)
  }

  /// Writes the node's children first, so the node can hold their offsets.
  mutating func linkNode(_ node: RouteTableEncoder.LinkTrieNode, conditions: [Int]) -> Int {
    let children = node.literalOrder.compactMap { text in
      node.literals[text].map { (text, linkNode($0, conditions: conditions)) }
    }
    let param = node.param.map { linkNode($0, conditions: conditions) } ?? RouteTableWords.none
    let fragment =
      node.fragment.map { linkNode($0, conditions: conditions) } ?? RouteTableWords.none
    // Most literal text first; the order first seen among equals (which never overlap: two
    // that do are `ambiguous-links`).
    let affixed = node.affixedOrder.enumerated().sorted {
      ($0.element.literalLength, -$0.offset) > ($1.element.literalLength, -$1.offset)
    }.flatMap { _, affixes in
      [affix(affixes), node.affixed[affixes].map { linkNode($0, conditions: conditions) } ?? 0]
    }
    let folded = node.foldedOrder.compactMap { text in
      node.folded[text].map { (text, linkNode($0, conditions: conditions)) }
    }
    var foldedAt = RouteTableWords.none
    if !folded.isEmpty {
      foldedAt = words.count
      writeLookupTable(folded)
    }
    // Most conditions first; manifest order among equals keeps the table deterministic.
    func ordered(_ ids: [Int]) -> [Int] {
      ids.sorted { (conditions[$0], -$0) > (conditions[$1], -$1) }
    }
    var record = Record<Layout.LinkNode>()
    record[.terminalCount] = node.terminals.count
    record[.terminalsAt] = intern(ordered(node.terminals))
    record[.restCount] = node.rests.count
    record[.restAt] = intern(ordered(node.rests))
    record[.paramChild] = param
    record[.fragmentChild] = fragment
    record[.affixedCount] = affixed.count / 2
    record[.affixedAt] = intern(affixed)
    record[.foldedLiteralsAt] = foldedAt
    let start = words.count
    append(record)
    // The literals' lookup table follows, at `LinkNode.literals`.
    writeLookupTable(children)
    return start
  }
}
