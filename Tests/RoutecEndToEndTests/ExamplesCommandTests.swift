import Foundation
import RouteCompiler
@_spi(Generated) import RouteTable
import RoutecTestSupport
import Testing

/// `routec examples`: the simulator kit. Every payload it writes for every valid manifest
/// resolves back to its route, within APNs' size limit.
@Suite("routec examples")
struct ExamplesCommandTests {
  /// Runs `routec examples` on `manifest` (relative to the package root) into a new folder and
  /// returns the folder's files by name.
  static func kit(_ manifest: String, bundleID: String? = nil) throws -> [String: String] {
    let folder = try TemporaryFolder()
    let output = folder.url.appendingPathComponent("kit")
    let result = try RoutecRunner.run(
      ["examples", manifest, "--output", output.path]
        + (bundleID.map { ["--bundle-id", $0] } ?? []),
      in: RoutecRunner.packageRoot)
    #expect(result.status == 0, "\(manifest): \(result)")
    var files: [String: String] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: output.path) {
      files[name] = try String(contentsOf: output.appendingPathComponent(name), encoding: .utf8)
    }
    return files
  }

  /// Every file of every valid manifest: a route's payload resolves as that route, an action's
  /// (`ROUTE.CATEGORY.ACTION.apns`) as that route when its action is tapped; each is at most
  /// 4096 bytes and names the app when asked to.
  @Test(arguments: GeneratedCodeTests.manifests)
  func everyPayloadResolvesBackToItsRoute(manifest: String) throws {
    let bytes = Array(
      try Data(contentsOf: RoutecRunner.packageRoot.appendingPathComponent(manifest)))
    let output = ManifestPipeline.run(bytes: bytes, fileName: manifest)
    let resolved = try #require(output.manifest)
    let table = try #require(output.table).runtimeTable
    let files = try Self.kit(manifest, bundleID: "com.example.app")
    let payloads = files.keys.filter { $0.hasSuffix(".apns") }
    // Each file the kit should hold: the route it resolves to, and the action tapped.
    var expected: [String: (route: String, action: String?)] = [:]
    // Screenless routes (`app_action`, `reroute`) open nothing to look at: no file.
    for route in resolved.routes where !route.isScreenless {
      expected["\(route.key).apns"] = (route.key, nil)
    }
    for category in resolved.categories {
      for action in category.actions {
        guard let index = action.route, !resolved.routes[index].isScreenless else { continue }
        let route = resolved.routes[index].key
        expected["\(route).\(category.name).\(action.id).apns"] = (route, action.id)
      }
    }
    #expect(Set(payloads) == Set(expected.keys), "\(manifest)")
    for name in payloads.sorted() {
      let text = try #require(files[name])
      let (route, action) = try #require(expected[name], "\(manifest) \(name)")
      #expect(text.utf8.count <= 4096, "\(manifest) \(name)")
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
      #expect(object["Simulator Target Bundle"] as? String == "com.example.app", "\(name)")
      let payload = try #require(Payload(jsonObject: object))
      // A route the default variant lacks is written in the first variant that has it.
      let variants = [table.defaultVariant] + Array(0..<table.variantNames.count)
      let resolutions = variants.map { variant in
        action.map { table.resolve(action: $0, payload, variant: variant) }
          ?? table.resolve(payload, variant: variant)
      }
      let first = try #require(
        resolutions.first { $0.status != .unavailable }, "\(manifest) \(name)")
      #expect(first.status == .matched, "\(manifest) \(name): \(first.status)")
      #expect(first.route == route, "\(manifest) \(name)")
    }
    #expect(files["simulator.sh"] != nil)
  }

  @Test func theScriptPushesEveryFileAndOpensEveryLink() throws {
    let manifest = "Tests/RoutecEndToEndTests/Fixtures/links.routes.yaml"
    let files = try Self.kit(manifest)
    let script = try #require(files["simulator.sh"])
    let lines = script.split(separator: "\n").map(String.init)
    #expect(lines.first == "#!/bin/sh")
    #expect(lines.contains("[ $# -eq 1 ] || { echo \"usage: $0 BUNDLE_ID\" >&2; exit 2; }"))
    let pushes = lines.filter { $0.hasPrefix("xcrun simctl push booted \"$1\" ") }
    #expect(pushes.count == files.keys.filter { $0.hasSuffix(".apns") }.count)
    let opens = lines.filter { $0.hasPrefix("xcrun simctl openurl booted ") }
    let output = ManifestPipeline.run(
      bytes: Array(try Data(contentsOf: RoutecRunner.packageRoot.appendingPathComponent(manifest))),
      fileName: manifest)
    let table = try #require(output.table).runtimeTable
    #expect(opens.count == table.linkPatterns.count)
    // Each URL is written with the manifest's first custom scheme and opens its pattern.
    let scheme = try #require(output.manifest?.linkSchemes.first)
    for (line, pattern) in zip(opens, table.linkPatterns) {
      let url = String(line.dropFirst("xcrun simctl openurl booted '".count).dropLast())
      #expect(url.hasPrefix("\(scheme)://"), "\(line)")
      let resolution = table.resolve(url: url, variant: table.defaultVariant)
      #expect(resolution.link == pattern.link, "\(line)")
    }
    // Without --bundle-id no payload names an app.
    #expect(files.values.allSatisfy { !$0.contains("Simulator Target Bundle") })
  }

  @Test func aRoutesPayloadIsExact() throws {
    let folder = try TemporaryFolder()
    try folder.write(
      "app.routes.yaml",
      """
      manifest: 1
      screens:
        Order:
          params:
            order_id: int
      routes:
        order_detail:
          screen: Order
          params: { order_id: order.id }
      categories:
        order_update:
          actions:
            track: { title: Track, route: order_detail }

      """)
    let result = try RoutecRunner.run(
      ["examples", "app.routes.yaml", "-o", "kit", "--bundle-id", "com.example.shop"],
      in: folder.url)
    #expect(result.status == 0, "\(result)")
    #expect(result.stderrLines == ["routec examples: wrote 2 payloads and simulator.sh to kit"])
    let kit = folder.url.appendingPathComponent("kit")
    #expect(
      try String(contentsOf: kit.appendingPathComponent("order_detail.apns"), encoding: .utf8)
        == """
        {
          "Simulator Target Bundle": "com.example.shop",
          "aps": {
            "alert": {
              "body": "Tap to open order_detail",
              "title": "order_detail"
            }
          },
          "order": {
            "id": 1
          },
          "type": "order_detail"
        }

        """)
    #expect(
      try String(
        contentsOf: kit.appendingPathComponent("order_detail.order_update.track.apns"),
        encoding: .utf8
      )
      .contains("\"category\": \"order_update\""))
    #expect(
      try String(contentsOf: kit.appendingPathComponent("simulator.sh"), encoding: .utf8) == """
        #!/bin/sh
        # Written by `routec examples`: pushes each payload of this folder to the booted simulator,
        # then opens an example URL of each link pattern. Regenerate it; do not edit it.
        set -e
        cd "$(dirname "$0")"
        xcrun simctl push booted './order_detail.apns'
        xcrun simctl push booted './order_detail.order_update.track.apns'

        """)
    let attributes = try FileManager.default.attributesOfItem(
      atPath: kit.appendingPathComponent("simulator.sh").path)
    #expect((attributes[.posixPermissions] as? Int) == 0o755)
  }

  /// A route whose pushes carry a category (`routes.NAME.category`): its file has the
  /// category, and each button of the category is a file built from that route's push, whose
  /// tap resolves to the button's route.
  @Test func aCarriedCategoryIsWrittenIntoItsRoutesPush() throws {
    let folder = try TemporaryFolder()
    try folder.write(
      "app.routes.yaml",
      """
      manifest: 1
      screens:
        Episode:
          params:
            episode_id: string
        Player:
          params:
            episode_id: string
      routes:
        new_episode:
          screen: Episode
          params: { episode_id: data.episode_id }
          category: episode_alerts
        play:
          screen: Player
          params: { episode_id: data.episode_id }
      categories:
        episode_alerts:
          actions:
            play_now: { title: Play, route: play }

      """)
    let result = try RoutecRunner.run(["examples", "app.routes.yaml", "-o", "kit"], in: folder.url)
    #expect(result.status == 0, "\(result)")
    let kit = folder.url.appendingPathComponent("kit")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: kit.path).sorted() == [
        "new_episode.apns", "new_episode.episode_alerts.play_now.apns", "play.apns",
        "simulator.sh",
      ])
    #expect(
      try String(contentsOf: kit.appendingPathComponent("new_episode.apns"), encoding: .utf8)
        .contains("\"category\": \"episode_alerts\""))
    let button = try String(
      contentsOf: kit.appendingPathComponent("new_episode.episode_alerts.play_now.apns"),
      encoding: .utf8)
    #expect(button.contains("\"type\": \"new_episode\""))
    #expect(button.contains("Long-press and choose “Play” to open play"))
    // The button's file resolves, as a tap, to the button's route.
    let tap = try RoutecRunner.run(
      [
        "resolve", "app.routes.yaml", "--action", "play_now", "--payload-file",
        "kit/new_episode.episode_alerts.play_now.apns",
      ], in: folder.url)
    #expect(tap.status == 0, "\(tap)")
    #expect(tap.stdout.contains("\"route\": \"play\""))
  }

  /// Names that would share a file (dots join a route, a category and an action, and macOS
  /// compares names without case), or that are too long for a file system, get `~N`; every
  /// payload keeps its own file.
  @Test func fileNamesStayUniqueAndShortEnough() throws {
    let long = String(repeating: "r", count: 128)
    let folder = try TemporaryFolder()
    try folder.write(
      "app.routes.yaml",
      """
      manifest: 1
      screens:
        Home: {}
      routes:
        a.b: { screen: Home }
        a: { screen: Home }
        a.b.c.d: { screen: Home }
        A.B.C.D: { screen: Home }
        -rf: { screen: Home }
        \(long): { screen: Home }
      categories:
        c:
          actions:
            d: { title: D, route: a.b }
        b.c:
          actions:
            d: { title: D, route: a }
        \(String(repeating: "c", count: 128)):
          actions:
            \(String(repeating: "x", count: 128)): { title: X, route: \(long) }

      """)
    let result = try RoutecRunner.run(["examples", "app.routes.yaml", "-o", "kit"], in: folder.url)
    #expect(result.status == 0, "\(result)")
    let names = try FileManager.default.contentsOfDirectory(
      atPath: folder.url.appendingPathComponent("kit").path)
    let cut = String((long + "." + String(repeating: "c", count: 128) + ".").prefix(255 - 7))
    #expect(
      Set(names) == [
        "a.b.apns", "a.apns", "a.b.c.d.apns", "A.B.C.D~2.apns", "-rf.apns", "\(long).apns",
        "a.b.c.d~3.apns", "a.b.c.d~4.apns", "\(cut)~2.apns", "simulator.sh",
      ])
    let script = try String(
      contentsOf: folder.url.appendingPathComponent("kit/simulator.sh"), encoding: .utf8)
    #expect(script.contains("xcrun simctl push booted \"$1\" './-rf.apns'\n"))
    #expect(
      try String(
        contentsOf: folder.url.appendingPathComponent("kit/a.b.c.d~4.apns"), encoding: .utf8
      )
      .contains("\"category\": \"b.c\""))
  }

  /// A payload over APNs' limit is an error naming the route's file.
  @Test func aPayloadOverTheLimitIsAnError() throws {
    let folder = try TemporaryFolder()
    let long = String(repeating: "k", count: 1000)
    try folder.write(
      "app.routes.yaml",
      """
      manifest: 1
      screens:
        Big:
          params:
            a: string
            b: string
            c: string
            d: string
            e: string
      routes:
        big:
          screen: Big
          params: { a: \(long)a, b: \(long)b, c: \(long)c, d: \(long)d, e: \(long)e }

      """)
    let result = try RoutecRunner.run(["examples", "app.routes.yaml", "-o", "kit"], in: folder.url)
    #expect(result.status == 1, "\(result)")
    #expect(result.stderrLines.count == 1, "\(result)")
    #expect(
      result.stderrLines.first?.hasPrefix("app.routes.yaml: error: big.apns would be ") == true,
      "\(result)")
  }

  @Test func aMalformedBundleIDIsAUsageError() throws {
    let folder = try TemporaryFolder()
    try folder.write(
      "app.routes.yaml", "manifest: 1\nscreens:\n  Home: {}\nroutes:\n  home:\n    screen: Home\n")
    let result = try RoutecRunner.run(
      ["examples", "app.routes.yaml", "-o", "kit", "--bundle-id", "com.example app"], in: folder.url
    )
    #expect(result.status == 2, "\(result)")
    #expect(result.stderr.contains("--bundle-id `com.example app` is not a bundle identifier"))
  }
}
