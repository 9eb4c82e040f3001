import RouteTable

/// Stage 4 of the pipeline: `ResolvedManifest` -> the packed `RouteTableImage` the runtime
/// reads. `routec resolve` runs the resolver on this image, and generated code embeds the same
/// two strings, so both resolve through one format and one resolver.
///
/// The output is deterministic: the same manifest always gives the same strings.
public enum RouteTableEncoder {
  public static func encode(_ manifest: ResolvedManifest) -> (words: String, text: String) {
    var writer = Writer()
    writer.write(manifest)
    return writer.finish()
  }

  public static func table(for manifest: ResolvedManifest) -> RouteTable {
    let (words, text) = encode(manifest)
    return RouteTable(image: RouteTableImage(copyingWords: words, text: text))
  }
}

private struct Writer {
  typealias Layout = RouteTableLayout
  private var words: [Int] = []
  private var text: [UInt8] = []
  private var stringOffsets: [String: Int] = [:]

  mutating func write(_ manifest: ResolvedManifest) {
    words = Array(repeating: 0, count: Layout.Header.allCases.count)
    set(.version, Layout.version)
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
    writeScreens(manifest.screens)
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
    let typeKeys = reserve(manifest.typeKeys.count)
    for (index, path) in manifest.typeKeys.enumerated() {
      words[typeKeys + index] = keyPath(path)
    }
    set(.typeKeysAt, typeKeys)
    set(.baseCount, manifest.bases.count)
    set(.basesAt, words.count)
    for base in manifest.bases {
      appendString(base.name)
      appendString(base.url)
    }
  }

  func finish() -> (words: String, text: String) {
    var characters: [UInt8] = []
    characters.reserveCapacity(words.count * RouteTableWords.wordWidth)
    for word in words {
      RouteTableWords.encode(word, into: &characters)
    }
    return (String(decoding: characters, as: UTF8.self), String(decoding: text, as: UTF8.self))
  }

  // MARK: Sections

  private mutating func writeVariants(_ variants: [ResolvedManifest.Variant]) {
    let records = reserve(variants.count * Layout.variantRecord)
    set(.variantsAt, records)
    for (index, variant) in variants.enumerated() {
      let record = records + index * Layout.variantRecord
      (words[record], words[record + 1]) = string(variant.name)
      words[record + 2] = variant.tabs.count
      words[record + 3] = words.count
      for tab in variant.tabs { appendString(tab) }
    }
  }

  private mutating func writeScreens(_ screens: [ResolvedManifest.Screen]) {
    let records = reserve(screens.count * Layout.screenRecord)
    set(.screenCount, screens.count)
    set(.screensAt, records)
    for (index, screen) in screens.enumerated() {
      let record = records + index * Layout.screenRecord
      (words[record], words[record + 1]) = string(screen.name)
      words[record + 2] = screen.params.count
      let params = reserve(screen.params.count * Layout.paramRecord)
      words[record + 3] = params
      for (paramIndex, param) in screen.params.enumerated() {
        let at = params + paramIndex * Layout.paramRecord
        (words[at], words[at + 1]) = string(param.name)
        words[at + 2] = Layout.typeCode(param.type)
        switch param.requirement {
        case .required:
          words[at + 3] = Layout.Requirement.required.rawValue
          words[at + 4] = RouteTableWords.none
        case .optional:
          words[at + 3] = Layout.Requirement.optional.rawValue
          words[at + 4] = RouteTableWords.none
        case .defaulted(let value):
          words[at + 3] = Layout.Requirement.defaulted.rawValue
          words[at + 4] = self.value(value)
        }
        words[at + 5] = param.maxLength
      }
    }
  }

