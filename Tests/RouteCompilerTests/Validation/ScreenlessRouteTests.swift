import CompilerTestSupport
import Foundation
import RouteTable
import Testing

@testable import RouteCompiler

/// Screenless routes (`app_action`, `reroute`) have a target of their own kind: the resolved
/// manifest holds only the screens the manifest declares, and the table encoder adds the
/// stand-in screen records its format needs.
@Suite struct ScreenlessRouteTests {
  static let manifest = """
    manifest: 1
    links: { hosts: [shop.example] }
    screens:
      Home: {}
      Product: { params: { id: int } }
    routes:
      home: { screen: Home }
      product:
        screen: Product
        links: ["/p/{id}"]
      sync: { app_action: sync_inbox }
      go:
        reroute: to
        links: ["/go?to={to}"]
      push_link:
        reroute: url
        params: { url: data.link }

    """

  @Test func eachRouteHasItsTargetAndNoScreenIsMadeUp() throws {
    let output = lint(Self.manifest)
    #expect(output.diagnostics.isEmpty)
    let manifest = try #require(output.manifest)
    #expect(manifest.screens.map(\.name) == ["Home", "Product"])
    #expect(
      manifest.routes.map(\.target) == [
        .screen(0), .screen(1), .appAction("sync_inbox"), .reroute("to"), .reroute("url"),
      ])
    #expect(manifest.routes.map(\.isScreenless) == [false, false, true, true, true])
    #expect(manifest.routes[2].variants[0]?.screen == nil)
    #expect(manifest.params(of: .appAction("sync_inbox")).isEmpty)
    #expect(
      manifest.params(of: .reroute("url")) == [
        ResolvedManifest.Param(
          name: "url", type: .string, requirement: .required,
          maxLength: ResolvedManifest.defaultMaxLength)
      ])
    #expect(manifest.routes[4].variants[0]?.params == [.payload(keyPath: ["data", "link"])])
    #expect(DestinationCase.cases(of: manifest).count == 2)
  }

  /// The table holds one stand-in screen record per screenless route, after the declared
  /// screens, and resolves through them as before.
  @Test func theTableResolvesScreenlessRoutesThroughItsStandIns() throws {
    let manifest = try #require(lint(Self.manifest).manifest)
    #expect(
      TableScreens(manifest).screens.map(\.name) == [
        "Home", "Product", "(app_action)", "(reroute)", "(reroute)",
      ])
    #expect(TableScreens(manifest).standIns == [2: 2, 3: 3, 4: 4])
    let table = RouteTableEncoder.table(for: manifest)
    let carried = table.resolve(
      Payload([
        "type": .string("push_link"),
        "data": .object(["link": .string("https://shop.example/p/7")]),
      ]),
      variant: 0)
    #expect(carried.status == .matched)
    #expect(carried.route == "product")
    #expect(carried.reroutedFrom == ["push_link"])
    let linked = table.resolve(
      url: "https://shop.example/go?to=https%3A%2F%2Fshop.example%2Fp%2F8", variant: 0)
    #expect(linked.status == .matched)
    #expect(linked.reroutedFrom == ["go"])
    let action = table.resolve(Payload(["type": .string("sync")]), variant: 0)
    #expect(action.status == .appAction)
    #expect(action.appAction == "sync_inbox")
    #expect(action.destination == nil)
  }

  /// A screenless route's parameters belong to the route: messages say so, never naming a
  /// screen the manifest does not declare.
  @Test func messagesNameTheRouteNotAStandIn() {
    let output = lint(
      Self.manifest.replacingOccurrences(
        of: "params: { url: data.link }", with: "params: { ur: data.link }"))
    #expect(
      output.diagnostics.map { "\(brief([$0])[0]) \($0.message)" } == [
        "17:15 unknown-param the route has no parameter `ur`; did you mean `url`?"
      ])
  }

  /// docs/manifest.md's example of an `app_action` route with links, as written there.
  static let appActionLinks = """
    manifest: 1
    links:
      hosts: [shop.example]
    screens:
      Home: {}
    routes:
      home:
        screen: Home
        links: [/]
      sign_out:
        app_action: sign_out
        links: [/account/sign-out]

    """

  /// A URL that matches an `app_action` route's pattern resolves to its action, with the
  /// pattern as `link`; the docs show this manifest and this resolution.
  @Test func anAppActionRouteIsReachedFromItsLinks() throws {
    let docs = try String(
      contentsOf: DocsTests.root.appendingPathComponent("docs/manifest.md"), encoding: .utf8)
    #expect(docs.contains("```yaml\n" + Self.appActionLinks + "```"))
    let output = lint(Self.appActionLinks)
    #expect(output.diagnostics.isEmpty)
    let manifest = try #require(output.manifest)
    let table = RouteTableEncoder.table(for: manifest)
    let resolution = table.resolve(url: "https://shop.example/account/sign-out", variant: 0)
    #expect(resolution.status == .appAction)
    #expect(resolution.appAction == "sign_out")
    #expect(resolution.link == "/account/sign-out")
    #expect(resolution.destination == nil)
    #expect(table.exampleAppActionLinks.map(\.url) == ["https://shop.example/account/sign-out"])
    #expect(table.exampleLinks.map(\.url) == ["https://shop.example/"])
  }

  /// An `app_action` route takes no parameter: a placeholder in its link is one error, with
  /// what the pattern may hold instead.
  @Test func anAppActionRoutesLinksBindNothing() {
    let output = lint(
      Self.appActionLinks.replacingOccurrences(
        of: "[/account/sign-out]", with: "[\"/account/{id}/sign-out\"]"))
    #expect(
      output.diagnostics.map { "\(brief([$0])[0]) \($0.message)" } == [
        "12:23 unknown-link-param the link uses `{id}`, which is not a parameter of the route; an `app_action` route takes no parameter, so its links bind none: write a literal segment, `{_}` or `{_*}`"
      ])
  }
}
