import RouteTable

/// What the push payloads `routec` writes for a route share (`routec examples`' files and
/// `routec payload`'s output): the runtime's payload for the route as a JSON object with the
/// route's notification category, and the check that it opens the route.
package enum RoutePayload {
  /// The members of `payload` as JSON, with `category`, when given, as `aps.category` (an `aps`
  /// that is not an object is replaced by one): the route's pushes carry it, so the notification
  /// shows its buttons.
  package static func object(_ payload: Payload, category: String?) -> [String: JSONValue] {
    var object = payload.object.mapValues(JSONValue.init)
    guard let category else { return object }
    var aps: [String: JSONValue] = [:]
    if case .object(let members)? = object["aps"] { aps = members }
    aps["category"] = .string(category)
    object["aps"] = .object(aps)
    return object
  }

  /// Whether `resolution` opens the route whose key is `route`: `matched`, by that route.
  package static func opens(_ resolution: Resolution<ScreenInstance>, route: String) -> Bool {
    resolution.status == .matched && resolution.route == route
  }
}
