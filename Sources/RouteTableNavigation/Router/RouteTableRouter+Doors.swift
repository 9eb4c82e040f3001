import Foundation
import RouteTable

/// The doors: each turns what one callback of the app, scene or notification-center delegate
/// received into a `RouterArrival` and passes it to the gate (or, for an app action, to
/// `onAppAction` at once). How arrivals are delivered is in `RouteTableRouter+Root.swift`.
extension RouteTableRouter {
  /// From `application(_:didFinishLaunchingWithOptions:)`, with
  /// `launchOptions?[.remoteNotification]`: the user launched the app by tapping a notification.
  ///
  /// Resolved as `AppState.launch`. When the notification-center delegate also reports this tap
  /// (it does when it is set before launching finishes), the first tap after this call that
  /// carries an equal payload is taken for that second report and dropped.
  ///
  /// When the launch was a tap on one of the notification's action buttons, iOS reports that tap
  /// after this call, and the router gets it through `didTapAction(_:userInfo:category:)` with an equal
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
    gate.receive(RouterEntry(.push(payload), pushState: .launch, launch: launch, receivedAt: now()))
  }

  /// From `userNotificationCenter(_:didReceive:withCompletionHandler:)`: the user tapped a
  /// notification while the app was running, in the background or in the foreground.
  ///
  /// Resolved as `AppState.background`, which always navigates: the user asked to go there.
  /// Delivered at once when the root is ready, otherwise kept until it is.
  ///
  /// `category` is the notification's `categoryIdentifier`: a local notification's `userInfo`
  /// does not carry it, and a payload that names no declared push type opens its category's
  /// `route`. A payload's own `aps.category` wins.
  public func didTap(userInfo: [AnyHashable: Any], category: String? = nil) {
    let payload = Payload(userInfo: userInfo).addingCategory(category)
    let isLaunchReportedAgain = state.withLock { state -> Bool in
      guard let launchPayload = state.launchPayload else { return false }
      state.launchPayload = nil
      return launchPayload == payload
    }
    if isLaunchReportedAgain { return }
    gate.receive(RouterEntry(.push(payload), receivedAt: now()))
  }

  /// From `userNotificationCenter(_:didReceive:withCompletionHandler:)` when the user tapped one
  /// of the notification's action buttons (`actionIdentifier` is neither the default nor the
  /// dismiss action).
  ///
  /// The category is the payload's `aps.category`, else `category` (the notification's
  /// `categoryIdentifier`, which a local notification's `userInfo` does not carry). A button
  /// without a route (an app action)
  /// goes to `onAppAction` before this call returns, on this thread, whether or not the root is
  /// ready, and never to `navigate`. Any other tap waits in the same queue as pushes, under the
  /// same policy and age limit, and is resolved with `resolveAction` and the variant of the
  /// root that receives it, then passed to `navigate` in arrival order: a button with a route
  /// as `matched`, `invalid_params` or `unavailable`, a category or button the table does not
  /// declare as `unknown_action` (no destination, so the app can log it).
  public func didTapAction(
    _ actionID: String, userInfo: [AnyHashable: Any], category: String? = nil
  ) {
    let payload = Payload(userInfo: userInfo).addingCategory(category)
    state.withLock { state in
      guard let launchPayload = state.launchPayload else { return }
      state.launchPayload = nil
      if launchPayload == payload { state.withdrawnLaunch = state.launches }
    }
    switch classifyAction(actionID, payload) {
    case .app(let category):
      onAppAction(category, actionID, payload)
    case .routed, .unknown:
      gate.receive(RouterEntry(.actionTap(actionID, payload), receivedAt: now()))
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
    gate.receive(RouterEntry(.link(url), receivedAt: now()))
  }

  /// `didOpen(url:)` with `url.absoluteString`.
  public func didOpen(url: URL) {
    didOpen(url: url.absoluteString)
  }

  /// The activity type of a universal link (the value of Foundation's
  /// `NSUserActivityTypeBrowsingWeb`, which only Apple platforms declare).
  public static var browsingWebActivityType: String { "NSUserActivityTypeBrowsingWeb" }

  /// The types `continuedActivityTypes` lists: the two the router routes as links, then the
  /// manifest's own, each once.
  static func continuedActivityTypes(declared: [String]) -> [String] {
    var seen: Set<String> = []
    return ([browsingWebActivityType, searchableItemActivityType] + declared).filter {
      seen.insert($0).inserted
    }
  }

  /// The activity type of a Spotlight result and the `userInfo` key of its item's identifier
  /// (the values of CoreSpotlight's `CSSearchableItemActionType` and
  /// `CSSearchableItemActivityIdentifier`, which only Apple platforms declare).
  static var searchableItemActivityType: String { "com.apple.corespotlightitem" }
  static var searchableItemIdentifierKey: String { "kCSSearchableItemActivityIdentifier" }

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

  /// From `windowScene(_:performActionFor:completionHandler:)`,
  /// `application(_:performActionFor:completionHandler:)` or the connection options' `shortcutItem`
  /// of `scene(_:willConnectTo:options:)`: the user chose a Home Screen quick action.
  ///
  /// Returns whether the manifest's `shortcuts` declares `type` (what the completion handler
  /// tells iOS); an undeclared one is not taken. A declared one waits in the same queue as every
  /// door and is resolved with the generated `resolve(shortcut:userInfo:variant:)` and the
  /// variant of the root that receives it, through requirements like every door.
  @discardableResult
  public func didPerform(shortcutType type: String, userInfo: [AnyHashable: Any]?) -> Bool {
    guard declaresDoor(.shortcut, type) else { return false }
    gate.receive(
      RouterEntry(.shortcut(type, Payload(userInfo: userInfo ?? [:])), receivedAt: now()))
    return true
  }

  /// From the `perform()` of an App Intent that `routec` generated for the manifest's `intents`:
  /// Siri, the Shortcuts app, Spotlight or the Action button ran it, and iOS opened the app.
  ///
  /// `parameters` are the intent's values by payload key. Returns whether the manifest declares
  /// `key` (the generated intents always are); a declared one waits in the same queue as every
  /// door (in the cold-launch gate until the root is ready), is resolved with the generated
  /// `resolve(intent:_:variant:)` and the variant of the root that receives it, goes through
  /// requirements like every door, and reaches `navigate` once. Safe to call from any thread.
  ///
  /// The generated intents reach it through `intentDoor`, which the app registers once, at
  /// launch: `AppDependencyManager.shared.add(dependency: router.intentDoor)`.
  @discardableResult
  public func didPerform(intent key: String, parameters: Payload) -> Bool {
    guard delivery.resolveIntent != nil, declaresDoor(.intent, key) else { return false }
    gate.receive(RouterEntry(.intent(key, parameters), receivedAt: now()))
    return true
  }

  /// What the generated App Intents hand their runs to: `didPerform(intent:parameters:)` of this
  /// router, which it holds weakly (a run after the router is gone is not taken). Register it
  /// with App Intents once, at launch: `AppDependencyManager.shared.add(dependency:
  /// router.intentDoor)`.
  public var intentDoor: IntentDoor {
    IntentDoor { [weak self] key, parameters in
      self?.didPerform(intent: key, parameters: parameters) ?? false
    }
  }

  /// From `scene(_:continue:)`, `application(_:continue:restorationHandler:)` or the connection
  /// options' `userActivities`: the app continues a user activity.
  ///
  /// A universal link (`NSUserActivityTypeBrowsingWeb`) goes through `didOpen(url:)`; a
  /// Spotlight result (`CSSearchableItemActionType`) through `didContinueSearchableItem`, with
  /// the `CSSearchableItemActivityIdentifier` of its `userInfo`; an activity type the manifest's
  /// `activities` declares waits in the queue like every door and is resolved with the generated
  /// `resolve(activity:_:variant:)`, its `webpageURL` and `title` added for the routes that read
  /// `from: $webpage_url` or `from: $title`. Returns whether it was taken; any other activity is
  /// the app's.
  @discardableResult
  public func didContinue(
    activityType: String, userInfo: [AnyHashable: Any]?, webpageURL: URL?, title: String? = nil
  ) -> Bool {
    if activityType == Self.browsingWebActivityType {
      return didContinue(activityType: activityType, webpageURL: webpageURL)
    }
    if activityType == Self.searchableItemActivityType {
      guard let identifier = userInfo?[Self.searchableItemIdentifierKey] as? String else {
        return false
      }
      return didContinueSearchableItem(identifier: identifier)
    }
    guard declaresDoor(.activity, activityType) else { return false }
    let payload = Payload(userInfo: userInfo ?? [:])
      .addingActivityValues(webpageURL: webpageURL, title: title)
    gate.receive(RouterEntry(.activity(activityType, payload), receivedAt: now()))
    return true
  }

  /// From `scene(_:continue:)` for a Spotlight result (`CSSearchableItemActionType`), with the
  /// item's `CSSearchableItemActivityIdentifier`: an item the app indexed with its
  /// `uniqueIdentifier` set to the generated `link(for:variant:)` is continued as that link,
  /// through `didOpen(url:)`, so only routes with links can be reached this way. Returns whether
  /// the identifier is a link the manifest's patterns match; any other identifier is the app's.
  @discardableResult
  public func didContinueSearchableItem(identifier: String) -> Bool {
    guard declaresLink(identifier) else { return false }
    didOpen(url: identifier)
    return true
  }

  /// From the scene's `session.stateRestorationActivity` in `scene(_:willConnectTo:options:)`:
  /// the screen the scene showed when the system last put it away.
  ///
  /// It has the lowest precedence of every door: while the root is not ready it is kept only
  /// when nothing else is kept, and anything that arrives after it (a tap, a link, a quick
  /// action) replaces it, reported to `onDiscard` as `.replaced`. Returns whether the manifest's
  /// `activities` declares its type.
  @discardableResult
  public func didRestore(activityType: String, userInfo: [AnyHashable: Any]?) -> Bool {
    guard declaresDoor(.activity, activityType) else { return false }
    gate.receive(
      RouterEntry(
        .restoredActivity(activityType, Payload(userInfo: userInfo ?? [:])), receivedAt: now()),
      yielding: true)
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
  ///   `didTap(userInfo:category:)` and navigates then.
  /// - `ignore`: returns `.hidden` and does not navigate.
  /// - no route matched (a status without an action): passed to `navigate` so the app can log it,
  ///   and returns `.banner`, so the message is shown as it would be in the background.
  ///
  /// Before the root is ready (a splash screen waiting for remote config, or a root being rebuilt)
  /// the variant is unknown, so the payload cannot be resolved. It is then not kept: it returns
  /// `.banner` and the system shows it as it would in the background, and the user's tap on it
  /// comes back through `didTap(userInfo:category:)`, which keeps it. Keeping it instead would, under the
  /// default `.latest` policy, replace the tap that launched the app with a push the user never
  /// tapped, and navigate to it once the root appears.
  public func willPresent(userInfo: [AnyHashable: Any], category: String? = nil)
    -> ForegroundPresentation
  {
    let payload = Payload(userInfo: userInfo).addingCategory(category)
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
    let decision = ForegroundDecision(generation: root.generation) { [delivery] entry in
      delivery.navigate(resolution, of: entry, to: root)
    }
    gate.receive(
      RouterEntry(
        .push(payload), pushState: .foreground, foreground: decision, receivedAt: now()))
    return presentation
  }
}
