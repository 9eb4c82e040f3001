import Foundation
@_spi(Generated) import RouteTable
import Testing

/// Pushes without a declared type as the resolver reads them, on the table routec compiled from
/// RoutecEndToEndTests' fixture of what real apps' routes need (`real-apps.routes.yaml`;
/// `ReferenceTables/RealAppsRoutes.swift`): routes told apart by the key paths they carry
/// (`when_present`), default taps routed by their category, an app action (`app_action`) and a URL
/// routed again (`reroute`). Each payload's whole resolution is compared.
@Suite struct PushResolutionTests {
  typealias Routes = RealAppsRoutes
  typealias Expected = Outcome<RealAppsRoutes.Destination>

  static func payload(_ json: String) throws -> Payload {
    try Payload(jsonData: Data(json.utf8))
  }

  /// Expects the payload `json` to resolve to exactly `expected`, in the background.
  static func expect(
    _ json: String, _ expected: Expected, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let resolved = Expected(Routes.resolve(try payload(json), variant: .default))
    #expect(resolved == expected, "\(json)", sourceLocation: sourceLocation)
  }

  /// A push that opens `destination` through `route`, found by `match`.
  static func matched(
    _ route: String, _ destination: Routes.Destination, by match: ResolutionMatch? = .present,
    category: String? = nil, pushType: String? = nil
  ) -> Expected {
    Expected(
      status: .matched, variant: "default", pushType: pushType, matchedBy: match,
      category: category, route: route, destination: destination, presentation: .push,
      foregroundPolicy: .navigate)
  }

  static let missingType = Expected(status: .missingType, variant: "default")

  // MARK: `when_present`

