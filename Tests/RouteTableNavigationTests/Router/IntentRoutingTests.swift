import Foundation
@_spi(Generated) import RouteTable
import RouteTableNavigation
import Testing

/// App Intents through the router, behind the compiled intents fixture: the router takes only
/// the intents the manifest declares, keeps them in the cold-launch gate, holds them behind
/// requirements, and delivers each once.
@Suite struct IntentRoutingTests {
  /// The intents fixture's table (valid/intents.routes.yaml of the compiler's tests), from its
  /// committed reference output.
  static func table() throws -> RouteTable { IntentsRoutes.table }

  @Test func anIntentWaitsForTheRootAndIsDeliveredOnce() throws {
    let table = try Self.table()
    let delivered = Locked<[String]>([])
    let discarded = Locked<[String]>([])
    let router = DoorRoutingTests.router(
      table, policy: .upTo(10), delivered: delivered, discarded: discarded)
    #expect(router.didPerform(intent: "browse", parameters: Payload(["genre": .string("sci-fi")])))
    #expect(!router.didPerform(intent: "undeclared", parameters: Payload([:])))
    // Through the door the generated intents read: the same router.
    #expect(router.intentDoor.open(intent: "go_home", parameters: Payload([:])))
    #expect(!router.intentDoor.open(intent: "undeclared", parameters: Payload([:])))
    #expect(delivered.withLock { $0 }.isEmpty)
    router.rootIsReady(variant: 1) { resolution in
      delivered.withLock { $0.append(DoorRoutingTests.describe(resolution)) }
    }
    #expect(
      delivered.withLock { $0 } == [
        "intent browse matched Genre[Optional(RouteTable.ParamValue.string(\"sci-fi\")), nil]",
        "intent go_home matched Home[]",
      ])
    // Delivered once: a second root sees nothing of it.
    router.rootWillChange()
    router.rootIsReady(variant: 0) { resolution in
      delivered.withLock { $0.append(DoorRoutingTests.describe(resolution)) }
    }
    #expect(delivered.withLock { $0 }.count == 2)
    #expect(discarded.withLock { $0 }.isEmpty)
  }

  /// `open_episode` requires sign-in: the router shows the sign-in route, holds the intent, and
  /// opens it once the requirement holds.
  @Test func anIntentIsHeldBehindItsRequirements() throws {
    let table = try Self.table()
    let delivered = Locked<[String]>([])
    let router = DoorRoutingTests.router(table, delivered: delivered, discarded: Locked([]))
    router.rootIsReady(variant: 1) { resolution in
      delivered.withLock { $0.append(DoorRoutingTests.describe(resolution)) }
    }
    #expect(
      router.didPerform(intent: "open_episode", parameters: Payload(["episode_id": .integer(42)])))
    #expect(delivered.withLock { $0 } == ["push matched SignIn[]"])
    router.setSatisfiedRequirements(RequirementSet(positions: [0]))
    #expect(
      delivered.withLock { $0 } == [
        "push matched SignIn[]",
        "intent open_episode matched Episode[Optional(RouteTable.ParamValue.int(42)), Optional(RouteTable.ParamValue.bool(false))]",
      ])
  }

  /// A value outside the parameter's `choices` is `invalid_params`, passed on for the app to
  /// log; a router made without `resolveIntent` takes no intent.
  @Test func aBadValueIsInvalidAndARouterWithoutIntentsTakesNone() throws {
    let table = try Self.table()
    let delivered = Locked<[String]>([])
    let router = DoorRoutingTests.router(table, delivered: delivered, discarded: Locked([]))
    router.rootIsReady(variant: 0) { resolution in
      delivered.withLock { $0.append(DoorRoutingTests.describe(resolution)) }
    }
    #expect(router.didPerform(intent: "browse", parameters: Payload(["genre": .string("horror")])))
    #expect(delivered.withLock { $0 } == ["intent browse invalid_params -"])
    let without = DoorRoutingTests.router(
      table, takesIntents: false, delivered: Locked([]), discarded: Locked([]))
    #expect(!without.didPerform(intent: "browse", parameters: Payload([:])))
  }
}
