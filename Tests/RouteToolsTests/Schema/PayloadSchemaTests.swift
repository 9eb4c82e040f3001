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
  /// `Payload.pushType(typeKeys:)` finds it.
  @Test func typeKeysAreTriedInOrder() throws {
    let document = try Self.document(Self.manifest)
    let condition = try #require(document["$defs"]?["item"]?["allOf"]?[0])
    #expect(
      JSONWriter.text(condition) == """
        {
          "else": {
            "else": {
              "properties": {
                "data": {
                  "properties": {
                    "kind": {
                      "const": "item"
                    }
                  },
                  "required": [
                    "kind"
                  ],
                  "type": "object"
                }
              },
              "required": [
                "data"
              ]
            },
            "if": {
              "properties": {
                "aps": {
                  "properties": {
                    "type": {
                      "minLength": 1,
                      "type": "string"
                    }
                  },
                  "required": [
                    "type"
                  ],
                  "type": "object"
                }
              },
              "required": [
                "aps"
              ]
            },
            "then": {
              "properties": {
                "aps": {
                  "properties": {
                    "type": {
                      "const": "item"
                    }
                  },
                  "required": [
                    "type"
                  ],
                  "type": "object"
                }
              },
              "required": [
                "aps"
              ]
            }
          },
          "if": {
            "properties": {
              "type": {
                "minLength": 1,
                "type": "string"
              }
            },
            "required": [
              "type"
            ]
          },
          "then": {
            "properties": {
              "type": {
                "const": "item"
              }
            },
            "required": [
              "type"
            ]
          }
        }
        """)
  }

  /// Variants with equal parameters share a branch; a constant reads nothing from the payload;
  /// objects on the way to a required value must be objects, on the way to an optional one
  /// they may be anything (the value is then absent).
  @Test func parametersDifferingPerVariantAreAlternatives() throws {
    let document = try Self.document(Self.manifest)
    let parameters = try #require(document["$defs"]?["item"]?["allOf"]?[1])
    #expect(
      JSONWriter.text(parameters) == #"""
        {
          "anyOf": [
            {
              "description": "Parameters in variants `old`, `beta`.",
              "properties": {
                "data": {
                  "properties": {
                    "item": {
                      "properties": {
                        "id": {
                          "anyOf": [
                            {
                              "maximum": 9223372036854775807,
                              "minimum": -9223372036854775808,
                              "type": "integer"
                            },
                            {
                              "description": "Decimal digits with an optional leading `-`, within Int's range.",
                              "pattern": "^-?[0-9]+$",
                              "type": "string"
                            }
                          ],
                          "description": "Parameter `id`: int, required."
                        }
                      },
                      "required": [
                        "id"
                      ],
                      "type": "object"
                    }
                  },
                  "required": [
                    "item"
                  ],
                  "type": "object"
                }
              },
              "required": [
                "data"
              ]
            },
            {
              "description": "Parameters in variant `new`.",
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
                }
              },
              "required": [
                "data"
              ]
            }
          ]
        }
        """#)
  }

  /// A defaulted parameter may be absent or null; its key is the parameter's own name.
  @Test func defaultedParametersMayBeAbsentOrNull() throws {
    let document = try Self.document(Self.manifest)
    let parameters = try #require(document["$defs"]?["plain"]?["allOf"]?[1])
    #expect(
      JSONWriter.text(parameters) == #"""
        {
          "properties": {
            "id": {
              "anyOf": [
                {
                  "maximum": 9223372036854775807,
                  "minimum": -9223372036854775808,
                  "type": "integer"
                },
                {
                  "description": "Decimal digits with an optional leading `-`, within Int's range.",
                  "pattern": "^-?[0-9]+$",
                  "type": "string"
                }
              ],
              "description": "Parameter `id`: int, required."
            },
            "ratio": {
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
          },
          "required": [
            "id"
          ]
        }
        """#)
  }

  /// One type key and no parameters: just the push type (or an alias) at that key.
  @Test func aRouteWithoutParametersNeedsOnlyItsType() throws {
    let document = try Self.document(minimalManifest + "    aliases: [start]\n")
    #expect(
      JSONWriter.text(try #require(document["$defs"]?["home"])) == """
        {
          "allOf": [
            {
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
              ]
            }
          ],
          "description": "Route `home` (alias `start`)."
        }
        """)
  }
}
