// The gate fuzzer's second program: RouteTableRouter, the gate's one user, driven by the
// input when bit 0x10 of the first byte is set (GateFuzzer.swift reads the rest of that byte and
// the second one, the policy and the age limit, the same way for both programs).
//
// Operations: a tap on a push, a tap on an action button that opens a route, on one without a
// route (an app action) or on one the table does not declare, an opened link, rootIsReady with a
// new variant, rootWillChange, advancing the clock, a snapshot check, and the requirement
// operations: one requirement satisfied or not, the whole satisfied set replaced, and the held
// navigation discarded. Pushes, routed action taps and links require none, one or both of two
// requirements (`gate0`, whose route needs nothing, and `gate1`, whose route needs `gate0`), as
// the operation's byte says. Each delivery to `navigate` runs up to three more operations from
// the input, so taps, root and requirement changes also happen re-entrantly.
// One thread, as in the gate program. The model checks, after every step:
// - every push, routed and unknown action tap and link reaches `navigate` or `onDiscard` exactly
//   once, in the order it reached the gate, resolved with the variant of the root it reaches,
//   which is the current root;
// - a tap whose requirements are unmet when delivered is held, not navigated: the route of its
//   first unmet requirement is navigated to instead, and a held tap is dropped as `.replaced` by
//   the next navigation that opens a screen, as `.cancelled` by `discardHeldNavigation`, as
//   `.expired` when released past the age limit, or released into the gate, behind what waits
//   there, by the requirement change that meets its last requirement, and then delivered (or
//   held again) like any tap;
// - a push resolves as a push, a routed action as that action, an undeclared one as
//   `unknown_action`, a link as that link; an app action never reaches `navigate` and reaches `onAppAction` exactly
//   once, during its own `didTapAction` call, whether or not a root is ready;
// - drops follow the policy (oldest first, with its reason) and the age limit;
// - `isRootReady`, `hasHeldNavigation` and `satisfiedRequirements` match the model, and at the
//   end a last root, with every requirement met, gets everything still kept or held.

@_spi(Generated) import RouteTable
import RouteTableNavigation

private final class RouterRun: @unchecked Sendable {
  // Sound for the same reason as the gate program's `Run`: one thread only.
  let bytes: [UInt8]
  var position = 2
  let policy: ArrivalPolicy
  let maxAge: Duration?
  let start = ContinuousClock.now
  var elapsed = Duration.zero
  var openedAt = ContinuousClock.now

  /// What each tap was, by its number.
  var kinds: [Kind] = []
  /// What each tap's resolution requires (empty for app actions and unknown action taps).
  var requires: [RequirementSet] = []
  /// When the router received each tap: a held tap ages from here.
  var receivedAt: [ContinuousClock.Instant] = []
  /// When each tap last reached the gate (received, or released from holding): the gate's age
  /// limit measures from here.
  var keptAt: [ContinuousClock.Instant] = []
  /// Numbers of taps in the gate or being delivered, in the order they reached it (never app
  /// actions).
  var pending: [Int] = []
  var accounted: Set<Int> = []
  /// The requirements the program reported satisfied.
  var satisfied = RequirementSet()
  /// The tap held until its requirements are met.
  var held: Int?
  /// True during `discardHeldNavigation()`.
  var cancelling = false
  /// The held tap a requirement change is releasing, during that call.
  var releasing: Int?
  /// The app action whose `didTapAction` call is running, until its handler reports it.
  var appActionInFlight: Int?
  var appActionsHandled = 0
  var root: (generation: Int, variant: String)?
  var generations = 0
  var navigateDepth = 0

  enum Kind: Equatable {
    case push, routed, app, unknown, link, shortcut, activity, restored

    /// Whether its resolution opens a screen, so that requirements apply to it.
    var opensScreen: Bool { self != .app && self != .unknown }
  }

  /// The restored activity whose `didRestore` call is running: one the gate refuses because
  /// something else is kept is dropped as `.replaced` during that call.
  var restoring: Int?

