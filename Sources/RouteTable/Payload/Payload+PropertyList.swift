import Foundation

extension Payload {
  /// The payload as a `userInfo` dictionary of property-list values (`String`, `NSNumber`,
  /// `Bool`, arrays and dictionaries; `null` is left out, having no property-list form): what
  /// `UIApplicationShortcutItem` and `NSUserActivity` carry. `Payload(userInfo:)` reads it back
  /// as this payload, `null`s aside.
  public var userInfo: [String: Any] {
    object.compactMapValues(\.propertyListValue)
  }
}

extension PayloadValue {
  /// The value as a property-list object, nil for `null`.
  public var propertyListValue: Any? {
    switch self {
    case .string(let string): string
    case .integer(let int): NSNumber(value: int)
    case .number(let double): NSNumber(value: double)
    case .bool(let bool): bool
    case .null: nil
    case .array(let items): items.compactMap(\.propertyListValue)
    case .object(let members): members.compactMapValues(\.propertyListValue)
    }
  }
}
