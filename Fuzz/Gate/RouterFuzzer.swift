// The gate fuzzer's second program: RouteTableRouter, the gate's one user, driven by the
// input when bit 0x10 of the first byte is set (GateFuzzer.swift reads the rest of that byte and
// the second one, the policy and the age limit, the same way for both programs).
//
// Operations: a tap on a push, a tap on an action button that opens a route, on one without a
// route (an app action) or on one the table does not declare, an opened link, rootIsReady with a new variant,
// rootWillChange, advancing the clock, and a snapshot check. Each delivery to `navigate` runs up
// to three more operations from the input, so taps and root changes also happen re-entrantly.
// One thread, as in the gate program. The model checks, after every step:
// - every push, routed and unknown action tap and link reaches `navigate` or `onDiscard` at most once, in
//   tap order, resolved with the variant of the root it reaches, which is the current root;
// - a push resolves as a push, a routed action as that action, an undeclared one as
//   `unknown_action`, a link as that link; an app action never reaches `navigate` and reaches `onAppAction` exactly
//   once, during its own `didTapAction` call, whether or not a root is ready;
// - drops follow the policy (oldest first, with its reason) and the age limit;
// - `isRootReady` matches the model, and at the end a last root gets everything still kept.

@_spi(Generated) import RouteTable
import RouteTableNavigation

private final class RouterRun: @unchecked Sendable {
  // Sound for the same reason as the gate program's `Run`: one thread only.
  let bytes: [UInt8]
  var position = 2
  let policy: PendingPushPolicy
  let maxAge: Duration?
  let start = ContinuousClock.now
  var elapsed = Duration.zero
  var openedAt = ContinuousClock.now

  /// What each tap was, by its number.
  var kinds: [Kind] = []
  var receivedAt: [ContinuousClock.Instant] = []
  /// Numbers of taps kept or not yet delivered, in tap order (never app actions).
  var pending: [Int] = []
  var accounted: Set<Int> = []
  var lastDelivered = -1
  /// The app action whose `didTapAction` call is running, until its handler reports it.
  var appActionInFlight: Int?
  var appActionsHandled = 0
  var root: (generation: Int, variant: String)?
  var generations = 0
  var navigateDepth = 0

  enum Kind: Equatable {
    case push, routed, app, unknown, link
  }

  init(_ bytes: [UInt8], policy: PendingPushPolicy, maxAge: Duration?) {
    self.bytes = bytes
    self.policy = policy
    self.maxAge = maxAge
  }

  func next() -> UInt8? {
    guard position < bytes.count else { return nil }
    defer { position += 1 }
    return bytes[position]
  }

  var now: ContinuousClock.Instant { start + elapsed }
}

private typealias Router = RouteTableRouter<String, String>

/// The number a link carries as its last segment.
private func number(_ url: String) -> Int {
  guard let number = url.split(separator: "/").last.flatMap({ Int($0) }) else {
    invariant(false, "link without a number: \(url)")
    return -1
  }
  return number
}

/// The number a payload carries, which every resolution repeats in `route`.
private func number(_ payload: Payload) -> Int {
  if case .integer(let value)? = payload.object["n"] { return Int(value) }
  invariant(false, "payload without a number: \(payload)")
  return -1
}

/// The table stand-in: category `chat` declares `reply` (opens a route) and `mute` (an app
/// action); `forward` is not declared.
private func classify(_ action: String, _ payload: Payload) -> ActionTapKind {
  switch action {
  case "reply": .routed
  case "mute": .app(category: "chat")
  default: .unknown
  }
}

func fuzzRouter(_ bytes: [UInt8], policy: PendingPushPolicy, maxAge: Duration?) {
  let run = RouterRun(bytes, policy: policy, maxAge: maxAge)
  let router = Router(
    policy: policy, maxAge: maxAge, now: { run.now },
    onDiscard: { arrival, reason in
      switch arrival {
      case .push(let payload), .actionTap(_, let payload):
        discarded(number(payload), reason, run)
      case .link(let url):
        discarded(number(url), reason, run)
      }
    },
    classifyAction: classify,
    resolveAction: { action, payload, variant in
      switch classify(action, payload) {
      case .routed:
        Resolution(
          status: .matched, variant: variant, route: "\(number(payload))", destination: action,
          foregroundPolicy: .navigate, category: "chat", notificationAction: action)
      case .app:
        Resolution(
          status: .appAction, variant: variant, route: "\(number(payload))", category: "chat",
          notificationAction: action)
      case .unknown:
        Resolution(
          status: .unknownAction, variant: variant, route: "\(number(payload))", category: "chat",
          notificationAction: action)
      }
    },
    onAppAction: { category, action, payload in
      let tap = number(payload)
      invariant(category == "chat" && action == "mute", "app action \(category) \(action)")
      invariant(run.appActionInFlight == tap, "app action \(tap) handled outside its own call")
      run.appActionInFlight = nil
      run.appActionsHandled += 1
    },
    resolveURL: { url, variant in
      Resolution(
        status: .matched, variant: variant, route: "\(number(url))", destination: "link",
        foregroundPolicy: .navigate, link: url)
    },
    resolve: { payload, variant, _ in
      Resolution(
        status: .matched, variant: variant, route: "\(number(payload))", destination: "push",
        foregroundPolicy: .navigate)
    })
  while let op = run.next() {
    perform(op, router, run)
    checkQuiescent(router, run)
  }
  makeRoot(router, run)
  checkQuiescent(router, run)
  invariant(run.pending.isEmpty, "taps \(run.pending) still kept after the last root")
  let routed = run.kinds.filter { $0 != .app }.count
  invariant(
    run.accounted.count == routed, "\(routed) routed taps, \(run.accounted.count) handled")
  invariant(
    run.appActionsHandled == run.kinds.count - routed,
    "\(run.kinds.count - routed) app actions, \(run.appActionsHandled) handled")
  // The last root's `navigate` holds the router: letting go of the root breaks that cycle.
  run.root = nil
  router.rootWillChange()
}

