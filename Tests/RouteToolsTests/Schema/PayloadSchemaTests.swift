import CompilerTestSupport
import Foundation
import Testing

@testable import RouteCompiler
@testable import RouteTools

/// `PayloadSchema`: what a backend may send for each route, as the runtime reads payloads.
@Suite struct PayloadSchemaTests {
  /// Three type keys, a parameter at a nested key path, a constant, and a variant with another
  /// screen (other parameters) than the rest.
  static let manifest = """
    manifest: 1
    namespace: Deep
    payload:
      type_keys: [type, aps.type, data.kind]
    remote_config: { variant_key: ui, default_variant: new }
    variants:
      old: { values: ["1"], tabs: [home] }
      new: { values: ["2"], tabs: [home] }
      beta: { values: ["3"], tabs: [home] }
    screens:
      Item:
        params:
          id: int
          ratio: { type: double, default: 1.5 }
      ItemV2:
        params:
          item_id: string
          source: { type: string, optional: true }
          shown: { type: bool, default: false }
    routes:
      item:
        screen: Item
        params:
          id: data.item.id
          ratio: { value: 2 }
        variants:
          new:
            screen: ItemV2
            params: { item_id: data.item.id, source: data.ref.source }
      plain:
        screen: Item
        only: [beta]

    """

  static func document(_ yaml: String) throws -> JSONValue {
    let output = lint(yaml)
    let manifest = try #require(output.manifest, "\(output.diagnostics)")
    return PayloadSchema.document(manifest)
  }

