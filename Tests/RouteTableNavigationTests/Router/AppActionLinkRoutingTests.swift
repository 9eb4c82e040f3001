@_spi(Generated) import RouteTable
import RouteTableNavigation
import TestSupport
import Testing

/// An `app_action` route with `links`: the router made for a generated namespace hands a URL
/// that matches one of its patterns to `onAppAction`, as it does a push of the route's type,
/// and never to `navigate`.
@Suite struct AppActionLinkRoutingTests {
  struct Call: Hashable, Sendable {
    var category: String
    var action: String
    var payloadIsEmpty: Bool
  }

  @Test func aLinkToAnAppActionRouteReachesOnAppAction() {
    let actions = Recorder<Call>()
    let router = RouteTableRouter<RealAppsRoutes.Variant, RealAppsRoutes.Destination>(
      routes: RealAppsRoutes.self,
      onAppAction: { category, action, payload in
        actions.record(
          Call(category: category, action: action, payloadIsEmpty: payload.object.isEmpty))
      },
      onUnknownLink: { _ in })
    let delivered = Recorder<ResolutionStatus>()
    router.didOpen(url: "https://shop.example/sync")
    #expect(actions.values.isEmpty, "a link waits for the root like every arrival")
    router.rootIsReady(variant: .default) { delivered.record($0.status) }
    router.didOpen(url: "shop://shop.example/sync")
    router.didOpen(url: "https://shop.example/settings")

    #expect(delivered.values == [.matched])
    #expect(
      actions.values == [
        Call(category: "", action: "sync_inbox", payloadIsEmpty: true),
        Call(category: "", action: "sync_inbox", payloadIsEmpty: true),
      ])
  }
}