private func perform(_ op: UInt8, _ router: Router, _ run: RouterRun) {
  switch op % 9 {
  case 0: tap(.push, router, run)
  case 1: tap(.routed, router, run)
  case 2: tap(.app, router, run)
  case 3: tap(.unknown, router, run)
  case 4: makeRoot(router, run)
  case 5:
    run.root = nil
    router.rootWillChange()
  case 6: run.elapsed += .seconds(Int(op >> 3))
  case 7: tap(.link, router, run)
  default: invariant(router.isRootReady == (run.root != nil), "isRootReady \(router.isRootReady)")
  }
}

private func tap(_ kind: RouterRun.Kind, _ router: Router, _ run: RouterRun) {
  let tap = run.kinds.count
  run.kinds.append(kind)
  run.receivedAt.append(run.now)
  let userInfo: [AnyHashable: Any] = ["aps": ["category": "chat"], "n": tap]
  switch kind {
  case .push:
    run.pending.append(tap)
    router.didTap(userInfo: userInfo)
  case .routed, .unknown:
    run.pending.append(tap)
    router.didTapAction(kind == .routed ? "reply" : "forward", userInfo: userInfo)
  case .link:
    run.pending.append(tap)
    router.didOpen(url: "app://tap/\(tap)")
  case .app:
    run.appActionInFlight = tap
    router.didTapAction("mute", userInfo: userInfo)
    invariant(run.appActionInFlight == nil, "app action \(tap) did not reach its handler")
  }
}

private func makeRoot(_ router: Router, _ run: RouterRun) {
  run.generations += 1
  let root = (generation: run.generations, variant: "v\(run.generations)")
  run.root = root
  run.openedAt = run.now
  router.rootIsReady(variant: root.variant) { resolution in
    navigated(resolution, root: root, router, run)
  }
}

private func navigated(
  _ resolution: Resolution<String>, root: (generation: Int, variant: String), _ router: Router,
  _ run: RouterRun
) {
  invariant(run.navigateDepth == 0, "navigate re-entered while delivering: deliveries overlap")
  guard let tap = resolution.route.flatMap({ Int($0) }), run.kinds.indices.contains(tap) else {
    invariant(false, "a resolution of no tap: \(String(describing: resolution.route))")
    return
  }
  invariant(run.root?.generation == root.generation, "tap \(tap) reached an old root")
  invariant(resolution.variant == root.variant, "tap \(tap) resolved for \(resolution.variant)")
  invariant(!run.accounted.contains(tap), "tap \(tap) handled twice")
  invariant(tap > run.lastDelivered, "tap \(tap) delivered after \(run.lastDelivered)")
  invariant(run.pending.first == tap, "tap \(tap) skipped the older \(run.pending)")
  switch run.kinds[tap] {
  case .push:
    invariant(
      resolution.notificationAction == nil && resolution.link == nil,
      "push \(tap) resolved as an action or a link")
  case .link:
    invariant(
      resolution.link == "app://tap/\(tap)" && resolution.notificationAction == nil,
      "link \(tap) resolved as \(resolution)")
  case .routed:
    invariant(
      resolution.status == .matched && resolution.notificationAction == "reply",
      "action tap \(tap) resolved as \(resolution.status)")
  case .unknown:
    invariant(resolution.status == .unknownAction, "unknown action \(tap): \(resolution.status)")
  case .app:
    invariant(false, "app action \(tap) reached navigate")
  }
  run.pending.removeFirst()
  run.accounted.insert(tap)
  run.lastDelivered = tap
  run.navigateDepth += 1
  defer { run.navigateDepth -= 1 }
  guard let count = run.next() else { return }
  for _ in 0..<(count & 0x03) {
    guard let op = run.next() else { return }
    perform(op, router, run)
  }
}

private func discarded(_ tap: Int, _ reason: PendingPushDiscardReason, _ run: RouterRun) {
  invariant(!run.accounted.contains(tap), "tap \(tap) discarded after it was handled")
  guard let index = run.pending.firstIndex(of: tap) else {
    invariant(false, "tap \(tap) discarded but not kept")
    return
  }
  switch reason {
  case .replaced, .overflow:
    invariant(
      reason == (run.policy == .latest ? .replaced : .overflow), "\(reason) under \(run.policy)")
    invariant(index == 0, "policy dropped \(tap), not the oldest of \(run.pending)")
  case .expired:
    guard let maxAge = run.maxAge else {
      invariant(false, "tap \(tap) expired without an age limit")
      return
    }
    let age = run.receivedAt[tap].duration(to: run.openedAt)
    invariant(age > maxAge, "tap \(tap) expired at age \(age), limit \(maxAge)")
  case .cancelled:
    // This program declares no requirements, so nothing is ever held to cancel.
    invariant(false, "tap \(tap) cancelled, but nothing was held")
  }
  run.pending.remove(at: index)
  run.accounted.insert(tap)
}

/// What holds whenever `navigate` is not running.
private func checkQuiescent(_ router: Router, _ run: RouterRun) {
  invariant(router.isRootReady == (run.root != nil), "isRootReady is \(router.isRootReady)")
  if run.root != nil {
    invariant(run.pending.isEmpty, "a root is ready, yet taps \(run.pending) wait")
  } else {
    let capacity =
      switch run.policy {
      case .latest: 1
      case .upTo(let limit): max(0, limit)
      }
    invariant(run.pending.count <= capacity, "kept \(run.pending.count), capacity \(capacity)")
  }
}
