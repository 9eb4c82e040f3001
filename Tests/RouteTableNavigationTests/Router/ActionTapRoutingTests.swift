import Foundation
@_spi(Generated) import RouteTable
import RouteTableNavigation
import Testing

/// A compiled table behind the notification router: the router tells app actions apart with the
/// same lookup `resolve(action:_:variant:)` makes, so what it hands to the app's handler at once
/// is exactly what resolves as `app_action`, and everything else waits for the root.
@Suite struct ActionTapRoutingTests {
  /// The table of Fixtures/action-taps.routes.yaml, from its committed reference output.
  static func table() throws -> RouteTable { ActionTapsRoutes.table }

  static func payload(category: String?, id: Int = 7) -> [AnyHashable: Any] {
    var aps: [String: Any] = ["alert": "Item changed"]
    if let category { aps["category"] = category }
    return ["aps": aps, "data": ["id": id]]
  }

  @Test func classifyingAgreesWithResolvingForEveryKindOfTap() throws {
    let table = try Self.table()
    let cases:
      [(action: String, category: String?, kind: ActionTapKind, status: ResolutionStatus)] =
        [
          ("open", "item_update", .routed, .matched),
          ("mute", "item_update", .app(category: "item_update"), .appAction),
          ("share", "item_update", .unknown, .unknownAction),
          ("open", "other", .unknown, .unknownAction),
          ("open", nil, .unknown, .unknownAction),
        ]
    for (action, category, kind, status) in cases {
      let payload = Payload(userInfo: Self.payload(category: category))
      #expect(table.actionTapKind(action, payload) == kind, "\(action) in \(category ?? "nil")")
      for variant in 0..<2 {
        #expect(
          table.resolve(action: action, payload, variant: variant).status == status,
          "\(action) in \(category ?? "nil"), variant \(variant)")
      }
    }
  }

  @Test func theRouterMadeWithTheTableHandsAppActionsOverAtOnceAndKeepsTheRest() throws {
    let table = try Self.table()
    let appActions = Locked<[String]>([])
    let delivered = Locked<[Resolution<ScreenInstance>]>([])
    let router = RouteTableRouter<Int, ScreenInstance>(
      policy: .upTo(10), table: table,
      resolveAction: { action, payload, variant in
        table.resolve(action: action, payload, variant: variant)
      },
      onAppAction: { category, action, payload in
        appActions.withLock { $0.append("\(category)/\(action)") }
      },
      resolveURL: { url, variant in table.resolve(url: url, variant: variant) },
      resolveShortcut: { type, userInfo, variant in
        table.resolve(.shortcut, type: type, userInfo, variant: variant)
      },
      resolveActivity: { type, userInfo, variant in
        table.resolve(.activity, type: type, userInfo, variant: variant)
      },
      resolveRequirement: { position, variant in
        table.resolve(requirement: position, variant: variant)
      },
      resolve: { payload, variant, state in
        table.resolve(payload, variant: variant, state: state)
      })

    router.didTapAction("open", userInfo: Self.payload(category: "item_update", id: 1))
    router.didTapAction("mute", userInfo: Self.payload(category: "item_update", id: 2))
    router.didTapAction("share", userInfo: Self.payload(category: "item_update", id: 3))
    #expect(appActions.withLock { $0 } == ["item_update/mute"])
    #expect(delivered.withLock { $0 }.isEmpty)

    router.rootIsReady(variant: 1) { resolution in delivered.withLock { $0.append(resolution) } }
    let resolutions = delivered.withLock { $0 }
    #expect(resolutions.map(\.status) == [.matched, .unknownAction])
    #expect(resolutions.map(\.variant) == ["b", "b"])
    #expect(resolutions.map(\.notificationAction) == ["open", "share"])
    #expect(resolutions.first?.tab == TabSelection(name: "shop", index: 0))
    #expect(resolutions.first?.destination?.params.first?.value == .int(1))
    #expect(appActions.withLock { $0 } == ["item_update/mute"])
  }
}
