import Foundation
import RoutecTestSupport
import Testing

/// `routec schema`: the manifest language's JSON Schema, the committed copy of it, and the
/// push-payload schema of one manifest.
@Suite("routec schema")
struct SchemaCommandTests {
  static let committedSchema = RoutecRunner.packageRoot.appendingPathComponent(
    "schema/routes.schema.json")

  @Test func theCommittedSchemaIsWhatRoutecPrints() throws {
    let result = try RoutecRunner.run(["schema"])
    #expect(result.status == 0, "\(result)")
    #expect(result.stderr == "")
    let committed = try String(contentsOf: Self.committedSchema, encoding: .utf8)
    #expect(
      result.stdout == committed,
      "schema/routes.schema.json is out of date; run `swift run routec schema > schema/routes.schema.json`"
    )
  }

  @Test func theSchemaIsDraft2020WithAStableID() throws {
    let result = try RoutecRunner.run(["schema"])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    #expect(object["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
    #expect(object["$id"] as? String == "urn:routetable:manifest-schema:1")
    #expect(result.stdout.hasSuffix("}\n"))
  }

  static let tinyManifest = """
    manifest: 1
    namespace: Tiny
    screens:
      Item:
        params:
          id: int
          note: { type: string, optional: true, max_length: 20 }
    routes:
      item:
        screen: Item
        aliases: [item_v1]
        params:
          id: data.id

    """

  /// The document itself is `PayloadSchemaTests`' (RouteToolsTests); here, that `routec` prints
  /// it on standard output, as JSON, and nothing else.
  @Test func payloadSchemaOfASmallManifest() throws {
    let folder = try TemporaryFolder()
    try folder.write("tiny.routes.yaml", Self.tinyManifest)
    let result = try RoutecRunner.run(["schema", "--payloads", "tiny.routes.yaml"], in: folder.url)
    #expect(result.status == 0, "\(result)")
    #expect(result.stderr == "")
    #expect(result.stdout.hasSuffix("}\n"))
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    #expect(document["title"] as? String == "Push payloads of TinyRoutes")
    #expect((document["$defs"] as? [String: Any])?.keys.sorted() == ["item"])
  }

  @Test func aManifestWithErrorsExitsOneWithItsDiagnostics() throws {
    let folder = try TemporaryFolder()
    try folder.write(
      "bad.routes.yaml",
      """
      manifest: 1
      screens:
        Home: {}
      routes:
        home:
          screen: Hom

      """)
    let result = try RoutecRunner.run(["schema", "--payloads", "bad.routes.yaml"], in: folder.url)
    #expect(result.status == 1, "\(result)")
    #expect(result.stdout == "")
    #expect(
      result.stderrLines == [
        "bad.routes.yaml:6:13: error: route `home` uses the screen `Hom`, which is not declared; did you mean `Home`? [unknown-screen]",
        "routec schema: bad.routes.yaml has 1 error, 0 warnings; nothing written",
      ])
  }

  @Test(arguments: [
    (
      ["schema", "--payloads", "missing.routes.yaml"],
      "routec: error: no such file: missing.routes.yaml"
    ),
    (
      ["schema", "--payloads", "generate"],
      "routec: error: generate is a folder; schema takes one manifest file"
    ),
    (["schema", "extra"], "Error: Unexpected argument 'extra'"),
    (["schema", "--payloads"], "Error: Missing value for '--payloads <manifest>'"),
  ])
  func usageAndFileProblemsExitTwo(arguments: [String], message: String) throws {
    let result = try RoutecRunner.run(arguments)
    #expect(result.status == 2, "\(result)")
    #expect(result.stdout == "")
    #expect(result.stderrLines.first == message)
  }
}
