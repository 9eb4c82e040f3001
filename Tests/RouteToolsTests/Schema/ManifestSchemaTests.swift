import Foundation
@_spi(Generated) import RouteTable
import Testing

@testable import RouteCompiler
@testable import RouteTools

/// The manifest language's JSON Schema mirrors the decoder: same keys, same words, same name
/// rules. (Whether a real validator accepts every valid manifest is `SchemaValidatorTests`.)
@Suite struct ManifestSchemaTests {
  static let document = ManifestSchema.document

  static func definition(_ name: String) throws -> JSONValue {
    try #require(document["$defs"]?[name], "no definition `\(name)`")
  }

  @Test func theTopLevelHasTheDecodersKeys() throws {
    #expect(Self.document["$schema"] == .string("https://json-schema.org/draft/2020-12/schema"))
    #expect(Self.document["$id"] == .string("urn:routetable:manifest-schema:1"))
    #expect(Self.document["properties"]?.memberNames == ManifestDecoder.topLevelKeys.sorted())
    #expect(Self.document["required"] == .array([.string("manifest")]))
    // `screens` and `routes` are required unless the manifest composes features.
    #expect(
      Self.document["if"] == .object(["not": .object(["required": .array([.string("compose")])])]))
    #expect(
      Self.document["then"]
        == .object(["required": .array([.string("screens"), .string("routes")])]))
    // A feature manifest may not declare the app's keys.
    #expect(
      Self.document["dependentSchemas"]?["feature"]?["properties"]?.memberNames
        == ManifestDecoder.appOnlyKeys.map(\.key).sorted())
    #expect(Self.document["additionalProperties"] == .bool(false))
    #expect(Self.document["properties"]?["manifest"]?["const"] == .number("1"))
  }

  @Test func routesAndOverridesHaveTheDecodersKeys() throws {
    #expect(
      try Self.definition("route")["properties"]?.memberNames == ManifestDecoder.routeKeys.sorted())
    // One of `screen`, `app_action` and `reroute`.
    #expect(try Self.definition("route")["required"] == nil)
    #expect(
      try Self.definition("route")["allOf"]?[0]?["oneOf"]
        == .array(
          ["screen", "app_action", "reroute"].map { .object(["required": .array([.string($0)])]) }
        ))
    #expect(
      try Self.definition("routeOverride")["properties"]?.memberNames
        == ManifestDecoder.overrideKeys.sorted())
  }

  @Test func wordsAreTheLanguagesWords() throws {
    let route = try Self.definition("route")
    #expect(
      route["properties"]?["presentation"]?["enum"]
        == .array(Presentation.allCases.map { .string($0.rawValue) }))
    #expect(
      route["properties"]?["foreground"]?["enum"]
        == .array(ForegroundPolicy.allCases.map { .string($0.rawValue) }))
    #expect(
      try Self.definition("paramType")["enum"]
        == .array(
          [.string("string"), .string("int"), .string("bool"), .string("double"), .string("query")]
        ))
  }

  /// Like the decoder's unknown-key check: no mapping takes keys its schema does not name.
  @Test func everyMappingRejectsUnknownKeys() throws {
    let mappings = Self.document.allValues.filter { value in
      switch value["type"] {
      case .string("object")?: true
      case .array(let types)?: types.contains(.string("object"))
      default: false
      }
    }
    #expect(mappings.count == 42)
    for mapping in mappings {
      let closed = mapping["additionalProperties"] == .bool(false)
      let named = mapping["propertyNames"] != nil && mapping["additionalProperties"] != nil
      #expect(closed || named, "\(JSONWriter.text(mapping))")
    }
  }

  /// References stay inside the document, so it works from a relative path or a copy, and every
  /// definition is used.
  @Test func everyReferenceIsADefinitionInTheDocument() throws {
    let references = Self.document.allValues.compactMap { value -> String? in
      if case .string(let reference)? = value["$ref"] { reference } else { nil }
    }
    let definitions = Self.document["$defs"]?.memberNames ?? []
    for reference in references {
      #expect(reference.hasPrefix("#/$defs/"), "\(reference)")
      #expect(definitions.contains(String(reference.dropFirst("#/$defs/".count))), "\(reference)")
    }
    #expect(Set(references.map { String($0.dropFirst("#/$defs/".count)) }) == Set(definitions))
  }

  @Test func everyPropertyIsDescribed() throws {
    for value in Self.document.allValues {
      // Mappings, not the conditions of `if` (which name properties too).
      guard value["additionalProperties"] == .bool(false),
        case .object(let properties)? = value["properties"]
      else { continue }
      for (name, property) in properties {
        let described = property["description"] != nil || property["$ref"] != nil
        #expect(described, "property `\(name)` has no description")
      }
    }
  }

  @Test func aTabIsANameOrAnIndex() throws {
    #expect(
      JSONWriter.text(try Self.definition("tabReference")) == """
        {
          "description": "A tab: its name, or its 0-based index in the variant's `tabs` written as an unquoted integer (a quoted number is a name).",
          "minimum": 0,
          "pattern": "^[a-z][a-z0-9_]*$",
          "type": [
            "string",
            "boolean",
            "null",
            "integer"
          ]
        }
        """)
  }

  @Test func aParameterSourceIsAKeyPathFromOrValue() throws {
    #expect(
      JSONWriter.text(try Self.definition("paramSource")) == """
        {
          "anyOf": [
            {
              "$ref": "#/$defs/keyPath"
            },
            {
              "additionalProperties": false,
              "allOf": [
                {
                  "oneOf": [
                    {
                      "required": [
                        "from"
                      ]
                    },
                    {
                      "required": [
                        "value"
                      ]
                    }
                  ]
                }
              ],
              "description": "`{ from: key.path }` or `{ value: V }`, exactly one of the two.",
              "properties": {
                "from": {
                  "$ref": "#/$defs/keyPath",
                  "description": "The payload key path the value is read from."
                },
                "value": {
                  "$ref": "#/$defs/scalar",
                  "description": "A constant, a valid value of the parameter's type; the payload is not read."
                }
              },
              "type": "object"
            }
          ],
          "description": "A payload key path (`id`, `aps.data.id`), `{ from: key.path }` or a constant `{ value: V }`."
        }
        """)
  }

  /// The JSON types each kind of field allows: every type a scalar the compiler accepts there
  /// resolves to under the YAML 1.2 core schema.
  @Test func fieldsAllowEveryJSONTypeTheirScalarsResolveTo() throws {
    let any: JSONValue = .array([
      .string("string"), .string("number"), .string("boolean"), .string("null"),
    ])
    let name: JSONValue = .array([.string("string"), .string("boolean"), .string("null")])
    #expect(try Self.definition("scalar")["type"] == any)
    #expect(try Self.definition("pushType")["type"] == any)
    #expect(try Self.definition("keyPath")["type"] == any)
    #expect(try Self.definition("lowerSnakeName")["type"] == name)
    #expect(try Self.definition("upperCamelName")["type"] == name)
    #expect(try Self.definition("route")["properties"]?["deprecated"]?["type"] == any)
    #expect(
      try Self.definition("variant")["properties"]?["values"]?["items"]?["$ref"]
        == .string("#/$defs/scalar"))
  }
}

