import RouteCompiler

/// Small builders for JSON Schema (draft 2020-12) documents held as `JSONValue`s, so the schema
/// code reads close to the JSON it prints. `JSONWriter` sorts the keys, so the order keywords
/// are written in here does not matter.
enum SchemaBuilder {
  static let dialect = "https://json-schema.org/draft/2020-12/schema"

  /// A reference to a definition in the same document. References never leave the document, so
  /// they resolve wherever the schema is loaded from (a relative path, a copy, a URL).
  static func ref(_ name: String, description: String? = nil) -> JSONValue {
    var keywords: [String: JSONValue] = ["$ref": .string("#/$defs/\(name)")]
    if let description {
      keywords["description"] = .string(description)
    }
    return .object(keywords)
  }

  /// `"type": "string"`, or a list when a value may take several JSON types.
  static func types(_ names: [String]) -> JSONValue {
    names.count == 1 ? .string(names[0]) : strings(names)
  }

  static func strings(_ values: [String]) -> JSONValue {
    .array(values.map(JSONValue.string))
  }

  static func integer(_ value: Int) -> JSONValue {
    .number(String(value))
  }

  /// `keywords` with a `description`, the text editors show on hover.
  static func described(_ description: String, _ keywords: [String: JSONValue]) -> JSONValue {
    var keywords = keywords
    keywords["description"] = .string(description)
    return .object(keywords)
  }

  /// A mapping that rejects keys it does not list, like the decoder's unknown-key check.
  /// `nullable` for mappings the decoder also takes as `key:` with nothing after it. `rules` are
  /// checks between the mapping's keys (`allOf`).
  static func closedObject(
    _ description: String, properties: [String: JSONValue], required: [String] = [],
    nullable: Bool = false, rules: [JSONValue] = []
  ) -> JSONValue {
    var keywords: [String: JSONValue] = [
      "type": types(nullable ? ["object", "null"] : ["object"]),
      "additionalProperties": .bool(false),
      "properties": .object(properties),
    ]
    if !rules.isEmpty {
      keywords["allOf"] = .array(rules)
    }
    if !required.isEmpty {
      keywords["required"] = strings(required)
    }
    return described(description, keywords)
  }

  /// A mapping from names (checked by `names`, a schema for the keys) to values of one shape.
  static func map(
    _ description: String, names: JSONValue, values: JSONValue, nonEmpty: Bool = false,
    nullable: Bool = false
  ) -> JSONValue {
    var keywords: [String: JSONValue] = [
      "type": types(nullable ? ["object", "null"] : ["object"]),
      "propertyNames": names,
      "additionalProperties": values,
    ]
    if nonEmpty {
      keywords["minProperties"] = integer(1)
    }
    return described(description, keywords)
  }

  /// A list of `items`; `unique` only where the decoder's duplicate check and JSON equality agree
  /// (see `ManifestSchema.Names`).
  static func list(
    _ description: String, items: JSONValue, nonEmpty: Bool = false, unique: Bool = false
  ) -> JSONValue {
    var keywords: [String: JSONValue] = ["type": .string("array"), "items": items]
    if nonEmpty {
      keywords["minItems"] = integer(1)
    }
    if unique {
      keywords["uniqueItems"] = .bool(true)
    }
    return described(description, keywords)
  }
}
