@_spi(Generated) import RouteTable

/// Stage 5 of the pipeline: `ResolvedManifest` -> the packed `EncodedTable` the runtime
/// reads. `routec resolve` runs the resolver on this image, and generated code embeds the same
/// two strings, so both resolve through one format and one resolver.
///
/// Records that are equal word for word are written once (key paths, values, URL templates,
/// parameter sources, effective routes, per-variant lists), and a route that behaves the same
/// in every variant has one effective route instead of one per variant: 20 variants without
/// overrides cost about what one does.
///
/// The output is deterministic: the same manifest always gives the same strings.
package enum RouteTableEncoder {
  /// Why a manifest cannot be packed: a number or a size beyond what a word holds.
  /// `ManifestPipeline` reports it as `table-too-large`.
  package enum TableTooLarge: Error, Hashable, Sendable, CustomStringConvertible {
    /// A string parameter's `max_length` at or above `RouteTableWords.none`.
    case maxLength(screen: String, param: String, value: Int)
    /// More words than a word can address.
    case words(count: Int)
    /// More text bytes than a word can address.
    case text(bytes: Int)

    /// The largest number, count or offset a table holds.
    package static let limit = RouteTableWords.none - 1

    package var description: String {
      switch self {
      case .maxLength(let screen, let param, let value):
        "`max_length` of parameter `\(param)` of screen `\(screen)` is \(value); the compiled table holds numbers up to \(Self.limit)"
      case .words(let count):
        "the compiled table needs \(count) words, more than its format addresses (\(Self.limit)); split the manifest"
      case .text(let bytes):
        "the compiled table needs \(bytes) bytes of text, more than its format addresses (\(Self.limit)); split the manifest"
      }
    }
  }

  /// Packs `manifest`. `ManifestPipeline` calls it once per run and hands the result on in its
  /// output; nothing else in the compiler or routec encodes.
  package static func encode(_ manifest: ResolvedManifest) throws(TableTooLarge) -> EncodedTable {
    var writer = Writer()
    try writer.write(manifest)
    let (words, text) = try writer.finish()
    return EncodedTable(words: words, text: text)
  }

  /// The runtime table of a manifest that did not come from a pipeline run with its table (one
  /// that tests, fuzzers and property tests build or split themselves). One that does not fit
  /// gives an empty table, in which every payload resolves as `missing_type`.
  package static func table(for manifest: ResolvedManifest) -> RouteTable {
    ((try? encode(manifest)) ?? EncodedTable(words: "", text: "")).runtimeTable
  }
}

private struct Writer {
  typealias Layout = RouteTableLayout
  private var words: [Int] = []
  private var text: [UInt8] = []
  /// Keyed by bytes, not `String`: `String` equality is canonical equivalence, so `é` and
  /// `e` + U+0301 would share an offset with different lengths.
  private var stringOffsets: [[UInt8]: Int] = [:]
  /// Every record written through `intern`, by its words.
  private var records: [[Int]: Int] = [:]
  /// Each base's index in the table's base list, by name.
  private var baseIndexes: [String: Int] = [:]
  /// Per screen, each parameter's index by name.
  private var screenParams: [[String: Int]] = []

