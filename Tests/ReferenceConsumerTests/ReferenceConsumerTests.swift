import Foundation
import RouteTable
import Testing

/// The committed reference outputs of `routec generate` (`Tests/RoutecEndToEndTests/Reference`, linked
/// here), compiled as an app compiles them and called as an app calls them: a reference that no
/// longer compiles against the runtime fails the build, and the calls below show that it
/// resolves as the documentation says. `ReferenceOutputTests` checks that routec still writes
/// them byte for byte.
@Suite struct ReferenceConsumerTests {
  /// The example of docs/commands.md's `routec resolve`: a `webview` push in variant `v1`, in
  /// the foreground.
  @Test func theShopResolvesTheDocumentedPush() throws {
    let resolution = ShopRoutes.resolve(
      ["aps": ["type": "webview"], "id": "7", "chapter": "3"], variant: .v1, state: .foreground)
    #expect(resolution.status == .matched)
    #expect(resolution.route == "webview_full")
    #expect(resolution.destination == .bookReader(bookId: 7, hideCache: true, chapter: 3))
    #expect(resolution.tab?.name == "shop")
    #expect(resolution.presentation == .modal)
    #expect(resolution.foregroundPolicy == .banner)
    #expect(
      resolution.url
        == "https://m.example.com/index.php?c=fast_show_ctrl&m=show_book_free&id=7&hide_cache=1&chapter=3"
    )
  }

  @Test func aLinkToAShopDestinationOpensItAgain() throws {
    let destination = ShopRoutes.Destination.bookReader(bookId: 7, hideCache: true, chapter: 3)
    let url = try #require(ShopRoutes.link(for: destination, variant: .v1))
    #expect(url.absoluteString == "https://shop.example/books/7?chapter=3")
    let resolution = ShopRoutes.resolve(url: url, variant: .v1)
    #expect(resolution.destination == destination)
    #expect(resolution.link == "/books/{book_id}?chapter={chapter}")
  }

  /// Every example payload of the manifest that uses every key opens its own push type's route
  /// (or the route's alias), matched, with a destination.
  @Test func everyExamplePayloadOfEveryKeyOpensItsRoute() throws {
    let examples = EveryKeyRoutes.examplePayloads
    #expect(!examples.isEmpty)
    for example in examples {
      let resolution = EveryKeyRoutes.resolve(example.payload, variant: example.variant)
      #expect(resolution.status == .matched, "\(example.pushType)")
      #expect(resolution.destination != nil, "\(example.pushType)")
    }
  }
}
