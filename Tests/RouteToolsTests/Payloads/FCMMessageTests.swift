import RouteTable
import Testing

@testable import RouteTools

/// `FCMMessage`: what iOS receives from an FCM HTTP v1 message, and the message that delivers a
/// payload; the two agree.
@Suite struct FCMMessageTests {
  @Test func iOSReceivesTheAPNsPayloadWithTheDataKeysBesideIt() throws {
    let request: [String: PayloadValue] = [
      "message": [
        "token": "t",
        "data": ["type": "order", "id": "7", "aps": "ignored"],
        "apns": ["payload": ["aps": ["category": "c"], "id": "from-apns"]],
      ]
    ]
    #expect(
      try FCMMessage.receivedPayload(request)
        == Payload(["type": "order", "id": "from-apns", "aps": ["category": "c"]]))
    // The message alone, without `message`, is read the same way.
    #expect(
      try FCMMessage.receivedPayload(["data": ["type": "home"]]) == Payload(["type": "home"]))
  }

  @Test(
    arguments: [
      (["message": "x"], FCMMessage.Problem.notAMessage),
      (["message": ["notification": ["title": "t"]]], .nothingForTheApp),
      (["apns": ["headers": [:]]], .nothingForTheApp),
      (["apns": "x"], .notAnObject("apns")),
      (["apns": ["payload": 1]], .notAnObject("apns.payload")),
      (["data": []], .notAnObject("data")),
      (["data": ["n": 1]], .dataValueNotAString(key: "n")),
    ] as [([String: PayloadValue], FCMMessage.Problem)])
  func messagesThatGiveNoPayload(request: [String: PayloadValue], problem: FCMMessage.Problem) {
    #expect(throws: problem) { try FCMMessage.receivedPayload(request) }
  }

  @Test func theRequestForAPayloadDeliversIt() throws {
    let payload = Payload([
      "type": "order", "id": 7, "flag": true, "aps": ["category": "c"], "nested": ["a": [1]],
    ])
    let request = FCMMessage.request(for: payload)
    #expect(
      JSONWriter.compactText(request)
        == #"{"message":{"apns":{"payload":{"aps":{"category":"c"},"nested":{"a":[1]}}},"data":{"flag":"true","id":"7","type":"order"}}}"#
    )
    let received = try FCMMessage.receivedPayload(
      try #require(JSONValueAsPayload.object(request)))
    #expect(
      received
        == Payload([
          "type": "order", "id": "7", "flag": "true", "aps": ["category": "c"],
          "nested": ["a": [1]],
        ]))
  }

  @Test func aPayloadWithNothingButApsStillHasData() {
    #expect(
      JSONWriter.compactText(FCMMessage.request(for: Payload([:])))
        == #"{"message":{"data":{}}}"#)
  }
}

/// A `JSONValue` object as the payload members it writes.
enum JSONValueAsPayload {
  static func object(_ value: JSONValue) -> [String: PayloadValue]? {
    guard case .object(let members) = value.payloadValue else { return nil }
    return members
  }
}
