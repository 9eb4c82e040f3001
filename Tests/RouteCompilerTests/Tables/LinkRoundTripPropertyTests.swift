import CompilerTestSupport
import Foundation
@_spi(Generated) import RouteTable
import TestSupport
import Testing

@testable import RouteCompiler

/// Links on random manifests, compiled in-process: every example link opens its own pattern;
/// `link(for:variant:)` gives a URL that resolves back to the destination exactly when some
/// pattern can express it, as an independent check (below) decides; and every ambiguity the
/// compiler reports comes with a URL that each of the two patterns matches on its own.
@Suite struct LinkRoundTripPropertyTests {
  /// `ROUTETABLE_PROPERTY_SEED` when set (to reproduce or explore), else a fixed seed so every
  /// run checks the same manifests.
  static let seed: UInt64 =
    ProcessInfo.processInfo.environment["ROUTETABLE_PROPERTY_SEED"].flatMap { UInt64($0) }
    ?? 20_261_123

  /// The random manifests that compile, with their tables.
  static let manifests: [(yaml: String, manifest: ResolvedManifest, table: RouteTable)] = {
    var generator = LinkManifestGenerator(seed: seed)
    return (0..<300).compactMap { _ in
      let yaml = generator.make()
      let output = lint(yaml)
      guard !output.hasErrors, let manifest = output.manifest else { return nil }
      return (yaml, manifest, RouteTableEncoder.table(for: manifest))
    }
  }()

  @Test func enoughRandomManifestsCompile() {
    #expect(Self.manifests.count >= 100, "\(Self.manifests.count) of 300")
    let patterns = Self.manifests.map { $0.table.linkPatterns.count }.reduce(0, +)
    #expect(patterns >= 300)
  }

