import Foundation
import Testing

@_spi(Generated) @testable import RouteTable

@Suite struct PayloadTests {
  static func json(_ text: String) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
  }

  static func value(_ text: String) throws -> PayloadValue? {
    PayloadValue(jsonObject: try json(text))
  }

  // MARK: conversion from JSONSerialization output

  @Test func jsonBooleansAreBooleansAndNumbersAreNumbers() throws {
    let payload = try Payload(
      jsonData: Data(
        #"{"t": true, "f": false, "one": 1, "zero": 0, "neg": -5, "half": 0.5, "three": 3.0, "exp": 1e2}"#
          .utf8))
    #expect(
      payload.object == [
        "t": .bool(true), "f": .bool(false), "one": .integer(1), "zero": .integer(0),
        "neg": .integer(-5), "half": .number(0.5), "three": .number(3.0), "exp": .number(100),
      ])
  }

  @Test func jsonBooleansAndNumbersInsideArrays() throws {
    #expect(
      try Self.value("[true, 1, false, 0, 1.5]")
        == .array([.bool(true), .integer(1), .bool(false), .integer(0), .number(1.5)]))
  }

  @Test func jsonScalarsAtTheTop() throws {
    #expect(try Self.value(#""x""#) == .string("x"))
    #expect(try Self.value("true") == .bool(true))
    #expect(try Self.value("1") == .integer(1))
    #expect(try Self.value("null") == .null)
  }

  @Test func jsonStringsNullsAndNesting() throws {
    let payload = try Payload(
      jsonData: Data(
        #"{"s": "héllo \"q\"", "n": null, "a": [1, "x", null, [], {}], "o": {"p": {"q": "r"}}}"#
          .utf8))
    #expect(payload.object["s"] == .string("héllo \"q\""))
    #expect(payload.object["n"] == .null)
    #expect(
      payload.object["a"] == .array([.integer(1), .string("x"), .null, .array([]), .object([:])]))
    #expect(payload.object["o"] == ["p": ["q": "r"]])
  }

  @Test func jsonIntegerLimits() throws {
    let payload = try Payload(
      jsonData: Data(
        #"{"max": 9223372036854775807, "min": -9223372036854775808, "over": 9223372036854775808, "under": -9223372036854775809, "u64": 18446744073709551615}"#
          .utf8))
    #expect(payload.object["max"] == .integer(Int.max))
    // swift-corelibs-foundation delivers Int.min as a decimal number that keeps its digits.
    #expect(payload.object["min"] == .integer(Int.min))
    // Outside Int: kept as a (rounded) double, which `int` and `string` parameters reject on
    // both sides of the range, though `Int.min - 1` rounds to the double of `Int.min`.
    #expect(payload.object["over"] == .number(9_223_372_036_854_775_808.0))
    #expect(payload.object["under"] == .number(-9_223_372_036_854_775_809.0))
    #expect(payload.object["u64"] == .number(18_446_744_073_709_551_615.0))
    for key in ["over", "under", "u64"] {
      for type in [ParamType.int, .string] {
        #expect(
          payload.object[key].flatMap { ParamValue.coerce($0, to: type, maxLength: 100) } == nil,
          "\(key) as \(type)")
      }
    }
    #expect(
      payload.object["min"].flatMap { ParamValue.coerce($0, to: .string, maxLength: 100) }
        == .string("-9223372036854775808"))
  }

  @Test func fcmStyleStringValuesStayStrings() throws {
    let payload = try Payload(jsonData: Data(#"{"id": "42", "flag": "true", "n": "1"}"#.utf8))
    #expect(payload.object == ["id": "42", "flag": "true", "n": "1"])
  }

  // MARK: conversion from userInfo-like dictionaries

  @Test func nsNumbersAreClassifiedByKind() {
    let userInfo: [AnyHashable: Any] = [
      "yes": NSNumber(value: true), "no": NSNumber(value: false), "one": NSNumber(value: 1),
      "zero": NSNumber(value: 0), "i8": NSNumber(value: Int8(1)), "u8": NSNumber(value: UInt8(0)),
      "double": NSNumber(value: 2.5), "float": NSNumber(value: Float(0.5)),
      "u64": NSNumber(value: UInt64.max), "decimal": NSDecimalNumber(string: "1.5"),
    ]
    #expect(
      Payload(userInfo: userInfo).object == [
        "yes": .bool(true), "no": .bool(false), "one": .integer(1), "zero": .integer(0),
        "i8": .integer(1), "u8": .integer(0), "double": .number(2.5), "float": .number(0.5),
        "u64": .number(18_446_744_073_709_551_615.0), "decimal": .number(1.5),
      ])
  }

  @Test func swiftValuesAreClassifiedByKind() {
    let userInfo: [AnyHashable: Any] = [
      "bool": true, "int": 1, "zero": 0, "int8": Int8(-3), "uint": UInt.max, "double": 2.0,
      "float": Float(0.25), "string": "s", "substring": "abc".dropFirst(),
      "nsstring": NSString(string: "ns"), "null": NSNull(),
    ]
    #expect(
      Payload(userInfo: userInfo).object == [
        "bool": .bool(true), "int": .integer(1), "zero": .integer(0), "int8": .integer(-3),
        "uint": .number(Double(UInt.max)), "double": .number(2), "float": .number(0.25),
        "string": "s", "substring": "bc", "nsstring": "ns", "null": .null,
      ])
  }

  @Test func optionalsAreUnwrapped() {
    let some: Int? = 3
    let none: String? = nil
    let nested: Bool?? = .some(.some(false))
    let userInfo: [AnyHashable: Any] = [
      "some": some as Any, "none": none as Any, "nested": nested as Any,
    ]
    #expect(
      Payload(userInfo: userInfo).object == ["some": .integer(3), "none": .null, "nested": false])
  }

  @Test func nestedContainersOfEveryKind() {
    let userInfo: [AnyHashable: Any] = [
      "aps": ["alert": ["title": "Hi"], "badge": 1] as [String: Any],
      "ns": NSDictionary(dictionary: ["k": NSArray(array: [1, "x", NSNumber(value: true)])]),
      "anyKeys": [AnyHashable("a"): 1, AnyHashable(2): "dropped"] as [AnyHashable: Any],
      "ints": [1, 2, 3],
      "strings": ["a": "b"],
    ]
    #expect(
      Payload(userInfo: userInfo).object == [
        "aps": ["alert": ["title": "Hi"], "badge": 1],
        "ns": ["k": [1, "x", true]],
        "anyKeys": ["a": 1],
        "ints": [1, 2, 3],
        "strings": ["a": "b"],
      ])
  }

  @Test func nonStringKeysAreSkipped() {
    let userInfo: [AnyHashable: Any] = [
      1: "int key", AnyHashable(2.5): "double key", AnyHashable(true): "bool key",
      AnyHashable(NSNumber(value: 3)): "nsnumber key", "type": "home",
    ]
    #expect(Payload(userInfo: userInfo).object == ["type": "home"])
  }

  @Test func bridgedStringKeysAreKept() {
    let userInfo: [AnyHashable: Any] = [AnyHashable(NSString(string: "type")): "home"]
    #expect(Payload(userInfo: userInfo).object == ["type": "home"])
  }

  @Test func aNativeStringKeyWinsOverABridgedOneWithTheSameText() {
    // Distinct keys on Linux, where the native one wins whichever the dictionary lists first;
    // one key on Darwin, where the two are equal and the second write replaces the first value.
    for order in [["native", "bridged"], ["bridged", "native"]] {
      for _ in 0..<20 {
        var userInfo: [AnyHashable: Any] = [:]
        for kind in order {
          let key = kind == "native" ? AnyHashable("id") : AnyHashable(NSString(string: "id"))
          userInfo[key] = kind
        }
        let value = Payload(userInfo: userInfo).object["id"]
        #if canImport(Darwin)
          #expect(userInfo.count == 1)
          #expect(value == .string(order[1]))
        #else
          #expect(userInfo.count == 2)
          #expect(value == "native")
        #endif
      }
    }
  }

  @Test func unrepresentableValuesAreLeftOut() {
    final class Custom {}
    struct Plain {}
    let userInfo: [AnyHashable: Any] = [
      "date": Date(), "data": Data([1, 2]), "url": URL(fileURLWithPath: "/tmp"),
      "object": Custom(), "struct": Plain(), "nan": Double.nan, "inf": Float.infinity,
      "nsnan": NSNumber(value: Double.nan), "closure": { () -> Void in },
      "kept": "yes",
      "array": [Date(), 1, Custom(), "x"] as [Any],
      "nested": ["date": Date(), "ok": 1] as [String: Any],
    ]
    #expect(
      Payload(userInfo: userInfo).object == [
        "kept": "yes", "array": [1, "x"], "nested": ["ok": 1],
      ])
    #expect(PayloadValue(jsonObject: Date()) == nil)
    #expect(PayloadValue(jsonObject: Custom()) == nil)
    #expect(Payload(jsonObject: [1, 2]) == nil)
    #expect(Payload(jsonObject: "x") == nil)
    #expect(Payload(jsonObject: ["a": 1] as [String: Any]) == Payload(["a": 1]))
  }

  @Test func literalsBuildValues() {
    let value: PayloadValue = ["s": "x", "i": 1, "d": 1.5, "b": true, "a": [1, "y"], "n": .null]
    #expect(
      value
        == .object([
          "s": .string("x"), "i": .integer(1), "d": .number(1.5), "b": .bool(true),
          "a": .array([.integer(1), .string("y")]), "n": .null,
        ]))
    #expect(value["s"] == "x")
    #expect(value["missing"] == nil)
    #expect(PayloadValue.string("x")["s"] == nil)
  }

  // MARK: JSON data errors

  @Test func jsonDataMustHoldAnObject() {
    #expect(throws: PayloadError.notAnObject(found: "an array")) {
      try Payload(jsonData: Data("[1]".utf8))
    }
    #expect(throws: PayloadError.notAnObject(found: "a string")) {
      try Payload(jsonData: Data(#""type""#.utf8))
    }
    #expect(throws: PayloadError.notAnObject(found: "a number")) {
      try Payload(jsonData: Data("42".utf8))
    }
    #expect(throws: PayloadError.notAnObject(found: "null")) {
      try Payload(jsonData: Data("null".utf8))
    }
    #expect(throws: PayloadError.notAnObject(found: "a boolean")) {
      try Payload(jsonData: Data("true".utf8))
    }
    #expect(
      PayloadError.notAnObject(found: "an array").description
        == "the payload must be a JSON object, found an array")
  }

  @Test(arguments: [
    "", "{", "{\"a\":}", "{'a': 1}", "{\"a\" 1}", "{\"a\": 01}", "nope", "{\"a\": 1e400}",
  ])
  func invalidJSONThrows(_ text: String) {
    #expect {
      try Payload(jsonData: Data(text.utf8))
    } throws: { error in
      guard case .invalidJSON = error as? PayloadError else { return false }
      return "\(error)".hasPrefix("the payload is not valid JSON")
    }
  }

  @Test func invalidUTF8AndLoneSurrogatesDoNotCrash() {
    _ = try? Payload(jsonData: Data([0x7B, 0x22, 0x61, 0x22, 0x3A, 0x22, 0xFF, 0xFE, 0x22, 0x7D]))
    _ = try? Payload(jsonData: Data(#"{"a": "\ud800"}"#.utf8))
    _ = try? Payload(jsonData: Data(#"{"a": "\udc00\ud800"}"#.utf8))
  }

  // MARK: hostile input

  @Test func deepJSONNestingIsAnError() {
    for depth in [513, 10_000, 1_000_000] {
      let text =
        String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: "}", count: depth)
      #expect(throws: PayloadError.nestingTooDeep(limit: 512)) {
        try Payload(jsonData: Data(text.utf8))
      }
    }
    let arrays =
      "{\"a\":" + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
      + "}"
    #expect(throws: PayloadError.nestingTooDeep(limit: 512)) {
      try Payload(jsonData: Data(arrays.utf8))
    }
  }

  @Test func nestingUpToTheLimitIsFine() throws {
    let depth = PayloadValue.maximumDepth
    let text =
      String(repeating: #"{"a":"#, count: depth - 1) + "[1]"
      + String(repeating: "}", count: depth - 1)
    let payload = try Payload(jsonData: Data(text.utf8))
    let path = Array(repeating: "a", count: depth - 1)
    #expect(payload.value(atKeyPath: path) == [1])
  }

  /// Each byte of `{"a\"]":["\\",1]}` marked `s` where it belongs to a string: the quotes
  /// that open and close one, and an escaped quote or backslash inside it.
  @Test func theStringTrackerMarksStringBytes() {
    let text = #"{"a\"]":["\\",1]}"#
    var strings = JSONStringTracker()
    let marks = String(text.utf8.map { strings.isInString($0) ? "s" : "." })
    #expect(marks == ".ssssss..ssss....")
  }

  @Test func bracketsInsideStringsDoNotCountAsNesting() throws {
    let brackets = String(repeating: "[{", count: 10_000)
    let text = #"{"a": "\#(brackets)\"\\", "b": 1}"#
    let payload = try Payload(jsonData: Data(text.utf8))
    #expect(payload.object["a"] == .string(brackets + "\"\\"))
    #expect(payload.object["b"] == 1)
  }

  @Test func deepInMemoryNestingIsCutAtTheLimit() {
    var deep: Any = "bottom"
    for _ in 0..<1_000 { deep = ["a": deep] as [String: Any] }
    let payload = Payload(userInfo: ["deep": deep, "type": "home"])
    #expect(payload.object["type"] == "home")
    // The top-level object is level 1; levels beyond the limit are left out.
    var level: PayloadValue? = payload.object["deep"]
    var depth = 1
    while case .object(let members)? = level {
      depth += 1
      level = members["a"]
    }
    #expect(depth == PayloadValue.maximumDepth)
    #expect(level == nil)

    var arrays: Any = 1
    for _ in 0..<1_000 { arrays = [arrays] }
    var converted = PayloadValue(jsonObject: arrays)
    var arrayDepth = 0
    while case .array(let elements)? = converted {
      arrayDepth += 1
      converted = elements.first
    }
    #expect(arrayDepth == PayloadValue.maximumDepth)
  }

  @Test func hugeValuesConvert() throws {
    let huge = String(repeating: "x", count: 2_000_000)
    let payload = try Payload(jsonData: Data(#"{"type": "\#(huge)", "n": 1}"#.utf8))
    #expect(payload.pushType(typeKeys: [["type"]])?.utf8.count == 2_000_000)
    let wide = Dictionary(uniqueKeysWithValues: (0..<10_000).map { ("k\($0)", $0) })
    #expect(Payload(userInfo: wide).object.count == 10_000)
  }

  // MARK: key paths

  static let sample = Payload([
    "type": "course_page",
    "id": "42",
    "zero": 0,
    "nothing": .null,
    "list": [["id": 1]],
    "aps": [
      "alert": "New course!",
      "type": "",
      "data": ["id": 7, "empty": [:], "null": .null],
    ],
    "a.b": "dotted key",
  ])

  @Test func keyPathsIndexNestedObjects() {
    let payload = Self.sample
    #expect(payload.value(atKeyPath: ["id"]) == "42")
    #expect(payload.value(atKeyPath: ["aps", "alert"]) == "New course!")
    #expect(payload.value(atKeyPath: ["aps", "data", "id"]) == 7)
    #expect(payload.value(atKeyPath: ["aps", "data", "empty"]) == .object([:]))
    #expect(payload.value(atKeyPath: ["zero"]) == 0)
    #expect(payload.value(atKeyPath: ["a.b"]) == "dotted key")
    #expect(payload.value(atKeyPath: []) == .object(payload.object))
  }

  @Test func missingKeysAndNonObjectIntermediatesFindNothing() {
    let payload = Self.sample
    #expect(payload.value(atKeyPath: ["missing"]) == nil)
    #expect(payload.value(atKeyPath: ["aps", "missing"]) == nil)
    #expect(payload.value(atKeyPath: ["aps", "data", "id", "deeper"]) == nil)  // through a number
    #expect(payload.value(atKeyPath: ["id", "x"]) == nil)  // through a string
    #expect(payload.value(atKeyPath: ["list", "0"]) == nil)  // arrays are not indexed
    #expect(payload.value(atKeyPath: ["list", "id"]) == nil)
    #expect(payload.value(atKeyPath: ["nothing", "x"]) == nil)  // through null
    #expect(payload.value(atKeyPath: ["a", "b"]) == nil)
    #expect(payload.value(atKeyPath: [""]) == nil)
    #expect(payload.value(atKeyPath: ["ID"]) == nil)  // keys are case-sensitive
  }

  @Test func nullIsAValueButNotAParameter() {
    let payload = Self.sample
    #expect(payload.value(atKeyPath: ["nothing"]) == .null)
    #expect(payload.value(atKeyPath: ["aps", "data", "null"]) == .null)
    #expect(payload.parameterValue(atKeyPath: ["nothing"]) == nil)
    #expect(payload.parameterValue(atKeyPath: ["aps", "data", "null"]) == nil)
    #expect(payload.parameterValue(atKeyPath: ["missing"]) == nil)
    #expect(payload.parameterValue(atKeyPath: ["zero"]) == 0)
    #expect(payload.parameterValue(atKeyPath: ["aps", "data", "id"]) == 7)
  }

  // MARK: push type

  @Test func pushTypeIsTheFirstNonEmptyString() {
    let payload = Self.sample
    #expect(payload.pushType(typeKeys: [["type"]]) == "course_page")
    #expect(payload.pushType(typeKeys: [["type"], ["aps", "alert"]]) == "course_page")
    #expect(payload.pushType(typeKeys: [["aps", "alert"], ["type"]]) == "New course!")
    // empty string, number, null, object, array, missing: skipped
    #expect(payload.pushType(typeKeys: [["aps", "type"], ["type"]]) == "course_page")
    #expect(payload.pushType(typeKeys: [["zero"], ["id"]]) == "42")
    #expect(payload.pushType(typeKeys: [["nothing"], ["aps"], ["list"], ["x"], ["id"]]) == "42")
    #expect(payload.pushType(typeKeys: [["zero"], ["aps", "type"], ["missing"]]) == nil)
    #expect(payload.pushType(typeKeys: []) == nil)
  }

  @Test func pushTypeIgnoresNonStringsFromJSON() throws {
    let numeric = try Payload(jsonData: Data(#"{"type": 3, "kind": true, "alt": "gift"}"#.utf8))
    #expect(numeric.pushType(typeKeys: [["type"]]) == nil)
    #expect(numeric.pushType(typeKeys: [["kind"]]) == nil)
    #expect(numeric.pushType(typeKeys: [["type"], ["kind"], ["alt"]]) == "gift")
  }

  @Test func pushTypeIsTakenAsItIs() {
    let payload = Payload(["type": " gift_page ", "blank": " "])
    #expect(payload.pushType(typeKeys: [["type"]]) == " gift_page ")
    #expect(payload.pushType(typeKeys: [["blank"], ["type"]]) == " ")
  }

  @Test func userInfoFromAPNsShape() {
    let userInfo: [AnyHashable: Any] = [
      "aps": ["alert": ["title": "Sale"], "type": "gift_page"] as [String: Any],
      "id": 42,
    ]
    let payload = Payload(userInfo: userInfo)
    #expect(payload.pushType(typeKeys: [["type"], ["aps", "type"]]) == "gift_page")
    #expect(
      payload.parameterValue(atKeyPath: ["id"]).flatMap {
        ParamValue.coerce($0, to: .string, maxLength: 1024)
      } == .string("42"))
  }

  /// Collections of strings, as APNs alerts and FCM data arrive, take the exact-type path; they
  /// must read as their `Any`-typed equivalents do.
  @Test func stringCollectionsReadLikeTheirAnyEquivalents() {
    let typed: [AnyHashable: Any] = [
      "aps": ["alert": "Sale", "type": "gift_page"] as [String: String],
      "data": ["id": "7", AnyHashable(3): "not a name"] as [AnyHashable: String],
      "tags": ["a", "b"],
    ]
    let untyped: [AnyHashable: Any] = [
      "aps": ["alert": "Sale", "type": "gift_page"] as [String: Any],
      "data": ["id": "7", AnyHashable(3): "not a name"] as [AnyHashable: Any],
      "tags": ["a", "b"] as [Any],
    ]
    let payload = Payload(userInfo: typed)
    #expect(payload == Payload(userInfo: untyped))
    #expect(
      payload
        == Payload([
          "aps": ["alert": "Sale", "type": "gift_page"], "data": ["id": "7"], "tags": ["a", "b"],
        ]))
    #expect(payload.pushType(typeKeys: [["type"], ["aps", "type"]]) == "gift_page")
  }
}

@Suite struct PayloadStackTests {
  /// Runs `body` on a thread with the stack size of a Darwin secondary thread (512 KiB).
  static func onSmallStack(_ body: @escaping @Sendable () -> Bool) async -> Bool {
    await withCheckedContinuation { continuation in
      let thread = Thread { continuation.resume(returning: body()) }
      thread.stackSize = 512 * 1024
      thread.start()
    }
  }

  /// The deepest payloads the limits let through, converted, compared, hashed, looked into and
  /// freed on a small stack (a debug build, where frames are largest).
  @Test func maximumNestingFitsOnASmallStack() async {
    let ok = await Self.onSmallStack {
      let depth = PayloadValue.maximumDepth
      let text =
        String(repeating: #"{"a":"#, count: depth - 1) + "[1]"
        + String(repeating: "}", count: depth - 1)
      guard let payload = try? Payload(jsonData: Data(text.utf8)) else { return false }
      var arrays: Any = 1
      var objects: Any = 1
      for _ in 0..<1_000 {
        arrays = [arrays]
        objects = ["a": objects] as [String: Any]
      }
      let fromArrays = PayloadValue(jsonObject: arrays)
      let fromObjects = Payload(userInfo: ["a": objects])
      return payload == payload && payload.hashValue == payload.hashValue
        && payload.value(atKeyPath: Array(repeating: "a", count: depth - 1)) == [1]
        && fromArrays == fromArrays && fromObjects == fromObjects
        && fromObjects.value(atKeyPath: Array(repeating: "a", count: depth - 1)) != nil
        && fromObjects.value(atKeyPath: Array(repeating: "a", count: depth)) == nil
    }
    #expect(ok)
  }
}

/// A user activity as a SwiftUI scene keeps it for restoration: the same activity is the same
/// bytes, read back as it was, and bytes that are no such record read as nothing.
@Suite struct UserActivitySceneStorageTests {
  @Test func anActivityRoundTripsThroughSceneStorage() throws {
    let activity = UserActivity(
      activityType: "com.example.shop.book",
      userInfo: Payload([
        "book": .object(["id": .integer(7), "title": .string("Ré")]), "cache": .bool(true),
      ]))
    let data = try #require(activity.sceneStorageData)
    #expect(
      String(decoding: data, as: UTF8.self)
        == #"{"activityType":"com.example.shop.book","userInfo":{"book":{"id":7,"title":"Ré"},"cache":true}}"#
    )
    let read = try #require(UserActivity(sceneStorageData: data))
    #expect(read.activityType == activity.activityType)
    #expect(read.userInfo == activity.userInfo)
    #expect(UserActivity(sceneStorageData: Data()) == nil)
    #expect(UserActivity(sceneStorageData: Data("[1]".utf8)) == nil)
    #expect(UserActivity(sceneStorageData: Data(#"{"activityType":7}"#.utf8)) == nil)
  }
}