  @Test func aPushWithoutATypeOpensTheFirstRouteWhoseKeysItHolds() throws {
    let update = Self.matched("project_update", .projectUpdate(project: "robot", update: 3))
    try Self.expect(#"{"project": {"slug": "robot"}, "update": {"id": 3}}"#, update)
    // An undeclared type is no type: the keys decide, and the type is not kept.
    try Self.expect(
      #"{"type": "nope", "project": {"slug": "robot"}, "update": {"id": 3}}"#, update)
    // `project_update` needs both keys; `project_activity`, after it, one.
    try Self.expect(
      #"{"project": {"slug": "robot"}}"#,
      Self.matched("project_activity", .project(project: "robot")))
    try Self.expect(#"{"update": {"id": 3}}"#, Self.missingType)
    // Manifest order: `thread` is tried before the project routes.
    try Self.expect(
      #"{"message": {"id": 5}, "project": {}}"#, Self.matched("thread", .thread(message: 5)))
  }

  /// `survey` is matched by a nested key path, `survey.id`: the key inside the object, not the
  /// object, must be there, and a key holding null is absent.
  @Test func aNestedKeyPathIsPresentOnlyWhenItsLastKeyHoldsAValue() throws {
    try Self.expect(#"{"survey": {"id": 9}}"#, Self.matched("survey", .survey(survey: 9)))
    try Self.expect(
      #"{"survey": {"id": "12"}, "message": {"id": 1}}"#,
      Self.matched("survey", .survey(survey: 12)))
    for json in [
      #"{"survey": {"id": null}}"#, #"{"survey": {}}"#, #"{"survey": 9}"#, #"{"id": 9}"#,
      #"{"survey": null}"#,
    ] {
      try Self.expect(json, Self.missingType)
    }
    // Without `survey.id`, the next route whose keys the payload holds.
    try Self.expect(
      #"{"survey": {"id": null}, "message": {"id": 2}}"#,
      Self.matched("thread", .thread(message: 2)))
  }

  @Test func aDeclaredTypeWinsOverKeys() throws {
    try Self.expect(
      #"{"type": "reminders", "message": {"id": 1}}"#,
      Self.matched("reminders", .reminders, by: nil, pushType: "reminders"))
  }

  @Test func aMatchByKeysReadsItsValuesLikeAnyPush() throws {
    try Self.expect(
      #"{"project": {}}"#,
      Expected(
        status: .invalidParams, variant: "default", matchedBy: .present,
        route: "project_activity", errors: [ParameterError(param: "project", reason: .missing)]))
  }

  // MARK: Categories

  @Test func aDefaultTapOpensItsCategorysRoute() throws {
    let reminders = Self.matched("reminders", .reminders, by: .category, category: "reminder")
    try Self.expect(#"{"aps": {"category": "reminder"}}"#, reminders)
    // A local notification: the category is its categoryIdentifier, which the router adds.
    for json in [#"{"aps": {"alert": "Weekly roundup"}}"#, "{}"] {
      let payload = try Self.payload(json).addingCategory("reminder")
      #expect(Expected(Routes.resolve(payload, variant: .default)) == reminders, "\(json)")
    }
    // The payload's own category wins; keys come before the category.
    let own = try Self.payload(#"{"aps": {"category": "comment"}, "message": {"id": 1}}"#)
    #expect(
      Expected(Routes.resolve(own.addingCategory("reminder"), variant: .default))
        == Self.matched("thread", .thread(message: 1)))
  }

  /// A button still opens its own route, with its category.
  @Test func anActionButtonOpensItsOwnRoute() throws {
    let payload = try Self.payload(#"{"message": {"id": 4}}"#).addingCategory("comment")
    #expect(
      Expected(Routes.resolve(action: "reply", payload, variant: .default))
        == Expected(
          status: .matched, variant: "default", category: "comment", notificationAction: "reply",
          route: "thread", destination: .thread(message: 4), presentation: .push,
          foregroundPolicy: .navigate))
  }

  // MARK: Routes without a screen

  /// The resolution names the app action's route in `route` too (which `routec resolve` does not
  /// print for `app_action`).
  @Test func anAppActionRouteResolvesToItsAppAction() throws {
    try Self.expect(
      #"{"sync": true}"#,
      Expected(
        status: .appAction, variant: "default", matchedBy: .present, appAction: "sync_inbox",
        route: "sync"))
    try Self.expect(
      #"{"type": "sync"}"#,
      Expected(
        status: .appAction, variant: "default", pushType: "sync", appAction: "sync_inbox",
        route: "sync"))
  }

  @Test func aPushCarryingALinkOpensWhatTheLinkOpens() throws {
    let project = Expected(
      status: .matched, variant: "default", matchedBy: .present, reroutedFrom: ["push_link"],
      route: "project", link: "/projects/{_}/{project}?!token",
      destination: .project(project: "robot"), presentation: .push, foregroundPolicy: .navigate)
    try Self.expect(#"{"deep_link": "https://shop.example/projects/ada/robot"}"#, project)
    // A path is resolved against `https://` and the first host.
    try Self.expect(#"{"deep_link": "/projects/ada/robot"}"#, project)
    // Anything that opens no route is handed back for the browser.
    try Self.expect(
      #"{"deep_link": "https://elsewhere.example/a"}"#,
      Expected(
        status: .unknownLink, variant: "default", matchedBy: .present, reroutedFrom: ["push_link"],
        url: "https://elsewhere.example/a"))
  }

  // MARK: Query parameters

  /// A dictionary of scalars is a `query` value, each scalar as its text and null left out; one
  /// holding anything else is invalid.
  @Test func aPayloadDictionaryOfScalarsIsAQueryValue() throws {
    try Self.expect(
      #"{"search": {"term": "hi", "filters": {"a": 1, "b": true, "c": null, "d": "x", "e": 2.5}}}"#,
      Self.matched(
        "search", .search(term: "hi", extra: ["a": "1", "b": "true", "d": "x", "e": "2.5"])))
    try Self.expect(
      #"{"search": {"term": "hi", "filters": {"a": [1]}}}"#,
      Expected(
        status: .invalidParams, variant: "default", matchedBy: .present, route: "search",
        errors: [ParameterError(param: "extra", reason: .invalid)]))
  }
}
