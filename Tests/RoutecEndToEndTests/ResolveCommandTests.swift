import Foundation
import RoutecTestSupport
import Testing

/// `routec resolve` run as a separate process, with the exact JSON it prints.
@Suite("routec resolve")
struct ResolveCommandTests {
  static let routes = RoutecRunner.packageRoot.appendingPathComponent("routes")

  /// The options no longer fit one line, so ArgumentParser writes `[<options>]`.
  static let usage = "Usage: routec resolve [<options>] <manifest>"

  /// Runs `routec resolve arguments...` in the bundled `routes` folder.
  static func resolve(_ arguments: [String]) throws -> RoutecResult {
    try RoutecRunner.run(["resolve"] + arguments, in: routes)
  }

  /// Runs `routec resolve arguments...` in `Tests/RoutecEndToEndTests/Fixtures`.
  static func resolveFixture(_ arguments: [String]) throws -> RoutecResult {
    try RoutecRunner.run(["resolve"] + arguments)
  }

  /// Expects a printed resolution: exit 0, exactly `json` plus a newline on standard output,
  /// nothing on standard error.
  static func expectJSON(
    _ result: RoutecResult, _ json: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(result.status == 0, "\(result)", sourceLocation: sourceLocation)
    #expect(result.stdout == json + "\n", sourceLocation: sourceLocation)
    #expect(result.stderr == "", sourceLocation: sourceLocation)
  }

  // MARK: Requirements and back stacks

