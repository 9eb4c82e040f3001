import Foundation
import TestSupport
import Testing

@_spi(Generated) @testable import RouteTable
@testable import RouteTableNavigation

private struct ResolveCall: Hashable, Sendable {
  var type: String?
  var variant: String
  var state: AppState
}

/// A stand-in for a generated resolver: `type` names the screen, `foreground` the route's
/// foreground policy (navigate when absent), and types `unknown` or missing match nothing. The
/// destination is `type@variant`, or `type#id@variant` when the payload has an `id`.
private func fakeResolve(
  _ payload: Payload, variant: String, state: AppState, calls: Recorder<ResolveCall>? = nil
) -> Resolution<String> {
  let type = payload.pushType(typeKeys: [["type"]])
  calls?.record(ResolveCall(type: type, variant: variant, state: state))
  guard let type, type != "unknown" else {
    return Resolution(status: type == nil ? .missingType : .unknownType, variant: variant)
  }
  // A route with `app_action`: an app action, not a screen.
  if type.hasPrefix("command:") {
    var resolution = Resolution<String>(status: .appAction, variant: variant, pushType: type)
    resolution.appAction = String(type.dropFirst("command:".count))
    return resolution
  }
  var destination = type
  if case .string(let id)? = payload.object["id"] { destination += "#\(id)" }
  var action = ForegroundPolicy.navigate
  if state == .foreground, case .string(let policy)? = payload.object["foreground"] {
    action = ForegroundPolicy(rawValue: policy) ?? .navigate
  }
  return Resolution(
    status: .matched, variant: variant, pushType: type, route: type,
    destination: "\(destination)@\(variant)", foregroundPolicy: action)
}

private struct Discard: Hashable, Sendable {
  var type: String?
  var reason: ArrivalDiscardReason
}

/// A stand-in for a route table's notification categories: category `chat` declares `reply` and
/// `open`, which open a route, and `mute` and `archive`, app actions; anything else is unknown.
private func fakeClassify(_ action: String, _ payload: Payload) -> ActionTapKind {
  guard let category = payload.notificationCategory, category == "chat" else { return .unknown }
  switch action {
  case "mute", "archive": return .app(category: category)
  case "reply", "open": return .routed
  default: return .unknown
  }
}

/// A stand-in for a generated `resolve(action:_:variant:)`, agreeing with `fakeClassify`: a
/// routed action's destination is `action#id@variant`.
private func fakeResolveAction(
  _ action: String, _ payload: Payload, variant: String, calls: Recorder<ResolveCall>? = nil
) -> Resolution<String> {
  calls?.record(ResolveCall(type: "action:\(action)", variant: variant, state: .background))
  let category = payload.notificationCategory
  switch fakeClassify(action, payload) {
  case .unknown:
    return Resolution(
      status: .unknownAction, variant: variant, category: category, notificationAction: action)
  case .app:
    return Resolution(
      status: .appAction, variant: variant, category: category, notificationAction: action)
  case .routed:
    var destination = action
    if case .string(let id)? = payload.object["id"] { destination += "#\(id)" }
    return Resolution(
      status: .matched, variant: variant, route: action, destination: "\(destination)@\(variant)",
      foregroundPolicy: .navigate, category: category, notificationAction: action)
  }
}

private struct AppActionCall: Hashable, Sendable {
  var category: String
  var action: String
  var id: String?
}

private func makeRouter(
  policy: ArrivalPolicy = .latest,
  maxAge: Duration? = .seconds(300),
  clock: TestClock = TestClock(),
  calls: Recorder<ResolveCall>? = nil,
  discards: Recorder<Discard>? = nil,
  appActions: Recorder<AppActionCall>? = nil
) -> RouteTableRouter<String, String> {
  RouteTableRouter(
    policy: policy, maxAge: maxAge, now: { clock.now() },
    onDiscard: { arrival, reason in
      let type: String?
      switch arrival {
      case .push(let payload), .actionTap(_, let payload):
        type = payload.pushType(typeKeys: [["type"]])
      case .link(let url): type = "link:\(url)"
      case .shortcut(let door, _): type = "shortcut:\(door)"
      case .activity(let door, _): type = "activity:\(door)"
      case .restoredActivity(let door, _): type = "restored:\(door)"
      case .intent(let key, _): type = "intent:\(key)"
      }
      discards?.record(Discard(type: type, reason: reason))
    },
    classifyAction: fakeClassify,
    declaresDoor: { _, type in type != "undeclared" },
    resolveAction: { action, payload, variant in
      fakeResolveAction(action, payload, variant: variant, calls: calls)
    },
    onAppAction: { category, action, payload in
      var id: String?
      if case .string(let value)? = payload.object["id"] { id = value }
      appActions?.record(AppActionCall(category: category, action: action, id: id))
    },
    resolveURL: { url, variant in fakeResolveURL(url, variant: variant, calls: calls) },
    resolveShortcut: { type, _, variant in
      var resolution = Resolution(
        status: .matched, variant: variant, route: type, destination: "shortcut:\(type)@\(variant)",
        foregroundPolicy: .navigate)
      resolution.shortcut = type
      return resolution
    },
    resolveActivity: { type, userInfo, variant in
      // `#id` when the userInfo has one, so what a door carries is seen.
      var id = ""
      if case .string(let value)? = userInfo.object["id"] { id = "#\(value)" }
      // `+URL~TITLE` for the activity's webpageURL and title, as the router adds them.
      if case .string(let url)? = userInfo.object["$webpage_url"] { id += "+\(url)" }
      if case .string(let title)? = userInfo.object["$title"] { id += "~\(title)" }
      var resolution = Resolution(
        status: .matched, variant: variant, route: type,
        destination: "activity:\(type)\(id)@\(variant)", foregroundPolicy: .navigate)
      resolution.activity = type
      return resolution
    },
    resolve: { payload, variant, state in
      fakeResolve(payload, variant: variant, state: state, calls: calls)
    })
}

/// A stand-in for a generated `resolve(url:variant:)`: `https://shop.example/PATH` opens the
/// screen `link:PATH`; anything else is `unknown_link`.
private func fakeResolveURL(_ url: String, variant: String, calls: Recorder<ResolveCall>? = nil)
  -> Resolution<String>
{
  calls?.record(ResolveCall(type: "url:\(url)", variant: variant, state: .background))
  let prefix = "https://shop.example/"
  guard url.hasPrefix(prefix) else { return Resolution(status: .unknownLink, variant: variant) }
  return Resolution(
    status: .matched, variant: variant, route: "link",
    destination: "link:\(url.dropFirst(prefix.count))@\(variant)", foregroundPolicy: .navigate,
    link: "/{path*}")
}

