import Foundation
import RoutecTestSupport
import Testing

/// `routec resolve --action`: every status of an action button tap, on the shop example, whose
/// `course_update` category has `open` (route `course_page`), `later` (no route) and `mute`, and
/// whose `new_book` category has `read` (the alias `webview`, of a route that takes a book id).
@Suite("routec resolve --action")
struct ResolveActionCommandTests {
  static func tap(_ action: String, _ payload: String, _ more: [String] = []) throws
    -> RoutecResult
  {
    try ResolveCommandTests.resolve(
      ["shop.routes.yaml", "--action", action, "--payload", payload] + more)
  }

  @Test func aRoutedActionOpensItsRouteWithThePayload() throws {
    let result = try Self.tap(
      "open", #"{"aps": {"category": "course_update"}, "type": "gift_page", "id": 42}"#,
      ["--state", "foreground"])
    // The type keys are not consulted, and a tap always navigates.
    ResolveCommandTests.expectJSON(
      result,
      """
      {
        "action": "navigate",
        "category": "course_update",
        "notification_action": "open",
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
        "url": "https://m.example.com/index.php?c=course_ctrl&m=course_data&id=42",
        "variant": "v2"
      }
      """)
  }

  @Test func anActionWithoutARouteIsAnAppAction() throws {
    ResolveCommandTests.expectJSON(
      try Self.tap("later", #"{"aps": {"category": "course_update"}}"#),
      """
      {
        "category": "course_update",
        "notification_action": "later",
        "status": "app_action",
        "variant": "v2"
      }
      """)
  }

  @Test func aRoutedActionWithoutItsParametersIsInvalidParams() throws {
    ResolveCommandTests.expectJSON(
      try Self.tap("read", #"{"aps": {"category": "new_book"}, "id": "seven"}"#),
      """
      {
        "category": "new_book",
        "errors": [
          {
            "param": "book_id",
            "reason": "invalid"
          }
        ],
        "notification_action": "read",
        "route": "webview_full",
        "status": "invalid_params",
        "variant": "v2"
      }
      """)
  }

  @Test func aRoutedActionOfARouteMissingFromTheVariantIsUnavailable() throws {
    let folder = try TemporaryFolder()
    try folder.write(
      "only.routes.yaml",
      """
      manifest: 1
      remote_config: { variant_key: version, default_variant: v2 }
      variants:
        v1: { values: ["1"], tabs: [home] }
        v2: { values: ["2"], tabs: [home] }
      screens:
        Home: {}
      routes:
        home:
          screen: Home
        shelf:
          screen: Home
          only: [v2]
      categories:
        books:
          actions:
            shelf: { title: Open the shelf, route: shelf }

      """)
    let result = try RoutecRunner.run(
      [
        "resolve", "only.routes.yaml", "--action", "shelf", "--payload",
        #"{"aps": {"category": "books"}}"#, "--variant", "v1",
      ], in: folder.url)
    ResolveCommandTests.expectJSON(
      result,
      """
      {
        "category": "books",
        "notification_action": "shelf",
        "route": "shelf",
        "status": "unavailable",
        "variant": "v1"
      }
      """)
  }

  @Test(arguments: [
    ("open", #"{"aps": {"category": "course_updates"}}"#, "\"course_updates\""),
    ("close", #"{"aps": {"category": "course_update"}}"#, "\"course_update\""),
    ("open", #"{"aps": {"alert": "Hi"}, "type": "course_page"}"#, "null"),
    ("open", #"{"aps": {"category": 7}}"#, "null"),
  ])
  func undeclaredCategoriesAndActionsAreUnknownActions(
    action: String, payload: String, category: String
  ) throws {
    ResolveCommandTests.expectJSON(
      try Self.tap(action, payload),
      """
      {
        "category": \(category),
        "notification_action": "\(action)",
        "status": "unknown_action",
        "variant": "v2"
      }
      """)
  }

  @Test func theVariantPicksTheTab() throws {
    let result = try Self.tap(
      "read", #"{"aps": {"category": "new_book"}, "id": "7"}"#, ["--remote-value", "1"])
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout.contains(#""name": "shop""#), "\(result)")
    #expect(result.stdout.contains(#""route": "webview_full""#), "\(result)")
  }
}
