import Foundation
import RouteTable

/// The one object every door into an app calls (notifications, their action buttons, universal
/// links and custom-scheme URLs, Home Screen quick actions, user activities, the state a scene
/// restores and App Intents), so that the app and scene delegates stay one line per callback and every
/// door goes through one queue, one variant and one `navigate`.
///
/// It turns the ways a screen is opened from outside into navigation:
///
/// - `didLaunch(withNotification:)`: the user tapped a notification and that launched the app;
/// - `didTap(userInfo:category:)`: the user tapped a notification while the app was running;
/// - `didTapAction(_:userInfo:category:)`: the user tapped one of a notification's action buttons;
/// - `willPresent(userInfo:category:)`: a notification arrived while the app was in the foreground;
/// - `didOpen(url:)`: the app was opened with a universal link or a custom-scheme URL, at launch
///   or while running;
/// - `didPerform(shortcutType:userInfo:)`: the user chose a Home Screen quick action;
/// - `didContinue(activityType:userInfo:webpageURL:title:)`: a user activity was continued (Handoff, a
///   Siri suggestion, a Spotlight result, a universal link delivered as an activity);
/// - `didRestore(activityType:userInfo:)` and `didRestore(sceneStorage:)`: a scene restores the
///   screen it showed;
/// - `didPerform(intent:parameters:)`, through `intentDoor`: Siri, the Shortcuts app, Spotlight or
///   the Action button ran one of the App Intents `routec` generated.
///
/// Until the app calls `rootIsReady(variant:navigate:)`, which it does once its real root view
/// controller exists and the UI variant (usually from remote config) is known, payloads of
/// launches, taps and action taps, opened URLs and every other arrival are kept raw, as the
/// `RouterArrival` each door made, in one queue (the cold-launch gate). `rootIsReady` resolves them with the variant it is given, never an earlier
/// one, and passes each resolution to `navigate` exactly once, in arrival order; later taps are
/// resolved and passed on at once. `rootWillChange()` (logout, rebuilding the root for another
/// variant) starts keeping payloads again until the next `rootIsReady`.
///
/// The exception is an action button without a route: it opens nothing, so it goes to `onAppAction`
/// at once, whether or not a root exists (the app may have been woken in the background with no UI
/// at all), and never to `navigate`. A push that resolves to a route with `app_action` (a
/// screenless route) hands its app action to `onAppAction` too, when it is delivered, never to
/// `navigate`. A silent push is not routed at all: the app's background handler resolves it (the
/// generated `resolve(_:variant:)`) to find its app action.
///
/// `navigate` receives every resolution of a launch, a tap, a routed action tap or a URL,
/// including those that found no screen (`unknown_type`, `missing_type`, `invalid_params`,
/// `unavailable`, `unknown_action`, `unknown_link`), so the app can log them; a navigator
/// typically starts with `guard let destination = resolution.destination`. A resolution does not
/// carry the URL it came from, so an `unknown_link` URL is opened in the browser by
/// `resolveURL`, which sees its text.
/// Calls to `navigate` never overlap and come in arrival order, but on whichever thread delivered
/// the payload (the caller of `didTap`, `rootIsReady`, ...): hop to the main actor inside it.
///
/// Every method may be called from any thread. `rootIsReady` and `rootWillChange` are meant to be
/// called in order from one place (usually the main thread); if they race, the state of the one
/// that started last wins, and every payload is still delivered once. `navigate` may call back
/// into the router (for example `rootWillChange()` on a logout push) without deadlocking.
///
/// The router's jobs live one per file: this one builds it; `RouteTableRouter+Doors.swift` turns
/// each delegate callback into an arrival; `RouteTableRouter+Root.swift` is the root's lifecycle,
/// and `RouterDelivery.swift` resolves what the gate lets through; and
/// `RouteTableRouter+Requirements.swift` holds navigations for requirements.
public final class RouteTableRouter<Variant: Sendable, Destination: Sendable>:
  @unchecked Sendable
{
  // `@unchecked Sendable` is sound because the class has no stored `var`: the mutable state is
  // inside `Locked`, and every stored property is an immutable `let` of a `Sendable` type.

  /// Turns a raw payload into a resolution for a UI variant and the state the app was in; usually
  /// the generated `resolve` function of the app's route table.
  public typealias Resolve = @Sendable (Payload, Variant, AppState) -> Resolution<Destination>
  /// Resolves the tap of an action button (its identifier) on a notification for a UI variant;
  /// usually the generated `resolve(action:_:variant:)` of the app's route table.
  public typealias ResolveAction = @Sendable (String, Payload, Variant) -> Resolution<Destination>
  /// Handles what the app runs itself: an action button without a route (its category,
  /// `aps.category`, its identifier and the notification's payload), or the app action of a
  /// route with `app_action` that a push or another door resolved to (the payload's category or
  /// an empty string, the app action's name and the payload or `userInfo`).
  public typealias AppActionHandler =
    @Sendable (_ category: String, _ action: String, _ payload: Payload) -> Void
  /// Resolves a URL for a UI variant; usually the generated `resolve(url:variant:)`.
  public typealias ResolveURL = @Sendable (String, Variant) -> Resolution<Destination>
  /// Resolves a Home Screen quick action, a user activity or an App Intent, by its type (an
  /// intent's key) and `userInfo` (an intent's parameters), for a UI variant; usually the
  /// generated `resolve(shortcut:userInfo:variant:)`, `resolve(activity:userInfo:webpageURL:title:variant:)` or
  /// `resolve(intent:_:variant:)`.
  public typealias ResolveDoor = @Sendable (String, Payload, Variant) -> Resolution<Destination>
  /// Applies a resolution to the app's UI (or logs it when it has no destination).
  public typealias Navigate = @Sendable (Resolution<Destination>) -> Void
  /// Resolves the route shown while a requirement does not hold, by the requirement's position
  /// (the generated `Requirement`'s `rawValue`), for a UI variant; nil when it names no route.
  /// Usually the generated `resolve(requirement:variant:)`.
  public typealias ResolveRequirement =
    @Sendable (_ requirement: Int, Variant) -> Resolution<
      Destination
    >?

  let state: Locked<RouterState>
  let roots = Locked(RootSlot())
  let gate: ArrivalGate<RouterEntry>
  let delivery: Delivery
  let classifyAction: @Sendable (String, Payload) -> ActionTapKind
  /// Whether the table declares a quick action or activity type or an intent: what the quick
  /// action, user activity and App Intent doors answer iOS.
  let declaresDoor: @Sendable (DoorKind, String) -> Bool
  /// Every user activity type the router takes in `didContinue(activityType:userInfo:webpageURL:title:)`:
  /// a universal link's (`NSUserActivityTypeBrowsingWeb`), a Spotlight result's
  /// (`CSSearchableItemActionType`, continued as the link it names), then the manifest's
  /// `activities` in manifest order. A SwiftUI app registers each with `onContinueUserActivity`
  /// (`routesDoors(to:)` does), so no type is left out or written by hand.
  public let continuedActivityTypes: [String]
  /// Whether a URL is a link the manifest's patterns match (in its default variant).
  let declaresLink: @Sendable (String) -> Bool
  let onAppAction: AppActionHandler
  let now: @Sendable () -> ContinuousClock.Instant
  let maxAge: Duration?

  /// Creates a router that keeps payloads until the first `rootIsReady(variant:navigate:)`.
  ///
  /// - Parameters:
  ///   - policy: How many payloads to keep while the root is not ready. `.latest` by default:
  ///     the newest tap is what the user expects to see.
  ///   - maxAge: Kept payloads older than this when the root becomes ready are dropped as
  ///     `.expired` rather than moving the user somewhere minutes after the tap. `nil` keeps them
  ///     however long the root takes.
  ///   - onDiscard: Told about every kept arrival (a push, an action tap or a URL) dropped
  ///     instead of delivered, so the app can log it. Called on the thread whose call caused the
  ///     drop.
  ///   - table: The app's route table (the generated `table`): which action buttons are app
  ///     actions is read from it, so an app action reaches `onAppAction` without waiting for the
  ///     root, and so is which quick actions, activity types and links the manifest declares,
  ///     so those doors answer at once whether they take what arrived. It must be the table the
  ///     resolve closures resolve with.
  ///   - resolveAction: Resolves the tap of an action button that opens a route (or that the
  ///     table does not declare) for a variant; called on any thread, like `resolve`.
  ///   - onAppAction: Handles a tap of an action button without a route (`app_action`): called
  ///     at once, on the thread of `didTapAction(_:userInfo:category:)`, before the root is ready too;
  ///     such a tap never reaches `navigate`. A push (or another door) that resolves to a route
  ///     with `app_action` reaches it too, in place of `navigate`, when it is delivered.
  ///   - resolveURL: Resolves an opened URL for a variant (the generated `resolve(url:variant:)`);
  ///     called on any thread, like `resolve`.
  ///   - resolveShortcut: Resolves a Home Screen quick action's type and `userInfo` for a
  ///     variant (the generated `resolve(shortcut:userInfo:variant:)`); called on any thread,
  ///     like `resolve`.
  ///   - resolveActivity: Resolves a continued or restored user activity's type and `userInfo`
  ///     for a variant (the generated `resolve(activity:userInfo:webpageURL:title:variant:)`); called on any
  ///     thread, like `resolve`.
  ///   - resolveIntent: Resolves an App Intent's key and parameters for a variant (the generated
  ///     `resolve(intent:_:variant:)`); called on any thread, like `resolve`. Nil (the default)
  ///     for an app without `intents`: the router then takes no intent.
  ///   - resolveRequirement: Resolves the route a requirement names (the generated
  ///     `resolve(requirement:variant:)`), navigated to while a held navigation waits for that
  ///     requirement. Required, so that a router cannot be built unable to show the sign-in
  ///     screen its table names: a closure that returns nil means the app shows what satisfies
  ///     requirements itself. `init(routes:)` passes the generated function.
  ///   - resolve: Resolves a payload for a variant and app state; called on any thread, possibly
  ///     concurrently, so it must not depend on the main actor.
  public convenience init(
    policy: ArrivalPolicy = .latest,
    maxAge: Duration? = .seconds(300),
    onDiscard: (@Sendable (RouterArrival, ArrivalDiscardReason) -> Void)? = nil,
    table: RouteTable,
    resolveAction: @escaping ResolveAction,
    onAppAction: @escaping AppActionHandler,
    resolveURL: @escaping ResolveURL,
    resolveShortcut: @escaping ResolveDoor,
    resolveActivity: @escaping ResolveDoor,
    resolveIntent: ResolveDoor? = nil,
    resolveRequirement: @escaping ResolveRequirement,
    resolve: @escaping Resolve
  ) {
    self.init(
      policy: policy, maxAge: maxAge, now: { ContinuousClock.now }, onDiscard: onDiscard,
      classifyAction: { action, payload in table.actionTapKind(action, payload) },
      activityTypes: table.activityTypes,
      declaresDoor: { door, type in table.declares(door, type: type) },
      declaresLink: { url in
        table.resolve(url: url, variant: table.defaultVariant).status != .unknownLink
      },
      resolveAction: resolveAction, onAppAction: onAppAction, resolveURL: resolveURL,
      resolveShortcut: resolveShortcut, resolveActivity: resolveActivity,
      resolveIntent: resolveIntent, resolveRequirement: resolveRequirement, resolve: resolve)
  }

  /// A router wired to a generated namespace (`ShopRoutes.self`): every door resolves with its
  /// generated functions, requirements navigate to the routes the manifest names, and a URL no
  /// link pattern matches goes to `onUnknownLink` (to open in the browser) before it reaches
  /// `navigate` as `unknown_link`; for a URL whose `reroute` route carried an `http` or `https`
  /// URL that opens no screen, `onUnknownLink` gets that carried URL. The other parameters are those of the closure-based
  /// initializer.
  ///
  /// Inlinable, so that its closures are compiled in the app's module for its namespace: the
  /// resolutions they make are then as fast as calling the generated functions directly.
  @inlinable
  public convenience init<Routes: RouteNamespace>(
    routes: Routes.Type,
    policy: ArrivalPolicy = .latest,
    maxAge: Duration? = .seconds(300),
    onDiscard: (@Sendable (RouterArrival, ArrivalDiscardReason) -> Void)? = nil,
    onAppAction: @escaping AppActionHandler,
    onUnknownLink: (@Sendable (String) -> Void)? = nil
  ) where Routes.Variant == Variant, Routes.Destination == Destination {
    self.init(
      policy: policy, maxAge: maxAge, onDiscard: onDiscard, table: Routes.table,
      resolveAction: { action, payload, variant in
        Routes.resolve(action: action, payload, variant: variant)
      },
      onAppAction: onAppAction,
      resolveURL: { url, variant in
        let resolution = Routes.resolve(url: url, variant: variant)
        // A carried web address that opens no screen (a click-tracking redirect to another
        // site) is the link to open, not the app's own URL that carried it.
        if resolution.status == .unknownLink { onUnknownLink?(resolution.url ?? url) }
        return resolution
      },
      resolveShortcut: { type, userInfo, variant in
        Routes.table.resolve(.shortcut, type: type, userInfo, variant: variant.rawValue)
          .map(Routes._destination)
      },
      resolveActivity: { type, userInfo, variant in
        Routes.table.resolve(.activity, type: type, userInfo, variant: variant.rawValue)
          .map(Routes._destination)
      },
      resolveIntent: { key, parameters, variant in
        Routes.resolve(intent: key, parameters, variant: variant)
      },
      resolveRequirement: { position, variant in
        Routes.Requirement(rawValue: position).flatMap {
          Routes.resolve(requirement: $0, variant: variant)
        }
      },
      resolve: { payload, variant, state in Routes.resolve(payload, variant: variant, state: state)
      }
    )
  }

  /// Like the public initializer, with the clock that measures payload ages and the way action
  /// taps are told apart injectable, so tests and the fuzzer need no compiled table.
  package init(
    policy: ArrivalPolicy,
    maxAge: Duration?,
    now: @escaping @Sendable () -> ContinuousClock.Instant,
    onDiscard: (@Sendable (RouterArrival, ArrivalDiscardReason) -> Void)?,
    classifyAction: @escaping @Sendable (String, Payload) -> ActionTapKind,
    activityTypes: [String] = [],
    declaresDoor: @escaping @Sendable (DoorKind, String) -> Bool = { _, _ in false },
    declaresLink: @escaping @Sendable (String) -> Bool = { _ in false },
    resolveAction: @escaping ResolveAction,
    onAppAction: @escaping AppActionHandler,
    resolveURL: @escaping ResolveURL,
    resolveShortcut: ResolveDoor? = nil,
    resolveActivity: ResolveDoor? = nil,
    resolveIntent: ResolveDoor? = nil,
    resolveRequirement: ResolveRequirement? = nil,
    resolve: @escaping Resolve
  ) {
    let state = Locked(RouterState())
    self.state = state
    self.delivery = Delivery(
      resolve: resolve, resolveAction: resolveAction, resolveURL: resolveURL,
      resolveShortcut: resolveShortcut, resolveActivity: resolveActivity,
      resolveIntent: resolveIntent, resolveRequirement: resolveRequirement, onDiscard: onDiscard,
      onAppAction: onAppAction,
      state: state)
    self.classifyAction = classifyAction
    self.continuedActivityTypes = Self.continuedActivityTypes(declared: activityTypes)
    self.declaresDoor = declaresDoor
    self.declaresLink = declaresLink
    self.onAppAction = onAppAction
    self.now = now
    self.maxAge = maxAge
    var reportDiscard: (@Sendable (RouterEntry, ArrivalDiscardReason) -> Void)?
    if let onDiscard {
      reportDiscard = { entry, reason in onDiscard(entry.arrival, reason) }
    }
    self.gate = ArrivalGate(
      policy: policy, maxAge: maxAge, now: now, onDiscard: reportDiscard)
  }
}
