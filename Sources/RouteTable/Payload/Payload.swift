import Foundation

/// A push payload: the top-level JSON object of a notification, as `Sendable` values.
///
/// Build one from a `userInfo` dictionary (`application(_:didReceiveRemoteNotification:...)`,
/// `UNNotificationContent.userInfo`, launch options) or from JSON text. Conversion never fails
/// on odd values; see `PayloadValue.init(jsonObject:)` for what is kept.
public struct Payload: Sendable, Hashable {
  /// The top-level members.
  public var object: [String: PayloadValue] {
    didSet { keyIndex = PayloadKeyIndex.make(object) }
  }
  /// The members by their keys' bytes, for the resolver; kept in step with `object`.
  private(set) var keyIndex: PayloadKeyIndex?
  /// Whether `addingActivityValues` made it: only then are its `$webpage_url` and `$title`
  /// members read as a route's `from: $webpage_url` and `from: $title`.
  package internal(set) var carriesActivityValues = false

  public init(_ object: [String: PayloadValue]) {
    self.object = object
    keyIndex = PayloadKeyIndex.make(object)
  }

  public static func == (lhs: Payload, rhs: Payload) -> Bool { lhs.object == rhs.object }

  public func hash(into hasher: inout Hasher) { hasher.combine(object) }

  /// The string-keyed members of `userInfo`; entries with other keys or unrepresentable values
  /// are left out.
  public init(userInfo: [AnyHashable: Any]) {
    var converter = PayloadConverter()
    guard case .object(let members) = converter.convert(userInfo) else {
      self.init([:])  // unreachable: a dictionary always converts to an object
      return
    }
    self.init(members)
  }

  /// A payload from a `JSONSerialization` object (or anything shaped like one); nil unless it is
  /// a dictionary.
  public init?(jsonObject: Any) {
    guard case .object(let members) = PayloadValue(jsonObject: jsonObject) else { return nil }
    self.init(members)
  }