  @Test func theDocumentListsEveryRoute() throws {
    let document = try Self.document(Self.manifest)
    #expect(document["$schema"] == .string("https://json-schema.org/draft/2020-12/schema"))
    #expect(document["title"] == .string("Push payloads of DeepRoutes"))
    #expect(document["type"] == .string("object"))
    #expect(
      document["anyOf"]
        == .array([
          .object(["$ref": .string("#/$defs/item")]), .object(["$ref": .string("#/$defs/plain")]),
        ]))
    #expect(document["$defs"]?.memberNames == ["item", "plain"])
    #expect(
      document["$defs"]?["item"]?["description"]
        == .string("Route `item` in variants `old`, `new`, `beta`."))
    #expect(
      document["$defs"]?["plain"]?["description"] == .string("Route `plain` in variant `beta`."))
  }

  /// The first type key that holds a non-empty string is the push type, as
  /// `Payload.pushType(typeKeys:)` finds it: an alternative per type key, where every earlier
  /// key holds anything but a non-empty string (or nothing). Plain keywords only (`anyOf`,
  /// `const`, `type`): the field's code generators read them.
  @Test func typeKeysAreTriedInOrder() throws {
    let document = try Self.document(Self.manifest)
    let alternatives = try #require(document["$defs"]?["plain"]?["anyOf"]?.elements)
    #expect(
      alternatives.map { $0["description"] }
        == [
          "The push type at `type`.", "The push type at `aps.type`.",
          "The push type at `data.kind`.",
        ]
        .map(JSONValue.string))
    #expect(
      alternatives.map { $0["required"] }
        == [["type", "id"], ["aps", "id"], ["data", "id"]].map(SchemaBuilder.strings))
    let noPushType = #"""
      {
        "anyOf": [
          {
            "type": [
              "number",
              "boolean",
              "null",
              "array",
              "object"
            ]
          },
          {
            "maxLength": 0,
            "type": "string"
          }
        ]
      }
      """#
    #expect(JSONWriter.text(try #require(alternatives[1]["properties"]?["type"])) == noPushType)
    #expect(JSONWriter.text(try #require(alternatives[2]["properties"]?["type"])) == noPushType)
    #expect(
      JSONWriter.text(try #require(alternatives[2]["properties"]?["aps"]?["properties"]?["type"]))
        == noPushType)
    #expect(alternatives[2]["properties"]?["aps"]?["required"] == nil)
    #expect(
      alternatives[2]["properties"]?["data"]?["properties"]?["kind"]
        == .object(["const": .string("plain")]))
  }

  /// Variants with equal parameters share their alternatives; a constant reads nothing from the
  /// payload; objects on the way to a required value must be objects, on the way to an optional
  /// one they may be anything (the value is then absent).
  @Test func parametersDifferingPerVariantAreAlternatives() throws {
    let document = try Self.document(Self.manifest)
    let alternatives = try #require(document["$defs"]?["item"]?["anyOf"]?.elements)
    #expect(
      alternatives.map { $0["description"] }
        == [
          "The push type at `type`, the parameters of variants `old`, `beta`.",
          "The push type at `aps.type`, the parameters of variants `old`, `beta`.",
          "The push type at `data.kind`, the parameters of variants `old`, `beta`.",
          "The push type at `type`, the parameters of variant `new`.",
          "The push type at `aps.type`, the parameters of variant `new`.",
          "The push type at `data.kind`, the parameters of variant `new`.",
        ].map(JSONValue.string))
    #expect(
      JSONWriter.text(alternatives[3]) == #"""
        {
          "description": "The push type at `type`, the parameters of variant `new`.",
          "properties": {
            "data": {
              "properties": {
                "item": {
                  "properties": {
                    "id": {
                      "anyOf": [
                        {
                          "maxLength": 1024,
                          "type": "string"
                        },
                        {
                          "description": "A number, read as its decimal text.",
                          "type": "number"
                        }
                      ],
                      "description": "Parameter `item_id`: string, required."
                    }
                  },
                  "required": [
                    "id"
                  ],
                  "type": "object"
                },
                "ref": {
                  "properties": {
                    "source": {
                      "anyOf": [
                        {
                          "maxLength": 1024,
                          "type": "string"
                        },
                        {
                          "description": "A number, read as its decimal text.",
                          "type": "number"
                        },
                        {
                          "type": "null"
                        }
                      ],
                      "description": "Parameter `source`: string, optional."
                    }
                  }
                }
              },
              "required": [
                "item"
              ],
              "type": "object"
            },
            "shown": {
              "anyOf": [
                {
                  "type": "boolean"
                },
                {
                  "enum": [
                    "true",
                    "false",
                    "1",
                    "0"
                  ]
                },
                {
                  "type": "null"
                }
              ],
              "description": "Parameter `shown`: bool, default `false`."
            },
            "type": {
              "const": "item"
            }
          },
          "required": [
            "type",
            "data"
          ],
          "type": "object"
        }
        """#)
  }

  /// A defaulted parameter may be absent or null; its key is the parameter's own name.
  @Test func defaultedParametersMayBeAbsentOrNull() throws {
    let document = try Self.document(Self.manifest)
    let first = try #require(document["$defs"]?["plain"]?["anyOf"]?[0])
    #expect(first["required"] == SchemaBuilder.strings(["type", "id"]))
    #expect(
      JSONWriter.text(try #require(first["properties"]?["ratio"])) == #"""
        {
          "anyOf": [
            {
              "type": "number"
            },
            {
              "description": "A decimal number like `-1.5` or `2e3`, finite.",
              "pattern": "^-?[0-9]+(\\.[0-9]+)?([eE][+-]?[0-9]+)?$",
              "type": "string"
            },
            {
              "type": "null"
            }
          ],
          "description": "Parameter `ratio`: double, default `1.5`."
        }
        """#)
  }

  /// One type key and no parameters: just the push type (or an alias) at that key.
  @Test func aRouteWithoutParametersNeedsOnlyItsType() throws {
    let document = try Self.document(minimalManifest + "    aliases: [start]\n")
    #expect(
      JSONWriter.text(try #require(document["$defs"]?["home"])) == """
        {
          "description": "Route `home` (alias `start`).",
          "properties": {
            "type": {
              "enum": [
                "home",
                "start"
              ]
            }
          },
          "required": [
            "type"
          ],
          "type": "object"
        }
        """)
  }
}
