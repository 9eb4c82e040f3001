import Foundation

/// What every namespace `routec generate` writes (`enum ShopRoutes`) is: one manifest's typed
/// names, its compiled table, and the switch that builds a `Destination` from a resolved screen.
///
/// Everything that is the same for every manifest (resolving each door, building links, the
/// example walks, the notification categories) is written once, in the extensions below, rather
/// than in every generated file, so an app's build compiles only what its manifest changes. The
/// extensions are inlinable: the app's module specializes them for its own `Destination`, so a
/// resolution costs what it did when this code was generated.
public protocol RouteNamespace: Sendable {
  /// The app's UI variants, in manifest order.
  associatedtype Variant: RouteVariant where Variant.Routes == Self
  /// Every tab of every variant.
  associatedtype Tab: RouteTab where Tab.Routes == Self
  /// The conditions routes can require (`requirements`), such as being signed in.
  associatedtype Requirement: RouteRequirement where Requirement.Routes == Self
  /// A push type or alias the manifest declares.
  associatedtype PushType: RoutePushType where PushType.Routes == Self
  /// One case per screen of the manifest.
  associatedtype Destination: Sendable

  /// The compiled manifest. A router is made with it (it tells app actions from buttons that
  /// open a route); its members are for generated code and `routec`.
  static var table: RouteTable { get }

  /// The destination of a resolved screen; generated. Apps call `resolve`, never this.
  static func _destination(_ screen: ScreenInstance) -> Destination?
}

extension RouteNamespace {
  /// Every activity type the manifest's `activities` declares, in manifest order: what the app
  /// lists in `NSUserActivityTypes` and continues (a SwiftUI app registers each with
  /// `onContinueUserActivity`; `RouteTableRouter.continuedActivityTypes` adds the two the router
  /// routes as links).
  public static var activityTypes: [String] { table.activityTypes }

  /// Resolves a notification's `userInfo` for `variant`; never throws or crashes.
  @inlinable
  public static func resolve(
    _ userInfo: [AnyHashable: Any], variant: Variant, state: AppState = .background
  ) -> Resolution<Destination> {
    resolve(Payload(userInfo: userInfo), variant: variant, state: state)
  }

  /// Resolves a payload for `variant`; never throws or crashes.
  @inlinable
  public static func resolve(
    _ payload: Payload, variant: Variant, state: AppState = .background
  ) -> Resolution<Destination> {
    table.resolve(payload, variant: variant.rawValue, state: state).map(_destination)
  }

  /// Resolves the tap of the action button `action` of a notification whose `userInfo` names
  /// its category in `aps.category`.
  @inlinable
  public static func resolve(
    action: String, _ userInfo: [AnyHashable: Any], variant: Variant
  ) -> Resolution<Destination> {
    resolve(action: action, Payload(userInfo: userInfo), variant: variant)
  }

  /// Resolves the tap of the action button `action` of a notification whose payload names its
  /// category in `aps.category`.
  @inlinable
  public static func resolve(
    action: String, _ payload: Payload, variant: Variant
  ) -> Resolution<Destination> {
    table.resolve(action: action, payload, variant: variant.rawValue).map(_destination)
  }

  /// Resolves a universal link or custom-scheme URL for `variant` by the manifest's link
  /// patterns; a URL they do not cover is `unknownLink` (open it in the browser).
  @inlinable
  public static func resolve(url: URL, variant: Variant) -> Resolution<Destination> {
    resolve(url: url.absoluteString, variant: variant)
  }

  /// Resolves a universal link or custom-scheme URL, as text, for `variant`.
  @inlinable
  public static func resolve(url: String, variant: Variant) -> Resolution<Destination> {
    table.resolve(url: url, variant: variant.rawValue).map(_destination)
  }

  /// Resolves a Home Screen quick action (`UIApplicationShortcutItem`) of type `shortcut`,
  /// its parameters read from the item's `userInfo` as from a push payload; a type the manifest's
  /// `shortcuts` does not declare is `unknownShortcut`.
  @inlinable
  public static func resolve(
    shortcut: String, userInfo: [AnyHashable: Any]? = nil, variant: Variant
  ) -> Resolution<Destination> {
    table.resolve(
      .shortcut, type: shortcut, Payload(userInfo: userInfo ?? [:]), variant: variant.rawValue
    )
    .map(_destination)
  }

  /// Resolves a Home Screen quick action of type `shortcut` whose `userInfo` is `payload`.
  @inlinable
  public static func resolve(shortcut: String, _ payload: Payload, variant: Variant)
    -> Resolution<Destination>
  {
    table.resolve(.shortcut, type: shortcut, payload, variant: variant.rawValue).map(_destination)
  }

  /// Resolves a user activity of type `activity` whose `userInfo` is `payload` (with its
  /// `webpageURL` and `title` as the router adds them, which `from: $webpage_url` and
  /// `from: $title` read).
  @inlinable
  public static func resolve(activity: String, _ payload: Payload, variant: Variant)
    -> Resolution<Destination>
  {
    table.resolve(.activity, type: activity, payload, variant: variant.rawValue).map(_destination)
  }

  /// Resolves a continued or restored user activity (`NSUserActivity`) of type `activity`, its
  /// parameters read from its `userInfo`, and from its `webpageURL` and `title` where a route
  /// reads `from: $webpage_url` or `from: $title`; a type the manifest's `activities` does not
  /// declare is `unknownActivity`.
  @inlinable
  public static func resolve(
    activity: String, userInfo: [AnyHashable: Any]? = nil, webpageURL: URL? = nil,
    title: String? = nil, variant: Variant
  ) -> Resolution<Destination> {
    let payload = Payload(userInfo: userInfo ?? [:])
      .addingActivityValues(webpageURL: webpageURL, title: title)
    return table.resolve(.activity, type: activity, payload, variant: variant.rawValue)
      .map(_destination)
  }