private func push(_ type: String, id: String? = nil, foreground: String? = nil) -> [AnyHashable:
  Any]
{
  var userInfo: [AnyHashable: Any] = ["aps": ["alert": "Hello"], "type": type]
  if let id { userInfo["id"] = id }
  if let foreground { userInfo["foreground"] = foreground }
  return userInfo
}

/// A notification of category `chat`, whose action buttons `fakeClassify` knows.
private func chat(_ type: String = "chat", id: String? = nil, category: String? = "chat")
  -> [AnyHashable: Any]
{
  var aps: [String: Any] = ["alert": "New message"]
  if let category { aps["category"] = category }
  var userInfo: [AnyHashable: Any] = ["aps": aps, "type": type]
  if let id { userInfo["id"] = id }
  return userInfo
}

private func destinations(_ log: Recorder<Resolution<String>>) -> [String?] {
  log.values.map(\.destination)
}

@Suite struct RouteTableRouterTests {
  // MARK: Links

  @Test func aLinkOpenedAtLaunchWaitsForTheRootAndIsResolvedWithItsVariant() {
    let calls = Recorder<ResolveCall>()
    let router = makeRouter(calls: calls)
    let delivered = Recorder<Resolution<String>>()

    router.didOpen(url: "https://shop.example/courses/42")
    #expect(calls.values.isEmpty, "nothing is resolved before the variant is known")
    router.rootIsReady(variant: "v2") { delivered.record($0) }

    #expect(destinations(delivered) == ["link:courses/42@v2"])
    #expect(delivered.values.map(\.foregroundPolicy) == [.navigate])
    #expect(
      calls.values == [
        ResolveCall(type: "url:https://shop.example/courses/42", variant: "v2", state: .background)
      ])
  }

  @Test func linksAndNotificationsKeepTheirArrivalOrderAndAreDeliveredOnce() {
    let router = makeRouter(policy: .upTo(10))
    let delivered = Recorder<Resolution<String>>()

    router.didLaunch(withNotification: push("a"))
    router.didOpen(url: "https://shop.example/b")
    router.didTapAction("reply", userInfo: chat(id: "c"))
    router.didOpen(url: URL(string: "https://shop.example/d?x=1")!)
    router.rootIsReady(variant: "v1") { delivered.record($0) }
    router.rootIsReady(variant: "v2") { delivered.record($0) }
    router.didOpen(url: "https://shop.example/e")

    #expect(
      destinations(delivered) == [
        "a@v1", "link:b@v1", "reply#c@v1", "link:d?x=1@v1", "link:e@v2",
      ])
  }

  // MARK: App actions

  /// A push that resolves to a route with `app_action` is delivered like any push (after the
  /// root is ready, in order), but to `onAppAction`, never to `navigate`.
  @Test func aPushOfAScreenlessRouteReachesTheAppActionHandlerNotNavigate() {
    let appActions = Recorder<AppActionCall>()
    let router = makeRouter(policy: .upTo(10), appActions: appActions)
    let delivered = Recorder<Resolution<String>>()

    router.didTap(userInfo: ["type": "command:refresh", "id": "1"])
    router.didTap(userInfo: push("b"))
    #expect(appActions.values.isEmpty, "an app action waits for the root like every push")
    router.rootIsReady(variant: "v1") { delivered.record($0) }
    router.didTap(userInfo: chat("command:sync", id: "2"))

    #expect(destinations(delivered) == ["b@v1"])
    #expect(
      appActions.values == [
        AppActionCall(category: "", action: "refresh", id: "1"),
        AppActionCall(category: "chat", action: "sync", id: "2"),
      ])
  }

  // MARK: Local notifications

  /// A local notification's category is its `categoryIdentifier`, which its `userInfo` lacks:
  /// the door adds it as `aps.category`, so its action taps and its category's `route` work like
  /// a remote notification's; a payload's own `aps.category` wins.
  @Test func aLocalNotificationsCategoryReachesTheResolver() {
    let router = makeRouter(policy: .upTo(10))
    let delivered = Recorder<Resolution<String>>()
    router.rootIsReady(variant: "v1") { delivered.record($0) }

    router.didTapAction("reply", userInfo: ["type": "chat", "id": "1"], category: "chat")
    router.didTapAction("reply", userInfo: chat(id: "2", category: "other"), category: "chat")
    router.didTapAction("mute", userInfo: ["id": "3"], category: "")

    #expect(destinations(delivered) == ["reply#1@v1", nil, nil])
    #expect(delivered.values.map(\.status) == [.matched, .unknownAction, .unknownAction])
    #expect(delivered.values.map(\.category) == ["chat", "other", nil])
  }

  @Test func anUnknownLinkReachesNavigateForTheBrowser() {
    let router = makeRouter()
    let delivered = Recorder<Resolution<String>>()
    router.rootIsReady(variant: "v1") { delivered.record($0) }

    router.didOpen(url: "https://elsewhere.example/x")

    #expect(delivered.values.map(\.status) == [.unknownLink])
    #expect(delivered.values.map(\.destination) == [nil])
  }

  @Test func aKeptLinkReplacedUnderTheLatestPolicyIsReportedWithItsURL() {
    let discards = Recorder<Discard>()
    let router = makeRouter(discards: discards)
    let delivered = Recorder<Resolution<String>>()

    router.didOpen(url: "https://shop.example/first")
    router.didTap(userInfo: push("b"))
    router.rootIsReady(variant: "v1") { delivered.record($0) }

    #expect(destinations(delivered) == ["b@v1"])
    #expect(
      discards.values == [Discard(type: "link:https://shop.example/first", reason: .replaced)])
  }

  @Test func aLinkKeptPastTheAgeLimitIsDroppedAsExpired() {
    let clock = TestClock()
    let discards = Recorder<Discard>()
    let router = makeRouter(maxAge: .seconds(60), clock: clock, discards: discards)
    let delivered = Recorder<Resolution<String>>()

    router.didOpen(url: "https://shop.example/old")
    clock.advance(by: .seconds(61))
    router.rootIsReady(variant: "v1") { delivered.record($0) }

    #expect(delivered.values.isEmpty)
    #expect(discards.values == [Discard(type: "link:https://shop.example/old", reason: .expired)])
  }

  @Test func onlyAWebBrowsingActivityWithAURLIsALink() {
    let router = makeRouter()
    let delivered = Recorder<Resolution<String>>()
    router.rootIsReady(variant: "v1") { delivered.record($0) }
    let url = URL(string: "https://shop.example/gift")

    #expect(!router.didContinue(activityType: "com.shop.handoff", webpageURL: url))
    #expect(!router.didContinue(activityType: "NSUserActivityTypeBrowsingWeb", webpageURL: nil))
    #expect(router.didContinue(activityType: "NSUserActivityTypeBrowsingWeb", webpageURL: url))

    #expect(destinations(delivered) == ["link:gift@v1"])
  }

  // MARK: Cold launch

  @Test func coldLaunchTapWaitsForTheRootAndIsResolvedWithTheVariantItGives() {
    let calls = Recorder<ResolveCall>()
    let router = makeRouter(calls: calls)
    let delivered = Recorder<Resolution<String>>()

    router.didLaunch(withNotification: push("course_page", id: "42"))
    #expect(!router.isRootReady)
    #expect(delivered.values.isEmpty)
    #expect(calls.values.isEmpty, "nothing is resolved before the variant is known")

    router.rootIsReady(variant: "v2") { delivered.record($0) }
    #expect(router.isRootReady)
    #expect(destinations(delivered) == ["course_page#42@v2"])
    #expect(calls.values == [ResolveCall(type: "course_page", variant: "v2", state: .launch)])
  }

  @Test func aKeptPayloadIsResolvedWithTheVariantOfTheRootThatReceivesIt() {
    let calls = Recorder<ResolveCall>()
    let router = makeRouter(calls: calls)
    let first = Recorder<Resolution<String>>()
    let second = Recorder<Resolution<String>>()

    router.rootIsReady(variant: "v1") { first.record($0) }
    router.rootWillChange()
    router.didTap(userInfo: push("gift_page"))
    router.rootIsReady(variant: "v2") { second.record($0) }

    #expect(first.values.isEmpty)
    #expect(destinations(second) == ["gift_page@v2"])
    #expect(calls.values.map(\.variant) == ["v2"])
  }

  @Test func keptPayloadsAreDeliveredExactlyOnce() {
    let router = makeRouter()
    let delivered = Recorder<Resolution<String>>()

    router.didLaunch(withNotification: push("course_page"))
    router.rootIsReady(variant: "v1") { delivered.record($0) }
    router.rootIsReady(variant: "v2") { delivered.record($0) }
    router.rootWillChange()
    router.rootIsReady(variant: "v1") { delivered.record($0) }

    #expect(destinations(delivered) == ["course_page@v1"])
  }

  @Test func keptPayloadsAreReplayedInArrivalOrderWithTheStateTheyArrivedIn() {
    let calls = Recorder<ResolveCall>()
    let router = makeRouter(policy: .upTo(10), calls: calls)
    let delivered = Recorder<Resolution<String>>()

    router.didLaunch(withNotification: push("a"))
    router.didTap(userInfo: push("b"))
    router.didTap(userInfo: push("c"))
    router.rootIsReady(variant: "v1") { delivered.record($0) }

    #expect(destinations(delivered) == ["a@v1", "b@v1", "c@v1"])
    #expect(calls.values.map(\.state) == [.launch, .background, .background])
  }

  @Test func theLatestPolicyKeepsOnlyTheNewestTapAndReportsTheOthers() {
    let discards = Recorder<Discard>()
    let router = makeRouter(discards: discards)
    let delivered = Recorder<Resolution<String>>()

    router.didLaunch(withNotification: push("a"))
    router.didTap(userInfo: push("b"))
    router.didTap(userInfo: push("c"))
    router.rootIsReady(variant: "v1") { delivered.record($0) }

    #expect(destinations(delivered) == ["c@v1"])
    #expect(
      discards.values == [
        Discard(type: "a", reason: .replaced), Discard(type: "b", reason: .replaced),
      ]
    )
  }

  @Test func payloadsKeptLongerThanMaxAgeAreDroppedAsExpired() {
    let clock = TestClock()
    let discards = Recorder<Discard>()
    let router = makeRouter(
      policy: .upTo(10), maxAge: .seconds(300), clock: clock, discards: discards)
    let delivered = Recorder<Resolution<String>>()

    router.didLaunch(withNotification: push("old"))
    clock.advance(by: .seconds(200))
    router.didTap(userInfo: push("recent"))
    clock.advance(by: .seconds(200))
    router.rootIsReady(variant: "v1") { delivered.record($0) }

    #expect(destinations(delivered) == ["recent@v1"])
    #expect(discards.values == [Discard(type: "old", reason: .expired)])
  }

  // MARK: The launching tap reported twice

  @Test func theLaunchingTapReportedAgainByTheDelegateIsDeliveredOnce() {
    let router = makeRouter(policy: .upTo(10))
    let delivered = Recorder<Resolution<String>>()

    router.didLaunch(withNotification: push("course_page", id: "42"))
    router.didTap(userInfo: push("course_page", id: "42"))
    router.rootIsReady(variant: "v1") { delivered.record($0) }

    #expect(destinations(delivered) == ["course_page#42@v1"])
  }

  @Test func theLaunchingTapReportedAgainAfterTheRootIsReadyIsNotDeliveredTwice() {
    let router = makeRouter()
    let delivered = Recorder<Resolution<String>>()

    router.didLaunch(withNotification: push("course_page"))
    router.rootIsReady(variant: "v1") { delivered.record($0) }
    router.didTap(userInfo: push("course_page"))

    #expect(destinations(delivered) == ["course_page@v1"])
  }

  @Test func onlyTheFirstTapAfterLaunchCanBeTheRepeatedReport() {
    let router = makeRouter(policy: .upTo(10))
    let delivered = Recorder<Resolution<String>>()

    router.didLaunch(withNotification: push("a"))
    router.didTap(userInfo: push("b"))
    router.didTap(userInfo: push("a"))
    router.rootIsReady(variant: "v1") { delivered.record($0) }
    router.didTap(userInfo: push("a"))

    #expect(destinations(delivered) == ["a@v1", "b@v1", "a@v1", "a@v1"])
  }

  // MARK: Taps while the root is ready

  @Test func tapsAfterTheRootIsReadyAreDeliveredBeforeDidTapReturns() {
    let calls = Recorder<ResolveCall>()
    let router = makeRouter(calls: calls)
    let delivered = Recorder<Resolution<String>>()
    router.rootIsReady(variant: "v1") { delivered.record($0) }

    router.didTap(userInfo: push("gift_page"))
    #expect(destinations(delivered) == ["gift_page@v1"])
    router.didTap(userInfo: push("course_page", id: "7"))
    #expect(destinations(delivered) == ["gift_page@v1", "course_page#7@v1"])
    #expect(calls.values.map(\.state) == [.background, .background])
  }

  @Test func resolutionsWithoutADestinationAreStillDelivered() {
    let router = makeRouter(policy: .upTo(10))
    let delivered = Recorder<Resolution<String>>()

    router.didTap(userInfo: push("unknown"))
    router.didTap(userInfo: ["aps": ["alert": "no type"]])
    router.rootIsReady(variant: "v1") { delivered.record($0) }

    #expect(delivered.values.map(\.status) == [.unknownType, .missingType])
    #expect(destinations(delivered) == [nil, nil])
  }

  @Test func afterRootWillChangeTapsAreKeptForTheNextRootOnly() {
    let router = makeRouter()
    let old = Recorder<Resolution<String>>()
    let new = Recorder<Resolution<String>>()

    router.rootIsReady(variant: "v1") { old.record($0) }
    router.didTap(userInfo: push("a"))
    router.rootWillChange()
    #expect(!router.isRootReady)
    router.didTap(userInfo: push("b"))
    #expect(destinations(old) == ["a@v1"])
    #expect(new.values.isEmpty)

    router.rootIsReady(variant: "v2") { new.record($0) }
    router.didTap(userInfo: push("c"))
    #expect(destinations(old) == ["a@v1"])
    #expect(destinations(new) == ["b@v2", "c@v2"])
  }

  // MARK: Foreground

  @Test func aForegroundPushWhoseRouteNavigatesNavigatesAndShowsNoBanner() {
    let calls = Recorder<ResolveCall>()
    let router = makeRouter(calls: calls)
    let delivered = Recorder<Resolution<String>>()
    router.rootIsReady(variant: "v1") { delivered.record($0) }

    let presentation = router.willPresent(userInfo: push("chat", foreground: "navigate"))

    #expect(presentation == .hidden)
    #expect(destinations(delivered) == ["chat@v1"])
    #expect(calls.values == [ResolveCall(type: "chat", variant: "v1", state: .foreground)])
  }

  @Test func aForegroundPushWhoseRouteAsksForABannerShowsOneAndNavigatesOnlyWhenTapped() {
    let router = makeRouter()
    let delivered = Recorder<Resolution<String>>()
    router.rootIsReady(variant: "v1") { delivered.record($0) }

    let presentation = router.willPresent(userInfo: push("sale", foreground: "banner"))
    #expect(presentation == .banner)
    #expect(delivered.values.isEmpty)

    router.didTap(userInfo: push("sale", foreground: "banner"))
    #expect(destinations(delivered) == ["sale@v1"])
    #expect(delivered.values.map(\.foregroundPolicy) == [.navigate])
  }

  @Test func aForegroundPushWhoseRouteIgnoresItShowsNothingAndDoesNotNavigate() {
    let router = makeRouter()
    let delivered = Recorder<Resolution<String>>()
    router.rootIsReady(variant: "v1") { delivered.record($0) }

    #expect(router.willPresent(userInfo: push("refresh", foreground: "ignore")) == .hidden)
    #expect(delivered.values.isEmpty)
  }

  @Test func aForegroundPushThatMatchesNoRouteIsShownAndDeliveredForLogging() {
    let router = makeRouter()
    let delivered = Recorder<Resolution<String>>()
    router.rootIsReady(variant: "v1") { delivered.record($0) }

    #expect(router.willPresent(userInfo: push("unknown")) == .banner)
    #expect(delivered.values.map(\.status) == [.unknownType])
  }

  @Test func aForegroundPushBeforeTheRootIsReadyIsShownAndNotKept() {
    let calls = Recorder<ResolveCall>()
    let router = makeRouter(policy: .upTo(10), calls: calls)
    let delivered = Recorder<Resolution<String>>()

    #expect(router.willPresent(userInfo: push("chat", foreground: "navigate")) == .banner)
    #expect(calls.values.isEmpty)

    router.rootIsReady(variant: "v1") { delivered.record($0) }
    #expect(delivered.values.isEmpty)
  }

  @Test func aForegroundPushOnTheSplashScreenDoesNotReplaceTheLaunchingTap() {
    let router = makeRouter()
    let delivered = Recorder<Resolution<String>>()

    router.didLaunch(withNotification: push("course_page", id: "42"))
    #expect(router.willPresent(userInfo: push("chat", foreground: "navigate")) == .banner)
    router.rootIsReady(variant: "v2") { delivered.record($0) }

    #expect(destinations(delivered) == ["course_page#42@v2"])
  }

  @Test func aForegroundPushWhileTheRootIsRebuiltIsShownAndNotKept() {
    let router = makeRouter()
    let delivered = Recorder<Resolution<String>>()
    router.rootIsReady(variant: "v1") { delivered.record($0) }
    router.rootWillChange()

    #expect(router.willPresent(userInfo: push("chat", foreground: "navigate")) == .banner)
    router.rootIsReady(variant: "v2") { delivered.record($0) }
    #expect(delivered.values.isEmpty)
  }

  @Test func aForegroundPushDecidedForOneRootIsResolvedAgainWhenTheNextRootGetsIt() {
    // While `navigate` delivers a tap, a foreground push comes in (it queues behind the delivery
    // in progress) and the root goes away; the next root resolves the push for its own variant.
    let calls = Recorder<ResolveCall>()
    let router = makeRouter(policy: .upTo(10), calls: calls)
    let first = Recorder<Resolution<String>>()
    let second = Recorder<Resolution<String>>()
    let presentations = Recorder<ForegroundPresentation>()

    router.rootIsReady(variant: "v1") { resolution in
      first.record(resolution)
      if resolution.pushType == "logout" {
        presentations.record(router.willPresent(userInfo: push("chat", foreground: "navigate")))
        presentations.record(router.willPresent(userInfo: push("news", foreground: "banner")))
        router.rootWillChange()
      }
    }
    router.didTap(userInfo: push("logout"))
    #expect(destinations(first) == ["logout@v1"])
    #expect(presentations.values == [.hidden, .banner])
    #expect(!router.isRootReady)

    router.rootIsReady(variant: "v2") { second.record($0) }
    #expect(destinations(first) == ["logout@v1"])
    #expect(destinations(second) == ["chat@v2"])
    #expect(
      calls.values.suffix(1) == [ResolveCall(type: "chat", variant: "v2", state: .foreground)])
  }

  // MARK: Action buttons

  @Test func actionTapsBeforeTheRootWaitWithPushesAndAreDeliveredInOrderWithTheFinalVariant() {
    let calls = Recorder<ResolveCall>()
    let router = makeRouter(policy: .upTo(10), calls: calls)
    let first = Recorder<Resolution<String>>()
    let second = Recorder<Resolution<String>>()

    router.didTap(userInfo: push("a"))
    router.didTapAction("reply", userInfo: chat(id: "1"))
    router.didTap(userInfo: push("b"))
    router.didTapAction("open", userInfo: chat(id: "2"))
    #expect(calls.values.isEmpty, "nothing is resolved before the variant is known")

    router.rootIsReady(variant: "v2") { first.record($0) }
    #expect(destinations(first) == ["a@v2", "reply#1@v2", "b@v2", "open#2@v2"])
    #expect(first.values.map(\.status) == [.matched, .matched, .matched, .matched])
    #expect(first.values.map(\.notificationAction) == [nil, "reply", nil, "open"])
    #expect(first.values.map(\.category) == [nil, "chat", nil, "chat"])
    #expect(
      calls.values == [
        ResolveCall(type: "a", variant: "v2", state: .background),
        ResolveCall(type: "action:reply", variant: "v2", state: .background),
        ResolveCall(type: "b", variant: "v2", state: .background),
        ResolveCall(type: "action:open", variant: "v2", state: .background),
      ])

    // A tap kept while the root is rebuilt goes to the next root, with its variant, once.
    router.rootWillChange()
    router.didTapAction("reply", userInfo: chat(id: "3"))
    router.rootIsReady(variant: "v3") { second.record($0) }
    router.didTapAction("open", userInfo: chat(id: "4"))
    #expect(destinations(first).count == 4)
    #expect(destinations(second) == ["reply#3@v3", "open#4@v3"])
  }

  @Test func appActionsGoToTheHandlerAtOnceAndNeverToNavigate() {
    let appActions = Recorder<AppActionCall>()
    let calls = Recorder<ResolveCall>()
    let router = makeRouter(calls: calls, appActions: appActions)
    let delivered = Recorder<Resolution<String>>()

    // Before the root: handled before the call returns, and not kept, so under `.latest` it
    // does not replace the tap that launched the app.
    router.didLaunch(withNotification: push("course_page", id: "42"))
    router.didTapAction("mute", userInfo: chat(id: "1"))
    #expect(appActions.values == [AppActionCall(category: "chat", action: "mute", id: "1")])
    router.rootIsReady(variant: "v1") { delivered.record($0) }
    #expect(destinations(delivered) == ["course_page#42@v1"])

    // With the root ready: the handler again, and `navigate` is not called.
    router.didTapAction("archive", userInfo: chat(id: "2"))
    #expect(
      appActions.values == [
        AppActionCall(category: "chat", action: "mute", id: "1"),
        AppActionCall(category: "chat", action: "archive", id: "2"),
      ])
    #expect(destinations(delivered) == ["course_page#42@v1"])
    #expect(!calls.values.contains { $0.type?.hasPrefix("action:") == true })
  }

  @Test func unknownActionsAreKeptLikePushesAndDeliveredAsUnknownAction() {
    let appActions = Recorder<AppActionCall>()
    let router = makeRouter(policy: .upTo(10), appActions: appActions)
    let delivered = Recorder<Resolution<String>>()

    router.didTapAction("forward", userInfo: chat(id: "1"))
    router.didTapAction("mute", userInfo: chat(id: "2", category: "promo"))
    router.didTapAction("mute", userInfo: chat(id: "3", category: nil))
    #expect(delivered.values.isEmpty)
    router.rootIsReady(variant: "v1") { delivered.record($0) }
    router.didTapAction("forward", userInfo: chat(id: "4"))

    #expect(delivered.values.map(\.status) == Array(repeating: .unknownAction, count: 4))
    #expect(delivered.values.map(\.category) == ["chat", "promo", nil, "chat"])
    #expect(delivered.values.map(\.notificationAction) == ["forward", "mute", "mute", "forward"])
    #expect(delivered.values.map(\.variant) == ["v1", "v1", "v1", "v1"])
    #expect(destinations(delivered) == [nil, nil, nil, nil])
    #expect(appActions.values.isEmpty, "an action the table does not declare is no app action")
  }

  @Test func theLatestPolicyAppliesToActionTapsAndPushesAlike() {
    let discards = Recorder<Discard>()
    let router = makeRouter(discards: discards)
    let delivered = Recorder<Resolution<String>>()

    router.didTap(userInfo: push("a"))
    router.didTapAction("reply", userInfo: chat("b"))
    router.didTapAction("open", userInfo: chat("c"))
    router.rootIsReady(variant: "v1") { delivered.record($0) }

    #expect(destinations(delivered) == ["open@v1"])
    #expect(
      discards.values == [
        Discard(type: "a", reason: .replaced), Discard(type: "b", reason: .replaced),
      ])
  }

  @Test func actionTapsKeptLongerThanMaxAgeAreDroppedAsExpired() {
    let clock = TestClock()
    let discards = Recorder<Discard>()
    let router = makeRouter(
      policy: .upTo(10), maxAge: .seconds(300), clock: clock, discards: discards)
    let delivered = Recorder<Resolution<String>>()

    router.didTapAction("reply", userInfo: chat("old"))
    clock.advance(by: .seconds(200))
    router.didTapAction("open", userInfo: chat("recent"))
    clock.advance(by: .seconds(101))
    router.rootIsReady(variant: "v1") { delivered.record($0) }

    #expect(destinations(delivered) == ["open@v1"])
    #expect(discards.values == [Discard(type: "old", reason: .expired)])
  }

  @Test func anActionTapReportedAfterTheLaunchItCausedReplacesThatLaunch() {
    // iOS puts the notification in the launch options when an action button launched the app,
    // then reports the button: the user asked for the button's route, not the notification's.
    let discards = Recorder<Discard>()
    let router = makeRouter(policy: .upTo(10), discards: discards)
    let delivered = Recorder<Resolution<String>>()

    router.didLaunch(withNotification: chat("chat", id: "7"))
    router.didTapAction("reply", userInfo: chat("chat", id: "7"))
    router.rootIsReady(variant: "v1") { delivered.record($0) }

    #expect(destinations(delivered) == ["reply#7@v1"])
    #expect(discards.values == [Discard(type: "chat", reason: .replaced)])
  }

  @Test func anAppActionThatLaunchedTheAppNeverOpensTheNotificationsRoute() {
    let discards = Recorder<Discard>()
    let appActions = Recorder<AppActionCall>()
    let router = makeRouter(discards: discards, appActions: appActions)
    let delivered = Recorder<Resolution<String>>()

    router.didLaunch(withNotification: chat("chat", id: "7"))
    router.didTapAction("mute", userInfo: chat("chat", id: "7"))
    #expect(appActions.values == [AppActionCall(category: "chat", action: "mute", id: "7")])
    router.rootIsReady(variant: "v1") { delivered.record($0) }
    // The first tap after the launch was the action: a later tap on the same notification is
    // the user's, and navigates.
    router.didTap(userInfo: chat("chat", id: "7"))

    #expect(destinations(delivered) == ["chat#7@v1"])
    #expect(discards.values == [Discard(type: "chat", reason: .replaced)])
  }

  @Test func anActionTapOnAnotherNotificationLeavesTheLaunchAlone() {
    let discards = Recorder<Discard>()
    let router = makeRouter(policy: .upTo(10), discards: discards)
    let delivered = Recorder<Resolution<String>>()

    router.didLaunch(withNotification: chat("chat", id: "7"))
    router.didTapAction("reply", userInfo: chat("chat", id: "8"))
    router.rootIsReady(variant: "v1") { delivered.record($0) }

    #expect(destinations(delivered) == ["chat#7@v1", "reply#8@v1"])
    #expect(discards.values.isEmpty)
  }

  // MARK: Re-entrancy and threads

  @Test func navigateMayCallBackIntoTheRouter() {
    let router = makeRouter(policy: .upTo(10))
    let delivered = Recorder<Resolution<String>>()
    let afterLogout = Recorder<Resolution<String>>()

    router.didTap(userInfo: push("a"))
    router.didTap(userInfo: push("logout"))
    router.didTap(userInfo: push("b"))
    router.rootIsReady(variant: "v1") { resolution in
      delivered.record(resolution)
      if resolution.pushType == "logout" {
        router.rootWillChange()
        router.rootIsReady(variant: "v2") { afterLogout.record($0) }
      }
    }

    #expect(destinations(delivered) == ["a@v1", "logout@v1"])
    #expect(destinations(afterLogout) == ["b@v2"])
  }

  @Test func concurrentTapsAfterTheRootIsReadyAreEachDeliveredOnceWithoutOverlap() async {
    let router = makeRouter()
    let delivered = Recorder<Resolution<String>>()
    router.rootIsReady(variant: "v1") { delivered.record($0) }

    await withTaskGroup(of: Void.self) { group in
      for index in 0..<500 {
        group.addTask { router.didTap(userInfo: push("item", id: String(index))) }
      }
    }

    let expected = Set((0..<500).map { "item#\($0)@v1" })
    #expect(delivered.values.count == 500)
    #expect(Set(destinations(delivered).compactMap { $0 }) == expected)
    #expect(delivered.maxConcurrentRecords == 1)
  }

  @Test func concurrentTapsRacingRootIsReadyAreEachDeliveredOnceToTheReadyRoot() async {
    let router = makeRouter(policy: .upTo(10_000))
    let delivered = Recorder<Resolution<String>>()

    await withTaskGroup(of: Void.self) { group in
      for index in 0..<400 {
        group.addTask { router.didTap(userInfo: push("item", id: String(index))) }
        if index == 200 {
          group.addTask { router.rootIsReady(variant: "v1") { delivered.record($0) } }
        }
      }
    }

    let expected = Set((0..<400).map { "item#\($0)@v1" })
    #expect(delivered.values.count == 400)
    #expect(Set(destinations(delivered).compactMap { $0 }) == expected)
    #expect(delivered.maxConcurrentRecords == 1)
  }

  /// At a cold launch the scene's restored state and a tap race: whichever reaches the router
  /// first, the tap is delivered and the restored activity is dropped as replaced.
  @Test func aRestorationRacingATapAtColdLaunchYieldsToTheTap() async {
    for _ in 0..<200 {
      let discards = Recorder<Discard>()
      let router = makeRouter(policy: .upTo(10), discards: discards)
      let delivered = Recorder<Resolution<String>>()
      await withTaskGroup(of: Void.self) { group in
        group.addTask { router.didRestore(activityType: "com.example.order", userInfo: [:]) }
        group.addTask { router.didTap(userInfo: push("item", id: "1")) }
      }
      router.rootIsReady(variant: "v1") { delivered.record($0) }
      #expect(destinations(delivered) == ["item#1@v1"])
      #expect(
        discards.values == [Discard(type: "restored:com.example.order", reason: .replaced)])
    }
  }

  /// A scene's stored activity, as `UserActivity.sceneStorageData` writes it, is restored at
  /// the lowest precedence; bytes that are no such record, or an undeclared type, are refused.
  @Test func aSceneStorageRecordRestoresLikeARestoredActivity() throws {
    let activity = UserActivity(
      activityType: "com.example.order", userInfo: Payload(["id": .string("7"), "n": .integer(2)]))
    let data = try #require(activity.sceneStorageData)
    #expect(
      String(decoding: data, as: UTF8.self)
        == #"{"activityType":"com.example.order","userInfo":{"id":"7","n":2}}"#)
    let router = makeRouter(policy: .upTo(10))
    let delivered = Recorder<Resolution<String>>()
    #expect(!router.didRestore(sceneStorage: nil))
    #expect(!router.didRestore(sceneStorage: Data("not json".utf8)))
    #expect(!router.didRestore(sceneStorage: Data(#"{"userInfo":{}}"#.utf8)))
    #expect(
      !router.didRestore(
        sceneStorage: UserActivity(activityType: "undeclared", userInfo: Payload([:]))
          .sceneStorageData))
    #expect(router.didRestore(sceneStorage: data))
    router.rootIsReady(variant: "v1") { delivered.record($0) }
    #expect(destinations(delivered) == ["activity:com.example.order#7@v1"])
  }

  /// At a cold launch a restoration from scene storage and a tap race from two threads: the
  /// tap is delivered and the restoration dropped as replaced, whichever came first.
  @Test func aSceneStorageRestorationRacingATapYieldsToTheTap() async throws {
    let data = try #require(
      UserActivity(activityType: "com.example.order", userInfo: Payload([:])).sceneStorageData)
    for _ in 0..<200 {
      let discards = Recorder<Discard>()
      let router = makeRouter(policy: .upTo(10), discards: discards)
      let delivered = Recorder<Resolution<String>>()
      await withTaskGroup(of: Void.self) { group in
        group.addTask { router.didRestore(sceneStorage: data) }
        group.addTask { router.didTap(userInfo: push("item", id: "1")) }
      }
      router.rootIsReady(variant: "v1") { delivered.record($0) }
      #expect(destinations(delivered) == ["item#1@v1"])
      #expect(
        discards.values == [Discard(type: "restored:com.example.order", reason: .replaced)])
    }
  }

  /// What a SwiftUI scene registers with `onContinueUserActivity`: the two types the router
  /// routes as links, then the manifest's, each once.
  @Test func theContinuedActivityTypesAreTheLinkTypesThenTheDeclaredOnes() {
    #expect(
      RouteTableRouter<String, String>.continuedActivityTypes(declared: [
        "com.example.a", "NSUserActivityTypeBrowsingWeb", "com.example.b", "com.example.a",
      ]) == [
        "NSUserActivityTypeBrowsingWeb", "com.apple.corespotlightitem", "com.example.a",
        "com.example.b",
      ])
    #expect(
      makeRouter(policy: .upTo(1)).continuedActivityTypes
        == ["NSUserActivityTypeBrowsingWeb", "com.apple.corespotlightitem"])
  }

  @Test func eachDoorAnswersForWhatIsDeclaredAndWaitsForTheRoot() {
    let router = makeRouter(policy: .upTo(10))
    let delivered = Recorder<Resolution<String>>()
    #expect(router.didPerform(shortcutType: "search", userInfo: nil))
    #expect(!router.didPerform(shortcutType: "undeclared", userInfo: nil))
    #expect(router.didContinue(activityType: "com.example.order", userInfo: [:], webpageURL: nil))
    #expect(!router.didContinue(activityType: "undeclared", userInfo: [:], webpageURL: nil))
    #expect(!router.didRestore(activityType: "undeclared", userInfo: nil))
    router.rootIsReady(variant: "v1") { delivered.record($0) }
    #expect(
      destinations(delivered) == ["shortcut:search@v1", "activity:com.example.order@v1"])
    #expect(delivered.values.map(\.shortcut) == ["search", nil])
    #expect(delivered.values.map(\.activity) == [nil, "com.example.order"])
  }

  /// A continued activity's `webpageURL` and `title` reach the resolver with its userInfo, for
  /// the routes that read `from: $webpage_url` and `from: $title`; a userInfo's own members of
  /// those names are replaced (or removed, when the activity has none).
  @Test func aContinuedActivityCarriesItsWebpageURLAndTitle() {
    let router = makeRouter(policy: .upTo(10))
    let delivered = Recorder<Resolution<String>>()
    router.rootIsReady(variant: "v1") { delivered.record($0) }
    router.didContinue(
      activityType: "com.example.order", userInfo: ["id": "7", "$title": "forged"],
      webpageURL: URL(string: "https://shop.example/o/7"), title: "Order 7")
    router.didContinue(
      activityType: "com.example.order", userInfo: ["$title": "forged"], webpageURL: nil)
    #expect(
      destinations(delivered) == [
        "activity:com.example.order#7+https://shop.example/o/7~Order 7@v1",
        "activity:com.example.order@v1",
      ])
  }

  @Test func racingRootChangesLeaveTheRouterInTheStateOfTheLastOne() async {
    let router = makeRouter(policy: .upTo(10_000))
    let delivered = Recorder<Resolution<String>>()

    await withTaskGroup(of: Void.self) { group in
      for index in 0..<200 {
        group.addTask {
          if index.isMultiple(of: 2) {
            router.rootIsReady(variant: "v\(index)") { delivered.record($0) }
          } else {
            router.rootWillChange()
          }
          router.didTap(userInfo: push("item", id: String(index)))
        }
      }
    }
    // The gate agrees with the state the racing calls left: a tap is delivered at once exactly
    // when the router says the root is ready.
    let isReady = router.isRootReady
    let countBeforeProbe = delivered.values.count
    router.didTap(userInfo: push("probe"))
    #expect((delivered.values.count == countBeforeProbe + 1) == isReady)

    router.rootWillChange()
    router.rootIsReady(variant: "final") { delivered.record($0) }
    router.didTap(userInfo: push("last"))

    #expect(delivered.values.count == 202)
    #expect(Set(delivered.values.compactMap(\.destination)).count == 202)
    #expect(destinations(delivered).last == "last@final")
    #expect(delivered.maxConcurrentRecords == 1)
  }

  /// What a root received: the variant it was made with, and the resolution.
  struct Received: Sendable {
    var root: String
    var resolution: Resolution<String>
  }

  /// The id `producer:sequence` of a tap, read back from what it resolved to
  /// (`item#0:12@v3`, `reply#0:13@v3`).
  private static func tag(_ destination: String?) -> (producer: Int, sequence: Int)? {
    guard let destination, let hash = destination.firstIndex(of: "#"),
      let at = destination.lastIndex(of: "@")
    else { return nil }
    let parts = destination[destination.index(after: hash)..<at].split(separator: ":")
    guard parts.count == 2, let producer = Int(parts[0]), let sequence = Int(parts[1]) else {
      return nil
    }
    return (producer, sequence)
  }

  /// Pushes, routed action taps and app actions from several threads race with a thread that
  /// keeps making and tearing down roots. Plain threads, not tasks, for the reason the gate's
  /// race gives: the cooperative pool may be blocked by other suites. Runs under ThreadSanitizer
  /// in CI (`.ci/run`).
  @Test(.timeLimit(.minutes(2)))
  func pushesAndActionTapsRacingRootChangesAreEachHandledOnceInOrder() {
    let producers = 4
    let tapsPerProducer = 600
    let appActions = Recorder<AppActionCall>()
    let discards = Recorder<Discard>()
    let router = makeRouter(policy: .upTo(Int.max), discards: discards, appActions: appActions)
    let received = Recorder<Received>()

    let producersDone = DispatchGroup()
    let togglerDone = DispatchSemaphore(value: 0)
    let stop = Locked(false)
    Thread {
      var round = 0
      while !stop.withLock({ $0 }) {
        round += 1
        let variant = "v\(round)"
        router.rootIsReady(variant: variant) {
          received.record(Received(root: variant, resolution: $0))
        }
        if round.isMultiple(of: 3) { Thread.sleep(forTimeInterval: 0) }
        router.rootWillChange()
      }
      togglerDone.signal()
    }.start()
    for producer in 0..<producers {
      producersDone.enter()
      Thread {
        for sequence in 0..<tapsPerProducer {
          let id = "\(producer):\(sequence)"
          switch sequence % 3 {
          case 0: router.didTap(userInfo: push("item", id: id))
          case 1: router.didTapAction("reply", userInfo: chat(id: id))
          default: router.didTapAction("mute", userInfo: chat(id: id))
          }
        }
        producersDone.leave()
      }.start()
    }
    producersDone.wait()
    stop.withLock { $0 = true }
    togglerDone.wait()
    router.rootIsReady(variant: "final") {
      received.record(Received(root: "final", resolution: $0))
    }

    let values = received.values
    #expect(discards.values.isEmpty)
    #expect(values.count == producers * tapsPerProducer * 2 / 3)
    #expect(values.allSatisfy { $0.resolution.variant == $0.root }, "resolved for its root")
    #expect(values.allSatisfy { $0.resolution.status == .matched })
    #expect(!values.contains { $0.resolution.notificationAction == "mute" })
    #expect(received.maxConcurrentRecords == 1)
    let tags = values.compactMap { Self.tag($0.resolution.destination) }
    #expect(tags.count == values.count)
    let handled = appActions.values
    #expect(handled.count == producers * tapsPerProducer / 3)
    #expect(handled.allSatisfy { $0.category == "chat" && $0.action == "mute" })
    for producer in 0..<producers {
      let routed = tags.filter { $0.producer == producer }.map(\.sequence)
      #expect(routed == (0..<tapsPerProducer).filter { $0 % 3 != 2 }, "producer \(producer)")
      let apps = handled.compactMap { call in
        Self.tag("#\(call.id ?? "")@").flatMap { $0.producer == producer ? $0.sequence : nil }
      }
      #expect(apps == (0..<tapsPerProducer).filter { $0 % 3 == 2 }, "producer \(producer)")
    }
  }

  // MARK: Untrusted payloads

  /// Junk `userInfo` dictionaries: each is converted to the payload its usable parts make, and
  /// delivered once per call, in order, with the status that payload deserves.
  @Test func junkUserInfoIsResolvedFromWhatCanBeRead() {
    let discards = Recorder<Discard>()
    let calls = Recorder<ResolveCall>()
    let router = makeRouter(policy: .upTo(10), calls: calls, discards: discards)
    let delivered = Recorder<Resolution<String>>()
    var deep: Any = "bottom"
    for _ in 0..<500 { deep = ["nested": deep] }
    let longType = String(repeating: "x", count: 100_000)
    let oddType = "cafe\u{301}\u{0}\u{FFFF}"
    let junk: [[AnyHashable: Any]] = [
      [:],
      [1: "integer key", 2.5: "double key"],
      ["type": NSNull()],
      ["type": 42, "id": ["a", 1, NSNull()]],
      ["type": ["not": "a string"], "aps": "not an object"],
      ["type": "", "id": Date()],
      ["type": "course_page", "id": Data([0xFF, 0x00])],
      ["type": "course_page", "blob": NSObject(), "closure": { () -> Void in }],
      ["type": "course_page", "deep": deep],
      ["type": "course_page", "nan": Double.nan, "inf": Double.infinity],
      ["type": longType],
      ["type": oddType, "id": "\u{1F600}"],
    ]
    // What each input resolves to: no usable type (a null, a number, an object, an empty
    // string, or no string key at all) is `missing_type`; values with no JSON counterpart are
    // left out, so an `id` that is `Data` is no `id`.
    let expected: [String] = [
      "missing_type", "missing_type", "missing_type", "missing_type", "missing_type",
      "missing_type", "matched course_page@v1", "matched course_page@v1",
      "matched course_page@v1", "matched course_page@v1", "matched \(longType)@v1",
      "matched \(oddType)#\u{1F600}@v1",
    ]
    func outcome(_ resolution: Resolution<String>) -> String {
      resolution.destination.map { "\(resolution.status.rawValue) \($0)" }
        ?? resolution.status.rawValue
    }

    for userInfo in junk {
      router.didTap(userInfo: userInfo)
      // Before the root is ready a foreground push is shown, not kept.
      #expect(router.willPresent(userInfo: userInfo) == .banner)
    }
    router.didLaunch(withNotification: junk[7])
    // `.upTo(10)` kept the last ten taps; the launch pushed out one more.
    #expect(discards.values == Array(repeating: Discard(type: nil, reason: .overflow), count: 3))
    router.rootIsReady(variant: "v1") { delivered.record($0) }
    #expect(delivered.values.map(outcome) == Array(expected[3...]) + [expected[7]])
    #expect(
      calls.values.map(\.state) == Array(repeating: .background, count: 9) + [.launch])

    for (index, userInfo) in junk.enumerated() {
      let before = delivered.values.count
      router.didTap(userInfo: userInfo)
      // Matched routes navigate now and hide the banner; no route shows it and logs.
      let presentation = router.willPresent(userInfo: userInfo)
      #expect(presentation == (index < 6 ? .banner : .hidden), "\(index)")
      #expect(
        delivered.values.dropFirst(before).map(outcome) == [expected[index], expected[index]],
        "\(index)")
    }
    #expect(discards.values.count == 3)
    #expect(delivered.maxConcurrentRecords == 1)
  }
}
