import RouteTable

/// The link section of the table: hosts, schemes, every pattern in manifest order, and a trie of
/// the patterns' paths that the runtime walks one URL segment at a time, so matching costs what
/// the URL's length does, not what the number of patterns does.
extension RouteTableEncoder {
  /// A trie node while it is built: children by literal text (decoded), the `{name}` child,
  /// and the patterns that end here or whose `{name*}` starts here.
  final class LinkTrieNode {
    var literals: [String: LinkTrieNode] = [:]
    /// Literal texts in the order first seen, so the table is the same on every run.
    var literalOrder: [String] = []
    var param: LinkTrieNode?
    var terminals: [Int] = []
    var rests: [Int] = []

    func child(_ literal: String) -> LinkTrieNode {
      if let node = literals[literal] { return node }
      let node = LinkTrieNode()
      literals[literal] = node
      literalOrder.append(literal)
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

  static func linkTrie(_ patterns: [LinkPattern<String>]) -> LinkTrieNode {
    let root = LinkTrieNode()
    for (id, pattern) in patterns.enumerated() {
      var node = root
      var endsInRest = false
      for segment in pattern.segments {
        switch segment {
        case .literal(let text): node = node.child(text)
        case .param: node = node.paramChild()
        case .rest: endsInRest = true
        }
      }
      if endsInRest { node.rests.append(id) } else { node.terminals.append(id) }
    }
    return root
  }
}
