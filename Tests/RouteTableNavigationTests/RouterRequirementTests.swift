import Foundation
import TestSupport
import Testing

@_spi(Generated) @testable import RouteTable
@testable import RouteTableNavigation

/// The requirements of a stand-in manifest, by position: `signed_in` (route `sign_in`),
/// `onboarded` (no route) and `accepted_terms` (route `terms`, which requires `signed_in`).
private enum Requirement: Int, CaseIterable {
  case signedIn, onboarded, acceptedTerms
}

/// A stand-in for a generated resolver: the destination is `type@variant`; the payload's
/// `requires` lists requirement positions, comma-separated.
private func resolve(_ payload: Payload, variant: String) -> Resolution<String> {
  guard let type = payload.pushType(typeKeys: [["type"]]) else {
    return Resolution(status: .missingType, variant: variant)
  }
  var requires = RequirementSet()
  if case .string(let list)? = payload.object["requires"] {
    requires = RequirementSet(positions: list.split(separator: ",").compactMap { Int($0) })
  }
  return Resolution(
    status: .matched, variant: variant, pushType: type, route: type,
    destination: "\(type)@\(variant)", foregroundPolicy: .navigate, requires: requires)
}

/// A stand-in for a generated `resolve(requirement:variant:)`.
private func resolveRequirement(_ position: Int, variant: String) -> Resolution<String>? {
  switch Requirement(rawValue: position) {
  case .signedIn?:
    return Resolution(
      status: .matched, variant: variant, route: "sign_in", destination: "sign_in@\(variant)",
      presentation: .modal, foregroundPolicy: .navigate)
  case .acceptedTerms?:
    return Resolution(
      status: .matched, variant: variant, route: "terms", destination: "terms@\(variant)",
      foregroundPolicy: .navigate, requires: RequirementSet(positions: [0]))
  case .onboarded?, nil:
    return nil
  }
}

private struct Discard: Hashable, Sendable {
  var type: String?
  var reason: ArrivalDiscardReason
}

private func makeRouter(
  maxAge: Duration? = .seconds(300), clock: TestClock = TestClock(),
  discards: Recorder<Discard>? = nil
) -> RouteTableRouter<String, String> {
  RouteTableRouter(
    policy: .latest, maxAge: maxAge, now: { clock.now() },
    onDiscard: { arrival, reason in
      guard case .push(let payload) = arrival else { return }
      discards?.record(Discard(type: payload.pushType(typeKeys: [["type"]]), reason: reason))
    },
    classifyAction: { _, _ in .unknown },
    resolveAction: { _, _, variant in Resolution(status: .unknownAction, variant: variant) },
    onAppAction: { _, _, _ in },
    resolveURL: { _, variant in Resolution(status: .unknownLink, variant: variant) },
    resolveRequirement: { position, variant in resolveRequirement(position, variant: variant) },
    resolve: { payload, variant, _ in resolve(payload, variant: variant) })
}

private func tap(_ type: String, requires: [Requirement] = []) -> [AnyHashable: Any] {
  var userInfo: [AnyHashable: Any] = ["aps": ["alert": "Hello"], "type": type]
  if !requires.isEmpty {
    userInfo["requires"] = requires.map { String($0.rawValue) }.joined(separator: ",")
  }
  return userInfo
}

private func satisfied(_ requirements: Requirement...) -> RequirementSet {
  RequirementSet(positions: requirements.map(\.rawValue))
}

@Suite struct RouterRequirementTests {
  @Test func aRouteWithAnUnmetRequirementShowsItsRouteAndOpensOnceWhenItIsMet() {
    let router = makeRouter()
    let log = Recorder<Resolution<String>>()
    router.rootIsReady(variant: "v1") { log.record($0) }

    router.didTap(userInfo: tap("order", requires: [.signedIn]))
    #expect(log.values.map(\.destination) == ["sign_in@v1"])
    #expect(router.hasHeldNavigation)

    router.setSatisfiedRequirements(satisfied(.signedIn))
    #expect(log.values.map(\.destination) == ["sign_in@v1", "order@v1"])
    #expect(!router.hasHeldNavigation)
    // Met again, or lost and met again: nothing is held, nothing opens twice.
    router.setSatisfiedRequirements(satisfied())
    router.setSatisfiedRequirements(satisfied(.signedIn))
    #expect(log.values.count == 2)
    #expect(log.values.last?.requires == satisfied(.signedIn))
  }

