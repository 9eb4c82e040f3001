/// The fields of a record in the word array: each case is a field, its raw value the offset of
/// the field's first word in the record. A string field is two words (offset and length into the
/// text). The encoder writes and every reader reads a record through these names only, so the
/// two cannot drift apart.
package protocol TableRecord: RawRepresentable<Int> {
  /// The words one record takes; a table of records of this kind strides by it.
  static var width: Int { get }
}

extension RouteTableLayout {
  /// An entry of a list of names (a variant's tabs, a route's aliases, the link hosts and
  /// schemes, a key path's segments): the name's text.
  package enum Name: Int, TableRecord {
    case text = 0
    package static var width: Int { 2 }
  }

  /// A key path: `segmentCount`, then that many `Name`s from `segments` on.
  package enum KeyPath: Int, TableRecord {
    case segmentCount = 0, segments
    package static var width: Int { 1 }
  }

  /// A variant, at `Header.variantsAt` in manifest order: its name, and its tabs (`tabCount`
  /// names at `tabsAt`).
  package enum Variant: Int, TableRecord {
    case name = 0, tabCount = 2, tabsAt
    package static var width: Int { 4 }
  }

  /// A screen, at `Header.screensAt` in manifest order: its name, and its parameters
  /// (`paramCount` `Param` records at `paramsAt`).
  package enum Screen: Int, TableRecord {
    case name = 0, paramCount = 2, paramsAt
    package static var width: Int { 4 }
  }

  /// A screen parameter: its name, type (`typeCode`), `Requirement`, the default's `Value`
  /// record (`none` unless defaulted), `max_length`, its `choices` as a lookup table (its
  /// count word; `none` without choices), and its `prefix` (empty without).
  package enum Param: Int, TableRecord {
    case name = 0, type = 2, requirement, defaultAt, maxLength, choicesAt, prefix
    package static var width: Int { 9 }
  }

  /// An entry of a lookup table: its key and its target.
  package enum LookupEntry: Int, TableRecord {
    case key = 0, target = 2
    package static var width: Int { 3 }
  }

  /// A quick action or activity type, in manifest order at `Header.shortcutListAt` or
  /// `activityListAt`: its type, its route, its title (`none` for none) and whether the app adds
  /// it at run time (1; an activity is always 1). The builders walk these lists; resolution
  /// looks types up in the lookup tables.
  package enum DoorEntry: Int, TableRecord {
    case type = 0, route = 2, title = 3, dynamic = 5
    package static var width: Int { 6 }
  }

  /// A base URL, at `Header.basesAt`: its name and its URL.
  package enum Base: Int, TableRecord {
    case name = 0, url = 2
    package static var width: Int { 4 }
  }

  /// A notification category, listed in manifest order at `Header.categoriesAt` (one record
  /// offset per category) and found by name through the lookup table at `categoryLookupAt`: its
  /// name, the route a tap opens when the payload names none (`none`: none), then
  /// `actionCount` `Action` records from `actions` on.
  package enum Category: Int, TableRecord {
    case name = 0, actionCount = 2, route, actions
    package static var width: Int { 4 }
  }

  /// A `when_present` route, in manifest order at `Header.presentAt`: the route, and the key
  /// paths a payload must hold (`keyPathCount` key path record offsets at `keyPathsAt`). The
  /// lookup table at `Header.presentLookupAt` maps the first key of a route's first key path to
  /// a list (a count, then positions in this order, ascending) of the routes it starts, so a
  /// payload is checked against the routes its own top-level keys can satisfy.
  package enum PresentRoute: Int, TableRecord {
    case route = 0, keyPathCount, keyPathsAt
    package static var width: Int { 3 }
  }

  /// An action button: its id, title, route (`none`: the app handles it) and `ActionFlag`s.
  package enum Action: Int, TableRecord {
    case id = 0, title = 2, route = 4, flags
    package static var width: Int { 6 }
  }

  /// A route, one record offset per route at `Header.routesAt`: its route key, foreground
  /// policy (an index into `ForegroundPolicy.allCases`), its aliases (`aliasCount` names at
  /// `aliasesAt`), and its effective routes: with `VariantsKind.shared`, `effectiveAt` is the
  /// `EffectiveRoute` of every variant; with `perVariant`, it points at one effective-route
  /// offset per variant (`none` where the route does not exist).
  /// `requirementCount` words at `requirementsAt`: the positions of the requirements the route
  /// requires, ascending. `target` is a `RouteTarget`; for `appAction` and `reroute`,
  /// `targetName` is the action's name or the rerouted parameter's.
  package enum Route: Int, TableRecord {
    case key = 0, foreground = 2, aliasCount, aliasesAt, variantsKind, effectiveAt
    case requirementCount, requirementsAt, target, targetName
    package static var width: Int { 12 }
  }

