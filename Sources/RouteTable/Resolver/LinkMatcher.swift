import Foundation

/// The walk over the link trie for one URL.
///
/// Depth-first, trying at each segment the literal child (or, where no literal child has the
/// segment's exact bytes, the case-insensitive literal child of its folded bytes), then the
/// `PREFIX{name}SUFFIX` children whose literal text the segment has (most text first), then
/// `{name}`, then the `{name*}`
/// patterns starting there; where the URL's path ends, the fragment patterns below the node
/// (when the URL's fragment is a path) before the patterns that end there: that order is the
/// specificity order, so the first pattern that holds is the winner. A node is reached at one
/// depth only, so the walk visits each node at most once whatever the URL.
///
/// Host entries come before paths: the walk takes the patterns of the most specific entry that
/// covers the URL's host. Where other entries cover it too, a pattern of theirs that holds is
/// kept on the way, the first of the most specific such entry, and wins when no pattern of the
/// URL's own entry does: the trie and the order are the same for every entry, so one walk finds
/// what a walk per entry would.
struct LinkMatcher {
  typealias Layout = RouteTableLayout
  let reader: TableReader
  let url: LinkURL
  let variant: Int
  /// The declared host entry whose patterns this walk tries (one that covers the URL's host),
  /// or -1 for a URL without a host.
  let host: Int
  /// Whether that entry is `*`.
  private let hostIsAny: Bool
  /// The first pattern that holds of the most specific other entry covering the host, so far
  /// on a walk: passed along it rather than kept in the matcher, which stays immutable (calls
  /// on a mutable one copied it).
  typealias Fallback = (rank: Int, pattern: Int, binding: LinkBindings)

  init(reader: TableReader, url: LinkURL, variant: Int) {
    self.reader = reader
    self.url = url
    self.variant = variant
    self.host = url.host
    self.hostIsAny = url.host >= 0 && url.hostRank == LinkHostEntry.anyHostRank
  }

  /// The winning pattern of the whole trie and where its placeholders point, or nil.
  func winner() -> (pattern: Int, binding: LinkBindings)? {
    let root = reader.header(.linkRoot)
    guard root != RouteTableWords.none else { return nil }
    var fallback: Fallback?
    if let found = match(node: root, depth: 0, fallback: &fallback) { return found }
    return fallback.map { ($0.pattern, $0.binding) }
  }

  /// The record of the winning pattern and where its placeholders point, or nil. `part` is
  /// the URL's part the walk is in: its path, or below a path's last node, its fragment.
  private func match(
    node: Int, depth: Int, part: LinkURL.Part = .path, fallback: inout Fallback?
  ) -> (
    pattern: Int, binding: LinkBindings
  )? {
    typealias Node = Layout.LinkNode
    if depth == url.segmentCount(part) {
      let fragment = reader.word(node, Node.fragmentChild)
      if part == .path, url.fragmentSegmentCount >= 0, fragment != RouteTableWords.none,
        let found = match(node: fragment, depth: 0, part: .fragment, fallback: &fallback)
      {
        return found
      }
      return firstHolding(
        count: reader.word(node, Node.terminalCount), at: reader.word(node, Node.terminalsAt),
        fallback: &fallback)
    }
    // The literals' lookup table: its count, then its records.
    let literals = node + Node.literals.rawValue
    let segment = url.segment(depth, part)
    if let child = reader.lookup(bytes: segment, count: reader.word(literals), at: literals + 1) {
      if let found = match(node: child, depth: depth + 1, part: part, fallback: &fallback) {
        return found
      }
    } else if let child = foldedChild(node, segment),
      let found = match(node: child, depth: depth + 1, part: part, fallback: &fallback)
    {
      return found
    }
    let affixedCount = reader.count(node, Node.affixedCount)
    if affixedCount > 0 {
      let segment = url.segment(depth, part)
      let list = reader.word(node, Node.affixedAt)
      for index in 0..<affixedCount {
        guard reader.affix(reader.word(list &+ 2 &* index), fits: segment),
          let found = match(
            node: reader.word(list &+ 2 &* index &+ 1), depth: depth + 1, part: part,
            fallback: &fallback)
        else { continue }
        return found
      }
    }
    let param = reader.word(node, Node.paramChild)
    if param != RouteTableWords.none,
      let found = match(node: param, depth: depth + 1, part: part, fallback: &fallback)
    {
      return found
    }
    return firstHolding(
      count: reader.word(node, Node.restCount), at: reader.word(node, Node.restAt),
      fallback: &fallback)
  }