  /// Resolves an App Intent of key `intent` (one of the manifest's `intents`) whose parameters'
  /// values are `userInfo`, by payload key: what the generated intent's `perform()` hands the
  /// router. A key the manifest does not declare is `unknownIntent`.
  @inlinable
  public static func resolve(
    intent: String, userInfo: [AnyHashable: Any] = [:], variant: Variant
  ) -> Resolution<Destination> {
    resolve(intent: intent, Payload(userInfo: userInfo), variant: variant)
  }

  /// Resolves an App Intent of key `intent` whose parameters' values are `payload`.
  @inlinable
  public static func resolve(intent: String, _ payload: Payload, variant: Variant)
    -> Resolution<Destination>
  {
    table.resolve(.intent, type: intent, payload, variant: variant.rawValue).map(_destination)
  }

  /// The route shown while `requirement` does not hold (its `route` in the manifest), for
  /// `variant`, with no payload: its parameters take their constants and defaults. Nil when the
  /// requirement names no route (the app shows whatever satisfies it).
  @inlinable
  public static func resolve(requirement: Requirement, variant: Variant)
    -> Resolution<Destination>?
  {
    table.resolve(requirement: requirement.rawValue, variant: variant.rawValue)?.map(_destination)
  }

  /// The notification categories and action buttons the manifest declares, to register with the
  /// system (`userNotificationCategories` where UserNotifications exists).
  public static var notificationCategories: [NotificationCategory] {
    table.notificationCategories
  }

  /// A URL for every link pattern (as written in the manifest) of a route that opens a screen,
  /// in every variant its route exists in, for tests that walk all links: each resolves as
  /// `.matched` to its own pattern. The patterns of `app_action` and `reroute` routes are in
  /// `exampleAppActionLinks` and `exampleRerouteLinks`.
  public static var exampleLinks: [(link: String, variant: Variant, url: URL)] {
    typedLinks(table.exampleLinks)
  }

  /// A URL for every link pattern of an `app_action` route, in every variant its route exists
  /// in: each resolves as `.appAction` with the route's action name.
  public static var exampleAppActionLinks: [(link: String, variant: Variant, url: URL)] {
    typedLinks(table.exampleAppActionLinks)
  }

  /// A URL for every link pattern of a `reroute` route, in every variant its route exists in,
  /// carrying a URL of `exampleLinks`: each resolves as `.matched` to the carried URL's screen,
  /// with the route first in `reroutedFrom`. A variant with no carried URL that opens a screen
  /// has none.
  public static var exampleRerouteLinks: [(link: String, variant: Variant, url: URL)] {
    typedLinks(table.exampleRerouteLinks)
  }

  /// A payload for every route key and alias of a route that opens a screen, in every variant
  /// its route exists in, for tests that walk all routes: each resolves as `.matched` to its
  /// own route. Screenless routes (`app_action`, `reroute`) are in `exampleAppActionPayloads`
  /// and `exampleReroutePayloads`.
  /// A route whose required parameter comes from a user activity's `$webpage_url` or `$title`
  /// has none: no payload gives it.
  public static var examplePayloads: [(pushType: PushType, variant: Variant, payload: Payload)] {
    typedPayloads(table.examplePayloads)
  }

  /// A payload for every route key and alias of a route with `app_action`, in every variant it
  /// exists in: each resolves as `.appAction` with the route's app action.
  public static var exampleAppActionPayloads:
    [(pushType: PushType, variant: Variant, payload: Payload)]
  {
    typedPayloads(table.exampleAppActionPayloads)
  }

  /// A payload for every push type and alias of a `reroute` route, in every variant it exists
  /// in, carrying a URL of `exampleLinks`: each resolves as `.matched` to the carried URL's
  /// screen, with the route first in `reroutedFrom`.
  public static var exampleReroutePayloads:
    [(pushType: PushType, variant: Variant, payload: Payload)]
  {
    typedPayloads(table.exampleReroutePayloads)
  }

  /// The table's examples with typed push types and variants.
  private static func typedPayloads(_ examples: [(pushType: Int, variant: Int, payload: Payload)])
    -> [(pushType: PushType, variant: Variant, payload: Payload)]
  {
    let variants = Variant.allCases
    let pushTypes = PushType.allCases
    var typed: [(pushType: PushType, variant: Variant, payload: Payload)] = []
    for example in examples {
      guard pushTypes.indices.contains(example.pushType),
        variants.indices.contains(example.variant)
      else { continue }
      typed.append((pushTypes[example.pushType], variants[example.variant], example.payload))
    }
    return typed
  }

  /// The table's example links with their patterns as written and typed variants.
  private static func typedLinks(_ examples: [(pattern: Int, variant: Int, url: String)])
    -> [(link: String, variant: Variant, url: URL)]
  {
    let variants = Variant.allCases
    let patterns = table.linkPatterns
    var typed: [(link: String, variant: Variant, url: URL)] = []
    for example in examples {
      guard patterns.indices.contains(example.pattern),
        variants.indices.contains(example.variant), let url = URL(string: example.url)
      else { continue }
      typed.append((patterns[example.pattern].link, variants[example.variant], url))
    }
    return typed
  }
}
