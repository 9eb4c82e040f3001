extension Payload {
  /// The notification's category, `aps.category`, when it is a string: the category whose
  /// actions an action identifier is looked up in.
  var notificationCategory: String? {
    if case .string(let name)? = value(atKeyPath: ["aps", "category"]) { name } else { nil }
  }
}