  /// The child of `node`'s case-insensitive literal that `segment` is, ASCII letters folded; nil
  /// for none (and without looking when the node has no such literal).
  private func foldedChild(_ node: Int, _ segment: UnsafeBufferPointer<UInt8>) -> Int? {
    let table = reader.word(node, Layout.LinkNode.foldedLiteralsAt)
    guard table != RouteTableWords.none else { return nil }
    let count = reader.word(table)
    guard segment.contains(where: ASCIIFolding.isUpper) else {
      return reader.lookup(bytes: segment, count: count, at: table &+ 1)
    }
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: segment.count) { scratch in
      for (index, byte) in segment.enumerated() { scratch[index] = ASCIIFolding.lower(byte) }
      return reader.lookup(bytes: UnsafeBufferPointer(scratch), count: count, at: table &+ 1)
    }
  }

  /// Whether the pattern record at `pattern` was written with `case_sensitive: false`.
  private func foldsCase(_ pattern: Int) -> Bool {
    reader.word(pattern, Layout.LinkPattern.foldsCase) == 1
  }

  /// The first pattern of a list whose query conditions hold and whose path values are valid;
  /// on the way, the fallback of a pattern of another entry covering the host.
  private func firstHolding(count: Int, at: Int, fallback: inout Fallback?) -> (
    pattern: Int, binding: LinkBindings
  )? {
    for index in 0..<max(0, min(count, reader.wordCount)) {
      let pattern = reader.linkPatternRecord(reader.word(at + index))
      guard
        reader.pattern(pattern, appliesToHost: host, isAnyHost: hostIsAny, scheme: url.scheme)
      else {
        keepIfFallback(pattern, in: &fallback)
        continue
      }
      if let binding = holding(pattern) { return (pattern, binding) }
    }
    return nil
  }

  /// The pattern's bindings when its query conditions hold and its path values are valid.
  private func holding(_ pattern: Int) -> LinkBindings? {
    guard conditionsHold(pattern), let binding = bindings(pattern),
      pathValuesAreValid(pattern, binding)
    else { return nil }
    return binding
  }

  /// Keeps `pattern`, which does not apply to the URL's own host entry, as the fallback when it
  /// applies through a more specific other entry covering the host than the fallback's, and
  /// holds.
  private func keepIfFallback(_ pattern: Int, in fallback: inout Fallback?) {
    guard url.hostIsShared,
      url.scheme < 0
        || reader.pattern(pattern, appliesToHost: -1, isAnyHost: false, scheme: url.scheme),
      let rank = reader.rank(
        ofPattern: pattern, covering: url.hostName, https: url.scheme < 0, below: url.hostRank),
      rank > fallback?.rank ?? -1, let binding = holding(pattern)
    else { return }
    fallback = (rank, pattern, binding)
  }

  /// Every `key=literal` holds for each occurrence of the key, `key` and a binding of a
  /// required parameter find the key, `!key` does not: in the query for the pattern's query
  /// items, in the fragment's query for its fragment's.
  private func conditionsHold(_ pattern: Int) -> Bool {
    for (index, part) in PatternQueryItems(reader: reader, pattern: pattern) {
      let item = reader.linkQueryItem(index, ofPattern: pattern)
      let kind = Layout.LinkQueryKind(rawValue: reader.word(item, Layout.LinkQuery.kind))
      if kind == .absent || kind == .present || kind == .presentBind {
        let key = reader.bytes(item, Layout.LinkQuery.key)
        let isPresent = (0..<url.itemCount(part)).contains {
          TableReader.equal(url.key($0, part), key)
        }
        guard isPresent == (kind != .absent) else { return false }
        continue
      }
      guard kind == .condition else { continue }
      let key = reader.bytes(item, Layout.LinkQuery.key)
      let value = reader.bytes(item, Layout.LinkQuery.value)
      let folds = foldsCase(pattern)
      var found = false
      for urlItem in 0..<url.itemCount(part) where TableReader.equal(url.key(urlItem, part), key) {
        guard let given = url.value(urlItem, part),
          folds ? ASCIIFolding.equal(given, value) : TableReader.equal(given, value)
        else {
          return false
        }
        found = true
      }
      guard found else { return false }
    }
    return true
  }

  /// Each `{name}` and `{name*}` value must be valid for its parameter's type, and no segment
  /// of it, nor of a `{_}` or `{_*}` one, `.` or `..` (which URL parsers remove, so such a value
  /// would not survive a URL written from it), or the pattern does not match (rather than
  /// resolving as `invalid_params`).
  private func pathValuesAreValid(_ pattern: Int, _ binding: LinkBindings) -> Bool {
    let folds = foldsCase(pattern)
    for (segment, index, part) in pathPlaceholders(pattern) {
      let kind = Layout.LinkSegmentKind(rawValue: reader.word(segment, Layout.LinkSegment.kind))
      let isRest = kind == .rest || kind == .anyRest
      let text = isRest ? url.segments(from: index, part) : url.segment(index, part)
      guard !(isRest ? DotSegment.containsDotSegment(text) : DotSegment.isDotSegment(text))
      else { return false }
      guard kind == .param || kind == .rest || kind == .affixed,
        reader.word(segment, Layout.LinkSegment.placeholder) != RouteTableWords.none
      else { continue }
      let param = reader.boundParam(segment, Layout.LinkSegment.placeholder, bindings: binding.list)
      guard
        binding.isValid(
          bound(segment, isAffixed: kind == .affixed, text), param: param, reader: reader,
          foldingCase: folds)
      else {
        return false
      }
    }
    return true
  }

  /// What the placeholder of the segment record `segment` binds of the URL's segment `text`:
  /// what lies between an `affixed` segment's literal texts (or all of it, when it keeps its
  /// prefix), or all of it.
  private func bound(_ segment: Int, isAffixed: Bool, _ text: UnsafeBufferPointer<UInt8>)
    -> UnsafeBufferPointer<UInt8>
  {
    guard isAffixed else { return text }
    let affix = reader.word(segment, Layout.LinkSegment.affixAt)
    guard reader.word(affix, Layout.LinkAffix.keepsPrefix) == 0 else { return text }
    let start = reader.byteCount(affix, Layout.LinkAffix.prefix)
    let end = text.count - reader.byteCount(affix, Layout.LinkAffix.suffix)
    guard start <= end else { return UnsafeBufferPointer(rebasing: text[0..<0]) }
    return UnsafeBufferPointer(rebasing: text[start..<end])
  }

  /// The pattern's path and fragment placeholders: each one's segment record, its index in
  /// its part and the part.
  private func pathPlaceholders(_ pattern: Int) -> PathPlaceholders {
    typealias Pattern = Layout.LinkPattern
    let pathCount = reader.word(pattern, Pattern.segmentCount)
    let fragmentCount = reader.word(pattern, Pattern.fragmentSegmentCount)
    return PathPlaceholders(
      reader: reader, segmentsAt: reader.word(pattern, Pattern.segmentsAt),
      listAt: reader.word(pattern, Pattern.pathPlaceholdersAt),
      count: reader.count(pattern, Pattern.pathPlaceholderCount),
      pathCount: pathCount, pathLimit: min(pathCount, url.segmentCount),
      fragmentLimit: fragmentCount == RouteTableWords.none
        ? 0 : min(fragmentCount, url.segmentCount(.fragment)))
  }

  /// The parameter list of the pattern's placeholders and the screen they belong to, in this
  /// variant; where the route does not exist in the variant (it resolves as `unavailable`), in
  /// the first variant that has it, so whether a URL matches never depends on `only`.
  func bindings(_ pattern: Int) -> LinkBindings? {
    let record = reader.routeRecord(reader.word(pattern, Layout.LinkPattern.route))
    var effective = reader.effectiveRoute(record: record, variant: variant)
    if effective == RouteTableWords.none {
      let variants = max(0, min(reader.header(.variantCount), reader.wordCount))
      guard
        let other = (0..<variants).lazy.map({ reader.effectiveRoute(record: record, variant: $0) })
          .first(where: { $0 != RouteTableWords.none })
      else { return nil }
      effective = other
    }
    return LinkBindings(
      list: reader.linkBindings(ofPattern: pattern, effective: effective),
      screen: reader.screenRecord(ofEffective: effective))
  }

  /// The value of screen parameter `param` in the URL, for the winning pattern. For a
  /// case-insensitive pattern, a value one of the parameter's `choices` folded is that choice as
  /// declared.
  func supply(param: Int, pattern: Int, binding: LinkBindings) -> SuppliedValue {
    let supplied = written(param: param, pattern: pattern, binding: binding)
    guard case .text(let text) = supplied, foldsCase(pattern) else { return supplied }
    let record = reader.paramRecord(param, ofScreen: binding.screen)
    guard reader.word(record, Layout.Param.choicesAt) != RouteTableWords.none,
      case .string(let declared)? = reader.paramValue(
        text: text, param: record, type: .string, foldingCase: true)
    else { return supplied }
    return .value(.string(declared))
  }

  /// The value of screen parameter `param` as the URL writes it, for the winning pattern.
  private func written(param: Int, pattern: Int, binding: LinkBindings) -> SuppliedValue {
    for (segment, index, part) in pathPlaceholders(pattern)
    where reader.word(segment, Layout.LinkSegment.placeholder) != RouteTableWords.none
      && reader.boundParam(segment, Layout.LinkSegment.placeholder, bindings: binding.list)
        == param
    {
      let kind = reader.word(segment, Layout.LinkSegment.kind)
      return .text(
        kind == Layout.LinkSegmentKind.rest.rawValue
          ? url.segments(from: index, part)
          : bound(
            segment, isAffixed: kind == Layout.LinkSegmentKind.affixed.rawValue,
            url.segment(index, part)))
    }
    for (index, part) in PatternQueryItems(reader: reader, pattern: pattern) {
      let item = reader.linkQueryItem(index, ofPattern: pattern)
      let kind = Layout.LinkQueryKind(rawValue: reader.word(item, Layout.LinkQuery.kind))
      guard kind == .bind || kind == .presentBind || kind == .rest,
        reader.boundParam(item, Layout.LinkQuery.placeholder, bindings: binding.list) == param
      else { continue }
      if kind == .rest {
        return passedThrough(pattern, param: param, binding: binding, part: part)
      }
      let key = reader.bytes(item, Layout.LinkQuery.key)
      var found: UnsafeBufferPointer<UInt8>?
      for urlItem in 0..<url.itemCount(part) where TableReader.equal(url.key(urlItem, part), key) {
        // Two values for one parameter: neither is more right than the other.
        guard found == nil, let value = url.value(urlItem, part), !value.isEmpty else {
          return .invalid
        }
        found = value
      }
      return found.map { .text($0) } ?? .absent
    }
    return .absent
  }

  /// The value of the `{name*}` query item binding `param`: every item of the URL's query (or
  /// fragment's query, for a fragment's item) whose key no other item of the pattern's same
  /// query binds or tests, the last value of a repeated key, an item without `=` as an empty
  /// value. No such item: absent for an optional or defaulted parameter, the empty map for a
  /// required one.
  private func passedThrough(
    _ pattern: Int, param: Int, binding: LinkBindings, part: LinkURL.Part
  ) -> SuppliedValue {
    let own = PatternQueryItems(reader: reader, pattern: pattern).filter { $0.part == part }
    var items: [String: PayloadValue] = [:]
    for urlItem in 0..<url.itemCount(part) {
      let key = url.key(urlItem, part)
      let isClaimed = own.contains { index, _ in
        let item = reader.linkQueryItem(index, ofPattern: pattern)
        return reader.word(item, Layout.LinkQuery.kind) != Layout.LinkQueryKind.rest.rawValue
          && TableReader.equal(reader.bytes(item, Layout.LinkQuery.key), key)
      }
      guard !isClaimed else { continue }
      let value = url.value(urlItem, part).map { String(copying: $0) } ?? ""
      items[String(copying: key)] = .string(value)
    }
    let record = reader.paramRecord(param, ofScreen: binding.screen)
    if items.isEmpty,
      reader.word(record, Layout.Param.requirement) != Layout.Requirement.required.rawValue
    {
      return .absent
    }
    return .value(.object(items))
  }
}