  @Test func aRequirementAlreadyMetLetsTheRouteOpenAtOnce() {
    let router = makeRouter()
    let log = Recorder<Resolution<String>>()
    router.setSatisfiedRequirements(satisfied(.signedIn))
    router.rootIsReady(variant: "v1") { log.record($0) }
    router.didTap(userInfo: tap("order", requires: [.signedIn]))
    #expect(log.values.map(\.destination) == ["order@v1"])
    #expect(!router.hasHeldNavigation)
  }

  @Test func theHeldRouteOpensWithTheVariantInForceWhenItsRequirementsAreMet() {
    let router = makeRouter()
    let log = Recorder<Resolution<String>>()
    router.rootIsReady(variant: "v1") { log.record($0) }
    router.didTap(userInfo: tap("order", requires: [.signedIn]))
    router.rootIsReady(variant: "v2") { log.record($0) }
    router.setRequirement(position: Requirement.signedIn.rawValue, satisfied: true)
    #expect(log.values.map(\.destination) == ["sign_in@v1", "order@v2"])
  }

  @Test func metWhileTheRootIsRebuiltItWaitsForTheNextRoot() {
    let router = makeRouter()
    let log = Recorder<Resolution<String>>()
    router.rootIsReady(variant: "v1") { log.record($0) }
    router.didTap(userInfo: tap("order", requires: [.signedIn]))
    router.rootWillChange()
    router.setRequirement(position: Requirement.signedIn.rawValue, satisfied: true)
    #expect(log.values.map(\.destination) == ["sign_in@v1"])
    router.rootIsReady(variant: "v2") { log.record($0) }
    #expect(log.values.map(\.destination) == ["sign_in@v1", "order@v2"])
  }

  @Test func aColdLaunchTapWaitsForTheRootThenForSignInThenOpensOnce() {
    let router = makeRouter()
    let log = Recorder<Resolution<String>>()
    router.didLaunch(withNotification: tap("order", requires: [.signedIn]))
    #expect(log.values.isEmpty)
    router.rootIsReady(variant: "v1") { log.record($0) }
    #expect(log.values.map(\.destination) == ["sign_in@v1"])
    router.setRequirement(position: Requirement.signedIn.rawValue, satisfied: true)
    router.rootIsReady(variant: "v1") { log.record($0) }
    #expect(log.values.map(\.destination) == ["sign_in@v1", "order@v1"])
  }

  @Test func everyUnmetRequirementMustBeMetAndTheFirstOneWithARouteIsShown() {
    let router = makeRouter()
    let log = Recorder<Resolution<String>>()
    router.rootIsReady(variant: "v1") { log.record($0) }
    // `onboarded` names no route: the app shows what satisfies it, so nothing is navigated.
    router.didTap(userInfo: tap("review", requires: [.onboarded]))
    #expect(log.values.isEmpty)
    #expect(router.hasHeldNavigation)
    router.didTap(userInfo: tap("review", requires: [.signedIn, .onboarded]))
    #expect(log.values.map(\.destination) == ["sign_in@v1"])
    router.setSatisfiedRequirements(satisfied(.signedIn))
    #expect(log.values.count == 1)
    router.setSatisfiedRequirements(satisfied(.signedIn, .onboarded))
    #expect(log.values.map(\.destination) == ["sign_in@v1", "review@v1"])
  }

  @Test func aRequirementRouteThatNeedsAnotherShowsThatOneFirst() {
    let router = makeRouter()
    let log = Recorder<Resolution<String>>()
    router.rootIsReady(variant: "v1") { log.record($0) }
    // `accepted_terms` comes first among the unmet; its route `terms` needs `signed_in`.
    router.didTap(userInfo: tap("checkout", requires: [.acceptedTerms]))
    #expect(log.values.map(\.destination) == ["sign_in@v1"])
    router.setSatisfiedRequirements(satisfied(.signedIn))
    #expect(log.values.map(\.destination) == ["sign_in@v1"])
    router.setSatisfiedRequirements(satisfied(.signedIn, .acceptedTerms))
    #expect(log.values.map(\.destination) == ["sign_in@v1", "checkout@v1"])
  }