  @Test func everyExampleLinkOpensItsOwnPattern() {
    var total = 0
    var covered = 0
    for (yaml, manifest, table) in Self.manifests {
      var expected: [[Int]] = []
      for (id, pattern) in table.linkPatterns.enumerated() {
        for (variant, effective) in manifest.routes[pattern.route].variants.enumerated()
        where effective != nil {
          expected.append([id, variant])
        }
      }
      let examples = table.exampleLinks
      #expect(examples.map { [$0.pattern, $0.variant] } == expected, "\(yaml)")
      let routes = manifest.routes.flatMap { route in route.links.map { (route, $0) } }
      let checker = LinkExpressibility(manifest: manifest)
      for example in examples {
        let resolution = table.resolve(url: example.url, variant: example.variant)
        let pattern = table.linkPatterns[example.pattern].link
        total += 1
        if resolution.status == .matched && resolution.link == pattern { continue }
        // Only a pattern that more specific ones cover entirely has no URL of its own.
        let (route, written) = routes[example.pattern]
        #expect(written.text == pattern)
        #expect(
          !checker.someURLOpens(written, of: route, variant: example.variant),
          "\(example.url) in variant \(example.variant) is \(resolution.status) \(resolution.link ?? "-"), not \(pattern):\n\(yaml)"
        )
        covered += 1
      }
    }
    #expect(covered * 20 <= total, "\(covered) of \(total) patterns have no URL of their own")
  }

  @Test func linkForADestinationResolvesBackExactlyWhenAPatternCanExpressIt() throws {
    var random = SplitMix64(seed: Self.seed)
    var built = 0
    var refused = 0
    for (yaml, manifest, table) in Self.manifests {
      let checker = LinkExpressibility(manifest: manifest)
      for _ in 0..<30 {
        let screen = Int.random(in: 0..<manifest.screens.count, using: &random)
        let variant = Int.random(in: 0..<manifest.variants.count, using: &random)
        let values = manifest.screens[screen].params.map { Self.randomValue($0, &random) }
        let key = Self.screenKey(screen, values, manifest.screens[screen].params)
        let expressible = checker.firstExpressible(screen: screen, values: values, variant: variant)
        let described = "\(manifest.screens[screen].name)\(values) in variant \(variant)"
        guard let url = table.link(for: key, variant: variant) else {
          #expect(
            expressible == nil,
            "no link for \(described), but \(expressible ?? "") can express it:\n\(yaml)")
          refused += 1
          continue
        }
        built += 1
        let resolution = table.resolve(url: url, variant: variant)
        #expect(
          resolution.status == .matched && resolution.destination?.index == screen
            && resolution.destination?.params.map(\.value) == values,
          "\(url) for \(described) resolves to \(resolution.status) \(String(describing: resolution.destination)):\n\(yaml)"
        )
        // The first pattern in manifest order that can express the destination.
        #expect(
          resolution.link == expressible,
          "\(url) for \(described) uses \(resolution.link ?? "-"), not \(expressible ?? "none"):\n\(yaml)"
        )
      }
    }
    #expect(built >= 300 && refused >= 300, "\(built) links built, \(refused) refused")
  }

  // MARK: - Examples that other patterns would take

  /// The example links of a manifest whose one screen `S` has the parameters `params`, by
  /// pattern, in its one variant.
  static func exampleLinks(params: String, routes: String) throws -> [String: String] {
    let yaml = """
      manifest: 1
      links:
        hosts: [a.example]
      screens:
        S:
          params:
      \(params)
      routes:
      \(routes)
      """
    let output = lint(yaml)
    let manifest = try #require(output.manifest, "\(brief(output.diagnostics))")
    #expect(!output.hasErrors, "\(brief(output.diagnostics))")
    let table = RouteTableEncoder.table(for: manifest)
    let patterns = table.linkPatterns
    var examples: [String: String] = [:]
    for example in table.exampleLinks {
      examples[patterns[example.pattern].link] = example.url
      let resolution = table.resolve(url: example.url, variant: example.variant)
      #expect(
        resolution.link == patterns[example.pattern].link,
        "\(example.url) opens \(resolution.link ?? "-"), not \(patterns[example.pattern].link)")
    }
    return examples
  }

  /// A string of `max_length: 1` gets other one-letter examples than the literal `x`.
  @Test func aShortStringExampleAvoidsALiteral() throws {
    let examples = try Self.exampleLinks(
      params: "      name: { type: string, max_length: 1 }",
      routes: """
          tag:
            screen: S
            links: ["/t/{name}"]
          x:
            screen: S
            params:
              name: { value: x }
            links: [/t/x]
        """)
    #expect(examples == ["/t/{name}": "https://a.example/t/e", "/t/x": "https://a.example/t/x"])
  }

  /// `1` and `0` are bools too, when `true` and `false` are literals.
  @Test func aBoolExampleAvoidsTrueAndFalseLiterals() throws {
    let examples = try Self.exampleLinks(
      params: "      on: bool",
      routes: """
          setting:
            screen: S
            links: ["/s/{on}"]
          on:
            screen: S
            params:
              on: { value: true }
            links: [/s/true]
          off:
            screen: S
            params:
              on: { value: false }
            links: [/s/false]
        """)
    #expect(examples["/s/{on}"] == "https://a.example/s/1")
  }

  /// A rest takes two segments when one is a `{name}`'s.
  @Test func aRestExampleTakesTwoSegmentsWhenOneIsTaken() throws {
    let examples = try Self.exampleLinks(
      params: "      path: { type: string, max_length: 20 }",
      routes: """
          file:
            screen: S
            links: ["/f/{path}", "/f/{path*}"]
        """)
    #expect(
      examples == [
        "/f/{path}": "https://a.example/f/example",
        "/f/{path*}": "https://a.example/f/sample/s",
      ])
  }

  // MARK: - Ambiguity

  /// A manifest with one route per pattern, each on its own screen that declares every
  /// placeholder the random patterns use, optional and of a random type (the rest a string),
  /// but `req_k` and `req_m`, strings required where the route's pattern binds them.
  static func tieManifest(
    _ patterns: [(route: String, pattern: String)], types: [String: [String]], hosts: Bool
  ) -> String {
    var text = "manifest: 1\nlinks:\n"
    text += hosts ? "  hosts: [a.example]\n" : "  schemes: [app]\n"
    text += "screens:\n"
    for (route, _) in patterns {
      text += "  \(route.capitalized):\n    params:\n"
      for (index, name) in ["p0", "p1", "p2", "vk", "vm", "f0", "f1"].enumerated() {
        text += "      \(name): { type: \(types[route]?[index] ?? "string"), optional: true }\n"
      }
      text += "      r: { type: string, optional: true }\n"
      let pattern = patterns.first { $0.route == route }?.pattern ?? ""
      for name in ["req_k", "req_m"] {
        text +=
          "      \(name): "
          + (pattern.contains("{\(name)}") ? "string" : "{ type: string, optional: true }") + "\n"
      }
    }
    text += "routes:\n"
    for (route, pattern) in patterns {
      text += "  \(route):\n    screen: \(route.capitalized)\n    links: [\"\(pattern)\"]\n"
    }
    return text
  }

  @Test func everyTieComesWithAURLThatEachPatternMatchesAlone() throws {
    var random = SplitMix64(seed: Self.seed)
    var ties = 0
    for _ in 0..<2000 {
      let first = LinkAmbiguityTests.randomPattern(&random)
      let second = LinkAmbiguityTests.randomPattern(&random)
      var types: [String: [String]] = [:]
      for route in ["first", "second"] {
        types[route] = (0..<7).map { _ in random.pick(["string", "int", "bool", "double"]) }
      }
      let hosts = random.chance(70)
      let both = Self.tieManifest(
        [("first", first), ("second", second)], types: types, hosts: hosts)
      let output = lint(both)
      let diagnostics = output.diagnostics.filter { $0.rule == .ambiguousLinks }
      #expect(
        output.diagnostics.count == diagnostics.count, "\(brief(output.diagnostics)):\n\(both)")
      for diagnostic in diagnostics {
        ties += 1
        // "the link `SECOND` ties with `FIRST` of route `first` (line N): `URL` matches both"
        let quoted = LinkAmbiguityTests.quoted(diagnostic.message)
        #expect(
          quoted.count == 4 && quoted[0] == second && quoted[1] == first && quoted[2] == "first",
          "\(diagnostic.message)")
        let url = try #require(quoted.last)
        for (route, pattern) in [("first", first), ("second", second)] {
          let alone = Self.tieManifest([(route, pattern)], types: types, hosts: hosts)
          let compiled = try #require(lint(alone).manifest, "\(alone)")
          let resolution = RouteTableEncoder.table(for: compiled).resolve(url: url, variant: 0)
          // The pattern matches; a query value that the other pattern's condition gives (`m=2`
          // for a bool `m={vm}`) makes the parameter invalid, which does not undo the match.
          #expect(
            resolution.link == pattern
              && (resolution.status == .matched || resolution.status == .invalidParams),
            "\(url) resolves to \(resolution.status) \(resolution.link ?? "-") against \(pattern) alone:\n\(alone)"
          )
        }
      }
    }
    #expect(ties >= 20, "only \(ties) ties")
  }

  // MARK: - Random values

  static let strings = [
    "a/b", "100%", "with space", "café", "😀", "a+b", "what?", "#tag", "x", "example", "true",
    "1", "", "/lead", "trail/", "a//b", "&k=1", "=", "%2F", "-7", "1.5", "a", "+", "it's", "~u",
    "caf%C3%A9",
  ]

  static func randomValue(_ param: ResolvedManifest.Param, _ random: inout SplitMix64)
    -> ParamValue?
  {
    switch param.requirement {
    case .optional where random.chance(30): return nil
    case .defaulted(let value) where random.chance(30): return value
    default: break
    }
    switch param.type {
    case .int: return .int(random.pick([0, 1, -7, 42, 7, Int.max, Int.min]))
    case .double:
      return .double(
        random.pick([0.5, -1.25, 1e300, 3.0, 0.1, 2.0, -0.0, Double.leastNonzeroMagnitude]))
    case .bool: return .bool(random.chance(50))
    case .query:
      // `k` and `m` are keys of conditions: such a map cannot be passed through.
      let keys = random.sample(
        ["k", "m", "z", "utm_source", "a b", "é", "="], Int.random(in: 0...3, using: &random))
      return .query(Dictionary(uniqueKeysWithValues: keys.map { ($0, random.pick(strings)) }))
    case .string:
      var text: String
      if random.chance(70) {
        text = random.pick(strings)
      } else {
        let alphabet = ["a", "/", "%", "+", " ", "?", "#", "é", "😀", "&", "=", "1", "."]
        text = (0..<Int.random(in: 1...6, using: &random)).map { _ in random.pick(alphabet) }
          .joined()
      }
      if !ParamValue.fits(text, maxLength: param.maxLength) {
        text = String(text.unicodeScalars.prefix(param.maxLength).map(Character.init))
      }
      return .string(text)
    }
  }

  static func screenKey(_ screen: Int, _ values: [ParamValue?], _ params: [ResolvedManifest.Param])
    -> ScreenKey
  {
    var key = ScreenKey(screen)
    for (value, param) in zip(values, params) {
      switch (param.type, value) {
      case (.string, .string(let text)?): key = key.string(text)
      case (.int, .int(let int)?): key = key.int(int)
      case (.bool, .bool(let bool)?): key = key.bool(bool)
      case (.double, .double(let double)?): key = key.double(double)
      case (.query, .query(let items)?): key = key.query(items)
      default: key = key.string(nil)
      }
    }
    return key
  }
}