/// The schema's regular expressions agree with `NamePatterns`, on every string of up to three
/// characters from an alphabet of the characters the rules are about.
@Suite struct SchemaPatternTests {
  static let alphabet: [String] = [
    "a", "z", "A", "Z", "0", "9", "_", ".", ":", "-", "~", "/", " ", "é", "\t", "\u{7F}",
    "\u{85}", "\u{A0}", "\u{2003}", "\u{3000}", "\u{FEFF}", "\u{200B}",
  ]

  static let samples: [String] = {
    var samples = [""]
    var previous = [""]
    for _ in 1...3 {
      previous = previous.flatMap { prefix in alphabet.map { prefix + $0 } }
      samples += previous
    }
    return samples
  }()

  /// ICU, like Python's `re`, lets `$` match before a line terminator at the very end (ECMA-262,
  /// which editors use, does not). For those strings the schema may accept what the compiler
  /// rejects, never the other way round.
  static func endsWithLineTerminator(_ text: String) -> Bool {
    guard let last = text.unicodeScalars.last else { return false }
    return ["\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"].contains(last)
  }

  static func check(_ pattern: String, _ rule: (String) -> Bool) throws {
    let regex = try NSRegularExpression(pattern: pattern)
    for sample in samples {
      let range = NSRange(sample.startIndex..., in: sample)
      let matches = regex.firstMatch(in: sample, range: range) != nil
      if rule(sample) {
        #expect(matches, "\(pattern) rejects `\(sample.debugDescription)`")
      } else if !endsWithLineTerminator(sample) {
        #expect(!matches, "\(pattern) accepts `\(sample.debugDescription)`")
      }
    }
  }

  @Test func lowerSnake() throws {
    try Self.check(ManifestSchema.Patterns.lowerSnake, NamePatterns.isLowerSnake)
  }

  @Test func upperCamel() throws {
    try Self.check(ManifestSchema.Patterns.upperCamel, NamePatterns.isUpperCamel)
  }

  @Test func pushType() throws {
    try Self.check(ManifestSchema.Patterns.pushType, NamePatterns.isPushType)
    let regex = try NSRegularExpression(pattern: ManifestSchema.Patterns.pushType)
    for length in [128, 129] {
      let name = String(repeating: "a", count: length)
      let matches = regex.firstMatch(in: name, range: NSRange(name.startIndex..., in: name)) != nil
      #expect(matches == NamePatterns.isPushType(name))
    }
  }

  @Test func keyPath() throws {
    try Self.check(ManifestSchema.Patterns.keyPath, NamePatterns.isKeyPath)
  }
}
