import Learning
import Orders
import RouteTable
import ShopRouting
import Testing

/// The modular shop resolves every door as the one-manifest shop does, to feature screens.
@Suite struct ModularShopRoutingTests {
  @Test func aFeaturesRouteOpensItsScreenInTheAppsTab() {
    let resolution = ShopRoutes.resolve(["type": "course_page", "id": "42"], variant: .v2)
    #expect(resolution.status == .matched)
    #expect(resolution.destination == .learning(.lessonDetail(id: "42")))
    #expect(resolution.tab == TabSelection(name: "courses", index: 1))
    #expect(resolution.url == "https://m.example.com/index.php?c=course_ctrl&m=course_data&id=42")
  }

  @Test func anOrderRequiresSignInAndBuildsItsBackStackInTheFeature() {
    let resolution = ShopRoutes.resolve(["type": "order_detail", "order_id": "42"], variant: .v2)
    #expect(resolution.destination == .orders(.orderDetail(orderId: 42)))
    #expect(resolution.stack == [.orders(.orderList)])
    #expect(
      resolution.unmet(satisfied: RequirementSet()).elements(as: ShopRoutes.Requirement.self) == [
        .signedIn
      ])
    #expect(ShopRoutes.resolve(requirement: .signedIn, variant: .v2)?.destination == .signIn)
  }

  @Test func theLinksAreTheOneManifestShopsAndEachLinksBack() throws {
    #expect(
      Set(ShopRoutes.exampleLinks.map(\.link)) == [
        "/", "/open?to=home", "/account/gifts", "/courses/{id}", "/learn/{id*}",
        "/books/{book_id}?chapter={chapter}", "/books/new", "/orders/{order_id}",
      ])
    for example in ShopRoutes.exampleLinks {
      let resolution = ShopRoutes.resolve(url: example.url, variant: example.variant)
      #expect(resolution.status == .matched, "\(example.url) in \(example.variant)")
      let destination = try #require(resolution.destination)
      let shared = try #require(ShopRoutes.link(for: destination, variant: example.variant))
      #expect(ShopRoutes.resolve(url: shared, variant: example.variant).destination == destination)
    }
  }

  @Test func aFeaturesCategoryButtonOpensItsRoute() {
    let payload: [AnyHashable: Any] = [
      "type": "course_page", "id": "3", "aps": ["category": "course_update"],
    ]
    let tap = ShopRoutes.resolve(action: "open", payload, variant: .v1)
    #expect(tap.destination == .learning(.lessonDetail(id: "3")))
    #expect(ShopRoutes.notificationCategories.map(\.identifier) == ["course_update", "new_book"])
  }

  @Test func everyDestinationHasAScreenFromItsModule() {
    #expect(screenName(for: .orders(.orderList)) == "Orders.OrderList")
    #expect(
      screenName(for: .learning(.bookReader(bookId: 5, hideCache: true, chapter: nil)))
        == "Learning.BookReader(bookId: 5, hideCache: true, chapter: nil)")
  }
}
