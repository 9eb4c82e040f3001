import Foundation
@_spi(Generated) import RouteTable
import RouteTableNavigation
import Testing

/// Quick actions and user activities through the router, behind a compiled table: each door
/// takes only what the manifest declares, waits for the root like every door, and a restored
/// activity yields to anything else that arrives before the root is ready.
@Suite struct DoorRoutingTests {
  /// The doors fixture's table (valid/doors.routes.yaml of the compiler's tests), from its
  /// committed reference output.
  static func table() throws -> RouteTable { DoorsRoutes.table }

  /// A router over a compiled table (the doors fixture's, the intents fixture's) that records
  /// what reaches `onDiscard`; without `takesIntents`, it is made with no `resolveIntent`.
  static func router(
    _ table: RouteTable, policy: ArrivalPolicy = .latest, takesIntents: Bool = true,
    delivered: Locked<[String]>, discarded: Locked<[String]>
  ) -> RouteTableRouter<Int, ScreenInstance> {
    var resolveIntent: RouteTableRouter<Int, ScreenInstance>.ResolveDoor?
    if takesIntents {
      resolveIntent = { key, parameters, variant in
        table.resolve(.intent, type: key, parameters, variant: variant)
      }
    }
    return RouteTableRouter<Int, ScreenInstance>(
      policy: policy,
      onDiscard: { arrival, reason in
        discarded.withLock { $0.append("\(Self.describe(arrival)) \(reason)") }
      },
      table: table,
      resolveAction: { action, payload, variant in
        table.resolve(action: action, payload, variant: variant)
      },
      onAppAction: { _, _, _ in },
      resolveURL: { url, variant in table.resolve(url: url, variant: variant) },
      resolveShortcut: { type, userInfo, variant in
        table.resolve(.shortcut, type: type, userInfo, variant: variant)
      },
      resolveActivity: { type, userInfo, variant in
        table.resolve(.activity, type: type, userInfo, variant: variant)
      },
      resolveIntent: resolveIntent,
      resolveRequirement: { position, variant in
        table.resolve(requirement: position, variant: variant)
      },
      resolve: { payload, variant, state in
        table.resolve(payload, variant: variant, state: state)
      })
  }

  static func describe(_ arrival: RouterArrival) -> String {
    switch arrival {
    case .push: "push"
    case .actionTap(let action, _): "action:\(action)"
    case .link(let url): "link:\(url)"
    case .shortcut(let type, _): "shortcut:\(type)"
    case .activity(let type, _): "activity:\(type)"
    case .restoredActivity(let type, _): "restored:\(type)"
    case .intent(let key, _): "intent:\(key)"
    }
  }

  static func describe(_ resolution: Resolution<ScreenInstance>) -> String {
    let doors: [(String, String?)] = [
      ("shortcut", resolution.shortcut), ("activity", resolution.activity),
      ("intent", resolution.intent), ("link", resolution.link),
    ]
    let door = doors.first { $0.1 != nil }.map { "\($0.0) \($0.1 ?? "")" } ?? "push"
    let screen = resolution.destination.map { "\($0.name)\($0.values)" } ?? "-"
    return "\(door) \(resolution.status.rawValue) \(screen)"
  }