  /// Parses JSON text whose top level must be an object.
  public init(jsonData: Data) throws(PayloadError) {
    if Self.nestingExceedsLimit(jsonData) {
      throw .nestingTooDeep(limit: PayloadValue.maximumDepth)
    }
    let parsed: Any
    do {
      parsed = try JSONSerialization.jsonObject(with: jsonData, options: [.fragmentsAllowed])
    } catch {
      throw .invalidJSON((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String)
    }
    var converter = PayloadConverter()
    let value = converter.convert(parsed)
    if converter.exceededDepth { throw .nestingTooDeep(limit: PayloadValue.maximumDepth) }
    guard case .object(let members) = value else {
      throw .notAnObject(found: value.map(Self.kind) ?? "an unsupported value")
    }
    self.init(members)
  }

  /// The value at a key path (`["aps", "data", "id"]` for `aps.data.id`): each segment names a
  /// member of an object; arrays are not indexed, so a path through an array, a string or any
  /// other non-object finds nothing. An explicit JSON `null` is returned as `.null`. The empty
  /// path is the whole payload.
  public func value(atKeyPath keyPath: [String]) -> PayloadValue? {
    value(atPath: keyPath)
  }

  /// `value(atKeyPath:)` for any collection of segments: the resolver reads key paths from the
  /// table in place rather than building an array for each.
  func value<Path: Collection>(atPath keyPath: Path) -> PayloadValue?
  where Path.Element: PayloadKey {
    guard let first = keyPath.first else { return .object(object) }
    var current = member(first)
    for segment in keyPath.dropFirst() {
      guard case .object(let members) = current else { return nil }
      current = Self.member(segment, of: members)
    }
    return current
  }

  /// The largest object whose members `member(_:of:)` finds by comparing keys rather than by
  /// hashing: hashing a `String` (seeded SipHash), after making it from a table's bytes, cost
  /// about 600 instructions a lookup (callgrind), more than comparing a few short keys.
  static let scannedObjectLimit = 8

  /// The member at `key` of an object's `members`. A small object is scanned when `key` is
  /// ASCII, comparing UTF-8 bytes: for ASCII text, byte equality is `String` equality, and a
  /// non-ASCII key equals an ASCII one only when it is canonically equivalent to it (the Kelvin
  /// sign to `K`), which takes more bytes than the ASCII key. So a member key no longer than
  /// `key` is equal exactly when its bytes are, and a longer one never is when it is ASCII; for
  /// a longer non-ASCII key, the dictionary decides.
  static func member(_ key: some PayloadKey, of members: [String: PayloadValue]) -> PayloadValue? {
    guard members.count <= scannedObjectLimit else { return members[key.keyString] }
    let scanned: PayloadValue?? = key.withKeyBytes { sought in
      var seen: UInt8 = 0
      for byte in sought { seen |= byte }
      guard seen < 0x80 else { return nil }
      for (name, value) in members {
        var name = name
        let count = name.utf8.count
        if count == sought.count {
          if name.withUTF8({ TableReader.equal($0, sought) }) { return .some(value) }
        } else if count > sought.count, name.withUTF8({ $0.contains { $0 >= 0x80 } }) {
          return nil
        }
      }
      return .some(nil)
    }
    return scanned ?? members[key.keyString]
  }

  /// The top-level member at `key`, through the key index when the payload has one.
  private func member(_ key: some PayloadKey) -> PayloadValue? {
    if let keyIndex, let found = key.withKeyBytes({ keyIndex.position($0) }) {
      return found.map { object.values[$0] }
    }
    return object[key.keyString]
  }

  /// The value a parameter reads at a key path: like `value(atKeyPath:)`, but a JSON `null`
  /// counts as absent (servers send `null` for "no value"), so a `null` optional parameter is
  /// nil, a `null` defaulted one takes its default, and a `null` required one is missing.
  public func parameterValue(atKeyPath keyPath: [String]) -> PayloadValue? {
    parameterValue(atPath: keyPath)
  }

  func parameterValue<Path: Collection>(atPath keyPath: Path) -> PayloadValue?
  where Path.Element: PayloadKey {
    switch value(atPath: keyPath) {
    case .none, .null?: nil
    case let value?: value
    }
  }

  /// Whether `value` holds a parameter value (anything but `null`) at the key path `segments`
  /// from segment `first` on: what `parameterValue(atPath:)` finds non-nil, from a value already
  /// read at the path's first segments.
  static func holdsParameter(in value: PayloadValue, at segments: KeyPathSegments, from first: Int)
    -> Bool
  {
    guard first < segments.endIndex else {
      if case .null = value { return false }
      return true
    }
    guard case .object(let members) = value, let next = member(segments[first], of: members)
    else { return false }
    return holdsParameter(in: next, at: segments, from: first + 1)
  }

  /// The push type: the value at the first of `typeKeys` that holds a non-empty string, taken
  /// as it is (not trimmed). A number, boolean, empty string or anything else at a type key
  /// does not count, and the next key is tried. Nil when no key holds one.
  public func pushType(typeKeys: [[String]]) -> String? {
    pushType(typeKeyPaths: typeKeys)
  }

  /// `pushType(typeKeys:)` over any key paths: the resolver reads its table's in place.
  func pushType<Paths: Sequence>(typeKeyPaths: Paths) -> String?
  where Paths.Element: Collection, Paths.Element.Element: PayloadKey {
    for keyPath in typeKeyPaths {
      if case .string(let type)? = value(atPath: keyPath), !type.isEmpty { return type }
    }
    return nil
  }

  /// Whether brackets outside strings nest deeper than `PayloadValue.maximumDepth`: checked
  /// before parsing so that the limit and its error do not depend on the platform's parser.
  static func nestingExceedsLimit(_ data: Data) -> Bool {
    var depth = 0
    var strings = JSONStringTracker()
    for byte in data where !strings.isInString(byte) {
      switch byte {
      case UInt8(ascii: "["), UInt8(ascii: "{"):
        depth += 1
        if depth > PayloadValue.maximumDepth { return true }
      case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
      default: break
      }
    }
    return false
  }

  /// How messages name a value's kind: "a string", "a number", "null", ...
  package static func kind(_ value: PayloadValue) -> String {
    switch value {
    case .string: "a string"
    case .integer, .number: "a number"
    case .bool: "a boolean"
    case .null: "null"
    case .array: "an array"
    case .object: "an object"
    }
  }
}

/// Why JSON text is not a payload.
public enum PayloadError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Not valid JSON; the parser's explanation when it gives one.
  case invalidJSON(String?)
  /// Valid JSON whose top level is not an object (`found` says what it is).
  case notAnObject(found: String)
  /// Arrays and objects nested deeper than `limit`.
  case nestingTooDeep(limit: Int)

  public var description: String {
    switch self {
    case .invalidJSON(let reason?): "the payload is not valid JSON: \(reason)"
    case .invalidJSON(nil): "the payload is not valid JSON"
    case .notAnObject(let found): "the payload must be a JSON object, found \(found)"
    case .nestingTooDeep(let limit):
      "the payload nests arrays and objects more than \(limit) levels deep"
    }
  }
}
