import Foundation

/// What to do with a notification that arrives while the app is in the foreground.
public enum ForegroundPresentation: Hashable, Sendable {
  /// Let the system show it (banner, notification list, sound); a tap on it comes back through
  /// `RouteTableRouter.didTap(userInfo:)`.
  case banner
  /// Show nothing: the router has navigated already, or the route asks to ignore it.
  case hidden
}

/// Something that opens a screen, as the router received it: what `onDiscard` reports.
public enum RouterArrival: Hashable, Sendable {
  /// A notification's payload: a launch, a tap, or a notification in the foreground.
  case push(Payload)
  /// A tap of the action button with this identifier on a notification.
  case actionTap(String, Payload)
  /// A universal link or custom-scheme URL, as the app was given it.
  case link(String)
}

/// The one object every door into an app calls (notifications, their action buttons, universal
/// links and custom-scheme URLs), so that the app and scene delegates stay one line per callback
/// and every door goes through one queue, one variant and one `navigate`.
///
/// It turns the ways a screen is opened from outside into navigation:
///
/// - `didLaunch(withNotification:)`: the user tapped a notification and that launched the app;
/// - `didTap(userInfo:)`: the user tapped a notification while the app was running;
/// - `didTapAction(_:userInfo:)`: the user tapped one of a notification's action buttons;
/// - `willPresent(userInfo:)`: a notification arrived while the app was in the foreground;
/// - `didOpen(url:)`: the app was opened with a universal link or a custom-scheme URL, at launch
///   or while running.
///
/// Until the app calls `rootIsReady(variant:navigate:)`, which it does once its real root view
/// controller exists and the UI variant (usually from remote config) is known, payloads of
/// launches, taps and action taps, and opened URLs, are kept raw, with how they arrived, in one
/// `PendingPushGate`. `rootIsReady` resolves them with the variant it is given, never an earlier
/// one, and passes each resolution to `navigate` exactly once, in arrival order; later taps are
/// resolved and passed on at once. `rootWillChange()` (logout, rebuilding the root for another
/// variant) starts keeping payloads again until the next `rootIsReady`.
///
/// The exception is an app action, an action button without a route: it opens nothing, so it
/// goes to `onAppAction` at once, whether or not a root exists (the app may have been woken in
/// the background with no UI at all), and never to `navigate`.
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
  /// Handles an app action, a button without a route: its category (`aps.category`), its
  /// identifier and the notification's payload.
  public typealias AppActionHandler =
    @Sendable (_ category: String, _ action: String, _ payload: Payload) -> Void
  /// Resolves a URL for a UI variant; usually the generated `resolve(url:variant:)`.
  public typealias ResolveURL = @Sendable (String, Variant) -> Resolution<Destination>
  /// Applies a resolution to the app's UI (or logs it when it has no destination).
  public typealias Navigate = @Sendable (Resolution<Destination>) -> Void
  /// Resolves the route shown while a requirement does not hold, by the requirement's position
  /// (the generated `Requirement`'s `rawValue`), for a UI variant; nil when it names no route.
  /// Usually the generated `resolve(requirement:variant:)`.
  public typealias ResolveRequirement =
    @Sendable (_ requirement: Int, Variant) -> Resolution<
      Destination
    >?

  /// A ready root: the variant the app chose and where resolutions go.
  ///
  /// A class, like `Delivery`: the generic code that delivers reads its fields through the
  /// instance, where a struct of the router's generic parameters would have its metadata looked
  /// up on every delivery.
  private final class Root: Sendable {
    let variant: Variant
    let navigate: Navigate
    /// Counts `rootIsReady` and `rootWillChange` calls, so an entry resolved for one root is
    /// recognised as stale by the next.
    let generation: Int

    init(variant: Variant, navigate: @escaping Navigate, generation: Int) {
      self.variant = variant
      self.navigate = navigate
      self.generation = generation
    }
  }

  /// The root in force, apart from `RouterState` so that the state every delivery reads is not
  /// generic.
  private struct RootSlot {
    /// Nil until `rootIsReady` and after `rootWillChange`.
    var root: Root?
    var generation = 0
  }

  /// What delivering a kept entry needs, apart from the root.
  private final class Delivery: Sendable {
    let resolve: Resolve
    let resolveAction: ResolveAction
    let resolveURL: ResolveURL
    let resolveRequirement: ResolveRequirement?
    let onDiscard: (@Sendable (RouterArrival, PendingPushDiscardReason) -> Void)?
    let state: Locked<RouterState>

    init(
      resolve: @escaping Resolve, resolveAction: @escaping ResolveAction,
      resolveURL: @escaping ResolveURL, resolveRequirement: ResolveRequirement?,
      onDiscard: (@Sendable (RouterArrival, PendingPushDiscardReason) -> Void)?,
      state: Locked<RouterState>
    ) {
      self.resolve = resolve
      self.resolveAction = resolveAction
      self.resolveURL = resolveURL
      self.resolveRequirement = resolveRequirement
      self.onDiscard = onDiscard
      self.state = state
    }

    /// Passes `resolution` (of `entry`) to the root, or holds it while its requirements are
    /// unmet and navigates to the route of the first unmet one instead.
    ///
    /// Whether it is held is decided under the lock that `satisfy` changes the satisfied set
    /// under, so a requirement met at the same moment on another thread either lets it through
    /// here or releases it there, never neither.
    func navigate(_ resolution: Resolution<Destination>, of entry: RouterEntry, to root: Root) {
      let opensScreen =
        (resolution.status == .matched || resolution.status == .fallback)
        && (resolution.foregroundPolicy ?? .navigate) == .navigate
      guard opensScreen else {
        root.navigate(resolution)
        return
      }
      let (replaced, unmet, satisfied) = state.withLock {
        state -> (RouterEntry?, RequirementSet, RequirementSet) in
        let unmet = resolution.unmet(satisfied: state.satisfied)
        let replaced = state.held?.entry
        state.held = unmet.isEmpty ? nil : HeldArrival(entry: entry, requires: resolution.requires)
        return (replaced, unmet, state.satisfied)
      }
      if let replaced { onDiscard?(replaced.arrival, .replaced) }
      guard !unmet.isEmpty else {
        root.navigate(resolution)
        return
      }
      if let gate = requirementRoute(for: unmet, satisfied: satisfied, variant: root.variant) {
        root.navigate(gate)
      }
    }

    /// The route of the first unmet requirement; when that route has unmet requirements of its
    /// own (terms that need a signed-in user), the route of the first of those, and so on. The
    /// compiler rejects cycles; `visited` bounds the walk on a table that was not checked.
    private func requirementRoute(
      for unmet: RequirementSet, satisfied: RequirementSet, variant: Variant
    ) -> Resolution<Destination>? {
      guard let resolveRequirement else { return nil }
      var pending = unmet
      var visited = RequirementSet()
      while let first = pending.first, !visited.contains(position: first) {
        visited.insert(position: first)
        guard let resolution = resolveRequirement(first, variant) else { return nil }
        let further = resolution.unmet(satisfied: satisfied)
        if further.isEmpty { return resolution }
        pending = further
      }
      return nil
    }
  }

  private let state: Locked<RouterState>
  private let roots = Locked(RootSlot())
  private let gate: PendingPushGate<RouterEntry>
  private let delivery: Delivery
  private let classifyAction: @Sendable (String, Payload) -> ActionTapKind
  private let onAppAction: AppActionHandler
  private let now: @Sendable () -> ContinuousClock.Instant
  private let maxAge: Duration?

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
  ///     root. It must be the table `resolveAction` resolves with.
  ///   - resolveAction: Resolves the tap of an action button that opens a route (or that the
  ///     table does not declare) for a variant; called on any thread, like `resolve`.
  ///   - onAppAction: Handles a tap of an action button without a route (`app_action`): called
  ///     at once, on the thread of `didTapAction(_:userInfo:)`, before the root is ready too;
  ///     such a tap never reaches `navigate`.
  ///   - resolveURL: Resolves an opened URL for a variant (the generated `resolve(url:variant:)`);
  ///     called on any thread, like `resolve`.
  ///   - resolveRequirement: Resolves the route a requirement names (the generated
  ///     `resolve(requirement:variant:)`), navigated to while a held navigation waits for that
  ///     requirement; nil: the app shows what satisfies requirements itself.
  ///   - resolve: Resolves a payload for a variant and app state; called on any thread, possibly
  ///     concurrently, so it must not depend on the main actor.
  public convenience init(
    policy: PendingPushPolicy = .latest,
    maxAge: Duration? = .seconds(300),
    onDiscard: (@Sendable (RouterArrival, PendingPushDiscardReason) -> Void)? = nil,
    table: RouteTable,
    resolveAction: @escaping ResolveAction,
    onAppAction: @escaping AppActionHandler,
    resolveURL: @escaping ResolveURL,
    resolveRequirement: ResolveRequirement? = nil,
    resolve: @escaping Resolve
  ) {
    self.init(
      policy: policy, maxAge: maxAge, now: { ContinuousClock.now }, onDiscard: onDiscard,
      classifyAction: { action, payload in table.actionTapKind(action, payload) },
      resolveAction: resolveAction, onAppAction: onAppAction, resolveURL: resolveURL,
      resolveRequirement: resolveRequirement, resolve: resolve)
  }

  /// A router wired to a generated namespace (`ShopRoutes.self`): every door resolves with its
  /// generated functions, requirements navigate to the routes the manifest names, and a URL no
  /// link pattern matches goes to `onUnknownLink` (to open in the browser) before it reaches
  /// `navigate` as `unknown_link`. The other parameters are those of the closure-based
  /// initializer.
  ///
  /// Inlinable, so that its closures are compiled in the app's module for its namespace: the
  /// resolutions they make are then as fast as calling the generated functions directly.
  @inlinable
  public convenience init<Routes: RouteNamespace>(
    routes: Routes.Type,
    policy: PendingPushPolicy = .latest,
    maxAge: Duration? = .seconds(300),
    onDiscard: (@Sendable (RouterArrival, PendingPushDiscardReason) -> Void)? = nil,
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
        if resolution.status == .unknownLink { onUnknownLink?(url) }
        return resolution
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
    policy: PendingPushPolicy,
    maxAge: Duration?,
    now: @escaping @Sendable () -> ContinuousClock.Instant,
    onDiscard: (@Sendable (RouterArrival, PendingPushDiscardReason) -> Void)?,
    classifyAction: @escaping @Sendable (String, Payload) -> ActionTapKind,
    resolveAction: @escaping ResolveAction,
    onAppAction: @escaping AppActionHandler,
    resolveURL: @escaping ResolveURL,
    resolveRequirement: ResolveRequirement? = nil,
    resolve: @escaping Resolve
  ) {
    let state = Locked(RouterState())
    self.state = state
    self.delivery = Delivery(
      resolve: resolve, resolveAction: resolveAction, resolveURL: resolveURL,
      resolveRequirement: resolveRequirement, onDiscard: onDiscard, state: state)
    self.classifyAction = classifyAction
    self.onAppAction = onAppAction
    self.now = now
    self.maxAge = maxAge
    var reportDiscard: (@Sendable (RouterEntry, PendingPushDiscardReason) -> Void)?
    if let onDiscard {
      reportDiscard = { entry, reason in onDiscard(entry.arrival, reason) }
    }
    self.gate = PendingPushGate(
      policy: policy, maxAge: maxAge, now: now, onDiscard: reportDiscard)
  }

  /// Whether the root is ready, so payloads are resolved and delivered at once; a snapshot.
  public var isRootReady: Bool {
    roots.withLock { $0.root != nil }
  }

  /// From `application(_:didFinishLaunchingWithOptions:)`, with
  /// `launchOptions?[.remoteNotification]`: the user launched the app by tapping a notification.
  ///
  /// Resolved as `AppState.launch`. When the notification-center delegate also reports this tap
  /// (it does when it is set before launching finishes), the first tap after this call that
  /// carries an equal payload is taken for that second report and dropped.
  ///
  /// When the launch was a tap on one of the notification's action buttons, iOS reports that tap
  /// after this call, and the router gets it through `didTapAction(_:userInfo:)` with an equal
  /// payload: the action tap then replaces this launch, which is dropped (reported to
  /// `onDiscard` as `.replaced`) instead of opening the notification's own route.
  ///
  /// A silent notification (`aps.content-available` 1 and no `aps.alert`) is ignored: iOS passes
  /// it under the same launch-options key when it launches the app in the background to
  /// process it, but nobody tapped it, so it must not open a screen when the user later opens
  /// the app. With the notification-center delegate set before launching finishes (as
  /// `PushNotificationService` requires), the delegate reports every tap, the launching one
  /// included, so an app does not need to call this method at all.
  public func didLaunch(withNotification userInfo: [AnyHashable: Any]) {
    let payload = Payload(userInfo: userInfo)
    if payload.isSilentNotification { return }
    let launch = state.withLock { state -> Int in
      state.launchPayload = payload
      state.launches += 1
      return state.launches
    }
    gate.receive(
      RouterEntry(payload: payload, source: .push(.launch), launch: launch, receivedAt: now()))
  }

  /// From `userNotificationCenter(_:didReceive:withCompletionHandler:)`: the user tapped a
  /// notification while the app was running, in the background or in the foreground.
  ///
  /// Resolved as `AppState.background`, which always navigates: the user asked to go there.
  /// Delivered at once when the root is ready, otherwise kept until it is.
  public func didTap(userInfo: [AnyHashable: Any]) {
    let payload = Payload(userInfo: userInfo)
    let isLaunchReportedAgain = state.withLock { state -> Bool in
      guard let launchPayload = state.launchPayload else { return false }
      state.launchPayload = nil
      return launchPayload == payload
    }
    if isLaunchReportedAgain { return }
    gate.receive(RouterEntry(payload: payload, source: .push(.background), receivedAt: now()))
  }

  /// From `userNotificationCenter(_:didReceive:withCompletionHandler:)` when the user tapped one
  /// of the notification's action buttons (`actionIdentifier` is neither the default nor the
  /// dismiss action).
  ///
  /// The category is the payload's `aps.category`. A button without a route (an app action)
  /// goes to `onAppAction` before this call returns, on this thread, whether or not the root is
  /// ready, and never to `navigate`. Any other tap waits in the same queue as pushes, under the
  /// same policy and age limit, and is resolved with `resolveAction` and the variant of the
  /// root that receives it, then passed to `navigate` in arrival order: a button with a route
  /// as `matched`, `invalid_params` or `unavailable`, a category or button the table does not
  /// declare as `unknown_action` (no destination, so the app can log it).
  public func didTapAction(_ actionID: String, userInfo: [AnyHashable: Any]) {
    let payload = Payload(userInfo: userInfo)
    state.withLock { state in
      guard let launchPayload = state.launchPayload else { return }
      state.launchPayload = nil
      if launchPayload == payload { state.withdrawnLaunch = state.launches }
    }
    switch classifyAction(actionID, payload) {
    case .app(let category):
      onAppAction(category, actionID, payload)
    case .routed, .unknown:
      gate.receive(RouterEntry(payload: payload, source: .action(actionID), receivedAt: now()))
    }
  }

  /// From the scene delegate (`scene(_:openURLContexts:)`, `scene(_:continue:)`, and the
  /// connection options of `scene(_:willConnectTo:options:)` at launch) or the app delegate
  /// (`application(_:open:options:)`, `application(_:continue:restorationHandler:)`): the app was
  /// opened with a universal link or a custom-scheme URL.
  ///
  /// The user opened it, so it always navigates. It waits in the same queue as notifications,
  /// under the same policy and age limit, is resolved with `resolveURL` and the variant of the
  /// root that receives it, and reaches `navigate` once, in arrival order with them; a URL the
  /// manifest's links do not cover arrives as `unknown_link`, for the app to open in the browser.
  public func didOpen(url: String) {
    gate.receive(RouterEntry(payload: Payload([:]), source: .link(url), receivedAt: now()))
  }

  /// `didOpen(url:)` with `url.absoluteString`.
  public func didOpen(url: URL) {
    didOpen(url: url.absoluteString)
  }

  /// The activity type of a universal link (the value of Foundation's
  /// `NSUserActivityTypeBrowsingWeb`, which only Apple platforms declare).
  public static var browsingWebActivityType: String { "NSUserActivityTypeBrowsingWeb" }

  /// From `scene(_:continue:)` or `application(_:continue:restorationHandler:)` with the
  /// activity's `activityType` and `webpageURL`: a universal link arrives as an activity of type
  /// `NSUserActivityTypeBrowsingWeb` with the link as its `webpageURL`. Takes it through
  /// `didOpen(url:)` and returns true; returns false, taking nothing, for any other activity
  /// (Handoff, Spotlight, ...), which the app handles itself.
  @discardableResult
  public func didContinue(activityType: String, webpageURL: URL?) -> Bool {
    guard activityType == Self.browsingWebActivityType, let webpageURL else { return false }
    didOpen(url: webpageURL)
    return true
  }

  /// From `userNotificationCenter(_:willPresent:withCompletionHandler:)`: a notification arrived
  /// while the app is in the foreground. Returns whether the system should show it.
  ///
  /// When the root is ready, the payload is resolved with its variant as `AppState.foreground`,
  /// and the route's foreground policy decides:
  ///
  /// - `navigate`: passed to `navigate`; returns `.hidden`, since the screen is opening anyway.
  /// - `banner`: returns `.banner` and does not navigate; a tap on the banner comes back through
  ///   `didTap(userInfo:)` and navigates then.
  /// - `ignore`: returns `.hidden` and does not navigate.
  /// - no route matched (a status without an action): passed to `navigate` so the app can log it,
  ///   and returns `.banner`, so the message is shown as it would be in the background.
  ///
  /// Before the root is ready (a splash screen waiting for remote config, or a root being rebuilt)
  /// the variant is unknown, so the payload cannot be resolved. It is then not kept: it returns
  /// `.banner` and the system shows it as it would in the background, and the user's tap on it
  /// comes back through `didTap(userInfo:)`, which keeps it. Keeping it instead would, under the
  /// default `.latest` policy, replace the tap that launched the app with a push the user never
  /// tapped, and navigate to it once the root appears.
  public func willPresent(userInfo: [AnyHashable: Any]) -> ForegroundPresentation {
    let payload = Payload(userInfo: userInfo)
    guard let root = roots.withLock({ $0.root }) else { return .banner }
    let resolution = delivery.resolve(payload, root.variant, .foreground)
    let presentation: ForegroundPresentation
    switch resolution.foregroundPolicy {
    case .navigate?: presentation = .hidden
    case .banner?: return .banner
    case .ignore?: return .hidden
    case nil: presentation = .banner
    }
    // Through the gate rather than straight to `navigate`, so deliveries stay in order and never
    // overlap; if the root changed in the meantime, the gate keeps it for the next root.
    gate.receive(
      RouterEntry(
        payload: payload, source: .push(.foreground),
        foreground: ForegroundDecision(generation: root.generation, resolution: resolution),
        receivedAt: now()))
    return presentation
  }

  /// Call once the real root exists and the UI variant is known: resolves every kept payload with
  /// `variant` and passes it to `navigate`, once each and in arrival order (kept payloads older
  /// than `maxAge` are dropped first), then does the same for every later payload at once.
  ///
  /// Kept payloads are delivered on this thread before this call returns. Calling it again, with
  /// or without `rootWillChange()` in between, switches every later delivery to the new variant
  /// and `navigate`; a kept payload goes to the root that is ready when it is delivered, never to
  /// an earlier one.
  public func rootIsReady(variant: Variant, navigate: @escaping Navigate) {
    transition { generation in Root(variant: variant, navigate: navigate, generation: generation) }
  }

  /// Call when the root is about to go away (logout, switching variants): payloads are kept again
  /// until the next `rootIsReady(variant:navigate:)`. A payload that another thread is delivering
  /// at this moment may still reach the old `navigate`.
  public func rootWillChange() {
    transition { _ in nil }
  }

  /// Records the new root (or its absence) and brings the gate in line with it.
  ///
  /// The state is changed under the lock but the gate is opened or closed outside it, because
  /// opening delivers payloads, and `navigate` may call back into the router. So a transition that
  /// started later, on another thread, can reach the gate first; whoever then finds that the
  /// state moved on while it was at the gate applies the newest state again, so the gate always
  /// ends up matching the transition that started last.
  private func transition(_ makeRoot: (Int) -> Root?) {
    var (generation, root) = roots.withLock { slot -> (Int, Root?) in
      slot.generation += 1
      slot.root = makeRoot(slot.generation)
      return (slot.generation, slot.root)
    }
    while true {
      if let root {
        gate.open { [delivery] entry in Self.deliver(entry, to: root, delivery) }
      } else {
        gate.close()
      }
      let latest = roots.withLock { ($0.generation, $0.root) }
      if latest.0 == generation { return }
      (generation, root) = latest
    }
  }

  private static func deliver(_ entry: RouterEntry, to root: Root, _ delivery: Delivery) {
    if let launch = entry.launch, delivery.state.withLock({ $0.withdrawnLaunch == launch }) {
      delivery.onDiscard?(entry.arrival, .replaced)
      return
    }
    if let decision = entry.foreground, decision.generation == root.generation,
      deliver(decision, of: entry, to: root, delivery)
    {
      return
    }
    switch entry.source {
    case .link(let url):
      delivery.navigate(delivery.resolveURL(url, root.variant), of: entry, to: root)
    case .action(let action):
      delivery.navigate(
        delivery.resolveAction(action, entry.payload, root.variant), of: entry, to: root)
    case .push(let state):
      let resolution = delivery.resolve(entry.payload, root.variant, state)
      // A foreground payload whose root changed before it was delivered: the new root's variant
      // decides again, and only what `willPresent` would pass on is passed on.
      if state == .foreground,
        resolution.foregroundPolicy == .banner || resolution.foregroundPolicy == .ignore
      {
        return
      }
      delivery.navigate(resolution, of: entry, to: root)
    }
  }

  /// Navigates with the resolution `willPresent` decided on; false if it is not one of this
  /// router's. Apart from `deliver(_:to:_:)`, which then does not look up the metadata of an
  /// optional resolution on every delivery for what only foreground payloads need.
  @inline(never)
  private static func deliver(
    _ decision: ForegroundDecision, of entry: RouterEntry, to root: Root, _ delivery: Delivery
  ) -> Bool {
    guard let resolution = decision.resolution as? Resolution<Destination> else { return false }
    delivery.navigate(resolution, of: entry, to: root)
    return true
  }

  // MARK: Requirements

  /// The requirements the app reports as satisfied; a snapshot.
  public var satisfiedRequirements: RequirementSet {
    state.withLock { $0.satisfied }
  }

  /// Whether a navigation is held until its requirements are met; a snapshot.
  public var hasHeldNavigation: Bool {
    state.withLock { $0.held != nil }
  }

  /// Reports that `requirement` now holds (`satisfied: true`, the user signed in) or no longer
  /// does. Call it whenever the condition changes, from any thread.
  ///
  /// A resolution whose route requires what is not satisfied is not navigated to: the router
  /// holds it (the newest one; an older held one is dropped as `.replaced`) and navigates to the
  /// route of its first unmet requirement instead (the sign-in screen), when that requirement
  /// names one. When a call here makes the last of its requirements hold, the held arrival is
  /// resolved again, with the variant of the root then ready (or when the next root is), and
  /// navigated to, exactly once; older than `maxAge` by then, it is dropped as `.expired`. A
  /// requirement that stops holding never undoes what was shown.
  public func setRequirement<Requirement: RouteRequirement>(
    _ requirement: Requirement, satisfied: Bool
  ) {
    setRequirement(position: requirement.rawValue, satisfied: satisfied)
  }

  /// `setRequirement(_:satisfied:)` by the requirement's position in the manifest.
  package func setRequirement(position: Int, satisfied: Bool) {
    updateSatisfied { set in
      if satisfied {
        set.insert(position: position)
      } else {
        set.remove(position: position)
      }
    }
  }

  /// Replaces the whole satisfied set at once (at launch, from the restored session, say), with
  /// the effects `setRequirement(_:satisfied:)` describes.
  public func setSatisfiedRequirements(_ requirements: RequirementSet) {
    updateSatisfied { $0 = requirements }
  }

  /// Drops the navigation held for requirements, reported to `onDiscard` as `.cancelled`: the
  /// user closed the sign-in screen, say. Returns whether one was held.
  @discardableResult
  public func discardHeldNavigation() -> Bool {
    guard
      let held = state.withLock({ state -> HeldArrival? in
        defer { state.held = nil }
        return state.held
      })
    else { return false }
    delivery.onDiscard?(held.entry.arrival, .cancelled)
    return true
  }

  private func updateSatisfied(_ change: (inout RequirementSet) -> Void) {
    let released = state.withLock { state -> HeldArrival? in
      change(&state.satisfied)
      guard let held = state.held, held.requires.subtracting(state.satisfied).isEmpty else {
        return nil
      }
      state.held = nil
      return held
    }
    guard let entry = released?.entry else { return }
    if let maxAge, entry.receivedAt.duration(to: now()) > maxAge {
      delivery.onDiscard?(entry.arrival, .expired)
      return
    }
    // Through the gate, so it reaches `navigate` in order with other arrivals, never during
    // another delivery, and with the root (and variant) in force then. Resolved again: the
    // resolution it was held with was made for the root of its time.
    gate.receive(entry.undecided)
  }
}