  /// What a SwiftUI scene registers with `onContinueUserActivity`: a router over a compiled
  /// table lists the two link types, then the manifest's activity types in manifest order.
  @Test func theRouterListsTheActivityTypesItContinues() throws {
    let table = try Self.table()
    #expect(table.activityTypes == ["com.example.shop.order", "com.example.shop.search"])
    let router = Self.router(table, delivered: Locked([]), discarded: Locked([]))
    #expect(
      router.continuedActivityTypes == [
        "NSUserActivityTypeBrowsingWeb", "com.apple.corespotlightitem", "com.example.shop.order",
        "com.example.shop.search",
      ])
    // Each is taken: the link types as links, the declared ones as activities.
    for type in router.continuedActivityTypes.dropFirst(2) {
      #expect(router.didContinue(activityType: type, userInfo: [:], webpageURL: nil))
    }
  }

  @Test func eachDoorTakesWhatTheManifestDeclaresAndWaitsForTheRoot() throws {
    let table = try Self.table()
    let delivered = Locked<[String]>([])
    let discarded = Locked<[String]>([])
    let router = Self.router(
      table, policy: .upTo(10), delivered: delivered, discarded: discarded)
    #expect(router.didPerform(shortcutType: "reorder", userInfo: ["order": ["id": 42]]))
    #expect(!router.didPerform(shortcutType: "unknown", userInfo: nil))
    #expect(
      router.didContinue(
        activityType: "com.example.shop.order", userInfo: ["order": ["id": 7]], webpageURL: nil))
    #expect(!router.didContinue(activityType: "com.example.other", userInfo: [:], webpageURL: nil))
    #expect(
      router.didContinue(
        activityType: "NSUserActivityTypeBrowsingWeb", userInfo: nil,
        webpageURL: URL(string: "https://shop.example/orders/5")))
    #expect(delivered.withLock { $0 }.isEmpty)

    router.rootIsReady(variant: 0) { resolution in
      delivered.withLock { $0.append(Self.describe(resolution)) }
    }
    #expect(
      delivered.withLock { $0 } == [
        "shortcut reorder matched OrderDetail[Optional(RouteTable.ParamValue.int(42))]",
        "activity com.example.shop.order matched OrderDetail[Optional(RouteTable.ParamValue.int(7))]",
        "link /orders/{order_id} matched OrderDetail[Optional(RouteTable.ParamValue.int(5))]",
      ])
    #expect(discarded.withLock { $0 }.isEmpty)
  }

  /// A restored activity yields: to a tap that came before it, and to a quick action after it,
  /// under any policy.
  @Test(arguments: [ArrivalPolicy.latest, .upTo(10)])
  func aRestoredActivityYieldsToEveryOtherDoor(policy: ArrivalPolicy) throws {
    let table = try Self.table()
    for order in ["before", "after"] {
      let delivered = Locked<[String]>([])
      let discarded = Locked<[String]>([])
      let router = Self.router(table, policy: policy, delivered: delivered, discarded: discarded)
      if order == "after" {
        #expect(router.didPerform(shortcutType: "search", userInfo: nil))
      }
      #expect(router.didRestore(activityType: "com.example.shop.search", userInfo: nil))
      if order == "before" {
        #expect(router.didPerform(shortcutType: "search", userInfo: nil))
      }
      router.rootIsReady(variant: 0) { resolution in
        delivered.withLock { $0.append(Self.describe(resolution)) }
      }
      #expect(delivered.withLock { $0 } == ["shortcut search matched Search[]"], "\(order)")
      #expect(
        discarded.withLock { $0 } == ["restored:com.example.shop.search replaced"], "\(order)")
    }
  }

  /// A Spotlight item indexed with `link(for:)` as its identifier continues as that link; an
  /// identifier that is no link of the manifest is the app's.
  @Test func aSpotlightItemContinuesAsItsLink() throws {
    let table = try Self.table()
    let delivered = Locked<[String]>([])
    let discarded = Locked<[String]>([])
    let router = Self.router(
      table, policy: .upTo(10), delivered: delivered, discarded: discarded)
    #expect(router.didContinueSearchableItem(identifier: "https://shop.example/orders/9"))
    #expect(!router.didContinueSearchableItem(identifier: "order-9"))
    #expect(!router.didContinueSearchableItem(identifier: "https://other.example/orders/9"))
    // The same, as the activity `scene(_:continue:)` receives (CoreSpotlight's
    // `CSSearchableItemActionType` and `CSSearchableItemActivityIdentifier`).
    let spotlight = "com.apple.corespotlightitem"
    #expect(
      router.didContinue(
        activityType: spotlight,
        userInfo: ["kCSSearchableItemActivityIdentifier": "https://shop.example/orders/10"],
        webpageURL: nil))
    #expect(!router.didContinue(activityType: spotlight, userInfo: nil, webpageURL: nil))
    #expect(
      !router.didContinue(
        activityType: spotlight, userInfo: ["kCSSearchableItemActivityIdentifier": "order-9"],
        webpageURL: nil))
    router.rootIsReady(variant: 0) { resolution in
      delivered.withLock { $0.append(Self.describe(resolution)) }
    }
    #expect(
      delivered.withLock { $0 } == [
        "link /orders/{order_id} matched OrderDetail[Optional(RouteTable.ParamValue.int(9))]",
        "link /orders/{order_id} matched OrderDetail[Optional(RouteTable.ParamValue.int(10))]",
      ])
  }

  @Test func aRestoredActivityAloneIsDelivered() throws {
    let table = try Self.table()
    let delivered = Locked<[String]>([])
    let discarded = Locked<[String]>([])
    let router = Self.router(table, delivered: delivered, discarded: discarded)
    #expect(router.didRestore(activityType: "com.example.shop.search", userInfo: nil))
    #expect(!router.didRestore(activityType: "com.example.undeclared", userInfo: nil))
    router.rootIsReady(variant: 0) { resolution in
      delivered.withLock { $0.append(Self.describe(resolution)) }
    }
    #expect(delivered.withLock { $0 } == ["activity com.example.shop.search matched Search[]"])
    #expect(discarded.withLock { $0 }.isEmpty)
  }
}