  @Test func aNewerNavigationReplacesTheHeldOneAndReportsIt() {
    let discards = Recorder<Discard>()
    let router = makeRouter(discards: discards)
    let log = Recorder<Resolution<String>>()
    router.rootIsReady(variant: "v1") { log.record($0) }
    router.didTap(userInfo: tap("order", requires: [.signedIn]))
    router.didTap(userInfo: tap("review", requires: [.signedIn]))
    #expect(discards.values == [Discard(type: "order", reason: .replaced)])
    router.didTap(userInfo: tap("home"))
    #expect(
      discards.values == [
        Discard(type: "order", reason: .replaced), Discard(type: "review", reason: .replaced),
      ])
    router.setSatisfiedRequirements(satisfied(.signedIn))
    #expect(log.values.map(\.destination) == ["sign_in@v1", "sign_in@v1", "home@v1"])
  }

  @Test func resolutionsThatOpenNoScreenLeaveTheHeldOneAlone() {
    let discards = Recorder<Discard>()
    let router = makeRouter(discards: discards)
    let log = Recorder<Resolution<String>>()
    router.rootIsReady(variant: "v1") { log.record($0) }
    router.didTap(userInfo: tap("order", requires: [.signedIn]))
    router.didTap(userInfo: ["aps": ["alert": "no type"]])
    #expect(discards.values.isEmpty)
    #expect(log.values.map(\.status) == [.matched, .missingType])
    router.setSatisfiedRequirements(satisfied(.signedIn))
    #expect(log.values.last?.destination == "order@v1")
  }

  @Test func theAppCanDropTheHeldNavigation() {
    let discards = Recorder<Discard>()
    let router = makeRouter(discards: discards)
    let log = Recorder<Resolution<String>>()
    router.rootIsReady(variant: "v1") { log.record($0) }
    #expect(!router.discardHeldNavigation())
    router.didTap(userInfo: tap("order", requires: [.signedIn]))
    #expect(router.discardHeldNavigation())
    #expect(discards.values == [Discard(type: "order", reason: .cancelled)])
    router.setSatisfiedRequirements(satisfied(.signedIn))
    #expect(log.values.map(\.destination) == ["sign_in@v1"])
  }

  @Test func aHeldNavigationOlderThanMaxAgeWhenMetIsDroppedAsExpired() {
    let clock = TestClock()
    let discards = Recorder<Discard>()
    let router = makeRouter(maxAge: .seconds(60), clock: clock, discards: discards)
    let log = Recorder<Resolution<String>>()
    router.rootIsReady(variant: "v1") { log.record($0) }
    router.didTap(userInfo: tap("order", requires: [.signedIn]))
    clock.advance(by: .seconds(61))
    router.setSatisfiedRequirements(satisfied(.signedIn))
    #expect(discards.values == [Discard(type: "order", reason: .expired)])
    #expect(log.values.map(\.destination) == ["sign_in@v1"])
  }

  @Test func theSatisfiedSetIsWhatTheAppReported() {
    let router = makeRouter()
    router.setRequirement(position: Requirement.acceptedTerms.rawValue, satisfied: true)
    router.setRequirement(position: Requirement.signedIn.rawValue, satisfied: true)
    router.setRequirement(position: Requirement.acceptedTerms.rawValue, satisfied: false)
    #expect(router.satisfiedRequirements == satisfied(.signedIn))
  }

  // MARK: Every ordering

  enum Event: CaseIterable, Hashable, Sendable {
    /// A tap on `order`, which requires `signed_in`.
    case tapOrder
    /// A tap on `home`, which requires nothing.
    case tapHome
    case rootReadyV1, rootReadyV2, rootWillChange, signIn, signOut
  }

  /// The router's promise restated on plain values: one gate keeping the latest arrival while no
  /// root is ready, one held navigation, the satisfied flag.
  fileprivate struct Model {
    var root: String?
    var kept: String?
    var held: String?
    var signedIn = false
    var navigated: [String] = []
    var discarded: [Discard] = []

    mutating func apply(_ event: Event) {
      switch event {
      case .tapOrder: receive("order")
      case .tapHome: receive("home")
      case .rootReadyV1: ready("v1")
      case .rootReadyV2: ready("v2")
      case .rootWillChange: root = nil
      case .signIn:
        signedIn = true
        if let held {
          self.held = nil
          receive(held)
        }
      case .signOut: signedIn = false
      }
    }

    mutating func ready(_ variant: String) {
      root = variant
      if let kept {
        self.kept = nil
        deliver(kept, to: variant)
      }
    }

    mutating func receive(_ arrival: String) {
      guard let root else {
        if let kept { discarded.append(Discard(type: kept, reason: .replaced)) }
        kept = arrival
        return
      }
      deliver(arrival, to: root)
    }

    mutating func deliver(_ arrival: String, to variant: String) {
      if let held { discarded.append(Discard(type: held, reason: .replaced)) }
      held = nil
      if arrival == "order" && !signedIn {
        held = arrival
        navigated.append("sign_in@\(variant)")
      } else {
        navigated.append("\(arrival)@\(variant)")
      }
    }
  }

  static func orderings(of events: [Event]) -> [[Event]] {
    guard let first = events.first else { return [[]] }
    return orderings(of: Array(events.dropFirst())).flatMap { rest in
      (0...rest.count).map { index in
        var ordering = rest
        ordering.insert(first, at: index)
        return ordering
      }
    }
  }

  /// All 5,040 orders of two arrivals (one needing sign-in), two roots, a root change, signing
  /// in and signing out: the router navigates and drops exactly what the model does.
  @Test func everyOrderingOfRootsRequirementsAndArrivalsMatchesTheModel() {
    let orderings = Self.orderings(of: Event.allCases)
    #expect(orderings.count == 5040)
    for ordering in orderings {
      let discards = Recorder<Discard>()
      let router = makeRouter(discards: discards)
      let log = Recorder<Resolution<String>>()
      var model = Model()
      for event in ordering {
        switch event {
        case .tapOrder: router.didTap(userInfo: tap("order", requires: [.signedIn]))
        case .tapHome: router.didTap(userInfo: tap("home"))
        case .rootReadyV1: router.rootIsReady(variant: "v1") { log.record($0) }
        case .rootReadyV2: router.rootIsReady(variant: "v2") { log.record($0) }
        case .rootWillChange: router.rootWillChange()
        case .signIn:
          router.setRequirement(position: Requirement.signedIn.rawValue, satisfied: true)
        case .signOut:
          router.setRequirement(position: Requirement.signedIn.rawValue, satisfied: false)
        }
        model.apply(event)
      }
      #expect(log.values.compactMap(\.destination) == model.navigated, "\(ordering)")
      #expect(discards.values == model.discarded, "\(ordering)")
      #expect(router.hasHeldNavigation == (model.held != nil), "\(ordering)")
      // Each arrival is navigated to, dropped, held or kept: exactly once.
      let opened = model.navigated.filter { !$0.hasPrefix("sign_in") }.count
      let pending = (model.held == nil ? 0 : 1) + (model.kept == nil ? 0 : 1)
      #expect(opened + model.discarded.count + pending == 2, "\(ordering)")
    }
  }

  /// Arrivals, sign-ins and sign-outs on many threads at once: each arrival is opened, held or
  /// dropped exactly once, and deliveries never overlap.
  /// Threads, not tasks: the calls block while delivering, and blocking the two-thread
  /// concurrency pool of a two-core machine starves the other suites' tests.
  ///
  /// Alone it takes milliseconds. Run beside the suites that build packages, every contended
  /// lock hand-off between the two threads waits for a core the compilers hold, and a full run
  /// was seen to take it past a minute: the limit catches a hang, not slowness.
  @Test(.timeLimit(.minutes(3)))
  func concurrentArrivalsAndRequirementChangesDeliverEachArrivalOnce() {
    let discards = Recorder<Discard>()
    let router = makeRouter(discards: discards)
    let log = Recorder<Resolution<String>>()
    router.rootIsReady(variant: "v1") { log.record($0) }
    let count = 100
    // Two plain threads: `DispatchQueue.concurrentPerform` needs dispatch's worker threads,
    // which a loaded run of every suite can leave it waiting for.
    let done = DispatchGroup()
    for role in 0..<2 {
      done.enter()
      Thread {
        for index in 0..<count {
          if role == 0 {
            router.didTap(userInfo: tap("order\(index)", requires: [.signedIn]))
          } else {
            router.setRequirement(
              position: Requirement.signedIn.rawValue, satisfied: index % 2 == 0)
          }
        }
        done.leave()
      }.start()
    }
    done.wait()
    router.setRequirement(position: Requirement.signedIn.rawValue, satisfied: true)
    let opened = log.values.compactMap(\.destination).filter { !$0.hasPrefix("sign_in") }
    #expect(Set(opened).count == opened.count)
    #expect(opened.count + discards.values.count == count)
    #expect(!router.hasHeldNavigation)
    #expect(log.maxConcurrentRecords == 1)
  }
}
