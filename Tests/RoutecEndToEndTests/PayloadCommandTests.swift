import Foundation
import RoutecTestSupport
import Testing

/// `routec payload`: what it prints and its exit statuses. What the payload holds for each
/// route, and each error's message, are `PayloadBuilder`'s tests (RouteToolsTests).
@Suite("routec payload")
struct PayloadCommandTests {
  @Test func printsTheAPNsPayload() throws {
    let result = try RoutecRunner.run(["payload", "valid.routes.yaml", "detail", "--param", "id=7"])
    #expect(result.status == 0, "\(result)")
    #expect(result.stderr == "")
    #expect(
      result.stdout == """
        {
          "item_id": 7,
          "type": "detail"
        }

        """)
    // The guarantee: `routec resolve` gives the route back, with the value.
    let resolved = try RoutecRunner.run(
      ["resolve", "valid.routes.yaml", "--payload", result.stdout])
    #expect(resolved.status == 0, "\(resolved)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(resolved.stdout.utf8)) as? [String: Any])
    #expect(object["status"] as? String == "matched", "\(resolved)")
    #expect(object["route"] as? String == "detail", "\(resolved)")
  }

  @Test func printsTheFCMRequest() throws {
    let result = try RoutecRunner.run(
      ["payload", "valid.routes.yaml", "detail", "--example", "--fcm"])
    #expect(result.status == 0, "\(result)")
    #expect(result.stderr == "")
    #expect(
      result.stdout == """
        {
          "message": {
            "data": {
              "item_id": "1",
              "type": "detail"
            }
          }
        }

        """)
  }

  @Test func aPayloadThatCannotBeWrittenExitsOne() throws {
    let result = try RoutecRunner.run(["payload", "valid.routes.yaml", "detail"])
    #expect(result.status == 1, "\(result)")
    #expect(result.stdout == "")
    #expect(
      result.stderr
        == "valid.routes.yaml: error: route `detail` needs `id` (int); give it with --param id=VALUE, or --example for example values\n"
    )
  }

  @Test func aManifestWithErrorsExitsOne() throws {
    let result = try RoutecRunner.run(["payload", "errors.routes.yaml", "home"])
    #expect(result.status == 1, "\(result)")
    #expect(result.stdout == "")
    #expect(
      result.stderrLines.last
        == "routec payload: errors.routes.yaml has 3 errors, 0 warnings; nothing written")
  }

  @Test(arguments: [
    (["--param", "id"], "Error: --param expects NAME=VALUE, got `id`"),
    (["--param", "=7"], "Error: --param expects NAME=VALUE, got `=7`"),
    (
      ["--param", "id=1", "--param", "id=2"],
      "Error: --param id is given twice; give each parameter once"
    ),
    (
      ["--example", "--variant", "beta"],
      "routec: error: unknown variant `beta`; the manifest declares `default`"
    ),
  ])
  func usageProblemsExitTwo(arguments: [String], message: String) throws {
    let result = try RoutecRunner.run(["payload", "valid.routes.yaml", "detail"] + arguments)
    #expect(result.status == 2, "\(result)")
    #expect(result.stdout == "")
    #expect(result.stderrLines.first == message, "\(result)")
  }

  @Test func aMissingManifestExitsTwo() throws {
    let result = try RoutecRunner.run(["payload", "missing.routes.yaml", "detail"])
    #expect(result.status == 2, "\(result)")
    #expect(result.stderr == "routec: error: no such file: missing.routes.yaml\n")
  }
}