  mutating func write(_ manifest: ResolvedManifest) throws(RouteTableEncoder.TableTooLarge) {
    words = Array(repeating: 0, count: Layout.Header.allCases.count)
    set(.version, Layout.version)
    baseIndexes = Dictionary(
      manifest.bases.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
    screenParams = manifest.screens.map { screen in
      Dictionary(
        screen.params.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
    }
    set(.variantCount, manifest.variants.count)
    set(.defaultVariant, manifest.defaultVariant)
    if let key = manifest.variantKey {
      let (offset, length) = string(key)
      set(.variantKeyOffset, offset)
      set(.variantKeyLength, length)
    } else {
      set(.variantKeyOffset, RouteTableWords.none)
      set(.variantKeyLength, RouteTableWords.none)
    }
    writeVariants(manifest.variants)
    try writeScreens(manifest.screens)
    writeRoutes(manifest)
    writeLookup(
      .pushTypeCount, .pushTypesAt,
      manifest.routes.enumerated().flatMap { index, route in
        ([route.pushType] + route.aliases).map { ($0, index) }
      })
    writeLookup(
      .remoteValueCount, .remoteValuesAt,
      manifest.variants.enumerated().flatMap { index, variant in
        variant.remoteValues.map { ($0, index) }
      })
    set(.fallbackRoute, manifest.fallback ?? RouteTableWords.none)
    set(.typeKeyCount, manifest.typeKeys.count)
    let typeKeys = manifest.typeKeys.map { keyPath($0) }
    set(.typeKeysAt, words.count)
    words.append(contentsOf: typeKeys)
    set(.baseCount, manifest.bases.count)
    set(.basesAt, words.count)
    for base in manifest.bases {
      var record = Record<Layout.Base>()
      record.set(.name, string(base.name))
      record.set(.url, string(base.url))
      append(record)
    }
    writeCategories(manifest.categories)
    writeLinks(manifest)
    set(.requirementCount, manifest.requirements.count)
    set(.requirementsAt, words.count)
    for requirement in manifest.requirements {
      var record = Record<Layout.RequirementEntry>()
      record.set(.name, string(requirement.name))
      record[.route] = requirement.route ?? RouteTableWords.none
      append(record)
    }
  }

  private mutating func writeCategories(_ categories: [ResolvedManifest.Category]) {
    let list = reserve(categories.count)
    set(.categoryCount, categories.count)
    set(.categoriesAt, list)
    for (index, category) in categories.enumerated() {
      words[list + index] = words.count
      var header = Record<Layout.Category>()
      header.set(.name, string(category.name))
      header[.actionCount] = category.actions.count
      append(header)
      for action in category.actions {
        var record = Record<Layout.Action>()
        record.set(.id, string(action.id))
        record.set(.title, string(action.title))
        record[.route] = action.route ?? RouteTableWords.none
        record[.flags] =
          (action.isDestructive ? Layout.ActionFlag.destructive.rawValue : 0)
          | (action.requiresAuthentication ? Layout.ActionFlag.authenticationRequired.rawValue : 0)
        append(record)
      }
    }
    writeLookup(
      .categoryCount, .categoryLookupAt,
      categories.enumerated().map { ($0.element.name, $0.offset) })
  }

  private mutating func writeLinks(_ manifest: ResolvedManifest) {
    set(.linkHostCount, manifest.linkHosts.count)
    set(.linkHostsAt, words.count)
    for host in manifest.linkHosts { appendString(host) }
    set(.linkSchemeCount, manifest.linkSchemes.count)
    set(.linkSchemesAt, words.count)
    for scheme in manifest.linkSchemes { appendString(scheme) }

    let patterns = RouteTableEncoder.linkPatterns(manifest)
    let list = reserve(patterns.count)
    set(.linkPatternCount, patterns.count)
    set(.linkPatternsAt, list)
    for (id, (route, index, pattern)) in patterns.enumerated() {
      words[list + id] = linkPattern(pattern, route: route, index: index)
    }
    let trie = RouteTableEncoder.linkTrie(patterns.map(\.pattern))
    let conditions = patterns.map { $0.pattern.conditions.count }
    set(.linkRoot, patterns.isEmpty ? RouteTableWords.none : linkNode(trie, conditions: conditions))
  }

  private mutating func linkPattern(_ pattern: LinkPattern<String>, route: Int, index: Int) -> Int {
    var placeholder = 0
    var segments: [Int] = []
    var pathPlaceholders: [Int] = []
    for (index, segment) in pattern.segments.enumerated() {
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
        pathPlaceholders.append(index)
        placeholder += 1
      }
      segments += record.words
    }
    var query: [Int] = []
    for item in pattern.query {
      var record = Record<Layout.LinkQuery>()
      switch item {
      case .condition(let key, let value):
        record[.kind] = Layout.LinkQueryKind.condition.rawValue
        record.set(.key, string(key))
        record.set(.value, string(value))
      case .bind(let key, _):
        record[.kind] = Layout.LinkQueryKind.bind.rawValue
        record.set(.key, string(key))
        record[.placeholder] = placeholder
        placeholder += 1
      }
      query += record.words
    }
    var record = Record<Layout.LinkPattern>()
    record[.route] = route
    record.set(.text, string(pattern.text))
    record[.index] = index
    record[.segmentCount] = pattern.segments.count
    record[.segmentsAt] = intern(segments)
    record[.queryCount] = pattern.query.count
    record[.queryAt] = intern(query)
    record[.conditionCount] = pattern.conditions.count
    record[.pathPlaceholderCount] = pathPlaceholders.count
    record[.pathPlaceholdersAt] = intern(pathPlaceholders)
    return intern(record.words)
  }

  /// Writes the node's children first, so the node can hold their offsets.
  private mutating func linkNode(_ node: RouteTableEncoder.LinkTrieNode, conditions: [Int]) -> Int {
    let children = node.literalOrder.compactMap { text in
      node.literals[text].map { (text, linkNode($0, conditions: conditions)) }
    }
    let param = node.param.map { linkNode($0, conditions: conditions) } ?? RouteTableWords.none
    // Most conditions first; manifest order among equals keeps the table deterministic.
    func ordered(_ ids: [Int]) -> [Int] {
      ids.enumerated().sorted {
        (conditions[$0.element], -$0.offset) > (conditions[$1.element], -$1.offset)
      }.map(\.element)
    }
    var record = Record<Layout.LinkNode>()
    record[.terminalCount] = node.terminals.count
    record[.terminalsAt] = intern(ordered(node.terminals))
    record[.restCount] = node.rests.count
    record[.restAt] = intern(ordered(node.rests))
    record[.paramChild] = param
    let start = words.count
    append(record)
    // The literals' lookup table follows, at `LinkNode.literals`.
    writeLookupTable(children)
    return start
  }

  /// The two strings; fails when an offset would not fit a word.
  func finish() throws(RouteTableEncoder.TableTooLarge) -> (words: String, text: String) {
    guard words.count <= RouteTableEncoder.TableTooLarge.limit else {
      throw .words(count: words.count)
    }
    guard text.count <= RouteTableEncoder.TableTooLarge.limit else {
      throw .text(bytes: text.count)
    }
    var characters: [UInt8] = []
    characters.reserveCapacity(words.count * RouteTableWords.wordWidth)
    for word in words {
      // Every word is a count, offset, code or checked number below the limit, or `none`.
      guard RouteTableWords.encode(word, into: &characters) else {
        throw .words(count: words.count)
      }
    }
    return (String(decoding: characters, as: UTF8.self), String(decoding: text, as: UTF8.self))
  }

  // MARK: Sections

  private mutating func writeVariants(_ variants: [ResolvedManifest.Variant]) {
    let records = reserve(variants.count * Layout.Variant.width)
    set(.variantsAt, records)
    for (index, variant) in variants.enumerated() {
      var record = Record<Layout.Variant>()
      record.set(.name, string(variant.name))
      record[.tabCount] = variant.tabs.count
      record[.tabsAt] = words.count
      for tab in variant.tabs { appendString(tab) }
      put(record, at: records + index * Layout.Variant.width)
    }
  }

  private mutating func writeScreens(
    _ screens: [ResolvedManifest.Screen]
  ) throws(RouteTableEncoder.TableTooLarge) {
    let records = reserve(screens.count * Layout.Screen.width)
    set(.screenCount, screens.count)
    set(.screensAt, records)
    for (index, screen) in screens.enumerated() {
      var record = Record<Layout.Screen>()
      record.set(.name, string(screen.name))
      record[.paramCount] = screen.params.count
      let params = reserve(screen.params.count * Layout.Param.width)
      record[.paramsAt] = params
      put(record, at: records + index * Layout.Screen.width)
      for (paramIndex, param) in screen.params.enumerated() {
        guard (0...RouteTableEncoder.TableTooLarge.limit).contains(param.maxLength) else {
          throw .maxLength(screen: screen.name, param: param.name, value: param.maxLength)
        }
        var entry = Record<Layout.Param>()
        entry.set(.name, string(param.name))
        entry[.type] = Layout.typeCode(param.type)
        entry[.defaultAt] = RouteTableWords.none
        switch param.requirement {
        case .required: entry[.requirement] = Layout.Requirement.required.rawValue
        case .optional: entry[.requirement] = Layout.Requirement.optional.rawValue
        case .defaulted(let value):
          entry[.requirement] = Layout.Requirement.defaulted.rawValue
          entry[.defaultAt] = self.value(value)
        }
        entry[.maxLength] = param.maxLength
        put(entry, at: params + paramIndex * Layout.Param.width)
      }
    }
  }

  private mutating func writeRoutes(_ manifest: ResolvedManifest) {
    let table = reserve(manifest.routes.count)
    set(.routeCount, manifest.routes.count)
    set(.routesAt, table)
    for (index, route) in manifest.routes.enumerated() {
      let effective = route.variants.map { variant in
        variant.map { self.effective($0) } ?? RouteTableWords.none
      }
      // A route that behaves the same in every variant points at its one effective route.
      let isShared = Set(effective).count == 1 && effective.first != RouteTableWords.none
      let effectiveAt =
        isShared ? effective[0] : intern(effective)
      let start = reserve(Layout.Route.width)
      words[table + index] = start
      var record = Record<Layout.Route>()
      record.set(.pushType, string(route.pushType))
      record[.foreground] = ForegroundPolicy.allCases.firstIndex(of: route.foreground) ?? 0
      record[.aliasCount] = route.aliases.count
      record[.variantsKind] = (isShared ? Layout.VariantsKind.shared : .perVariant).rawValue
      record[.effectiveAt] = effectiveAt
      record[.requirementCount] = route.requires.count
      record[.requirementsAt] = intern(route.requires)
      record[.aliasesAt] = words.count
      for alias in route.aliases { appendString(alias) }
      put(record, at: start)
    }
  }

  private mutating func effective(_ route: ResolvedManifest.EffectiveRoute) -> Int {
    var sources: [Int] = []
    sources.reserveCapacity(route.params.count * Layout.Source.width)
    for source in route.params {
      var record = Record<Layout.Source>()
      switch source {
      case .payload(let path):
        record[.kind] = Layout.SourceKind.payload.rawValue
        record[.keyPathAt] = keyPath(path)
      case .constant(let constant):
        record[.kind] = Layout.SourceKind.constant.rawValue
        record[.valueAt] = value(constant)
      }
      sources += record.words
    }
    var record = Record<Layout.EffectiveRoute>()
    record[.screen] = route.screen
    record[.presentation] = route.presentation == .modal ? 1 : 0
    record[.tabIndex] = route.tab?.index ?? RouteTableWords.none
    // Written in this order (sources, URL, links), which the table's bytes depend on.
    record[.sourcesAt] = intern(sources)
    record[.urlAt] =
      route.url.map { url($0, params: screenParams[route.screen]) } ?? RouteTableWords.none
    record[.linksAt] = intern(route.links.map { intern($0.params) })
    record[.stackCount] = route.stack.count
    record[.stackAt] = intern(route.stack.flatMap { stackEntry($0) })
    return intern(record.words)
  }

  private mutating func stackEntry(_ entry: ResolvedManifest.StackEntry) -> [Int] {
    var sources: [Int] = []
    for value in entry.params {
      var record = Record<Layout.Source>()
      switch value {
      case .routeParam(let index):
        record[.kind] = Layout.SourceKind.routeParam.rawValue
        record[.routeParam] = index
      case .constant(let constant):
        record[.kind] = Layout.SourceKind.constant.rawValue
        record[.valueAt] = self.value(constant)
      case .absent:
        record[.kind] = Layout.SourceKind.absent.rawValue
        record[.routeParam] = RouteTableWords.none
      }
      sources += record.words
    }
    var record = Record<Layout.StackEntry>()
    record[.screen] = entry.screen
    record[.sourcesAt] = intern(sources)
    return record.words
  }

  /// `params` gives the index of each of the screen's parameters by name.
  private mutating func url(_ template: URLTemplate, params: [String: Int]) -> Int {
    let none = RouteTableWords.none
    var header = Record<Layout.URLTemplate>()
    header[.partCount] = template.parts.count
    var parts = header.words
    for (index, part) in template.parts.enumerated() {
      var record = Record<Layout.URLPart>()
      record[.param] = none
      record.set(.text, (none, none))
      switch part {
      case .variable(let name) where index == 0:
        // The validator has checked that a template's first `{name}` is a declared base.
        record[.kind] = Layout.URLPartKind.base.rawValue
        record[.param] = baseIndexes[name] ?? none
      case .literal(let literal):
        record[.kind] = Layout.URLPartKind.literal.rawValue
        record.set(.text, string(URLTemplate.encodedLiteral(literal)))
      case .variable(let name):
        record[.kind] = Layout.URLPartKind.variable.rawValue
        record[.param] = params[name] ?? none
      case .query(let op, let names):
        record[.kind] = (op == .question ? Layout.URLPartKind.question : .ampersand).rawValue
        let entries = names.flatMap { name in
          var entry = Record<Layout.URLQueryName>()
          entry[.param] = params[name] ?? none
          entry.set(.text, string(name))
          return entry.words
        }
        record.set(.nameCount, (names.count, intern(entries)))
      }
      parts += record.words
    }
    return intern(parts)
  }

  private mutating func keyPath(_ path: [String]) -> Int {
    var header = Record<Layout.KeyPath>()
    header[.segmentCount] = path.count
    return intern(header.words + path.flatMap { stringWords($0) })
  }

  private mutating func value(_ value: ParamValue) -> Int {
    var record = Record<Layout.Value>()
    record[.type] = Layout.typeCode(value.type)
    record.set(.text, string(value.formatted))
    return intern(record.words)
  }

  /// A table of (key, target) sorted by the keys' UTF-8 bytes, then its hash slots.
  private mutating func writeLookup(
    _ countField: Layout.Header, _ atField: Layout.Header, _ entries: [(String, Int)]
  ) {
    set(countField, entries.count)
    set(atField, words.count + 1)
    writeLookupTable(entries)
  }

  /// `count`, then the records sorted by key bytes, then the hash slots; the records start one
  /// word after the count.
  private mutating func writeLookupTable(_ entries: [(String, Int)]) {
    let sorted = entries.sorted { Array($0.0.utf8).lexicographicallyPrecedes(Array($1.0.utf8)) }
    words.append(sorted.count)
    for (key, target) in sorted {
      var record = Record<Layout.LookupEntry>()
      record.set(.key, string(key))
      record[.target] = target
      append(record)
    }
    let slots = Layout.hashSlots(forEntries: sorted.count)
    var index = Array(repeating: RouteTableWords.none, count: sorted.isEmpty ? 0 : slots)
    for (entry, (key, _)) in sorted.enumerated() {
      var slot = Layout.hash(key.utf8) & (slots - 1)
      while index[slot] != RouteTableWords.none { slot = (slot + 1) & (slots - 1) }
      index[slot] = entry
    }
    words.append(contentsOf: index)
  }

  // MARK: Primitives

  private mutating func set(_ field: Layout.Header, _ value: Int) {
    words[field.rawValue] = value
  }

  /// Appends `record`'s words.
  private mutating func append<Field>(_ record: Record<Field>) {
    words.append(contentsOf: record.words)
  }

  /// Writes `record`'s words over the reserved ones from `start` on.
  private mutating func put<Field>(_ record: Record<Field>, at start: Int) {
    words.replaceSubrange(start..<(start + record.words.count), with: record.words)
  }

  private mutating func reserve(_ count: Int) -> Int {
    let start = words.count
    words.append(contentsOf: repeatElement(0, count: count))
    return start
  }

  /// Where `record` is in the words: where an equal record was written before, or at the end.
  /// Records are read only by offset and length, so sharing words between unrelated records
  /// that happen to be equal is harmless.
  private mutating func intern(_ record: [Int]) -> Int {
    if let start = records[record] { return start }
    let start = words.count
    words.append(contentsOf: record)
    records[record] = start
    return start
  }

  private mutating func appendString(_ value: String) {
    words.append(contentsOf: stringWords(value))
  }

  private mutating func stringWords(_ value: String) -> [Int] {
    let (offset, length) = string(value)
    return [offset, length]
  }

  /// The (offset, length) of `value` in the text, each distinct byte sequence stored once.
  private mutating func string(_ value: String) -> (Int, Int) {
    let bytes = Array(value.utf8)
    if let offset = stringOffsets[bytes] {
      return (offset, bytes.count)
    }
    let offset = text.count
    text.append(contentsOf: bytes)
    stringOffsets[bytes] = offset
    return (offset, bytes.count)
  }
}

/// The words of one record of the table, set field by field through the layout's names.
private struct Record<Field: TableRecord> {
  private(set) var words = Array(repeating: 0, count: Field.width)

  subscript(_ field: Field) -> Int {
    get { words[field.rawValue] }
    set { words[field.rawValue] = newValue }
  }

  /// Sets a string field's two words (offset and length), or two numbers sharing its place.
  mutating func set(_ field: Field, _ pair: (Int, Int)) {
    words[field.rawValue] = pair.0
    words[field.rawValue + 1] = pair.1
  }
}
