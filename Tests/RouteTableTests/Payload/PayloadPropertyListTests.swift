import Foundation
import RouteTable
import Testing

/// A payload as a `userInfo` of property-list values reads back as the same payload: what a
/// quick action or a user activity carries round-trips through iOS.
@Suite struct PayloadPropertyListTests {
  @Test func everyKindOfValueReadsBack() {
    let payload = Payload([
      "order": ["id": 42, "total": 9.5, "gift": true, "note": "é 🙂"],
      "items": [1, "two", [3.25], ["k": false]],
      "big": .integer(Int.max), "negative": .number(-0.5),
    ])
    #expect(Payload(userInfo: payload.userInfo) == payload)
  }

  @Test func nullHasNoPropertyListFormAndIsLeftOut() {
    let payload = Payload(["a": .null, "b": ["c": .null, "d": 1], "e": [.null, 2]])
    #expect(Payload(userInfo: payload.userInfo) == Payload(["b": ["d": 1], "e": [2]]))
  }
}
