import Foundation
import RoutecTestSupport
import Testing

/// `routec check-payloads` as a backend's CI runs it: what is routec's (arguments, files and
/// standard input, git: manifests, formats, exit status). What each line resolves to and how
/// the report reads are `PayloadCheckTests`' (RouteToolsTests).
@Suite("routec check-payloads")
struct CheckPayloadsCommandTests {
  static let manifest = """
    manifest: 1
    screens:
      Home: {}
      Order:
        params:
          order_id: int
    routes:
      home:
        screen: Home
      order:
        screen: Order

    """

  static func folder(_ lines: [String], named name: String = "traffic.jsonl") throws
    -> TemporaryFolder
  {
    let folder = try TemporaryFolder()
    try folder.write("app.routes.yaml", Self.manifest)
    try folder.write(name, lines.joined(separator: "\n") + "\n")
    return folder
  }

  @Test func exitsZeroWhenEveryLineOpensWhatItNames() throws {
    let folder = try Self.folder([#"{"type":"home"}"#, #"{"type":"order","order_id":3}"#])
    let result = try RoutecRunner.run(
      ["check-payloads", "app.routes.yaml", "traffic.jsonl"], in: folder.url)
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout == "")
    #expect(result.stderrLines == ["routec check-payloads: 2 lines: 2 matched"])
  }

  @Test func exitsOneOnAFailingLineAndReportsItLocated() throws {
    let folder = try Self.folder([#"{"type":"order","order_id":"x"}"#, "{", #"{"type":"home"}"#])
    let result = try RoutecRunner.run(
      ["check-payloads", "app.routes.yaml", "traffic.jsonl"], in: folder.url)
    #expect(result.status == 1, "\(result)")
    #expect(
      result.stdoutLines == [
        "malformed: 1 line",
        "  traffic.jsonl:2:2: not a payload: expected a member name in quotes, found the end of the line",
        "invalid_params: `order`, 1 line",
        "  traffic.jsonl:1: route `order`: `order_id` (int at `order_id`) is invalid: found the string \"x\"",
      ])
    #expect(
      result.stderrLines == [
        "routec check-payloads: 3 lines: 1 malformed, 1 invalid_params, 1 matched"
      ])
  }

  @Test func strictAlsoFailsOnFallback() throws {
    let folder = try Self.folder([#"{"type":"gone"}"#])
    try folder.write("app.routes.yaml", Self.manifest + "fallback: home\n")
    let arguments = ["check-payloads", "app.routes.yaml", "traffic.jsonl"]
    #expect(try RoutecRunner.run(arguments, in: folder.url).status == 0)
    #expect(try RoutecRunner.run(arguments + ["--strict"], in: folder.url).status == 1)
  }

  @Test func readsStandardInputAndSeveralFiles() throws {
    let folder = try Self.folder([#"{"type":"nope"}"#])
    try folder.write("more.jsonl", #"{"type":"home"}"# + "\n")
    let routec = try #require(RoutecRunner.executableURL).path
    let result = try RoutecRunner.runProcess(
      URL(fileURLWithPath: "/bin/sh"),
      ["-c", "'\(routec)' check-payloads app.routes.yaml more.jsonl - < traffic.jsonl"],
      in: folder.url)
    #expect(result.status == 1, "\(result)")
    #expect(
      result.stdoutLines == [
        "unknown_type: `nope`, 1 line",
        "  <stdin>:1: push type `nope` names no route, and the manifest has no fallback",
      ])
    #expect(result.stderrLines == ["routec check-payloads: 2 lines: 1 unknown_type, 1 matched"])
  }

  @Test func fcmMessages() throws {
    let folder = try Self.folder([
      #"{"message":{"data":{"type":"order","order_id":"12"}}}"#, #"{"message":{}}"#,
    ])
    let result = try RoutecRunner.run(
      ["check-payloads", "--fcm", "app.routes.yaml", "traffic.jsonl"], in: folder.url)
    #expect(result.status == 1, "\(result)")
    #expect(
      result.stdoutLines == [
        "malformed: 1 line",
        "  traffic.jsonl:2: not a payload: the FCM message has neither `apns.payload` nor `data`, so nothing of it reaches the app",
      ])
  }

  @Test func formats() throws {
    let folder = try Self.folder([#"{"type":"nope"}"#])
    func run(_ format: String) throws -> RoutecResult {
      try RoutecRunner.run(
        ["check-payloads", "app.routes.yaml", "traffic.jsonl", "--format", format],
        in: folder.url)
    }
    let github = try run("github")
    #expect(github.status == 1)
    #expect(
      github.stdoutLines == [
        "::error file=traffic.jsonl,line=1,col=1,title=unknown_type::`nope`: push type `nope` names no route, and the manifest has no fallback"
      ])
    let json = try run("json")
    #expect(json.status == 1)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    #expect(object["lines"] as? Int == 1)
    #expect(object["statuses"] as? [String: Int] == ["unknown_type": 1])
    let sarif = try run("sarif")
    #expect(sarif.status == 1)
    #expect(sarif.stdout.contains(#""ruleId": "unknown_type""#))
    #expect(json.stderrLines == ["routec check-payloads: 1 line: 1 unknown_type"])
  }

  /// A backend checks its traffic against the app version still in users' hands.
  @Test func checksAgainstAManifestAtAGitRevision() throws {
    let folder = try Self.folder([#"{"type":"order","order_id":1}"#])
    try folder.git(["init", "-q"])
    try folder.git(["add", "app.routes.yaml"])
    try folder.git(["commit", "-q", "-m", "v1"])
    // The next version drops `order`: the traffic still fits the released one.
    try folder.write(
      "app.routes.yaml", "manifest: 1\nscreens:\n  Home: {}\nroutes:\n  home:\n    screen: Home\n")
    let released = try RoutecRunner.run(
      ["check-payloads", "git:HEAD:app.routes.yaml", "traffic.jsonl"], in: folder.url)
    #expect(released.status == 0, "\(released)")
    let next = try RoutecRunner.run(
      ["check-payloads", "app.routes.yaml", "traffic.jsonl"], in: folder.url)
    #expect(next.status == 1, "\(next)")
  }

  @Test(arguments: [
    (["traffic.jsonl", "missing.jsonl"], "routec: error: cannot read missing.jsonl: no such file"),
    (["."], "routec: error: cannot read .: it is a folder"),
    (["-", "-"], "Error: `-` (standard input) can be read only once"),
  ])
  func usageAndFileProblemsExitTwo(files: [String], message: String) throws {
    let folder = try Self.folder([#"{"type":"home"}"#])
    let result = try RoutecRunner.run(
      ["check-payloads", "app.routes.yaml"] + files, in: folder.url)
    #expect(result.status == 2, "\(result)")
    #expect(result.stderrLines.first == message, "\(result)")
  }

  @Test func aManifestWithErrorsExitsTwo() throws {
    let folder = try Self.folder([#"{"type":"home"}"#])
    try folder.write(
      "app.routes.yaml", "manifest: 1\nscreens: {}\nroutes:\n  home: { screen: Nope }\n")
    let result = try RoutecRunner.run(
      ["check-payloads", "app.routes.yaml", "traffic.jsonl"], in: folder.url)
    #expect(result.status == 2, "\(result)")
    #expect(
      result.stderrLines.last
        == "routec check-payloads: app.routes.yaml has 1 error, 0 warnings; nothing checked")
  }
}
