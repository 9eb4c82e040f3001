/// Where things are in the word array. The encoder writes and the reader reads through these
/// names only, so the two cannot drift apart.
package enum RouteTableLayout {
  package static let version = 12

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
    case linkHostCount, linkHostsAt, linkSchemeCount, linkSchemesAt, linkSchemeAuthoritiesAt
    case linkPatternCount, linkPatternsAt, linkRoot
    case requirementCount, requirementsAt
    case shortcutCount, shortcutsAt, shortcutListAt, activityCount, activitiesAt, activityListAt
    case presentCount, presentAt, presentLookupCount, presentLookupAt, presentKeyFilter
    case intentCount, intentsAt
  }

  /// The bit of `Header.presentKeyFilter` a top-level payload key sets: of its length and first
  /// byte, so a payload key that starts no `when_present` route's key path (`aps`, mostly) is
  /// passed over without a lookup. The filter has a bit for each first key of those paths.
  package static func presentKeyBit(_ key: UnsafeBufferPointer<UInt8>) -> Int {
    guard let first = key.first else { return 1 }
    return 1 << ((key.count &* 31 &+ Int(first)) % RouteTableWords.bitsPerWord)
  }

  /// A lookup table (route keys with aliases, remote-config values, categories, quick action
  /// and activity types, intent keys, a link trie node's literals) is its count, then that many `LookupEntry` records sorted by key bytes,
  /// then `hashSlots(forEntries: count)` slots, each the index of a record or `none`, placed by
  /// `hash` of the key with linear probing. Where a table's count is in the header, its
  /// position is that of its first record.
  ///
  /// The slots of a lookup table: a power of two at least twice the entries, so probes stay
  /// short.
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

  /// Bits of `Action.flags`.
  package enum ActionFlag: Int { case destructive = 1, authenticationRequired = 2 }
  /// What `Route.effectiveAt` points at.
  package enum VariantsKind: Int { case perVariant = 0, shared }
  /// `any` is `{_}` and `anyRest` `{_*}`: they take segments like `param` and `rest` and bind
  /// nothing. `affixed` is `PREFIX{param}SUFFIX` (or `{_}` between literal text).
  package enum LinkSegmentKind: Int { case literal = 0, param, rest, any, anyRest, affixed }
  /// `absent` is `!key` and `present` a bare `key`.
  /// `rest` is `{name*}`, the last item: it binds the items no other item binds or tests.
  /// `presentBind` is `key={param}` of a required parameter: a binding the URL must hold.
  package enum LinkQueryKind: Int { case condition = 0, bind, absent, rest, present, presentBind }
  /// What a route does instead of opening a screen: nothing else, hand the app its action
  /// (`app_action`), or resolve its one parameter again as a link (`reroute`).
  package enum RouteTarget: Int { case screen = 0, appAction, reroute }
  /// What `Header.linkSchemeAuthoritiesAt` holds per scheme: how its URLs' authority is read.
  package enum SchemeAuthority: Int { case firstSegment = 0, host }
  package enum Requirement: Int { case required = 0, defaulted, optional }
  /// Where a parameter's value comes from: the payload (or a URL), a constant, the route's own
  /// parameter (a stack entry's), or nowhere (a stack entry's optional parameter left unbound).
  package enum SourceKind: Int { case payload = 0, constant, routeParam, absent }
  package enum URLPartKind: Int { case literal = 0, variable, question, ampersand, base, reserved }

  package static func typeCode(_ type: ParamType) -> Int {
    switch type {
    case .string: 0
    case .int: 1
    case .bool: 2
    case .double: 3
    case .query: 4
    }
  }

  package static func type(code: Int) -> ParamType? {
    switch code {
    case 0: .string
    case 1: .int
    case 2: .bool
    case 3: .double
    case 4: .query
    default: nil
    }
  }
}
