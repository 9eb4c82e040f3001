import Foundation

/// One value of a push payload: a JSON-like tree that is `Sendable`, unlike the `Any` values of
/// a `userInfo` dictionary or of `JSONSerialization` output.
///
/// Numbers keep the distinction the platform makes: `integer` for numbers delivered as integers
/// that fit `Int`, `number` for everything else (numbers written with a fraction or exponent,
/// integers outside `Int`'s range, floats). Booleans are never numbers and numbers are never
/// booleans, on Darwin and on Linux, whatever `as? Bool` says about an `NSNumber`.
public enum PayloadValue: Sendable, Hashable {
  case string(String)
  case integer(Int)
  case number(Double)
  case bool(Bool)
  case null
  case array([PayloadValue])
  case object([String: PayloadValue])

  /// How deeply arrays and objects may nest, counting the outermost container as 1. Deeper
  /// containers are left out (like unrepresentable values), so a hostile payload cannot make
  /// the conversion or later recursive code overflow the stack. `JSONSerialization` has the same
  /// limit.
  public static let maximumDepth = 512

  /// Converts what `JSONSerialization` or a `userInfo` dictionary holds: `String`/`NSString`,
  /// `NSNumber` (a boolean `NSNumber` becomes `bool`), Swift `Bool`, integers and floating-point
  /// numbers, `NSNull` and `nil` optionals (`null`), arrays, and dictionaries.
  ///
  /// Nil when `jsonObject` itself cannot be represented. Inside arrays and objects,
  /// unrepresentable values are left out, as if they were not there:
  /// - values with no JSON counterpart (`Date`, `Data`, `URL`, custom objects), non-finite
  ///   numbers, and containers nested deeper than `maximumDepth`;
  /// - dictionary entries whose key is not a string (a `userInfo` key is `AnyHashable`). When a
  ///   Swift `String` key and a bridged `NSString` key spell the same text, the `String` key's
  ///   entry wins.
  public init?(jsonObject: Any) {
    var converter = PayloadConverter()
    guard let value = converter.convert(jsonObject) else { return nil }
    self = value
  }

  /// The member `key` of an object; nil for a missing key and for values that are not objects.
  public subscript(key: String) -> PayloadValue? {
    if case .object(let members) = self { members[key] } else { nil }
  }
}

extension PayloadValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
  ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral,
  ExpressibleByDictionaryLiteral
{
  public init(stringLiteral value: String) { self = .string(value) }
  public init(integerLiteral value: Int) { self = .integer(value) }
  public init(floatLiteral value: Double) { self = .number(value) }
  public init(booleanLiteral value: Bool) { self = .bool(value) }
  public init(arrayLiteral elements: PayloadValue...) { self = .array(elements) }

  /// A later duplicate key replaces an earlier one.
  public init(dictionaryLiteral elements: (String, PayloadValue)...) {
    self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
  }
}