  /// A route with `requires` prints them all, and those `--satisfied` does not name as
  /// `unmet`; its `stack` is printed for matched and fallback, `[]` when it has none.
  @Test func requirementsAndTheBackStackArePrinted() throws {
    let result = try Self.resolve([
      "shop.routes.yaml", "--payload", #"{"type": "order_detail", "order_id": "42"}"#,
      "--satisfied", "signed_in", "--remote-value", "1",
    ])
    Self.expectJSON(
      result,
      """
      {
        "action": "navigate",
        "params": {
          "order_id": 42
        },
        "presentation": "push",
        "requires": [
          "signed_in"
        ],
        "route": "order_detail",
        "screen": "OrderDetail",
        "stack": [
          {
            "params": {},
            "screen": "OrderList"
          }
        ],
        "status": "matched",
        "tab": {
          "index": 3,
          "name": "profile"
        },
        "type": "order_detail",
        "unmet": [],
        "url": null,
        "variant": "v1"
      }
      """)
    let unsatisfied = try Self.resolve([
      "shop.routes.yaml", "--payload", #"{"type": "order_detail", "order_id": "42"}"#,
    ])
    #expect(unsatisfied.status == 0, "\(unsatisfied)")
    #expect(unsatisfied.stdout.contains(#""unmet": [\#n    "signed_in"\#n  ]"#))
    // A route without requirements prints neither member.
    let home = try Self.resolve(["shop.routes.yaml", "--payload", #"{"type": "home"}"#])
    #expect(!home.stdout.contains("requires") && !home.stdout.contains("unmet"))
    #expect(home.stdout.contains(#""stack": []"#))
  }

  @Test(arguments: [
    (
      ["shop.routes.yaml", "--satisfied", "signed_inn"],
      "--satisfied names `signed_inn`, which the manifest's `requirements` does not declare; did you mean `signed_in`?"
    ),
    (
      ["shop.routes.yaml", "--satisfied", "signed_in,paid"],
      "--satisfied names `paid`, which the manifest's `requirements` does not declare; it declares `signed_in`"
    ),
    (
      ["news.routes.yaml", "--satisfied", "signed_in"],
      "--satisfied names `signed_in`, but the manifest declares no requirements"
    ),
  ])
  func anUndeclaredSatisfiedRequirementIsAUsageError(arguments: [String], message: String) throws {
    let result = try Self.resolve(arguments + ["--payload", #"{"type": "home"}"#])
    #expect(result.status == 2)
    #expect(result.stdout == "")
    #expect(result.stderrLines == ["routec: error: \(message)"])
  }

  // MARK: Statuses on shop.routes.yaml

  @Test func matchedExpandsTheURLInTheDefaultVariant() throws {
    let result = try Self.resolve([
      "shop.routes.yaml", "--payload", #"{"type": "course_page", "id": "42"}"#,
    ])
    Self.expectJSON(
      result,
      """
      {
        "action": "navigate",
        "params": {
          "id": "42"
        },
        "presentation": "push",
        "route": "course_page",
        "screen": "LessonDetail",
        "stack": [],
        "status": "matched",
        "tab": {
          "index": 1,
          "name": "courses"
        },
        "type": "course_page",
        "url": "https://m.example.com/index.php?c=course_ctrl&m=course_data&id=42",
        "variant": "v2"
      }
      """)
  }

  @Test func matchedThroughAnAliasInTheForeground() throws {
    let result = try Self.resolve([
      "shop.routes.yaml", "--payload", #"{"aps": {"type": "webview"}, "id": "7"}"#,
      "--remote-value", "1", "--state", "foreground",
    ])
    Self.expectJSON(
      result,
      """
      {
        "action": "banner",
        "params": {
          "book_id": 7,
          "chapter": null,
          "hide_cache": true
        },
        "presentation": "modal",
        "route": "webview_full",
        "screen": "BookReader",
        "stack": [],
        "status": "matched",
        "tab": {
          "index": 1,
          "name": "shop"
        },
        "type": "webview",
        "url": "https://m.example.com/index.php?c=fast_show_ctrl&m=show_book_free&id=7&hide_cache=1",
        "variant": "v1"
      }
      """)
  }

  @Test(arguments: ["launch", "background"])
  func aBannerRouteNavigatesWhenNotInTheForeground(state: String) throws {
    let result = try Self.resolve([
      "shop.routes.yaml", "--payload", #"{"type": "webview_full", "id": 7, "chapter": "3"}"#,
      "--variant", "v2", "--state", state,
    ])
    Self.expectJSON(
      result,
      """
      {
        "action": "navigate",
        "params": {
          "book_id": 7,
          "chapter": 3,
          "hide_cache": true
        },
        "presentation": "modal",
        "route": "webview_full",
        "screen": "BookReader",
        "stack": [],
        "status": "matched",
        "tab": {
          "index": 0,
          "name": "home"
        },
        "type": "webview_full",
        "url": "https://m.example.com/index.php?c=fast_show_ctrl&m=show_book_free&id=7&hide_cache=1&chapter=3",
        "variant": "v2"
      }
      """)
  }

  @Test func unknownRemoteValuePicksTheDefaultVariant() throws {
    let result = try Self.resolve([
      "shop.routes.yaml", "--payload", #"{"type": "home"}"#, "--remote-value", "9",
    ])
    Self.expectJSON(
      result,
      """
      {
        "action": "navigate",
        "params": {},
        "presentation": "push",
        "route": "home",
        "screen": "Home",
        "stack": [],
        "status": "matched",
        "tab": {
          "index": 0,
          "name": "home"
        },
        "type": "home",
        "url": null,
        "variant": "v2"
      }
      """)
  }

  @Test func fallbackForAnUnknownType() throws {
    let result = try Self.resolve([
      "shop.routes.yaml", "--payload", #"{"type": "nope"}"#, "--variant", "v1",
    ])
    Self.expectJSON(
      result,
      """
      {
        "action": "navigate",
        "params": {},
        "presentation": "push",
        "route": "home",
        "screen": "Home",
        "stack": [],
        "status": "fallback",
        "tab": {
          "index": 0,
          "name": "home"
        },
        "type": "nope",
        "url": null,
        "variant": "v1"
      }
      """)
  }

  @Test func fallbackForAMissingType() throws {
    // A number at a type key is not a type, and `aps.type` is tried next.
    let result = try Self.resolve([
      "shop.routes.yaml", "--payload", #"{"type": 5, "aps": {}}"#, "--state", "foreground",
    ])
    // `home` declares no `foreground`: the default shows a banner and waits for a tap.
    Self.expectJSON(
      result,
      """
      {
        "action": "banner",
        "params": {},
        "presentation": "push",
        "route": "home",
        "screen": "Home",
        "stack": [],
        "status": "fallback",
        "tab": {
          "index": 0,
          "name": "home"
        },
        "url": null,
        "variant": "v2"
      }
      """)
  }

  @Test func unavailableInAVariantThatLeavesTheRouteOut() throws {
    let result = try Self.resolve([
      "shop.routes.yaml", "--payload", #"{"type": "new_shelf"}"#, "--variant", "v1",
    ])
    Self.expectJSON(
      result,
      """
      {
        "route": "new_shelf",
        "status": "unavailable",
        "type": "new_shelf",
        "variant": "v1"
      }
      """)
  }

  @Test func invalidParamsForAMissingParameter() throws {
    // The fallback never hides invalid params.
    let result = try Self.resolve(["shop.routes.yaml", "--payload", #"{"type": "course_page"}"#])
    Self.expectJSON(
      result,
      """
      {
        "errors": [
          {
            "param": "id",
            "reason": "missing"
          }
        ],
        "route": "course_page",
        "status": "invalid_params",
        "type": "course_page",
        "variant": "v2"
      }
      """)
  }

  @Test func invalidParamsListsEveryBadParameterInManifestOrder() throws {
    let result = try Self.resolve([
      "shop.routes.yaml", "--payload",
      #"{"type": "webview", "id": "x", "hide_cache": "yes", "chapter": 2.5}"#,
    ])
    Self.expectJSON(
      result,
      """
      {
        "errors": [
          {
            "param": "book_id",
            "reason": "invalid"
          },
          {
            "param": "hide_cache",
            "reason": "invalid"
          },
          {
            "param": "chapter",
            "reason": "invalid"
          }
        ],
        "route": "webview_full",
        "status": "invalid_params",
        "type": "webview",
        "variant": "v2"
      }
      """)
  }

  @Test func baseOverrideChangesTheURL() throws {
    let result = try Self.resolve([
      "shop.routes.yaml", "--payload", #"{"type": "gift_page"}"#, "--variant", "v1",
      "--base", "web=https://staging.example.com",
    ])
    Self.expectJSON(
      result,
      """
      {
        "action": "navigate",
        "params": {},
        "presentation": "push",
        "route": "gift_page",
        "screen": "GiftManager",
        "stack": [],
        "status": "matched",
        "tab": {
          "index": 3,
          "name": "profile"
        },
        "type": "gift_page",
        "url": "https://staging.example.com/index.php?c=salectrl&m=get_manage_card_data",
        "variant": "v1"
      }
      """)
  }

  @Test func payloadFromAFile() throws {
    let folder = try TemporaryFolder()
    try folder.write("push.json", #"{"type": "course_page", "id": 1001}"#)
    let result = try Self.resolve([
      "shop.routes.yaml", "--payload-file", folder.url.appendingPathComponent("push.json").path,
    ])
    Self.expectJSON(
      result,
      """
      {
        "action": "navigate",
        "params": {
          "id": "1001"
        },
        "presentation": "push",
        "route": "course_page",
        "screen": "LessonDetail",
        "stack": [],
        "status": "matched",
        "tab": {
          "index": 1,
          "name": "courses"
        },
        "type": "course_page",
        "url": "https://m.example.com/index.php?c=course_ctrl&m=course_data&id=1001",
        "variant": "v2"
      }
      """)
  }

  // MARK: news.routes.yaml: no variants, nested type key, coercion

  @Test func withoutVariantsTheVariantIsDefault() throws {
    let result = try Self.resolve([
      "news.routes.yaml", "--payload", #"{"aps": {"category": "story"}, "id": "1234"}"#,
    ])
    Self.expectJSON(
      result,
      """
      {
        "action": "navigate",
        "params": {
          "article_id": 1234,
          "autoplay": false,
          "section": null
        },
        "presentation": "push",
        "route": "article",
        "screen": "Article",
        "stack": [],
        "status": "matched",
        "tab": {
          "index": 0,
          "name": "top_stories"
        },
        "type": "story",
        "url": "https://news.example.org/a/1234?autoplay=false",
        "variant": "default"
      }
      """)
    // `default` is also the one variant name `--variant` accepts.
    let named = try Self.resolve([
      "news.routes.yaml", "--payload", #"{"aps": {"category": "story"}, "id": "1234"}"#,
      "--variant", "default",
    ])
    #expect(named.stdout == result.stdout)
  }

  @Test func nestedParameterKeyPathAndForegroundBanner() throws {
    let result = try Self.resolve([
      "news.routes.yaml", "--payload",
      #"{"aps": {"category": "breaking", "data": {"article": "99"}}, "section": "wörld & co"}"#,
      "--state", "foreground",
    ])
    Self.expectJSON(
      result,
      """
      {
        "action": "banner",
        "params": {
          "article_id": 99,
          "autoplay": false,
          "section": "wörld & co"
        },
        "presentation": "push",
        "route": "breaking",
        "screen": "Article",
        "stack": [],
        "status": "matched",
        "tab": {
          "index": 0,
          "name": "top_stories"
        },
        "type": "breaking",
        "url": "https://news.example.org/a/99?section=w%C3%B6rld%20%26%20co",
        "variant": "default"
      }
      """)
  }

  // MARK: A manifest without a fallback

  @Test func unknownTypeWithoutAFallback() throws {
    let result = try Self.resolveFixture([
      "nofallback.routes.yaml", "--payload", #"{"type": "nope"}"#,
    ])
    Self.expectJSON(
      result,
      """
      {
        "status": "unknown_type",
        "type": "nope",
        "variant": "default"
      }
      """)
  }

  @Test(arguments: [#"{}"#, #"{"type": ""}"#, #"{"type": null}"#, #"{"type": ["home"]}"#])
  func missingTypeWithoutAFallback(payload: String) throws {
    let result = try Self.resolveFixture(["nofallback.routes.yaml", "--payload", payload])
    Self.expectJSON(
      result,
      """
      {
        "status": "missing_type",
        "variant": "default"
      }
      """)
  }

  // MARK: JSON text

  @Test func stringsAreEscapedAndDoublesFormatted() throws {
    let result = try Self.resolveFixture([
      "nofallback.routes.yaml", "--payload",
      #"{"type": "inbox", "ratio": "1e-5", "label": "a\"b\\c/d\n\t\r\b\f\u0001\u001f\u007fé😀"}"#,
    ])
    Self.expectJSON(
      result,
      #"""
      {
        "action": "navigate",
        "params": {
          "label": "a\"b\\c/d\n\t\r\b\f\u0001\u001f\#u{7F}é😀",
          "ratio": 1e-05
        },
        "presentation": "push",
        "route": "inbox",
        "screen": "Inbox",
        "stack": [],
        "status": "matched",
        "tab": null,
        "type": "inbox",
        "url": null,
        "variant": "default"
      }
      """#)
  }

  @Test func integralDoublesKeepTheirFraction() throws {
    let result = try Self.resolveFixture([
      "nofallback.routes.yaml", "--payload", #"{"type": "inbox", "ratio": 3, "label": 2.5}"#,
    ])
    Self.expectJSON(
      result,
      """
      {
        "action": "navigate",
        "params": {
          "label": "2.5",
          "ratio": 3.0
        },
        "presentation": "push",
        "route": "inbox",
        "screen": "Inbox",
        "stack": [],
        "status": "matched",
        "tab": null,
        "type": "inbox",
        "url": null,
        "variant": "default"
      }
      """)
  }

  @Test func warningsAloneDoNotStopAResolution() throws {
    let result = try Self.resolveFixture([
      "warnings.routes.yaml", "--payload", #"{"type": "home"}"#,
    ])
    Self.expectJSON(
      result,
      """
      {
        "action": "navigate",
        "params": {},
        "presentation": "push",
        "route": "home",
        "screen": "Home",
        "stack": [],
        "status": "matched",
        "tab": null,
        "type": "home",
        "url": "http://m.example.com/home",
        "variant": "default"
      }
      """)
  }

  // MARK: Failures

  @Test func manifestWithErrorsExitsOneWithItsDiagnostics() throws {
    let result = try Self.resolveFixture(["errors.routes.yaml", "--payload", #"{"type": "home"}"#])
    #expect(result.status == 1, "\(result)")
    #expect(result.stdout == "")
    #expect(
      result.stderrLines.first
        == "errors.routes.yaml:6:3: error: duplicate key `Home`; it was first defined at line 5 [duplicate-key]"
    )
    #expect(result.stderrLines.count == 4)
    #expect(
      result.stderrLines.last
        == "routec resolve: errors.routes.yaml has 3 errors, 0 warnings; nothing resolved")
  }

  /// `--state` takes the runtime's `AppState` values, listed in the help in their order. It has
  /// no default value of its own (a `--url` must not be given one), so the help says the
  /// default in words.
  @Test func helpListsTheAppStates() throws {
    let result = try Self.resolve(["--help"])
    #expect(result.status == 0, "\(result)")
    let lines = result.stdoutLines
    let start = try #require(lines.firstIndex { $0.hasPrefix("  --state <state>") }, "\(result)")
    #expect(
      Array(lines[start...].prefix(2)) == [
        "  --state <state>         Where the app is when the push arrives (default:",
        "                          background). (values: launch, background, foreground)",
      ])
  }

  /// A usage error ArgumentParser reports: `Error: MESSAGE`, then the usage line.
  @Test(arguments: [
    (
      ["shop.routes.yaml"],
      "give the payload with --payload JSON or --payload-file FILE, or a link with --url URL"
    ),
    (
      ["shop.routes.yaml", "--payload", "{}", "--payload-file", "push.json"],
      "give either --payload or --payload-file, not both"
    ),
    (
      ["shop.routes.yaml", "--payload", "{}", "--variant", "v1", "--remote-value", "1"],
      "give either --variant or --remote-value, not both"
    ),
    (
      ["shop.routes.yaml", "--payload", "{}", "--base", "web"],
      "--base expects NAME=URL, got `web`"
    ),
    (
      ["shop.routes.yaml", "--payload", "{}", "--base", "=https://x.example.com"],
      "--base expects NAME=URL, got `=https://x.example.com`"
    ),
    (
      ["shop.routes.yaml", "--payload", "{}", "--state", "asleep"],
      "The value 'asleep' is invalid for '--state <state>'. Please provide one of 'launch', "
        + "'background' or 'foreground'."
    ),
  ])
  func argumentErrorsExitTwo(arguments: [String], message: String) throws {
    let result = try Self.resolve(arguments)
    #expect(result.status == 2, "\(result)")
    #expect(result.stdout == "")
    #expect(result.stderrLines.first == "Error: \(message)")
    #expect(result.stderrLines.contains(Self.usage))
  }

  /// A usage error routec reports after reading its inputs: one `routec: error:` line.
  @Test(arguments: [
    (
      ["shop.routes.yaml", "--payload", "{}", "--variant", "v3"],
      "unknown variant `v3`; the manifest declares `v1`, `v2`"
    ),
    (
      ["news.routes.yaml", "--payload", "{}", "--variant", "v1"],
      "unknown variant `v1`; the manifest declares `default`"
    ),
    (
      ["shop.routes.yaml", "--payload-file", "missing.json"],
      "cannot read the payload file missing.json: no such file"
    ),
    (
      ["shop.routes.yaml", "--payload", "[1, 2]"],
      "the payload must be a JSON object, found an array"
    ),
    (
      ["shop.routes.yaml", "--payload", #""course_page""#],
      "the payload must be a JSON object, found a string"
    ),
    (
      ["shop.routes.yaml", "--payload", "{}", "--base", "api=https://api.example.com"],
      "the manifest declares no base `api`; it declares `web`"
    ),
    (
      ["shop.routes.yaml", "--payload", "{}", "--base", "web=https://staging.example.com/"],
      "`https://staging.example.com/` cannot replace base `web`: it must be an absolute URL like "
        + "https://host/path whose authority is a host and an optional port (no user info), "
        + "without query, fragment or trailing `/`"
    ),
    (
      ["shop.routes.yaml", "--payload", "{}", "--base", "web=javascript:alert(1)"],
      "`javascript:alert(1)` cannot replace base `web`: it must be an absolute URL like "
        + "https://host/path whose authority is a host and an optional port (no user info), "
        + "without query, fragment or trailing `/`"
    ),
    (
      ["shop.routes.yaml", "--payload", "{}", "--base", "web=https://m.example.com@evil.example"],
      "`https://m.example.com@evil.example` cannot replace base `web`: it must be an absolute URL "
        + "like https://host/path whose authority is a host and an optional port (no user info), "
        + "without query, fragment or trailing `/`"
    ),
    (["absent.routes.yaml", "--payload", "{}"], "no such file: absent.routes.yaml"),
    (["..", "--payload", "{}"], ".. is a folder; resolve takes one manifest file"),
  ])
  func inputErrorsExitTwo(arguments: [String], message: String) throws {
    let result = try Self.resolve(arguments)
    #expect(result.status == 2, "\(result)")
    #expect(result.stdout == "")
    #expect(result.stderrLines == ["routec: error: \(message)"])
  }

  /// The payload is read as check-payloads reads a line, the same on every platform: a comma
  /// after the last member is an error, as APNs makes it, though Foundation on Linux reads it.
  @Test(arguments: [
    ("{", "at byte 2: expected a member name in quotes, found the end of the line"),
    ("", "at byte 1: the JSON text ends where a value should be"),
    ("{\"type\": }", "at byte 10: unexpected `}` where a value should be"),
    ("{\"type\": \"x\",}", "at byte 14: expected a member name in quotes, found `}`"),
  ])
  func invalidJSONExitsTwo(payload: String, message: String) throws {
    let result = try Self.resolve(["shop.routes.yaml", "--payload", payload])
    #expect(result.status == 2, "\(result)")
    #expect(result.stdout == "")
    #expect(result.stderrLines == ["routec: error: the payload is not valid JSON \(message)"])
  }

  @Test func invalidJSONInAFileNamesTheFile() throws {
    let folder = try TemporaryFolder()
    try folder.write("push.json", "type=course_page")
    let path = folder.url.appendingPathComponent("push.json").path
    let result = try Self.resolve(["shop.routes.yaml", "--payload-file", path])
    #expect(result.status == 2, "\(result)")
    #expect(result.stdout == "")
    #expect(
      result.stderrLines.first
        == "routec: error: \(path): the payload is not valid JSON at byte 1: unexpected `t` where"
        + " a value should be")
  }
}

/// `--shortcut`, `--activity` and `--intent`: a Home Screen quick action, a user activity or an
/// App Intent, its parameters read from `--user-info` (or `--user-info-file`) as from a push
/// payload.
@Suite struct ResolveDoorCommandTests {
  static let manifest = RoutecRunner.packageRoot.appendingPathComponent(
    "Tests/RouteCompilerTests/Fixtures/valid/doors.routes.yaml"
  ).path

  @Test func aShortcutResolvesItsRouteWithTheUserInfo() throws {
    let result = try RoutecRunner.run(
      ["resolve", Self.manifest, "--shortcut", "reorder", "--user-info", #"{"order":{"id":42}}"#])
    #expect(result.status == 0, "\(result)")
    #expect(
      result.stdout == """
        {
          "action": "navigate",
          "params": {
            "order_id": 42
          },
          "presentation": "push",
          "route": "order_detail",
          "screen": "OrderDetail",
          "shortcut": "reorder",
          "stack": [],
          "status": "matched",
          "tab": null,
          "url": null,
          "variant": "default"
        }

        """)
  }

  /// `--webpage-url` and `--title` give what the activity carries beside its userInfo, which
  /// `from: $webpage_url` and `from: $title` read; they go with `--activity` alone.
  @Test func anActivitysWebpageURLAndTitle() throws {
    let manifest = RoutecRunner.fixtures.appendingPathComponent("arrival-values.routes.yaml").path
    let handedOff = try RoutecRunner.run(
      [
        "resolve", manifest, "--activity", "com.shop.browsing", "--webpage-url",
        "https://shop.example/p/42",
      ])
    #expect(handedOff.status == 0, "\(handedOff)")
    #expect(
      handedOff.stdout == """
        {
          "action": "navigate",
          "activity": "com.shop.browsing",
          "link": "/p/{id}",
          "params": {
            "id": 42
          },
          "presentation": "push",
          "rerouted_from": [
            "handoff"
          ],
          "route": "product",
          "screen": "Product",
          "stack": [],
          "status": "matched",
          "tab": null,
          "url": null,
          "variant": "default"
        }

        """)
    let titled = try RoutecRunner.run(
      ["resolve", manifest, "--activity", "com.shop.reading", "--title", "Red shoes"])
    #expect(titled.stdout.contains(#""query": "Red shoes""#), "\(titled)")
    let misplaced = try RoutecRunner.run(
      ["resolve", manifest, "--shortcut", "x", "--title", "Red shoes"])
    #expect(misplaced.status == 2)
    #expect(
      misplaced.stderrLines.first
        == "Error: --title goes with --activity: only a user activity carries it")
  }

  @Test func anActivityWithoutItsValueIsInvalidParams() throws {
    let result = try RoutecRunner.run(
      ["resolve", Self.manifest, "--activity", "com.example.shop.order"])
    #expect(
      result.stdout == """
        {
          "activity": "com.example.shop.order",
          "errors": [
            {
              "param": "order_id",
              "reason": "missing"
            }
          ],
          "route": "order_detail",
          "status": "invalid_params",
          "variant": "default"
        }

        """)
  }

  /// An intent's payload is its parameters' values by payload key; its route's requirements
  /// and tab are those of the variant.
  @Test func anIntentResolvesItsRouteWithItsParameters() throws {
    let manifest = RoutecRunner.packageRoot.appendingPathComponent(
      "Tests/RouteCompilerTests/Fixtures/valid/intents.routes.yaml"
    ).path
    let result = try RoutecRunner.run([
      "resolve", manifest, "--intent", "open_episode", "--user-info",
      #"{"episode_id": 7, "autoplay": true}"#, "--satisfied", "signed_in",
    ])
    #expect(result.status == 0, "\(result)")
    #expect(
      result.stdout == """
        {
          "action": "navigate",
          "intent": "open_episode",
          "params": {
            "autoplay": true,
            "id": 7
          },
          "presentation": "push",
          "requires": [
            "signed_in"
          ],
          "route": "episode",
          "screen": "Episode",
          "stack": [],
          "status": "matched",
          "tab": {
            "index": 0,
            "name": "library"
          },
          "unmet": [],
          "url": null,
          "variant": "v2"
        }

        """)
    // A value outside `choices` is invalid.
    let invalid = try RoutecRunner.run([
      "resolve", manifest, "--intent", "browse", "--user-info", #"{"genre": "horror"}"#,
    ])
    #expect(
      invalid.stdout == """
        {
          "errors": [
            {
              "param": "genre",
              "reason": "invalid"
            }
          ],
          "intent": "browse",
          "route": "browse_genre",
          "status": "invalid_params",
          "variant": "v2"
        }

        """)
  }

  @Test(arguments: [
    (["--shortcut", "nope"], "unknown_shortcut", "shortcut"),
    (["--activity", "com.example.nope"], "unknown_activity", "activity"),
    (["--intent", "nope"], "unknown_intent", "intent"),
  ])
  func anUndeclaredTypeHasItsStatus(arguments: [String], status: String, key: String) throws {
    let result = try RoutecRunner.run(["resolve", Self.manifest] + arguments)
    #expect(
      result.stdout == """
        {
          "\(key)": "\(arguments[1])",
          "status": "\(status)",
          "variant": "default"
        }

        """)
  }

  @Test(arguments: [
    (["--shortcut", "a", "--activity", "b"], "give either --shortcut or --activity, not both"),
    (["--activity", "a", "--intent", "b"], "give either --activity or --intent, not both"),
    (
      ["--intent", "a", "--url", "https://x.example/"],
      "--intent resolves a door of its own; give its userInfo with --user-info or --user-info-file, not a payload or a URL"
    ),
    (
      ["--shortcut", "a", "--payload", "{}"],
      "--shortcut resolves a door of its own; give its userInfo with --user-info or --user-info-file, not a payload or a URL"
    ),
    (
      ["--activity", "a", "--state", "foreground"],
      "--action, --state and --category apply to pushes; --activity is opened by the user and always navigates"
    ),
    (
      ["--payload", "{}", "--user-info", "{}"],
      "--user-info and --user-info-file go with --shortcut, --activity or --intent"
    ),
    (
      ["--shortcut", "a", "--user-info", "{}", "--user-info-file", "x.json"],
      "give either --user-info or --user-info-file, not both"
    ),
    (
      ["--activity", "NSUserActivityTypeBrowsingWeb"],
      "the router routes an activity of type `NSUserActivityTypeBrowsingWeb` as a link (a universal link's `webpageURL`, or a Spotlight result's `kCSSearchableItemActivityIdentifier`); resolve that link with --url"
    ),
    (
      ["--activity", "com.apple.corespotlightitem"],
      "the router routes an activity of type `com.apple.corespotlightitem` as a link (a universal link's `webpageURL`, or a Spotlight result's `kCSSearchableItemActivityIdentifier`); resolve that link with --url"
    ),
  ])
  func usageErrorsExitTwo(arguments: [String], message: String) throws {
    let result = try RoutecRunner.run(["resolve", Self.manifest] + arguments)
    #expect(result.status == 2)
    #expect(result.stderrLines.first == "Error: \(message)")
  }
}
