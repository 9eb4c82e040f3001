import RouteCompiler
import RouteTable

/// The payload values a parameter accepts, as `ParamValue.coerce` reads them. Servers (and FCM
/// data messages) often send numbers as strings, so each type has a string form too.
extension PayloadSchema {
  /// `-?[0-9]+`, as `NumberSyntax.int` reads a string.
  static let integerString = "^-?[0-9]+$"
  /// Decimal number syntax, as `NumberSyntax.double` reads a string: no `+`, `.5` or `5.`.
  static let decimalString = "^-?[0-9]+(\\.[0-9]+)?([eE][+-]?[0-9]+)?$"
  static let boolStrings = ["true", "false", "1", "0"]

  /// The schema of one parameter's payload value. A JSON `null` counts as absent, so it is
  /// valid exactly when the parameter may be absent.
  static func valueSchema(_ param: ResolvedManifest.Param) -> JSONValue {
    var branches =
      param.choices.map { [.object(["enum": SchemaBuilder.strings($0)])] }
      ?? valueBranches(param.type, maxLength: param.maxLength)
    let requirement: String
    switch param.requirement {
    case .required:
      requirement = "required"
    case .optional:
      requirement = "optional"
      branches.append(.object(["type": .string("null")]))
    case .defaulted(let value):
      requirement = value.type == .query ? "default `{}`" : "default `\(value.formatted)`"
      branches.append(.object(["type": .string("null")]))
    }
    return SchemaBuilder.described(
      "Parameter `\(param.name)`: \(param.type.rawValue), \(requirement).",
      ["anyOf": .array(branches)])
  }

  private static func valueBranches(_ type: ParamType, maxLength: Int) -> [JSONValue] {
    switch type {
    case .int:
      [
        .object([
          "type": .string("integer"),
          "minimum": SchemaBuilder.integer(Int.min),
          "maximum": SchemaBuilder.integer(Int.max),
        ]),
        SchemaBuilder.described(
          "Decimal digits with an optional leading `-`, within Int's range.",
          ["type": .string("string"), "pattern": .string(integerString)]),
      ]
    case .bool:
      [
        .object(["type": .string("boolean")]),
        .object(["enum": SchemaBuilder.strings(boolStrings)]),
      ]
    case .double:
      [
        .object(["type": .string("number")]),
        SchemaBuilder.described(
          "A decimal number like `-1.5` or `2e3`, finite.",
          ["type": .string("string"), "pattern": .string(decimalString)]),
      ]
    case .query:
      [
        SchemaBuilder.described(
          "An object of strings, numbers and booleans, each read as its text; `null` members are left out.",
          [
            "type": .string("object"),
            "additionalProperties": .object([
              "type": SchemaBuilder.strings(["string", "number", "boolean", "null"])
            ]),
          ])
      ]
    case .string:
      [
        .object(["type": .string("string"), "maxLength": SchemaBuilder.integer(maxLength)]),
        SchemaBuilder.described(
          "A number, read as its decimal text.", ["type": .string("number")]),
      ]
    }
  }
}
