import RouteTable
import ShopRouting
import Testing

@Suite struct ShopRoutingTests {
  @Test func coursePageOpensTheLessonInTheCoursesTab() {
    let resolution = ShopRoutes.resolve(["type": "course_page", "id": "42"], variant: .v2)
    #expect(resolution.status == .matched)
    #expect(resolution.destination == .lessonDetail(id: "42"))
    #expect(resolution.tab == TabSelection(name: "courses", index: 1))
    #expect(resolution.url == "https://m.example.com/index.php?c=course_ctrl&m=course_data&id=42")
  }

  @Test func giftPageUsesTheTabOfEachVariant() {
    let v1 = ShopRoutes.resolve(["type": "gift_page"], variant: .v1)
    let v2 = ShopRoutes.resolve(["type": "gift_page"], variant: .v2)
    #expect(v1.destination == .giftManager)
    #expect(v1.tab?.index == 3)
    #expect(v2.tab?.name == "profile")
  }

  @Test func everyDestinationHasAScreen() {
    #expect(screenName(for: .home) == "Home")
    #expect(
      screenName(forPush: ["type": "webview_full", "id": "5"], variant: .v2)
        == "BookReader(bookId: 5, hideCache: true, chapter: nil)")
  }

  // Walks the links the manifest declares: with none, there is nothing to walk; with some, each
  // example opens a screen by its own pattern, and sharing that screen gives a link back to it.
  @Test func everyLinkOpensAScreenAndSharingItLinksBack() throws {
    #expect(
      Set(ShopRoutes.exampleLinks.map(\.link)) == [
        "/", "/open?to=home", "/account/gifts", "/courses/{id}", "/learn/{id*}",
        "/books/{book_id}?chapter={chapter}", "/books/new", "/orders/{order_id}",
      ])
    for example in ShopRoutes.exampleLinks {
      let resolution = ShopRoutes.resolve(url: example.url, variant: example.variant)
      #expect(resolution.status == .matched, "\(example.url) in \(example.variant)")
      #expect(resolution.link == example.link)
      #expect(resolution.foregroundPolicy == .navigate)
      let destination = try #require(resolution.destination)
      let shared = try #require(ShopRoutes.link(for: destination, variant: example.variant))
      let reopened = ShopRoutes.resolve(url: shared, variant: example.variant)
      #expect(reopened.status == .matched, "\(shared) in \(example.variant)")
      #expect(reopened.destination == destination)
    }
  }

  // An order needs a signed-in user and opens with the order list beneath it.
  @Test func anOrderRequiresSignInAndBuildsItsBackStack() {
    let resolution = ShopRoutes.resolve(["type": "order_detail", "order_id": "42"], variant: .v2)
    #expect(resolution.destination == .orderDetail(orderId: 42))
    #expect(resolution.requires == RequirementSet([ShopRoutes.Requirement.signedIn]))
    #expect(
      resolution.unmet(satisfied: RequirementSet()).elements(as: ShopRoutes.Requirement.self) == [
        .signedIn
      ])
    #expect(resolution.stack == [.orderList])
    let signIn = ShopRoutes.resolve(requirement: .signedIn, variant: .v2)
    #expect(signIn?.destination == .signIn)
    #expect(signIn?.presentation == .modal)
  }

  @Test func aURLOfAnotherSiteIsAnUnknownLink() {
    for variant in ShopRoutes.Variant.allCases {
      let resolution = ShopRoutes.resolve(url: "https://elsewhere.example/x", variant: variant)
      #expect(resolution.status == .unknownLink)
      #expect(resolution.destination == nil)
      #expect(resolution.link == nil)
    }
  }

  @Test func aMissingParameterIsReportedNotGuessed() {
    let resolution = ShopRoutes.resolve(["type": "course_page"], variant: .v2)
    #expect(resolution.status == .invalidParams)
    #expect(resolution.destination == nil)
    #expect(resolution.errors == [ParameterError(param: "id", reason: .missing)])
  }
}