  init(_ bytes: [UInt8], policy: ArrivalPolicy, maxAge: Duration?) {
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

/// The requirements a payload's resolution has: bits 0 and 1 of its `r`.
private func requirements(_ payload: Payload) -> RequirementSet {
  guard case .integer(let mask)? = payload.object["r"] else { return RequirementSet() }
  return requirementSet(Int(mask))
}

/// The requirements a link's resolution has: bits 0 and 1 of its second-last segment.
private func requirements(_ url: String) -> RequirementSet {
  let segments = url.split(separator: "/")
  guard segments.count >= 2, let mask = Int(segments[segments.count - 2]) else {
    invariant(false, "link without requirements: \(url)")
    return RequirementSet()
  }
  return requirementSet(mask)
}

private func requirementSet(_ mask: Int) -> RequirementSet {
  RequirementSet(positions: [0, 1].filter { mask & (1 << $0) != 0 })
}

/// The route shown while requirement `position` is unmet: `gate1` needs `gate0`, so the router
/// shows `gate0` while both are unmet.
private func requirementRoute(_ position: Int, variant: String) -> Resolution<String> {
  Resolution(
    status: .matched, variant: variant, route: "gate\(position)", destination: "gate",
    foregroundPolicy: .navigate, requires: position == 1 ? requirementSet(1) : RequirementSet())
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

func fuzzRouter(_ bytes: [UInt8], policy: ArrivalPolicy, maxAge: Duration?) {
  let run = RouterRun(bytes, policy: policy, maxAge: maxAge)
  let router = Router(
    policy: policy, maxAge: maxAge, now: { run.now },
    onDiscard: { arrival, reason in
      switch arrival {
      case .push(let payload), .actionTap(_, let payload):
        discarded(number(payload), reason, run)
      case .link(let url):
        discarded(number(url), reason, run)
      case .shortcut(_, let payload), .activity(_, let payload),
        .restoredActivity(_, let payload), .intent(_, let payload):
        discarded(number(payload), reason, run)
      }
    },
    classifyAction: classify,
    declaresDoor: { _, type in type == "t" },
    resolveAction: { action, payload, variant in
      switch classify(action, payload) {
      case .routed:
        Resolution(
          status: .matched, variant: variant, route: "\(number(payload))", destination: action,
          foregroundPolicy: .navigate, category: "chat", notificationAction: action,
          requires: requirements(payload))
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
        foregroundPolicy: .navigate, link: url, requires: requirements(url))
    },
    resolveShortcut: { type, payload, variant in
      var resolution = Resolution<String>(
        status: .matched, variant: variant, route: "\(number(payload))", destination: "shortcut",
        foregroundPolicy: .navigate, requires: requirements(payload))
      resolution.shortcut = type
      return resolution
    },
    resolveActivity: { type, payload, variant in
      var resolution = Resolution<String>(
        status: .matched, variant: variant, route: "\(number(payload))", destination: "activity",
        foregroundPolicy: .navigate, requires: requirements(payload))
      resolution.activity = type
      return resolution
    },
    resolveRequirement: { position, variant in requirementRoute(position, variant: variant) },
    resolve: { payload, variant, _ in
      Resolution(
        status: .matched, variant: variant, route: "\(number(payload))", destination: "push",
        foregroundPolicy: .navigate, requires: requirements(payload))
    })
  while let op = run.next() {
    perform(op, router, run)
    checkQuiescent(router, run)
  }
  makeRoot(router, run)
  checkQuiescent(router, run)
  setSatisfied(requirementSet(3), router, run)
  checkQuiescent(router, run)
  invariant(run.pending.isEmpty, "taps \(run.pending) still kept after the last root")
  invariant(run.held == nil, "tap \(String(describing: run.held)) still held at the end")
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
  // The quotient picks the requirements of a tap, or which requirement changes and how.
  let detail = Int(op / 12)
  switch op % 12 {
  case 0: tap(.push, requiring: detail, router, run)
  case 1: tap(.routed, requiring: detail, router, run)
  case 2: tap(.app, requiring: 0, router, run)
  case 3: tap(.unknown, requiring: 0, router, run)
  case 4: makeRoot(router, run)
  case 5:
    run.root = nil
    router.rootWillChange()
  case 6: run.elapsed += .seconds(Int(op >> 3))
  case 7:
    // Bits 2 and 3 of the quotient pick the door: a link, a quick action, a continued activity,
    // or a restored one.
    let doors: [RouterRun.Kind] = [.link, .shortcut, .activity, .restored]
    tap(doors[(detail >> 2) & 3], requiring: detail, router, run)
  case 8: invariant(router.isRootReady == (run.root != nil), "isRootReady \(router.isRootReady)")
  case 9:
    var satisfied = run.satisfied
    if detail & 2 != 0 {
      satisfied.insert(position: detail & 1)
    } else {
      satisfied.remove(position: detail & 1)
    }
    setSatisfied(satisfied, router, run) {
      router.setRequirement(position: detail & 1, satisfied: detail & 2 != 0)
    }
  case 10: setSatisfied(requirementSet(detail), router, run)
  default:
    let held = run.held
    run.cancelling = true
    let discarded = router.discardHeldNavigation()
    run.cancelling = false
    invariant(discarded == (held != nil), "discardHeldNavigation returned \(discarded)")
    invariant(run.held == nil, "held tap \(String(describing: run.held)) not cancelled")
  }
}

/// Changes the satisfied requirements to `satisfied` with `change` (by default
/// `setSatisfiedRequirements`), expecting the held tap to be released when they cover it.
private func setSatisfied(
  _ satisfied: RequirementSet, _ router: Router, _ run: RouterRun,
  change: (() -> Void)? = nil
) {
  run.satisfied = satisfied
  var released: Int?
  if let held = run.held, run.requires[held].subtracting(satisfied).isEmpty {
    released = held
    let expired = run.maxAge.map { run.receivedAt[held].duration(to: run.now) > $0 } ?? false
    if !expired {
      // Back into the gate, behind what waits there; it may be delivered during the call.
      run.held = nil
      run.pending.append(held)
      run.keptAt[held] = run.now
    }
  }
  run.releasing = released
  if let change { change() } else { router.setSatisfiedRequirements(satisfied) }
  run.releasing = nil
  if let released {
    invariant(run.held != released, "tap \(released) still held once its requirements were met")
  }
}

private func tap(_ kind: RouterRun.Kind, requiring mask: Int, _ router: Router, _ run: RouterRun) {
  let tap = run.kinds.count
  run.kinds.append(kind)
  run.requires.append(kind.opensScreen ? requirementSet(mask) : RequirementSet())
  run.receivedAt.append(run.now)
  run.keptAt.append(run.now)
  let userInfo: [AnyHashable: Any] = ["aps": ["category": "chat"], "n": tap, "r": mask & 3]
  switch kind {
  case .push:
    keep(tap, run)
    router.didTap(userInfo: userInfo)
  case .routed, .unknown:
    keep(tap, run)
    router.didTapAction(kind == .routed ? "reply" : "forward", userInfo: userInfo)
  case .link:
    run.pending.append(tap)
    router.didOpen(url: "app://tap/\(mask & 3)/\(tap)")
  case .shortcut, .activity:
    keep(tap, run)
    let taken =
      kind == .shortcut
      ? router.didPerform(shortcutType: "t", userInfo: userInfo)
      : router.didContinue(activityType: "t", userInfo: userInfo, webpageURL: nil)
    invariant(taken, "declared \(kind) \(tap) not taken")
  case .restored:
    // Kept only when nothing else is kept while the root is not ready.
    // The tap being delivered (during `navigate`) has left the gate.
    let kept = run.pending.count - (run.navigateDepth > 0 ? 1 : 0)
    if run.root == nil, kept > 0 {
      run.restoring = tap
    } else {
      run.pending.append(tap)
    }
    invariant(router.didRestore(activityType: "t", userInfo: userInfo), "restore \(tap) refused")
    invariant(run.restoring == nil, "restored \(tap) was kept beside \(run.pending)")
  case .app:
    run.appActionInFlight = tap
    router.didTapAction("mute", userInfo: userInfo)
    invariant(run.appActionInFlight == nil, "app action \(tap) did not reach its handler")
  }
}

/// Any arrival but a restored one, kept while the root is not ready, replaces a restored
/// activity the gate keeps (reported as `.replaced` during the call).
private func keep(_ tap: Int, _ run: RouterRun) {
  run.pending.append(tap)
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
  invariant(run.root?.generation == root.generation, "a resolution reached an old root")
  invariant(resolution.variant == root.variant, "resolved for \(resolution.variant)")
  if let route = resolution.route, route.hasPrefix("gate") {
    held(showing: route, run)
  } else {
    delivered(resolution, run)
  }
  run.navigateDepth += 1
  defer { run.navigateDepth -= 1 }
  guard let count = run.next() else { return }
  for _ in 0..<(count & 0x03) {
    guard let op = run.next() else { return }
    perform(op, router, run)
  }
}

/// The route of a requirement was navigated to: the tap being delivered is held.
private func held(showing route: String, _ run: RouterRun) {
  guard let tap = run.pending.first else {
    invariant(false, "\(route) shown while no tap was being delivered")
    return
  }
  let unmet = run.requires[tap].subtracting(run.satisfied)
  invariant(!unmet.isEmpty, "tap \(tap) held, though \(run.requires[tap]) are satisfied")
  // The first unmet requirement's route, unless that route needs `gate0` and it is unmet too.
  let shown = unmet.first.map { $0 == 1 && !run.satisfied.contains(position: 0) ? 0 : $0 }
  invariant(route == shown.map { "gate\($0)" }, "\(route) shown for unmet \(unmet)")
  invariant(run.held == nil, "tap \(tap) held before \(String(describing: run.held)) was replaced")
  run.pending.removeFirst()
  run.held = tap
}

/// A tap's own resolution was navigated to.
private func delivered(_ resolution: Resolution<String>, _ run: RouterRun) {
  guard let tap = resolution.route.flatMap({ Int($0) }), run.kinds.indices.contains(tap) else {
    invariant(false, "a resolution of no tap: \(String(describing: resolution.route))")
    return
  }
  invariant(!run.accounted.contains(tap), "tap \(tap) handled twice")
  invariant(run.pending.first == tap, "tap \(tap) skipped the older \(run.pending)")
  if run.kinds[tap].opensScreen {
    invariant(
      run.requires[tap].subtracting(run.satisfied).isEmpty,
      "tap \(tap) navigated to with \(run.requires[tap]) unmet")
    invariant(run.held == nil, "tap \(tap) opened while \(String(describing: run.held)) is held")
  }
  switch run.kinds[tap] {
  case .push:
    invariant(
      resolution.notificationAction == nil && resolution.link == nil,
      "push \(tap) resolved as an action or a link")
  case .link:
    invariant(
      resolution.link?.hasSuffix("/\(tap)") == true && resolution.notificationAction == nil,
      "link \(tap) resolved as \(resolution)")
  case .routed:
    invariant(
      resolution.status == .matched && resolution.notificationAction == "reply",
      "action tap \(tap) resolved as \(resolution.status)")
  case .unknown:
    invariant(resolution.status == .unknownAction, "unknown action \(tap): \(resolution.status)")
  case .shortcut:
    invariant(resolution.shortcut == "t", "quick action \(tap) resolved as \(resolution)")
  case .activity, .restored:
    invariant(resolution.activity == "t", "activity \(tap) resolved as \(resolution)")
  case .app:
    invariant(false, "app action \(tap) reached navigate")
  }
  run.pending.removeFirst()
  run.accounted.insert(tap)
}

private func discarded(_ tap: Int, _ reason: ArrivalDiscardReason, _ run: RouterRun) {
  invariant(!run.accounted.contains(tap), "tap \(tap) discarded after it was handled")
  if tap == run.held {
    switch reason {
    case .replaced:
      invariant(
        run.pending.first.map { run.kinds[$0].opensScreen } == true,
        "held tap \(tap) replaced while no navigation was being delivered")
    case .cancelled:
      invariant(run.cancelling, "held tap \(tap) cancelled outside discardHeldNavigation")
    case .expired:
      invariant(run.releasing == tap, "held tap \(tap) expired while not being released")
      if let maxAge = run.maxAge {
        let age = run.receivedAt[tap].duration(to: run.now)
        invariant(age > maxAge, "held tap \(tap) expired at age \(age), limit \(maxAge)")
      } else {
        invariant(false, "held tap \(tap) expired without an age limit")
      }
    case .overflow:
      invariant(false, "held tap \(tap) dropped as overflow")
    }
    run.held = nil
    run.accounted.insert(tap)
    return
  }
  if tap == run.restoring {
    // A restored activity refused because something else is kept.
    invariant(reason == .replaced, "restored \(tap) refused as \(reason)")
    run.restoring = nil
    run.accounted.insert(tap)
    return
  }
  guard let index = run.pending.firstIndex(of: tap) else {
    invariant(false, "tap \(tap) discarded but not kept")
    return
  }
  if run.kinds[tap] == .restored, reason == .replaced, run.root == nil {
    // Replaced by a later arrival while the root was not ready, wherever it is in the queue.
    run.pending.remove(at: index)
    run.accounted.insert(tap)
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
    let age = run.keptAt[tap].duration(to: run.openedAt)
    invariant(age > maxAge, "tap \(tap) expired at age \(age), limit \(maxAge)")
  case .cancelled:
    invariant(false, "tap \(tap) cancelled, but it was not held")
  }
  run.pending.remove(at: index)
  run.accounted.insert(tap)
}

/// What holds whenever `navigate` is not running.
private func checkQuiescent(_ router: Router, _ run: RouterRun) {
  invariant(router.isRootReady == (run.root != nil), "isRootReady is \(router.isRootReady)")
  invariant(
    router.hasHeldNavigation == (run.held != nil), "hasHeldNavigation \(router.hasHeldNavigation)")
  invariant(
    router.satisfiedRequirements == run.satisfied,
    "satisfied \(router.satisfiedRequirements), not \(run.satisfied)")
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
