import Foundation
@_spi(Generated) import RouteTable
import TestSupport
import Testing

/// What a resolution carries of requirements and back stacks, read from the table routec
/// compiled from the compiler's fixture `valid/requirements.routes.yaml` (namespace `Orders`;
/// its committed reference output, `ReferenceTables/RequirementsRoutes.swift`).
@Suite struct RequirementResolutionTests {
  static func table() throws -> RouteTable { OrdersRoutes.table }

  static func resolve(_ json: String, variant: String) throws -> Resolution<ScreenInstance> {
    let table = try table()
    let index = try #require(table.variant(named: variant))
    return table.resolve(try Payload(jsonData: Data(json.utf8)), variant: index)
  }

  /// `Screen(param=value,...)`, nil for an absent optional value.
  static func describe(_ screen: ScreenInstance) -> String {
    screen.name + "("
      + screen.params.map { "\($0.name)=\($0.value.map { "\($0)" } ?? "nil")" }.joined(
        separator: ",") + ")"
  }

  @Test func requirementNamesAreInManifestOrder() throws {
    #expect(try Self.table().requirementNames == ["signed_in", "onboarded", "accepted_terms"])
  }

  @Test func aResolutionRequiresItsRoutesRequirementsInManifestOrder() throws {
    let review = try Self.resolve(#"{"type": "review", "order_id": 3}"#, variant: "tabs")
    #expect(review.status == .matched)
    #expect(review.requires.positions == [0, 1, 2])
    #expect(review.unmet(satisfied: RequirementSet(positions: [0, 2])).positions == [1])
    #expect(review.unmet(satisfied: RequirementSet(positions: [0, 1, 2])).isEmpty)
    let home = try Self.resolve(#"{"type": "home"}"#, variant: "tabs")
    #expect(home.requires.isEmpty)
    #expect(home.stack.isEmpty)
    // What opens no screen requires nothing: the fallback opens `home`.
    let unknown = try Self.resolve(#"{"type": "nope"}"#, variant: "tabs")
    #expect(unknown.status == .fallback)
    #expect(unknown.requires.isEmpty)
  }

  @Test func theStackBindsRouteParametersConstantsDefaultsAndAbsentValues() throws {
    let review = try Self.resolve(
      #"{"type": "review", "order_id": "3", "note": "gift"}"#, variant: "tabs")
    #expect(
      review.stack.map(Self.describe) == [
        "OrderList(filter=string(\"open\"),page=int(2))",
        "OrderDetail(order_id=int(3),note=string(\"gift\"))",
      ])
    let noNote = try Self.resolve(#"{"type": "review", "order_id": 3}"#, variant: "tabs")
    #expect(noNote.stack.last.map(Self.describe) == "OrderDetail(order_id=int(3),note=nil)")
  }

  @Test func aVariantsOverrideReplacesTheStack() throws {
    let tabs = try Self.resolve(#"{"type": "order_detail", "order_id": 1}"#, variant: "tabs")
    #expect(tabs.stack.map(Self.describe) == ["OrderList(filter=string(\"all\"),page=nil)"])
    let single = try Self.resolve(#"{"type": "order_detail", "order_id": 1}"#, variant: "single")
    #expect(
      single.stack.map(Self.describe) == ["Home()", "OrderList(filter=string(\"all\"),page=nil)"])
  }

  @Test func invalidParamsCarryNoStack() throws {
    let review = try Self.resolve(#"{"type": "review"}"#, variant: "tabs")
    #expect(review.status == .invalidParams)
    #expect(review.stack.isEmpty)
    #expect(review.requires.isEmpty)
  }

  @Test func aRequirementsRouteResolvesWithoutAPayload() throws {
    let table = try Self.table()
    let signIn = try #require(table.resolve(requirement: 0, variant: 1))
    #expect(signIn.status == .matched)
    #expect(signIn.route == "sign_in")
    #expect(signIn.variant == "single")
    #expect(signIn.presentation == .modal)
    #expect(signIn.destination.map(Self.describe) == "SignIn(reason=string(\"session\"))")
    // `onboarded` names no route; positions past the list are no requirement.
    #expect(table.resolve(requirement: 1, variant: 0) == nil)
    #expect(table.resolve(requirement: 3, variant: 0) == nil)
    #expect(table.resolve(requirement: -1, variant: 0) == nil)
    // `terms` requires `signed_in`, which the router resolves first.
    let terms = try #require(table.resolve(requirement: 2, variant: 0))
    #expect(terms.route == "terms")
    #expect(terms.requires.positions == [0])
  }
}
