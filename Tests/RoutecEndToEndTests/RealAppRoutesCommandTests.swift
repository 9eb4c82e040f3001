import Foundation
import RouteCompiler
import RouteTools
import RoutecTestSupport
import Testing

/// `routec resolve`, `aasa` and `graph` on `Fixtures/real-apps.routes.yaml`: what is routec's, the
/// members it prints for a push matched by its keys or its category, an app action and a URL routed
/// again, `--category` with a payload and an action, and `--host`. The rules these follow are
/// the runtime's (RouteTableTests' `PushResolutionTests` and `LinkResolutionTests`, over the
/// table routec compiles from the same fixture) and the apple-app-site-association file's
/// (RouteToolsTests' `AppSiteAssociationTests`).
@Suite("routec on real apps' routes")
struct RealAppRoutesCommandTests {
  static let fixture = "real-apps.routes.yaml"

  /// Expects `routec resolve FIXTURE --payload PAYLOAD MORE...` to print exactly `json`.
  static func push(
    _ payload: String, _ more: [String], _ json: String,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws {
    let result = try RoutecRunner.run(["resolve", fixture, "--payload", payload] + more)
    ResolveCommandTests.expectJSON(result, json, sourceLocation: sourceLocation)
  }

  @Test func aPushMatchedByItsKeysPrintsMatchedBy() throws {
    // An undeclared type is no type: no `type` is printed.
    try Self.push(
      #"{"type": "nope", "project": {"slug": "robot"}, "update": {"id": 3}}"#, [],
      """
      {
        "action": "navigate",
        "matched_by": "present",
        "params": {
          "project": "robot",
          "update": 3
        },
        "presentation": "push",
        "route": "project_update",
        "screen": "ProjectUpdate",
        "stack": [],
        "status": "matched",
        "tab": null,
        "url": null,
        "variant": "default"
      }
      """)
  }

  /// `--category` is the category of a payload without one (a local notification's
  /// categoryIdentifier), printed with a push its category's route opens.
  @Test func theCategoryOptionIsThePayloadsCategory() throws {
    try Self.push(
      "{}", ["--category", "reminder"],
      """
      {
        "action": "navigate",
        "category": "reminder",
        "matched_by": "category",
        "params": {},
        "presentation": "push",
        "route": "reminders",
        "screen": "Reminders",
        "stack": [],
        "status": "matched",
        "tab": null,
        "url": null,
        "variant": "default"
      }
      """)
    // With --action, the category whose button was tapped.
    try Self.push(
      #"{"message": {"id": 4}}"#, ["--category", "comment", "--action", "reply"],
      """
      {
        "action": "navigate",
        "category": "comment",
        "notification_action": "reply",
        "params": {
          "message": 4
        },
        "presentation": "push",
        "route": "thread",
        "screen": "Thread",
        "stack": [],
        "status": "matched",
        "tab": null,
        "url": null,
        "variant": "default"
      }
      """)
  }

  @Test func categoryGoesWithAPayloadOnly() throws {
    let result = try RoutecRunner.run([
      "resolve", Self.fixture, "--url", "https://shop.example/settings", "--category", "reminder",
    ])
    #expect(result.status == 2)
    #expect(result.stdout == "")
    #expect(result.stderrLines.first == "Error: --category goes with a payload; a --url has none")
  }

  @Test func anAppActionRoutePrintsItsAppAction() throws {
    try Self.push(
      #"{"sync": true}"#, [],
      """
      {
        "app_action": "sync_inbox",
        "matched_by": "present",
        "route": "sync",
        "status": "app_action",
        "variant": "default"
      }
      """)
  }

  /// A URL routed again that opens nothing: the routes that carried it, and the URL.
  @Test func aRerouteThatOpensNothingPrintsTheURL() throws {
    try Self.push(
      #"{"deep_link": "https://elsewhere.example/a"}"#, [],
      """
      {
        "matched_by": "present",
        "rerouted_from": [
          "push_link"
        ],
        "status": "unknown_link",
        "url": "https://elsewhere.example/a",
        "variant": "default"
      }
      """)
  }

  /// Without `--host`, and with a host the manifest does not declare, `routec aasa` exits 2;
  /// with one, it prints that host's file.
  @Test func aasaNeedsAHostAndPrintsThatHostsFile() throws {
    let missing = try RoutecRunner.run(["aasa", Self.fixture, "--app-id", "ABCDE12345.com.x"])
    #expect(missing.status == 2)
    #expect(missing.stdout == "")
    #expect(
      missing.stderrLines == [
        "routec: error: real-apps.routes.yaml: some link patterns apply to some hosts only, so each host serves its own file: give --host, one of `shop.example`, `clicks.shop.example`"
      ])
    let unknown = try RoutecRunner.run([
      "aasa", Self.fixture, "--app-id", "ABCDE12345.com.x", "--host", "evil.example",
    ])
    #expect(unknown.status == 2)
    #expect(unknown.stdout == "")
    #expect(
      unknown.stderrLines == [
        "routec: error: real-apps.routes.yaml: --host `evil.example` is not one of `links.hosts`, nor covered by a wildcard of them: `shop.example`, `clicks.shop.example`"
      ])
    let yaml = try Data(
      contentsOf: RoutecRunner.fixtures.appendingPathComponent(Self.fixture))
    let manifest = try #require(
      ManifestPipeline.run(bytes: Array(yaml), fileName: Self.fixture).manifest)
    for host in ["shop.example", "clicks.shop.example"] {
      let result = try RoutecRunner.run([
        "aasa", Self.fixture, "--app-id", "ABCDE12345.com.x", "--host", host,
      ])
      #expect(result.status == 0, "\(result)")
      #expect(result.stderr == "")
      #expect(
        result.stdout
          == (try AppSiteAssociation.text(manifest, appIDs: ["ABCDE12345.com.x"], host: host)))
    }
  }

  @Test func graphNamesTheHostsAndSchemesOfARestrictedLink() throws {
    let result = try RoutecRunner.run(["graph", Self.fixture])
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout.contains(#"[/"/{_*}<br>(clicks.shop.example)"/]"#), "\(result.stdout)")
    #expect(result.stdout.contains(#"[/"/home<br>(legacy:)"/]"#), "\(result.stdout)")
  }
}
