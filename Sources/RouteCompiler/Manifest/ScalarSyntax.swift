import RouteTable

/// How typed fields read scalars. Values are typed by the manifest schema, never by YAML 1.1
/// resolution: only plain `true`/`false` are booleans and only plain decimal digits are integers.
public enum ScalarSyntax {
  static let yaml11Booleans: Set<String> = [
    "y", "Y", "yes", "Yes", "YES", "n", "N", "no", "No", "NO", "True", "TRUE", "False", "FALSE",
    "on", "On", "ON", "off", "Off", "OFF",
  ]

  public static func bool(_ scalar: YAMLScalar) -> Bool? {
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

  /// Plain `-?[0-9]+` that fits an `Int`.
  public static func int(_ scalar: YAMLScalar) -> Int? {
    guard scalar.style == .plain, isDecimalInteger(scalar.value) else { return nil }
    return Int(scalar.value)
  }

  /// A plain number in JSON syntax (`2`, `-0.5`, `1e3`), which is also how the runtime prints it.
  public static func double(_ scalar: YAMLScalar) -> Double? {
    guard scalar.style == .plain, isJSONNumber(scalar.value) else { return nil }
    return Double(scalar.value)
  }

  static func isDecimalInteger(_ text: String) -> Bool {
    let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
    return !digits.isEmpty && digits.unicodeScalars.allSatisfy(NamePatterns.isDigit)
  }

  static func isJSONNumber(_ text: String) -> Bool {
    var scalars = Substring(text).unicodeScalars[...]
    func digits() -> Int {
      var count = 0
      while let first = scalars.first, NamePatterns.isDigit(first) {
        scalars.removeFirst()
        count += 1
      }
      return count
    }
    if scalars.first == "-" { scalars.removeFirst() }
    if scalars.first == "0" {
      scalars.removeFirst()
    } else if digits() == 0 {
      return false
    }
    if scalars.first == "." {
      scalars.removeFirst()
      if digits() == 0 { return false }
    }
    if scalars.first == "e" || scalars.first == "E" {
      scalars.removeFirst()
      if scalars.first == "+" || scalars.first == "-" { scalars.removeFirst() }
      if digits() == 0 { return false }
    }
    return scalars.isEmpty
  }
}

extension ParamValue {
  /// The scalar read as `type`, or nil when it is not a valid value of that type.
  public init?(_ scalar: YAMLScalar, as type: ParamType) {
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
    }
  }
}
