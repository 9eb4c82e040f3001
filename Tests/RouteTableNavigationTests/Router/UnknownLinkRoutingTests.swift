@_spi(Generated) import RouteTable
import RouteTableNavigation
import TestSupport
import Testing

/// What the router made for a generated namespace hands `onUnknownLink`: the URL it was given,
/// or, when a `reroute` route carried a web address that opens no screen, that address, so a
/// click-tracking redirect to another site opens in the browser and never the app's own link.
@Suite struct UnknownLinkRoutingTests {
  @Test func onUnknownLinkGetsTheCarriedWebAddress() {
    let opened = Recorder<String>()
    let router = RouteTableRouter<RealAppsRoutes.Variant, RealAppsRoutes.Destination>(
      routes: RealAppsRoutes.self, onAppAction: { _, _, _ in },
      onUnknownLink: { opened.record($0) })
    let delivered = Recorder<ResolutionStatus>()
    router.rootIsReady(variant: .default) { delivered.record($0.status) }

    router.didOpen(url: "https://shop.example/go?to=https%3A%2F%2Fother.example%2Fa")
    router.didOpen(url: "https://shop.example/go?to=javascript%3Aalert(1)")
    router.didOpen(url: "https://elsewhere.example/x")

    #expect(delivered.values == [.unknownLink, .unknownLink, .unknownLink])
    #expect(
      opened.values == [
        "https://other.example/a", "https://shop.example/go?to=javascript%3Aalert(1)",
        "https://elsewhere.example/x",
      ])
  }
}
