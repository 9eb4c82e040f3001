import Testing

@_spi(Generated) @testable import RouteTable

/// A payload finds its top-level members by their keys' bytes (what a resolution reads from its
/// table); these check that it finds exactly what its dictionary does.
@Suite struct PayloadKeyIndexTests {
  /// Keys from a small alphabet, so lookups often hit, with prefixes of each other and the
  /// empty key among them.
  static let alphabet: [String] = ["", "a", "b", "ab", "ba", "abc", "id", "ID", "type", "aps"]

  static func randomPayload(members: Int, using generator: inout some RandomNumberGenerator)
    -> Payload
  {
    var object: [String: PayloadValue] = [:]
    for member in 0..<members {
      let key =
        Bool.random(using: &generator)
        ? alphabet.randomElement(using: &generator) ?? "" : "key\(member)"
      object[key] = .integer(member)
    }
    return Payload(object)
  }

  @Test func membersAreFoundAsTheDictionaryFindsThem() {
    var generator = SystemRandomNumberGenerator()
    var indexed = 0
    for _ in 0..<400 {
      // Up to 24 members: past 16 a payload is read through its dictionary alone.
      let payload = Self.randomPayload(members: Int.random(in: 0...24), using: &generator)
      if PayloadKeyIndex.make(payload.object) != nil { indexed += 1 }
      for key in Self.alphabet + (0..<26).map({ "key\($0)" }) {
        #expect(payload.value(atKeyPath: [key]) == payload.object[key], "\(key) in \(payload)")
      }
    }
    #expect(indexed > 0)
  }

  @Test func onlySmallPayloadsWithASCIIKeysAreIndexed() throws {
    let sixteen = Dictionary(
      uniqueKeysWithValues: (0..<16).map { ("k\($0)", PayloadValue.integer($0)) })
    let index = try #require(PayloadKeyIndex.make(sixteen))
    #expect(index.count == 16)
    for key in sixteen.keys {
      var key = key
      let position = key.withUTF8 { index.position($0) }
      #expect(position.flatMap { $0 }.map { sixteen[$0].key } == key)
    }
    #expect("missing".withKeyBytes { index.position($0) } == .some(nil))
    #expect("é".withKeyBytes { index.position($0) } == nil, "a key that is not ASCII: no answer")

    var seventeen = sixteen
    seventeen["k16"] = 16
    #expect(PayloadKeyIndex.make(seventeen) == nil)
    #expect(PayloadKeyIndex.make(["café": 1, "id": 2]) == nil)
    #expect(PayloadKeyIndex.make([:])?.count == 0)
  }

  /// `String` equality is canonical equivalence, under which the Kelvin sign (U+212A) equals the
  /// letter K: byte comparison must not decide for keys that are not ASCII, on either side.
  @Test func keysThatAreNotASCIIAreComparedAsStrings() {
    let kelvinInPayload = Payload(["\u{212A}ey": "kelvin", "id": 1])
    #expect(kelvinInPayload.value(atKeyPath: ["Key"]) == "kelvin")
    #expect(kelvinInPayload.value(atKeyPath: ["id"]) == 1)
    let kelvinAsked = Payload(["Key": "letter", "id": 1])
    #expect(kelvinAsked.value(atKeyPath: ["\u{212A}ey"]) == "letter")
    #expect(kelvinAsked.value(atKeyPath: ["Ke"]) == nil)
  }

  /// Members of nested objects are found by comparing bytes in small objects: what the
  /// dictionary finds, whatever the keys (random, with the Kelvin sign and other non-ASCII keys
  /// among them), and past `scannedObjectLimit` members through the dictionary.
  @Test func nestedMembersAreFoundAsTheDictionaryFindsThem() {
    var generator = SystemRandomNumberGenerator()
    let keys = Self.alphabet + ["\u{212A}", "K", "\u{212A}ey", "Key", "é", "e\u{301}", "idé"]
    for _ in 0..<400 {
      var object: [String: PayloadValue] = [:]
      for member in 0..<Int.random(in: 0...12, using: &generator) {
        object[keys.randomElement(using: &generator) ?? ""] = .integer(member)
      }
      let payload = Payload(["data": .object(object)])
      for key in keys {
        #expect(
          payload.value(atKeyPath: ["data", key]) == object[key], "\(key) in \(object)")
        #expect(
          Payload.member(key, of: object) == object[key], "\(key) in \(object)")
      }
    }
    // A longer key canonically equivalent to the one asked for is found, as the dictionary does.
    #expect(Payload.member("K", of: ["\u{212A}": 1, "a": 2]) == 1)
    #expect(Payload.member("\u{212A}", of: ["K": 1]) == 1)
    #expect(Payload.member("id", of: ["idx": 1, "i": 2]) == nil)
  }

  @Test func changesToTheMembersAreSeen() {
    var payload = Payload(["type": "home", "id": 1])
    payload.object["chapter"] = 3
    payload.object["id"] = nil
    payload.object["type"] = "book"
    #expect(payload.value(atKeyPath: ["chapter"]) == 3)
    #expect(payload.value(atKeyPath: ["id"]) == nil)
    #expect(payload.pushType(typeKeys: [["type"]]) == "book")
    payload.object = ["other": true]
    #expect(payload.value(atKeyPath: ["type"]) == nil)
    #expect(payload.value(atKeyPath: ["other"]) == true)
  }

  @Test func equalityAndHashingAreTheMembers() {
    var changed = Payload(["type": "home"])
    changed.object["id"] = 1
    let built = Payload(["id": 1, "type": "home"])
    #expect(changed == built)
    #expect(changed.hashValue == built.hashValue)
    #expect(changed != Payload(["type": "home"]))
  }
}
