/// Where things are in the word array. The encoder writes and the reader reads through these
/// names only, so the two cannot drift apart.
package enum RouteTableLayout {
  package static let version = 8

  /// Header words.
  package enum Header: Int, CaseIterable {
    case version = 0
    case variantCount, defaultVariant, variantKeyOffset, variantKeyLength, variantsAt
    case screenCount, screensAt
    case routeCount, routesAt
    case pushTypeCount, pushTypesAt
    case remoteValueCount, remoteValuesAt
    case fallbackRoute
    case typeKeyCount, typeKeysAt
    case baseCount, basesAt
    case categoryCount, categoriesAt, categoryLookupAt
    case linkHostCount, linkHostsAt, linkSchemeCount, linkSchemesAt
    case linkPatternCount, linkPatternsAt, linkRoot
  }

  /// Words per record in fixed-size tables.
  package static let variantRecord = 4  // name(2), tabCount, tabsAt -> tabCount names(2)
  package static let screenRecord = 4  // name(2), paramCount, paramsAt -> paramCount params
  package static let paramRecord = 6  // name(2), type, requirement, valueAt, maxLength
  /// A lookup table (push types with aliases, remote-config values): `count` records of key(2)
  /// and target, sorted by key bytes, then `hashSlots(forEntries: count)` slots, each the index
  /// of a record or `none`, placed by `hash` of the key with linear probing.
  package static let lookupRecord = 3

  /// A power of two at least twice the entries, so probes stay short.
  package static func hashSlots(forEntries count: Int) -> Int {
    guard count > 0 else { return 1 }
    return 1 << (Int.bitWidth - (2 * count - 1).leadingZeroBitCount)
  }

  /// FNV-1a (32 bits) of the key's UTF-8 bytes: simple, and the same on every platform.
  package static func hash(_ bytes: some Sequence<UInt8>) -> Int {
    var hash: UInt32 = 0x811C_9DC5
    for byte in bytes {
      hash = (hash ^ UInt32(byte)) &* 0x0100_0193
    }
    return Int(hash)
  }
  package static let baseRecord = 4  // name(2), url(2)
  /// A notification category, listed in manifest order at `categoriesAt` (one record offset per
  /// category) and found by name through the lookup table at `categoryLookupAt`: name(2),
  /// actionCount, then that many action records.
  package static let categoryRecordHeader = 3
  /// An action button: id(2), title(2), route (`none`: the app handles it), flags.
  package static let actionRecord = 6
  package enum ActionFlag: Int { case destructive = 1, authenticationRequired = 2 }
  /// A route record: pushType(2), foreground, aliasCount, aliasesAt, variantsKind, effectiveAt.
  /// With `VariantsKind.shared`, `effectiveAt` is the effective route of every variant; with
  /// `perVariant`, it points at one effective-route reference per variant (`none` where the
  /// route does not exist).
  package static let routeRecord = 7
  package enum VariantsKind: Int { case perVariant = 0, shared }
  /// An effective route: screen, presentation, tabIndex, urlAt, sourcesAt -> one source per
  /// screen parameter, linksAt -> per link pattern of the route, the offset of its bindings: one
  /// screen parameter index per placeholder, in the pattern's placeholder order.
  package static let effectiveRouteRecord = 6
  /// A parameter source: kind (0 payload key path, 1 constant), keyPathAt or valueAt.
  package static let sourceRecord = 2
  /// A value: type, text(2) as `ParamValue.formatted` prints it.
  package static let valueRecord = 3
  /// A URL template: partCount, then per part: kind, param, a(2). A part's handle is the word
  /// after its kind (a query name's, its entry): that word is the screen parameter whose value
  /// it takes, and the two after it are its text. A literal has no parameter and its text is
  /// stored as `PercentEncoding.encoded(_:keeping: .uriCharacters, keepingEscapes: true)` returns it, so expansion copies it; a variable has
  /// its parameter and no text; the base a template starts with has the base's index in place of
  /// a parameter, so it is found without comparing names; a query expression has no parameter and
  /// a(2) is nameCount and namesAt, each name an entry of parameter and text(2).
  package static let urlPartRecord = 4
  package static let urlQueryNameRecord = 3

  /// A link pattern, listed in manifest order at `linkPatternsAt`: route, text(2), the pattern's
  /// index among its route's patterns, segmentCount, segmentsAt, queryCount, queryAt,
  /// conditionCount, pathPlaceholderCount, pathPlaceholdersAt (the indexes of the segments that
  /// are placeholders, so a match checks and reads them without walking the literals). Placeholders are numbered in the order written (path, then query); a
  /// route's effective record maps each to a screen parameter per variant.
  package static let linkPatternRecord = 11
  /// A pattern's path segment: kind, then the literal's decoded text(2) or the placeholder number.
  package static let linkSegmentRecord = 3
  package enum LinkSegmentKind: Int { case literal = 0, param, rest }
  /// A pattern's query item: kind, key(2), then the condition's value(2) or the placeholder number.
  package static let linkQueryRecord = 5
  package enum LinkQueryKind: Int { case condition = 0, bind }
  /// A node of the trie of every pattern's path, one level per segment: terminalCount,
  /// terminalsAt (patterns whose path ends here), restCount, restAt (patterns whose `{name*}`
  /// starts here), paramChild (`{name}` here), then a lookup table (`literalCount`, records and
  /// hash slots, as for push types) from a literal segment to its child. Pattern lists are
  /// ordered by condition count, most first, so the first pattern that holds is the most
  /// specific.
  package static let linkNodeHeader = 6

  package enum Requirement: Int { case required = 0, defaulted, optional }
  package enum SourceKind: Int { case payload = 0, constant }
  package enum URLPartKind: Int { case literal = 0, variable, question, ampersand, base }

  package static func typeCode(_ type: ParamType) -> Int {
    switch type {
    case .string: 0
    case .int: 1
    case .bool: 2
    case .double: 3
    }
  }

  package static func type(code: Int) -> ParamType? {
    switch code {
    case 0: .string
    case 1: .int
    case 2: .bool
    case 3: .double
    default: nil
    }
  }
}
