import Foundation
@_spi(Generated) import RouteTable
import Testing

/// The docs' test recipes (docs/plugin.md, the Reading a resolution article) over the real apps'
/// routes, which have app actions (`app_action`) and URLs routed again (`reroute`): every example
/// payload and link resolves to its own route or pattern, and the examples of routes that open
/// no screen of their own are in lists of their own.
@Suite struct ExampleRecipeTests {
  typealias Routes = RealAppsRoutes

  @Test func everyExamplePayloadOpensItsOwnRoute() {
    let examples = Routes.examplePayloads
    #expect(examples.count == 15)
    for example in examples {
      let resolution = Routes.resolve(example.payload, variant: example.variant)
      #expect(resolution.status == .matched, "\(example.pushType)")
      #expect(resolution.destination != nil, "\(example.pushType)")
      #expect(resolution.pushType == example.pushType.rawValue)
    }
    #expect(
      !examples.contains { ["sync", "push_link", "redirect"].contains($0.pushType.rawValue) })
  }

  @Test func everyExampleLinkOpensItsOwnPattern() throws {
    let examples = Routes.exampleLinks
    #expect(!examples.contains { $0.link == "/go?to={to}" || $0.link == "/sync" })
    // Every pattern but the `reroute` route's and the `app_action` route's.
    #expect(examples.count == Routes.table.linkPatterns.count - 2)
    for example in examples {
      let resolution = Routes.resolve(url: example.url, variant: example.variant)
      #expect(resolution.status == .matched, "\(example.link)")
      #expect(resolution.link == example.link)
      let destination = try #require(resolution.destination)
      let shared = try #require(Routes.link(for: destination, variant: example.variant))
      #expect(Routes.resolve(url: shared, variant: example.variant).destination == destination)
    }
  }

  /// The `app_action` route's pattern has its example in `exampleAppActionLinks`: it resolves to
  /// the route's action.
  @Test func appActionLinksHaveExamplesOfTheirOwn() {
    let examples = Routes.exampleAppActionLinks
    #expect(examples.map(\.link) == ["/sync"])
    #expect(examples.map(\.url.absoluteString) == ["https://shop.example/sync"])
    for example in examples {
      let resolution = Routes.resolve(url: example.url, variant: example.variant)
      #expect(resolution.status == .appAction)
      #expect(resolution.appAction == "sync_inbox")
      #expect(resolution.link == "/sync")
    }
  }

  @Test func appActionRoutesHaveExamplesOfTheirOwn() {
    let examples = Routes.exampleAppActionPayloads
    #expect(examples.map(\.pushType.rawValue) == ["sync"])
    for example in examples {
      let resolution = Routes.resolve(example.payload, variant: example.variant)
      #expect(resolution.status == .appAction)
      #expect(resolution.appAction == "sync_inbox")
    }
  }

  @Test func reroutesCarryALinkThatOpensAScreen() throws {
    let payloads = Routes.exampleReroutePayloads
    #expect(payloads.map(\.pushType.rawValue) == ["push_link", "redirect"])
    for example in payloads {
      let resolution = Routes.resolve(example.payload, variant: example.variant)
      #expect(resolution.status == .matched, "\(example.pushType)")
      #expect(resolution.reroutedFrom == [example.pushType.rawValue])
      #expect(resolution.destination != nil)
    }
    let links = Routes.exampleRerouteLinks
    #expect(links.map(\.link) == ["/go?to={to}"])
    let link = try #require(links.first)
    #expect(link.url.absoluteString.hasPrefix("https://shop.example/go?to=https%3A%2F%2F"))
    let resolution = Routes.resolve(url: link.url, variant: link.variant)
    #expect(resolution.status == .matched)
    #expect(resolution.reroutedFrom == ["redirect"])
  }
}
