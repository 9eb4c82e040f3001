import RouteTable

/// How typed fields read scalars. Values are typed by the manifest schema, never by YAML 1.1
/// resolution: only plain `true`/`false` are booleans and only plain decimal digits are integers.
package enum ScalarSyntax {
  static let yaml11Booleans: Set<String> = [
    "y", "Y", "yes", "Yes", "YES", "n", "N", "no", "No", "NO", "True", "TRUE", "False", "FALSE",
    "on", "On", "ON", "off", "Off", "OFF",
  ]

  package static func bool(_ scalar: YAMLScalar) -> Bool? {
    guard scalar.style == .plain else { return nil }
    switch scalar.value {
    case "true": return true
    case "false": return false
    default: return nil
    }
  }

  static func boolMessage(_ scalar: YAMLScalar, _ what: String) -> String {
    if scalar.style == .plain, yaml11Booleans.contains(scalar.value) {
      return
        "\(what) must be `true` or `false`; `\(scalar.value)` is a YAML 1.1 boolean, which manifests do not accept"
    }
    return "\(what) must be `true` or `false` without quotes, found `\(scalar.value)`"
  }

  /// Plain `-?[0-9]+` that fits an `Int` (`NumberSyntax`, shared with payload strings).
  package static func int(_ scalar: YAMLScalar) -> Int? {
    guard scalar.style == .plain else { return nil }
    return NumberSyntax.int(scalar.value)
  }

  /// A plain finite number in `NumberSyntax` (`2`, `-0.5`, `1e3`, `01.5`), the grammar payload
  /// strings use.
  package static func double(_ scalar: YAMLScalar) -> Double? {
    guard scalar.style == .plain else { return nil }
    return NumberSyntax.double(scalar.value)
  }

  static func isDecimalInteger(_ text: String) -> Bool {
    NumberSyntax.isDecimalInteger(text)
  }

  /// Whether `scalar` is written as a number of `type` whose value `type` cannot hold
  /// (`1e999` as a double, `9223372036854775808` as an int), rather than not being one.
  static func isOutOfRange(_ scalar: YAMLScalar, as type: ParamType) -> Bool {
    guard scalar.style == .plain else { return false }
    switch type {
    case .int: return NumberSyntax.isDecimalInteger(scalar.value)
    case .double: return NumberSyntax.isDecimalNumber(scalar.value)
    case .string, .bool, .query: return false
    }
  }
}

extension ParamValue {
  /// The scalar read as `type`, or nil when it is not a valid value of that type (no scalar is
  /// a `query` value).
  package init?(_ scalar: YAMLScalar, as type: ParamType) {
    switch type {
    case .string: self = .string(scalar.value)
    case .int:
      guard let value = ScalarSyntax.int(scalar) else { return nil }
      self = .int(value)
    case .bool:
      guard let value = ScalarSyntax.bool(scalar) else { return nil }
      self = .bool(value)
    case .double:
      guard let value = ScalarSyntax.double(scalar) else { return nil }
      self = .double(value)
    case .query:
      return nil  // a mapping: the only one a manifest may write is a default's `{}`
    }
  }
}
