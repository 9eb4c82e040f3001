extension Payload {
  /// The notification's category, `aps.category`, when it is a string: the category whose
  /// actions an action identifier is looked up in.
  var notificationCategory: String? {
    if case .string(let name)? = value(atKeyPath: ["aps", "category"]) { name } else { nil }
  }

  /// The payload with `category` as its `aps.category` when it has none: a local notification's
  /// `categoryIdentifier`, which its `userInfo` does not carry. A payload that names a category
  /// keeps it, and one whose `aps` is not an object is returned as it is.
  package func addingCategory(_ category: String?) -> Payload {
    guard let category, !category.isEmpty, notificationCategory == nil else { return self }
    var aps: [String: PayloadValue] = [:]
    switch object["aps"] {
    case .object(let members)?: aps = members
    case nil, .null?: break
    default: return self
    }
    aps["category"] = .string(category)
    var payload = self
    payload.object["aps"] = .object(aps)
    return payload
  }
}
