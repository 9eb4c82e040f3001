import Foundation

/// The walk over the link trie for one URL.
///
/// Depth-first, trying at each segment the literal child, then `{name}`, then the `{name*}`
/// patterns starting there: that order is the specificity order, so the first pattern that
/// holds is the winner. A node is reached at one depth only, so the walk visits each node at
/// most once whatever the URL. A walk takes the patterns of one host entry; a URL is walked
/// once per entry that covers its host, at most, most specific first (`Resolver.match`).
struct LinkMatcher {
  typealias Layout = RouteTableLayout
  let reader: TableReader
  let url: LinkURL
  let variant: Int
  /// The declared host entry whose patterns this walk tries (one that covers the URL's host),
  /// or -1 for a URL without a host.
  let host: Int

  /// The record of the winning pattern and where its placeholders point, or nil.
  func match(node: Int, depth: Int) -> (pattern: Int, binding: LinkBindings)? {
    typealias Node = Layout.LinkNode
    if depth == url.segmentCount {
      return firstHolding(
        count: reader.word(node, Node.terminalCount), at: reader.word(node, Node.terminalsAt))
    }
    // The literals' lookup table: its count, then its records.
    let literals = node + Node.literals.rawValue
    if let child = reader.lookup(
      bytes: url.segment(depth), count: reader.word(literals), at: literals + 1),
      let found = match(node: child, depth: depth + 1)
    {
      return found
    }
    let param = reader.word(node, Node.paramChild)
    if param != RouteTableWords.none, let found = match(node: param, depth: depth + 1) {
      return found
    }
    return firstHolding(
      count: reader.word(node, Node.restCount), at: reader.word(node, Node.restAt))
  }

  /// The first pattern of a list whose query conditions hold and whose path values are valid.
  private func firstHolding(count: Int, at: Int) -> (pattern: Int, binding: LinkBindings)? {
    for index in 0..<max(0, min(count, reader.wordCount)) {
      let pattern = reader.linkPatternRecord(reader.word(at + index))
      if reader.pattern(pattern, appliesToHost: host, scheme: url.scheme),
        conditionsHold(pattern), let binding = bindings(pattern),
        pathValuesAreValid(pattern, binding)
      {
        return (pattern, binding)
      }
    }
    return nil
  }

  private func conditionsHold(_ pattern: Int) -> Bool {
    for index in 0..<reader.count(pattern, Layout.LinkPattern.queryCount) {
      let item = reader.linkQueryItem(index, ofPattern: pattern)
      let kind = reader.word(item, Layout.LinkQuery.kind)
      if kind == Layout.LinkQueryKind.absent.rawValue {
        let key = reader.bytes(item, Layout.LinkQuery.key)
        for urlItem in 0..<url.itemCount where TableReader.equal(url.key(urlItem), key) {
          return false
        }
        continue
      }
      guard kind == Layout.LinkQueryKind.condition.rawValue else { continue }
      let key = reader.bytes(item, Layout.LinkQuery.key)
      let value = reader.bytes(item, Layout.LinkQuery.value)
      var found = false
      for urlItem in 0..<url.itemCount where TableReader.equal(url.key(urlItem), key) {
        guard let given = url.value(urlItem), TableReader.equal(given, value) else { return false }
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
    for (segment, index) in pathPlaceholders(pattern) {
      let kind = Layout.LinkSegmentKind(rawValue: reader.word(segment, Layout.LinkSegment.kind))
      let isRest = kind == .rest || kind == .anyRest
      let text = isRest ? url.segments(from: index) : url.segment(index)
      guard !(isRest ? DotSegment.containsDotSegment(text) : DotSegment.isDotSegment(text))
      else { return false }
      guard kind == .param || kind == .rest else { continue }
      let param = reader.boundParam(segment, Layout.LinkSegment.placeholder, bindings: binding.list)
      guard binding.isValid(text, param: param, reader: reader) else { return false }
    }
    return true
  }

  /// The pattern's path placeholders: each one's segment record and its index in the path.
  private func pathPlaceholders(_ pattern: Int) -> PathPlaceholders {
    typealias Pattern = Layout.LinkPattern
    return PathPlaceholders(
      reader: reader, segmentsAt: reader.word(pattern, Pattern.segmentsAt),
      listAt: reader.word(pattern, Pattern.pathPlaceholdersAt),
      count: reader.count(pattern, Pattern.pathPlaceholderCount),
      segmentLimit: min(reader.word(pattern, Pattern.segmentCount), url.segmentCount))
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

  /// The value of screen parameter `param` in the URL, for the winning pattern.
  func supply(param: Int, pattern: Int, binding: LinkBindings) -> SuppliedValue {
    for (segment, index) in pathPlaceholders(pattern)
    where reader.word(segment, Layout.LinkSegment.placeholder) != RouteTableWords.none
      && reader.boundParam(segment, Layout.LinkSegment.placeholder, bindings: binding.list)
        == param
    {
      return .text(
        reader.word(segment, Layout.LinkSegment.kind) == Layout.LinkSegmentKind.rest.rawValue
          ? url.segments(from: index) : url.segment(index))
    }
    for index in 0..<reader.count(pattern, Layout.LinkPattern.queryCount) {
      let item = reader.linkQueryItem(index, ofPattern: pattern)
      let kind = reader.word(item, Layout.LinkQuery.kind)
      guard
        kind == Layout.LinkQueryKind.bind.rawValue || kind == Layout.LinkQueryKind.rest.rawValue,
        reader.boundParam(item, Layout.LinkQuery.placeholder, bindings: binding.list) == param
      else { continue }
      if kind == Layout.LinkQueryKind.rest.rawValue {
        return passedThrough(pattern, param: param, binding: binding)
      }
      let key = reader.bytes(item, Layout.LinkQuery.key)
      var found: UnsafeBufferPointer<UInt8>?
      for urlItem in 0..<url.itemCount where TableReader.equal(url.key(urlItem), key) {
        // Two values for one parameter: neither is more right than the other.
        guard found == nil, let value = url.value(urlItem), !value.isEmpty else { return .invalid }
        found = value
      }
      return found.map { .text($0) } ?? .absent
    }
    return .absent
  }

  /// The value of the `{name*}` query item binding `param`: every item of the URL whose key no
  /// other item of the pattern binds or tests, the last value of a repeated key, an item
  /// without `=` as an empty value. No such item: absent for an optional or defaulted
  /// parameter, the empty map for a required one.
  private func passedThrough(_ pattern: Int, param: Int, binding: LinkBindings) -> SuppliedValue {
    let count = reader.count(pattern, Layout.LinkPattern.queryCount)
    var items: [String: PayloadValue] = [:]
    for urlItem in 0..<url.itemCount {
      let key = url.key(urlItem)
      let isClaimed = (0..<count).contains { index in
        let item = reader.linkQueryItem(index, ofPattern: pattern)
        return reader.word(item, Layout.LinkQuery.kind) != Layout.LinkQueryKind.rest.rawValue
          && TableReader.equal(reader.bytes(item, Layout.LinkQuery.key), key)
      }
      guard !isClaimed else { continue }
      let value = url.value(urlItem).map { String(copying: $0) } ?? ""
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
