import CompilerTestSupport
import Foundation
@_spi(Generated) import RouteTable
import TestSupport
import Testing

@testable import RouteCompiler

/// The builders of quick actions and user activities round-trip: for every route a door opens in
/// every valid fixture and variant, the destination its example values resolve to is built back
/// into a door whose `userInfo` resolves to that same destination.
@Suite struct DoorRoundTripTests {
  static let fixtures: [String] = {
    let folder = Fixtures.url("valid")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasSuffix(".routes.yaml") }.sorted().map { "valid/\($0)" }
  }()

  @Test(arguments: fixtures)
  func whatABuilderMakesResolvesBackToItsDestination(fixture: String) throws {
    let output = try lintFixture(fixture)
    let manifest = try #require(output.manifest, "\(output.diagnostics)")
    let table = RouteTableEncoder.table(for: manifest)
    let doors: [(DoorKind, String, Int, Bool)] =
      manifest.shortcuts.map { (.shortcut, $0.type, $0.route, $0.isDynamic) }
      + manifest.activities.map { (.activity, $0.type, $0.route, true) }
    for (kind, type, route, canBuild) in doors where canBuild {
      for variant in manifest.variants.indices where manifest.routes[route].variants[variant] != nil
      {
        let example = try #require(table.examplePayload(route: route, variant: variant))
        let opened = table.resolve(kind, type: type, example, variant: variant)
        let destination = try #require(
          opened.destination, "\(type) in \(variant): \(opened.status)")
        var key = ScreenKey(destination.index)
        for value in destination.values { key = key.adding(value) }
        let built = try #require(
          kind == .shortcut
            ? table.shortcut(for: key, variant: variant)
            : table.activity(for: key, variant: variant),
          "nothing built for \(destination) (\(type), variant \(variant))")
        let again = table.resolve(kind, type: built.type, built.userInfo, variant: variant)
        #expect(again.status == .matched, "\(built)")
        #expect(
          again.destination == destination,
          "\(built) opens \(String(describing: again.destination))")
      }
    }
  }

  /// The property on random manifests (the link property test's), each given a dynamic quick
  /// action and an activity type per route: for random destinations in every variant, what a
  /// builder makes, when it makes anything, resolves back to exactly that destination, through
  /// the door it names.
  @Test func buildersRoundTripOnRandomManifests() throws {
    var generator = LinkManifestGenerator(seed: LinkRoundTripPropertyTests.seed)
    var random = SplitMix64(seed: LinkRoundTripPropertyTests.seed)
    var built = 0
    var refused = 0
    for _ in 0..<150 {
      let base = generator.make()
      guard let routes = lint(base).manifest?.routes, !routes.isEmpty else { continue }
      let doors =
        "shortcuts:\n"
        + routes.enumerated().map {
          "  s\($0.offset): { route: \($0.element.key), dynamic: true }\n"
        }
        .joined()
        + "activities:\n"
        + routes.enumerated().map { "  a.\($0.offset): \($0.element.key)\n" }.joined()
      let output = lint(base + doors)
      let manifest = try #require(output.manifest, "\(output.diagnostics)")
      let table = RouteTableEncoder.table(for: manifest)
      for _ in 0..<20 {
        let screen = Int.random(in: 0..<manifest.screens.count, using: &random)
        let variant = Int.random(in: 0..<manifest.variants.count, using: &random)
        let params = manifest.screens[screen].params
        let values = params.map { LinkRoundTripPropertyTests.randomValue($0, &random) }
        let key = LinkRoundTripPropertyTests.screenKey(screen, values, params)
        for kind in [DoorKind.shortcut, .activity] {
          let door =
            kind == .shortcut
            ? table.shortcut(for: key, variant: variant)
            : table.activity(for: key, variant: variant)
          guard let door else {
            refused += 1
            continue
          }
          built += 1
          let resolution = table.resolve(kind, type: door.type, door.userInfo, variant: variant)
          #expect(
            resolution.status == .matched && resolution.destination?.index == screen
              && resolution.destination?.values == values,
            "\(kind) \(door.type) for \(manifest.screens[screen].name)\(values) in variant \(variant) resolves to \(resolution.status) \(String(describing: resolution.destination)):\n\(base + doors)"
          )
        }
      }
    }
    // Destinations built and resolved back; the refused ones have a value no route can carry
    // (a constant or a default of another value stands in the way).
    #expect(built >= 1_000, "\(built) built, \(refused) refused")
  }

  @Test func theDoorsFixtureBuildsEachKindAndTitle() throws {
    let manifest = try #require(try lintFixture("valid/doors.routes.yaml").manifest)
    let table = RouteTableEncoder.table(for: manifest)
    // order_detail (screen 2) with order_id 42: the dynamic `reorder`, and the first activity.
    let key = ScreenKey(2).int(42)
    let shortcut = try #require(table.shortcut(for: key, variant: 0))
    #expect(shortcut.type == "reorder")
    #expect(shortcut.title == "Order again")
    #expect(shortcut.userInfo == Payload(["order": .object(["id": .integer(42)])]))
    let activity = try #require(table.activity(for: key, variant: 0))
    #expect(activity.type == "com.example.shop.order")
    #expect(activity.title == nil)
    // Search (screen 0) is opened by static quick actions only: no dynamic one can be built.
    #expect(table.shortcut(for: ScreenKey(0), variant: 0) == nil)
    #expect(table.activity(for: ScreenKey(0), variant: 0)?.type == "com.example.shop.search")
  }
}
