import RouteTable

/// FCM HTTP v1 messages and what iOS receives from them, for `routec check-payloads --fcm` and
/// `routec payload --fcm`.
///
/// What reaches the app's `userInfo` is the message's `apns.payload` (with its `aps`) and, beside
/// `aps`, each member of the message's `data`, whose values FCM accepts only as strings. A key in
/// both is read from `apns.payload`. FCM's own bookkeeping keys (`gcm.message_id`, `google.c.*`)
/// are left out: no route reads them.
package enum FCMMessage {
  /// Why a message gives iOS no payload; each is a malformed line for `check-payloads`.
  package enum Problem: Error, Equatable, Sendable, CustomStringConvertible {
    /// `message` (or the line itself) is not an object.
    case notAMessage
    /// The message has neither `apns.payload` nor `data`: nothing of it reaches the app.
    case nothingForTheApp
    /// A member of `apns`, or `apns.payload`, is not an object.
    case notAnObject(String)
    /// A `data` value that is not a string, which FCM refuses.
    case dataValueNotAString(key: String)

    package var description: String {
      switch self {
      case .notAMessage:
        "an FCM message is an object, alone or as `message` of the request"
      case .nothingForTheApp:
        "the FCM message has neither `apns.payload` nor `data`, so nothing of it reaches the app"
      case .notAnObject(let path): "`\(path)` of the FCM message is not an object"
      case .dataValueNotAString(let key):
        "`data.\(key)` of the FCM message is not a string; FCM accepts only string values in `data`"
      }
    }
  }

  /// The payload iOS delivers for `request`: an FCM HTTP v1 request body (`{"message": {...}}`)
  /// or the message object itself.
  package static func receivedPayload(_ request: [String: PayloadValue]) throws(Problem)
    -> Payload
  {
    var message = request
    if let wrapped = request["message"] {
      guard case .object(let members) = wrapped else { throw .notAMessage }
      message = members
    }
    var received: [String: PayloadValue] = [:]
    switch message["data"] {
    case nil: break
    case .object(let data)?:
      for (key, value) in data {
        guard case .string = value else { throw .dataValueNotAString(key: key) }
        received[key] = value
      }
    case _?: throw .notAnObject("data")
    }
    var hasAPNsPayload = false
    switch message["apns"] {
    case nil: break
    case .object(let apns)?:
      switch apns["payload"] {
      case nil: break
      case .object(let payload)?:
        hasAPNsPayload = true
        received.merge(payload) { _, fromAPNs in fromAPNs }
      case _?: throw .notAnObject("apns.payload")
      }
    case _?: throw .notAnObject("apns")
    }
    guard hasAPNsPayload || message["data"] != nil else { throw .nothingForTheApp }
    return Payload(received)
  }

  /// The FCM HTTP v1 request that delivers `payload` to iOS (no token: the sender adds it):
  /// `aps`, and every member whose value is an object or an array, in `apns.payload`, which iOS
  /// receives as it is; every other member in `data`, as a string (a number or boolean as its
  /// JSON text, `42`, `true`, which the app reads back as the number or boolean).
  package static func request(for payload: Payload) -> JSONValue {
    var data: [String: JSONValue] = [:]
    var apnsPayload: [String: JSONValue] = [:]
    for (key, value) in payload.object {
      switch value {
      case _ where key == "aps", .object, .array: apnsPayload[key] = JSONValue(value)
      case .string(let text): data[key] = .string(text)
      default: data[key] = .string(JSONWriter.compactText(JSONValue(value)))
      }
    }
    var message: [String: JSONValue] = [:]
    if !apnsPayload.isEmpty { message["apns"] = .object(["payload": .object(apnsPayload)]) }
    if !data.isEmpty || message.isEmpty { message["data"] = .object(data) }
    return .object(["message": .object(message)])
  }
}