  /// A requirement, at `Header.requirementsAt` in manifest order: its name and the route shown
  /// while it does not hold (`none`: none).
  package enum RequirementEntry: Int, TableRecord {
    case name = 0, route = 2
    package static var width: Int { 3 }
  }

  /// A screen of a route's back stack: its index, and one `Source` per parameter of that screen
  /// at `sourcesAt` (a constant, the route's parameter, or absent).
  package enum StackEntry: Int, TableRecord {
    case screen = 0, sourcesAt
    package static var width: Int { 2 }
  }

  /// A route as it behaves in a variant: its screen's index, presentation (1: modal), tab index
  /// (`none`: none), URL template (`none`: none), one `Source` per screen parameter at
  /// `sourcesAt`, and at `linksAt` one offset per link pattern of the route: that pattern's
  /// bindings, one screen parameter index per placeholder in the pattern's placeholder order.
  /// `stackCount` `StackEntry` records at `stackAt`: the screens beneath it, bottom first.
  package enum EffectiveRoute: Int, TableRecord {
    case screen = 0, presentation, tabIndex, urlAt, sourcesAt, linksAt, stackCount, stackAt
    package static var width: Int { 8 }
  }

  /// Where a screen parameter's value comes from: a `SourceKind`, then the key path record (a
  /// count, then that many strings) of a payload source, the `Value` record of a constant, or
  /// the index of the route's parameter.
  package enum Source: Int, TableRecord {
    case kind = 0, keyPathAt
    package static var width: Int { 2 }
    /// A constant's `Value` record, in the word a payload source's key path takes.
    package static var valueAt: Source { .keyPathAt }
    /// The index of the route's parameter a stack entry's parameter takes, in the same word.
    package static var routeParam: Source { .keyPathAt }
  }

  /// A typed value (a default or a constant): its type (`typeCode`), then its text as
  /// `ParamValue.formatted` prints it.
  package enum Value: Int, TableRecord {
    case type = 0, text
    package static var width: Int { 3 }
  }

  /// A URL template: `partCount`, then that many `URLPart` records from `parts` on.
  package enum URLTemplate: Int, TableRecord {
    case partCount = 0, parts
    package static var width: Int { 1 }
  }

  /// A URL template's part: its `URLPartKind`, the screen parameter whose value it takes (a
  /// base's index for the base a template starts with; `none` for a literal or a query), then a
  /// literal's text, stored percent-encoded as expansion writes it, or a query's names
  /// (`nameCount` `URLQueryName` records at `namesAt`). A part's handle is the offset of its
  /// `param` word: the word is the parameter, the two after it the text.
  package enum URLPart: Int, TableRecord {
    case kind = 0, param, text
    package static var width: Int { 4 }
    /// A query expression's name count, in the word a literal's text offset takes.
    package static var nameCount: URLPart { .text }
    /// A query expression's names, in the word a literal's text length takes.
    package static var namesAt: Int { URLPart.text.rawValue + 1 }
  }

  /// A name of a query expression: the screen parameter it takes the value of, then its text.
  package enum URLQueryName: Int, TableRecord {
    case param = 0, text
    package static var width: Int { 3 }
  }

  /// A link pattern, listed in manifest order at `Header.linkPatternsAt`: its route, its text,
  /// its index among its route's patterns, its path (`segmentCount` `LinkSegment` records at
  /// `segmentsAt`, followed by its fragment's `fragmentSegmentCount`), its query (`queryCount`
  /// `LinkQuery` records at `queryAt`, followed by its fragment's `fragmentQueryCount`), how many
  /// query items of both are conditions, and the indexes in that segment list of the segments
  /// that are placeholders or `{_}` (`pathPlaceholderCount` words at `pathPlaceholdersAt`), so a
  /// match checks and reads them without walking the literals. `fragmentSegmentCount` is `none`
  /// for a pattern without a fragment. Placeholders are numbered in the order written (path,
  /// query, fragment path, fragment query); `{_}` takes no number. `targetsAt` is `none` for a
  /// pattern of every host and scheme, else a count and that many target numbers, ascending:
  /// host `i` is `i`, scheme `j` is `linkHostCount + j`.
  /// The host entries (`Name`s at `Header.linkHostsAt`) are `links.hosts` as written, a
  /// wildcard as `*.domain`, then `*` when a pattern names it; `none` does not reach `*`; host
  /// entry `i` is target `i`. `foldsCase` is 1 for a pattern written with
  /// `case_sensitive: false` (its literal segments, condition values and the `choices` of the
  /// parameters it binds compare with ASCII letters folded), 0 otherwise.
  package enum LinkPattern: Int, TableRecord {
    case route = 0, text, index = 3, segmentCount, segmentsAt, queryCount, queryAt
    case conditionCount, pathPlaceholderCount, pathPlaceholdersAt, targetsAt
    case fragmentSegmentCount, fragmentQueryCount, foldsCase
    package static var width: Int { 15 }
  }