  private mutating func writeRoutes(_ manifest: ResolvedManifest) {
    let table = reserve(manifest.routes.count)
    set(.routeCount, manifest.routes.count)
    set(.routesAt, table)
    for (index, route) in manifest.routes.enumerated() {
      let record = reserve(Layout.routeRecordHeader + manifest.variants.count)
      words[table + index] = record
      (words[record], words[record + 1]) = string(route.pushType)
      words[record + 2] = ForegroundPolicy.allCases.firstIndex(of: route.foreground) ?? 0
      words[record + 3] = route.aliases.count
      words[record + 4] = words.count
      for alias in route.aliases { appendString(alias) }
      for (variant, effective) in route.variants.enumerated() {
        words[record + Layout.routeRecordHeader + variant] =
          effective.map { self.effective($0, screen: manifest.screens[$0.screen]) }
          ?? RouteTableWords.none
      }
    }
  }

  private mutating func effective(
    _ route: ResolvedManifest.EffectiveRoute, screen: ResolvedManifest.Screen
  ) -> Int {
    let record = reserve(Layout.effectiveRouteRecord)
    words[record] = route.screen
    words[record + 1] = route.presentation == .modal ? 1 : 0
    words[record + 2] = route.tab?.index ?? RouteTableWords.none
    words[record + 3] = route.url.map { url($0) } ?? RouteTableWords.none
    let sources = reserve(route.params.count * Layout.sourceRecord)
    words[record + 4] = sources
    for (index, source) in route.params.enumerated() {
      let at = sources + index * Layout.sourceRecord
      switch source {
      case .payload(let path):
        words[at] = Layout.SourceKind.payload.rawValue
        words[at + 1] = keyPath(path)
      case .constant(let constant):
        words[at] = Layout.SourceKind.constant.rawValue
        words[at + 1] = value(constant)
      }
    }
    return record
  }

  private mutating func url(_ template: URLTemplate) -> Int {
    let start = reserve(1 + template.parts.count * Layout.urlPartRecord)
    words[start] = template.parts.count
    for (index, part) in template.parts.enumerated() {
      let at = start + 1 + index * Layout.urlPartRecord
      switch part {
      case .literal(let literal):
        words[at] = Layout.URLPartKind.literal.rawValue
        (words[at + 1], words[at + 2]) = string(literal)
      case .variable(let name):
        words[at] = Layout.URLPartKind.variable.rawValue
        (words[at + 1], words[at + 2]) = string(name)
      case .query(let op, let names):
        words[at] = (op == .question ? Layout.URLPartKind.question : .ampersand).rawValue
        words[at + 1] = names.count
        words[at + 2] = words.count
        for name in names { appendString(name) }
      }
    }
    return start
  }

  private mutating func keyPath(_ path: [String]) -> Int {
    let start = words.count
    words.append(path.count)
    for segment in path { appendString(segment) }
    return start
  }

  private mutating func value(_ value: ParamValue) -> Int {
    let start = words.count
    words.append(Layout.typeCode(value.type))
    appendString(value.formatted)
    return start
  }

  /// A table of (key, target) sorted by the keys' UTF-8 bytes, for binary search.
  private mutating func writeLookup(
    _ countField: Layout.Header, _ atField: Layout.Header, _ entries: [(String, Int)]
  ) {
    let sorted = entries.sorted { Array($0.0.utf8).lexicographicallyPrecedes(Array($1.0.utf8)) }
    set(countField, sorted.count)
    set(atField, words.count)
    for (key, target) in sorted {
      appendString(key)
      words.append(target)
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

  private mutating func reserve(_ count: Int) -> Int {
    let start = words.count
    words.append(contentsOf: repeatElement(0, count: count))
    return start
  }

  private mutating func appendString(_ value: String) {
    let (offset, length) = string(value)
    words.append(offset)
    words.append(length)
  }

  /// The (offset, length) of `value` in the text, each distinct string stored once.
  private mutating func string(_ value: String) -> (Int, Int) {
    let length = value.utf8.count
    if let offset = stringOffsets[value] {
      return (offset, length)
    }
    let offset = text.count
    text.append(contentsOf: value.utf8)
    stringOffsets[value] = offset
    return (offset, length)
  }
}
