import RouteCompiler
import RouteTable

/// Definitions for variants, screens and their typed parameters.
extension ManifestSchema {
  static var sectionDefinitions: [String: JSONValue] {
    [
      "variant": SchemaBuilder.closedObject(
        "One UI variant: the remote-config values that pick it and its tab bar.",
        properties: [
          // Not `uniqueItems`: the decoder compares values as written, so `[1, 1.0]` and
          // `[true, True]` are two values, while JSON equality would call them duplicates.
          "values": SchemaBuilder.list(
            "Remote-config values that pick this variant, as text (`1` and \"1\" are the same value). Each value picks one variant only.",
            items: SchemaBuilder.ref("scalar"), nonEmpty: true),
          "tabs": SchemaBuilder.list(
            "The variant's tab bar, in order; a route's `tab` index counts from 0 here.",
            items: SchemaBuilder.ref("lowerSnakeName"), nonEmpty: true, unique: true),
        ], required: ["values", "tabs"]),
      // `Home:` with nothing after it is a screen without parameters, like `Home: {}`.
      "screen": SchemaBuilder.closedObject(
        "A screen; `{}` (or nothing) when it takes no parameters.",
        properties: [
          "params": SchemaBuilder.map(
            "The screen's typed parameters, by name.",
            names: SchemaBuilder.ref("lowerSnakeName"), values: SchemaBuilder.ref("param"),
            nullable: true)
        ], nullable: true),
      "paramType": SchemaBuilder.described(
        "A parameter type.",
        ["enum": SchemaBuilder.strings(ParamType.allCases.map(\.rawValue))]),
      "param": SchemaBuilder.described(
        "A parameter: a bare type (required in the payload), or a mapping with `type` and `default`, `optional` or `max_length`.",
        [
          "anyOf": .array([
            SchemaBuilder.ref("paramType", description: "A required parameter of this type."),
            paramSpecification,
          ])
        ]),
    ]
  }

  private static var paramSpecification: JSONValue {
    SchemaBuilder.closedObject(
      "A parameter written as a mapping.",
      properties: [
        "type": SchemaBuilder.ref(
          "paramType", description: "string, int, bool, double or query."),
        "default": SchemaBuilder.described(
          "The value when the payload has none; it must be a valid value of the type (an unquoted integer for int, true or false for bool, a number for double, `{}` for query).",
          [
            "anyOf": .array([
              SchemaBuilder.ref("scalar"),
              SchemaBuilder.described(
                "`{}`: a query parameter with no items.",
                ["type": .string("object"), "additionalProperties": .bool(false)]),
            ])
          ]),
        "optional": SchemaBuilder.described(
          "true: the parameter may be absent and its Swift value is optional. Not together with `default`.",
          ["type": .string("boolean")]),
        "max_length": SchemaBuilder.described(
          "For string parameters: the longest valid value, in Unicode scalars (default 1024). Longer payload values are invalid, never truncated.",
          ["type": .string("integer"), "minimum": SchemaBuilder.integer(1)]),
        "prefix": SchemaBuilder.described(
          "For string parameters: the text every value starts with (`!`, `@`); a value without it is invalid. A link's whole `{param}` segment then matches only segments that start with it, and binds them prefix included.",
          ["type": .string("string"), "minLength": SchemaBuilder.integer(1)]),
        // Entries as written: `[1080p, 4k]` and `[1, 2]` are strings to the decoder.
        "choices": SchemaBuilder.described(
          "For string parameters: the only values the parameter takes, 1 to 100 distinct non-empty entries of at most 64 characters. Not together with `max_length`.",
          [
            "type": .string("array"), "minItems": SchemaBuilder.integer(1),
            "maxItems": SchemaBuilder.integer(100),
            "items": .object([
              "allOf": .array([
                SchemaBuilder.ref("scalar"),
                .object([
                  "minLength": SchemaBuilder.integer(1), "maxLength": SchemaBuilder.integer(64),
                ]),
              ])
            ]),
          ]),
      ], required: ["type"], rules: parameterRules)
  }

  /// The rules `ManifestDecoder.param` checks between a parameter's keys.
  private static var parameterRules: [JSONValue] {
    [
      SchemaBuilder.described(
        "`optional: true` and `default` conflict: a default makes the value always present.",
        [
          "if": .object([
            "required": SchemaBuilder.strings(["optional"]),
            "properties": .object(["optional": .object(["const": .bool(true)])]),
          ]),
          "then": .object(["not": .object(["required": SchemaBuilder.strings(["default"])])]),
        ]),
      SchemaBuilder.described(
        "`choices` applies to string parameters only, and not together with `max_length`.",
        [
          "if": .object(["required": SchemaBuilder.strings(["choices"])]),
          "then": .object([
            "properties": .object(["type": .object(["const": .string("string")])]),
            "not": .object(["required": SchemaBuilder.strings(["max_length"])]),
          ]),
        ]),
      SchemaBuilder.described(
        "`max_length` applies to string parameters only.",
        [
          "if": typeIs(.string),
          "else": .object(["not": .object(["required": SchemaBuilder.strings(["max_length"])])]),
        ]),
    ]
      + ParamType.allCases.compactMap { type in
        defaultRule(type).map { jsonType, description in
          SchemaBuilder.described(
            description,
            [
              "if": typeIs(type),
              "then": .object([
                "properties": .object([
                  "default": .object(
                    type == .query
                      ? ["type": .string(jsonType), "additionalProperties": .bool(false)]
                      : ["type": .string(jsonType)])
                ])
              ]),
            ])
        }
      }
  }

  /// The JSON type a valid default of `type` resolves to, and the rule in words; nil when any
  /// scalar may be one.
  private static func defaultRule(_ type: ParamType) -> (jsonType: String, description: String)? {
    switch type {
    case .string: nil
    case .int: ("integer", "An int parameter's default is an unquoted integer.")
    case .bool: ("boolean", "A bool parameter's default is true or false.")
    // A double default is a plain number in JSON syntax, which the core schema reads as a
    // number (an integer when it has no fraction).
    case .double: ("number", "A double parameter's default is a number.")
    case .query: ("object", "A query parameter's default is `{}`, no items.")
    }
  }

  private static func typeIs(_ type: ParamType) -> JSONValue {
    .object([
      "required": SchemaBuilder.strings(["type"]),
      "properties": .object(["type": .object(["const": .string(type.rawValue)])]),
    ])
  }
}