  /// A pattern's path segment: its `LinkSegmentKind`, then a literal's decoded text or a
  /// placeholder's number (`none` for `{_}`), and for an `affixed` one, its `LinkAffix` record.
  package enum LinkSegment: Int, TableRecord {
    case kind = 0, text, affixAt = 2
    package static var width: Int { 3 }
    /// A placeholder's number, in the word a literal's text offset takes.
    package static var placeholder: LinkSegment { .text }
  }

  /// The literal text of an `affixed` segment, decoded: before and after its placeholder,
  /// whether the placeholder binds the whole segment (a `{param}` whose parameter declares
  /// `prefix`, 1) or what lies between (0), and whether the text compares with ASCII letters
  /// folded (1: its text is folded already) or exactly (0).
  package enum LinkAffix: Int, TableRecord {
    case prefix = 0, suffix = 2, keepsPrefix = 4, foldsCase
    package static var width: Int { 6 }
  }

  /// A pattern's query item: its `LinkQueryKind`, its key, then a condition's value or a bound
  /// item's placeholder number (nothing for `absent` and `present`).
  package enum LinkQuery: Int, TableRecord {
    case kind = 0, key, value = 3
    package static var width: Int { 5 }
    /// A bound item's placeholder number, in the word a condition's value offset takes.
    package static var placeholder: LinkQuery { .value }
  }

  /// A node of the trie of every pattern's path, one level per segment, a fragment pattern's
  /// segments continuing below its path's last node through `fragmentChild`: the patterns whose
  /// path (or fragment) ends here (`terminalCount` at `terminalsAt`), those whose `{name*}`
  /// starts here (`restCount` at `restAt`), the `{name}` child and the fragment's root (`none`:
  /// none), the lookup table of case-insensitive literals at `foldedLiteralsAt` (`none`: none),
  /// the children of `PREFIX{param}SUFFIX` segments (`affixedCount` pairs of a `LinkAffix`
  /// record and a child at `affixedAt`, most literal text first), then a lookup table from a
  /// literal segment to its child, from `literals` on.
  /// A case-insensitive literal's key is its text with ASCII letters folded to lower case, and
  /// its child holds case-insensitive patterns only; such a pattern is also below every literal
  /// child whose text folds the same, so a segment found among the literals is not looked up
  /// again folded.
  /// Pattern lists are ordered by condition count, most first, so the first pattern that holds
  /// is the most specific.
  package enum LinkNode: Int, TableRecord {
    case terminalCount = 0, terminalsAt, restCount, restAt, paramChild, fragmentChild
    case foldedLiteralsAt, affixedCount, affixedAt, literals
    package static var width: Int { 9 }
  }
}

extension TableReader {
  /// The word of `field` of the record at `record`.
  @inline(__always)
  func word<Field: TableRecord>(_ record: Int, _ field: Field) -> Int {
    word(record &+ field.rawValue)
  }

  /// The bytes of the string `field` of the record at `record`.
  @inline(__always)
  func bytes<Field: TableRecord>(_ record: Int, _ field: Field) -> UnsafeBufferPointer<UInt8> {
    bytes(at: record &+ field.rawValue)
  }

  /// The length of the string `field` of the record at `record`, as its reference gives it,
  /// without reading its bytes: for measuring other text (a damaged table's length can only
  /// make that measure fail, never read outside the table).
  @inline(__always)
  func byteCount<Field: TableRecord>(_ record: Int, _ field: Field) -> Int {
    let length = word(record &+ field.rawValue &+ 1)
    return length == RouteTableWords.none ? 0 : length
  }

  /// The string `field` of the record at `record`.
  func string<Field: TableRecord>(_ record: Int, _ field: Field) -> String {
    string(at: record &+ field.rawValue)
  }

  /// A word that counts the records or words of a list: bounded by the table's size, so a
  /// damaged table's count never drives a loop past it.
  @inline(__always)
  func count<Field: TableRecord>(_ record: Int, _ field: Field) -> Int {
    max(0, min(word(record, field), wordCount))
  }

  /// The offset of record `index` of a table of `Record`s that starts at `start`.
  @inline(__always)
  func record<Record: TableRecord>(_ index: Int, of _: Record.Type, at start: Int) -> Int {
    start &+ index &* Record.width
  }
}
