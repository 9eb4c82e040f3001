import Foundation
import RouteCompiler
@_spi(Generated) import RouteTable
import RoutecTestSupport
import TestSupport
import Testing

/// `ROUTETABLE_PROPERTY_SEED` when set (to reproduce or explore), else a fixed seed so every run
/// checks the same manifests.
private let seed: UInt64 =
  ProcessInfo.processInfo.environment["ROUTETABLE_PROPERTY_SEED"].flatMap { UInt64($0) }
  ?? 20_261_122

/// Writes random valid manifests: variants with remote values and tab bars, screens with typed
/// parameters (required, optional, defaulted, `max_length`), routes with aliases, `only`, tabs by
/// name, index or per-variant map, URL templates on bases and literal URLs, per-variant
/// overrides (screen changes included) and a fallback. Names come from small pools that include
/// Swift keywords and every push-type separator, so generated code has to escape and convert.
private struct ManifestGenerator {
  struct Screen {
    var name: String
    var params: [(name: String, type: String)]
    /// The optional parameters (no default), which a URL template's path does not take.
    var optional: Set<String> = []
  }

  var random: SplitMix64
  private var text = ""
  /// The key paths parameters read; with two type keys, the first is among them, so the
  /// example payload has to carry the push type at the second.
  private var keyPaths = Self.keyPaths
  private var typeKeyPath: String?

  init(seed: UInt64) {
    random = SplitMix64(seed: seed)
  }

  static let pushTypes = [
    "home", "gift_page", "course_page", "webview_full", "new_shelf", "breaking", "news.article",
    "live:event", "video-clip", "class", "404", "default",
  ]
  static let screenNames = ["Home", "LessonDetail", "BookReader", "Profile", "Self", "Settings"]
  static let paramNames = ["id", "page", "ratio", "flag", "title", "section_name", "in", "self"]
  static let tabNames = ["home", "shop", "courses", "profile", "me", "return"]
  static let variantNames = ["v1", "v2", "redesign"]
  static let keyPaths = ["id", "data.id", "aps.data.item", "page", "x.y.z", "value"]

  private mutating func line(_ indent: Int, _ content: String) {
    text += String(repeating: "  ", count: indent) + content + "\n"
  }

  mutating func make(_ index: Int) -> String {
    text = ""
    line(0, "manifest: 1")
    line(0, "namespace: Random\(index)")
    let typeKeys = random.pick(["[type]", "[type, aps.type]", "[kind, aps.category]"])
    if typeKeys != "[type]" || random.chance(50) {
      line(0, "payload:")
      line(1, "type_keys: \(typeKeys)")
    }
    keyPaths = Self.keyPaths
    typeKeyPath = nil
    if typeKeys.contains(",") {
      let first = String(typeKeys.dropFirst().prefix { $0 != "," })
      keyPaths.append(first)
      typeKeyPath = first
    }

    let variants = random.sample(Self.variantNames, Int.random(in: 0...3, using: &random))
    var tabs: [String: [String]] = [:]
    if variants.isEmpty {
      let bar = random.sample(Self.tabNames, Int.random(in: 0...4, using: &random))
      tabs["default"] = bar
      if !bar.isEmpty { line(0, "tabs: [\(bar.joined(separator: ", "))]") }
    } else {
      line(0, "remote_config:")
      line(1, "variant_key: ui_version")
      line(1, "default_variant: \(random.pick(variants))")
      line(0, "variants:")
      for (number, variant) in variants.enumerated() {
        let bar = random.sample(Self.tabNames, Int.random(in: 1...4, using: &random))
        tabs[variant] = bar
        let values =
          random.chance(30) ? "[\"\(number + 1)\", \"\(number + 1).x\"]" : "[\"\(number + 1)\"]"
        line(1, "\(variant): { values: \(values), tabs: [\(bar.joined(separator: ", "))] }")
      }
    }
    let variantList = variants.isEmpty ? ["default"] : variants

    line(0, "bases:")
    line(1, "web: https://m.example.com")
    line(1, "app: rnd://open")

    var screens: [Screen] = []
    line(0, "screens:")
    for name in random.sample(Self.screenNames, Int.random(in: 1...4, using: &random)) {
      var screen = Screen(name: name, params: [])
      let params = random.sample(Self.paramNames, Int.random(in: 0...3, using: &random))
      guard !params.isEmpty else {
        line(1, "\(name): {}")
        screens.append(screen)
        continue
      }
      line(1, "\(name):")
      line(2, "params:")
      for param in params {
        let type = random.pick(["string", "int", "bool", "double"])
        screen.params.append((param, type))
        let declaration = paramDeclaration(type)
        if declaration.contains("optional: true") { screen.optional.insert(param) }
        line(3, "\(param): \(declaration)")
      }
      screens.append(screen)
    }

    var pool = Self.pushTypes.shuffled(using: &random)
    var routes: [(pushType: String, aliases: [String], variants: [String])] = []
    line(0, "routes:")
    for _ in 0..<Int.random(in: 1...5, using: &random) {
      guard let pushType = pool.popLast() else { break }
      var aliases: [String] = []
      while random.chance(25), let alias = pool.popLast() { aliases.append(alias) }
      let only =
        variants.count > 1 && random.chance(30)
        ? random.sample(variants, Int.random(in: 1..<variants.count, using: &random)) : []
      let existsIn = only.isEmpty ? variantList : only
      routes.append((pushType, aliases, existsIn))
      let screen = random.pick(screens)
      line(1, "\"\(pushType)\":")
      line(2, "screen: \(screen.name)")
      writeParams(screen, indent: 2)
      if let tab = tab(existsIn, tabs, hasVariants: !variants.isEmpty) { line(2, "tab: \(tab)") }
      let hasURL = random.chance(60)
      if hasURL { line(2, "url: \"\(url(screen))\"") }
      if random.chance(30) { line(2, "presentation: \(random.pick(["push", "modal"]))") }
      if random.chance(30) {
        line(2, "foreground: \(random.pick(["navigate", "banner", "ignore"]))")
      }
      if !only.isEmpty { line(2, "only: [\(only.joined(separator: ", "))]") }
      if !aliases.isEmpty {
        line(2, "aliases: [\(aliases.map { "\"\($0)\"" }.joined(separator: ", "))]")
      }
      if random.chance(15) { line(2, "description: \"a route, with: punctuation\"") }
      if !variants.isEmpty, random.chance(35) {
        writeOverride(for: random.pick(existsIn), screens, tabs, routeHasURL: hasURL)
      }
    }
    if random.chance(60), let route = routes.randomElement(using: &random) {
      line(0, "fallback: \"\(random.pick([route.pushType] + route.aliases))\"")
    }
    return text
  }

  private mutating func paramDeclaration(_ type: String) -> String {
    switch Int.random(in: 0..<4, using: &random) {
    case 0: return type
    case 1: return "{ type: \(type), optional: true }"
    case 2: return "{ type: \(type), default: \(sample(type)) }"
    default:
      guard type == "string" else { return "{ type: \(type) }" }
      return "{ type: string, max_length: \(Int.random(in: 8...64, using: &random)) }"
    }
  }

  private mutating func sample(_ type: String) -> String {
    switch type {
    case "int": String(Int.random(in: -5...500, using: &random))
    case "bool": random.pick(["true", "false"])
    case "double": random.pick(["2.5", "-0.5", "1e3", "0"])
    default: random.pick(["\"a b\"", "plain", "\"\"", "\"ü/?&=#\""])
    }
  }

  private mutating func writeParams(_ screen: Screen, indent: Int) {
    var entries: [String] = []
    // At most one parameter per route reads the first type key: a `bool` and a `double` there
    // would have no value in common that is not a string, and a string there is the push type,
    // so no payload could match (the validator does not reject that yet).
    var paths = keyPaths
    func path() -> String {
      let path = random.pick(paths)
      if path == typeKeyPath { paths.removeAll { $0 == path } }
      return path
    }
    for param in screen.params {
      switch Int.random(in: 0..<10, using: &random) {
      case 0...3: continue  // read from the payload key of the parameter's own name
      case 4...6: entries.append("\(param.name): { from: \(path()) }")
      case 7: entries.append("\(param.name): \(path())")
      default: entries.append("\(param.name): { value: \(sample(param.type)) }")
      }
    }
    guard !entries.isEmpty else { return }
    line(indent, "params:")
    for entry in entries { line(indent + 1, entry) }
  }

  /// A tab valid in every variant the route exists in, or nil for none.
  private mutating func tab(
    _ existsIn: [String], _ tabs: [String: [String]], hasVariants: Bool
  ) -> String? {
    let bars = existsIn.compactMap { tabs[$0] }
    guard bars.allSatisfy({ !$0.isEmpty }), !random.chance(25) else { return nil }
    if hasVariants, random.chance(50) {
      let entries = existsIn.map { variant -> String in
        let bar = tabs[variant] ?? []
        return random.chance(50)
          ? "\(variant): \(Int.random(in: 0..<bar.count, using: &random))"
          : "\(variant): \(random.pick(bar))"
      }
      return "{ \(entries.joined(separator: ", ")) }"
    }
    let common = bars.dropFirst().reduce(Set(bars.first ?? [])) { $0.intersection($1) }
    if let name = common.sorted().randomElement(using: &random), random.chance(60) { return name }
    return String(Int.random(in: 0..<(bars.map(\.count).min() ?? 1), using: &random))
  }

  private mutating func url(_ screen: Screen) -> String {
    var url = random.pick(["{web}", "{app}", "https://static.example.net"])
    let names = screen.params.map(\.name)
    // An optional value in the path would leave an empty segment (`url-optional-path-param`).
    let inPath = names.filter { !screen.optional.contains($0) }
    for _ in 0..<Int.random(in: 0...2, using: &random) {
      url += "/" + (inPath.isEmpty || random.chance(40) ? "p" : "{\(random.pick(inPath))}")
    }
    if random.chance(40) {
      url += "?k=v"
      if let name = names.randomElement(using: &random) { url += "&v={\(name)}" }
      if !names.isEmpty, random.chance(50) {
        url +=
          "{&\(random.sample(names, Int.random(in: 1...names.count, using: &random)).joined(separator: ","))}"
      }
    } else if !names.isEmpty, random.chance(50) {
      url +=
        "{?\(random.sample(names, Int.random(in: 1...names.count, using: &random)).joined(separator: ","))}"
    }
    return url
  }

  private mutating func writeOverride(
    for variant: String, _ screens: [Screen], _ tabs: [String: [String]], routeHasURL: Bool
  ) {
    line(2, "variants:")
    line(3, "\(variant):")
    var wrote = false
    if random.chance(50) {
      // A new screen replaces the route's params and URL, which name the old screen's params.
      let screen = random.pick(screens)
      line(4, "screen: \(screen.name)")
      line(4, "params: {}")
      if routeHasURL { line(4, "url: \"\(url(screen))\"") }
      wrote = true
    }
    if let bar = tabs[variant], !bar.isEmpty, random.chance(50) {
      line(
        4,
        "tab: \(random.chance(50) ? random.pick(bar) : String(Int.random(in: 0..<bar.count, using: &random)))"
      )
      wrote = true
    }
    if !wrote || random.chance(40) {
      line(4, "presentation: \(random.pick(["push", "modal"]))")
    }
  }
}

/// `url` as a path relative to the package root, which is what `GeneratedProgram.check` takes,
/// so the compile-and-compare check can run on a manifest in a temporary folder.
private func packageRelativePath(_ url: URL) -> String {
  let ups = RoutecRunner.packageRoot.standardizedFileURL.pathComponents.count - 1
  return String(repeating: "../", count: ups) + url.standardizedFileURL.path.dropFirst()
}

extension GeneratedProgram {
  /// `check(_:features:access:)` for manifests anywhere on disk.
  static func check(
    manifestAt url: URL, features: [URL] = [], access: SwiftGenerator.Access
  ) async throws {
    try await check(
      packageRelativePath(url), features: features.map(packageRelativePath), access: access)
  }
}

@Suite("Random valid manifests: deterministic generation, compiled code resolves like routec")
struct RandomManifestPropertyTests {
  static func manifest(_ index: Int) -> String {
    var generator = ManifestGenerator(seed: seed &+ UInt64(index))
    return generator.make(index)
  }

  /// Cheap checks on many manifests, in process.
  @Test func randomManifestsAreValidAndGenerateDeterministically() throws {
    print("RandomManifestPropertyTests: seed \(seed) (ROUTETABLE_PROPERTY_SEED=\(seed) reproduces)")
    var examples = 0
    for index in 0..<150 {
      let text = Self.manifest(index)
      #expect(text == Self.manifest(index), "the generator is not deterministic")
      let output = ManifestPipeline.run(bytes: Array(text.utf8), fileName: "random.routes.yaml")
      let label = Comment(rawValue: "seed \(seed), manifest \(index):\n\(text)")
      let diagnostics = output.diagnostics.map { $0.formatted(path: "m") }
      #expect(!output.hasErrors, "\(diagnostics)\n\(label)")
      let manifest = try #require(output.manifest, label)
      let encoded = try #require(output.table, label)
      #expect(try RouteTableEncoder.encode(manifest) == encoded, label)
      let generated = SwiftGenerator.generate(
        manifest, table: encoded, sourceName: "random.routes.yaml")
      #expect(
        generated
          == SwiftGenerator.generate(manifest, table: encoded, sourceName: "random.routes.yaml"),
        label)

      // Every route has an example in every variant it exists in, and it matches that route.
      let table = RouteTableEncoder.table(for: manifest)
      for example in table.examplePayloads {
        let entry = table.pushTypeEntries[example.pushType]
        let resolution = table.resolve(example.payload, variant: example.variant)
        #expect(
          resolution.status == .matched
            && resolution.route == manifest.routes[entry.route].key,
          "example \(example.payload) for \(entry.name): \(resolution.status) \(resolution.errors)\n\(label)"
        )
        examples += 1
      }
    }
    // The generator is not degenerate: many routes, each in some variant.
    #expect(examples > 400)
  }

  @Test func generatorCoversTheLanguage() {
    let all = (0..<150).map(Self.manifest).joined(separator: "\n")
    for feature in [
      "variants:", "only: [", "aliases: [", "optional: true", "default: ", "max_length: ",
      "{ from: ", "{ value: ", "tab: {", "url: \"{web}", "url: \"https://", "{?", "{&",
      "presentation: modal", "foreground: banner", "fallback: ", "screen: Self", "\"404\":",
      "\"live:event\":", "\n    variants:\n", "        screen: ",
    ] {
      #expect(all.contains(feature), "no generated manifest uses `\(feature)`")
    }
  }

  /// Four manifests compiled with swiftc (several seconds each): `routec generate` writes the
  /// same bytes on two runs and what the library generates in process, and the compiled code
  /// resolves every example and fixed payload like `routec resolve`.
  @Test(arguments: [3, 17, 42, 99])
  func generatedSwiftCompilesAndResolvesLikeRoutecResolve(_ index: Int) async throws {
    let text = Self.manifest(index)
    print("RandomManifestPropertyTests: seed \(seed), compiling manifest \(index)")
    let folder = try TemporaryFolder()
    try folder.write("random.routes.yaml", text)
    let manifestURL = folder.url.appendingPathComponent("random.routes.yaml")
    var outputs: [Data] = []
    for name in ["First.swift", "Second.swift"] {
      let result = try RoutecRunner.run(
        ["generate", manifestURL.path, "--output", name], in: folder.url)
      try #require(result.status == 0, "\(result)\n\(text)")
      outputs.append(try Data(contentsOf: folder.url.appendingPathComponent(name)))
    }
    #expect(outputs[0] == outputs[1], "routec generate is not byte-identical across runs")
    let output = ManifestPipeline.run(bytes: Array(text.utf8), fileName: "random.routes.yaml")
    let manifest = try #require(output.manifest)
    let generated = SwiftGenerator.generate(
      manifest, table: try #require(output.table), sourceName: "random.routes.yaml")
    #expect(outputs[0] == Data(generated.utf8))
    try await GeneratedProgram.check(manifestAt: manifestURL, access: .public)
  }
}

/// Regressions found by `randomManifestsAreValidAndGenerateDeterministically`: valid manifests
/// whose example payloads did not resolve to their route, so an app test walking
/// `examplePayloads` (as the runtime docs suggest) failed on a manifest with nothing wrong in it.
@Suite struct ExamplePayloadRegressionTests {
  static func example(_ yaml: String) throws -> (Payload, Resolution<ScreenInstance>) {
    let output = ManifestPipeline.run(bytes: Array(yaml.utf8), fileName: "regression.routes.yaml")
    let manifest = try #require(output.manifest, "\(output.diagnostics)")
    let table = RouteTableEncoder.table(for: manifest)
    let payload = try #require(table.examplePayload(route: 0, variant: 0))
    return (payload, table.resolve(payload, variant: 0))
  }

  @Test func parametersOfDifferentTypesSharingAKeyPath() throws {
    let (payload, resolution) = try Self.example(
      """
      manifest: 1
      screens:
        Reader:
          params:
            flag: bool
            count: int
            id: int
            ratio: double
            label: string
      routes:
        read:
          screen: Reader
          params:
            flag: { from: both }
            count: { from: both }
            id: { from: ref }
            ratio: { from: ref }
            label: { from: ref }

      """)
    #expect(payload == Payload(["type": "read", "both": "1", "ref": 1]))
    #expect(resolution.status == .matched)
    #expect(
      resolution.destination?.params.map(\.value) == [
        .bool(true), .int(1), .int(1), .double(1), .string("1"),
      ])
  }

  @Test func parameterReadingTheFirstTypeKeyMovesThePushTypeToTheNext() throws {
    let (payload, resolution) = try Self.example(
      """
      manifest: 1
      payload:
        type_keys: [type, aps.type]
      screens:
        Open:
          params:
            code: int
      routes:
        open:
          screen: Open
          params:
            code: { from: type }

      """)
    #expect(payload == Payload(["type": 1, "aps": ["type": "open"]]))
    #expect(resolution.status == .matched)
    #expect(resolution.destination?.params.map(\.value) == [.int(1)])
  }

  @Test func requiredParameterIsPlacedBeforeAnOptionalOneThatReadsThroughIt() throws {
    let (payload, resolution) = try Self.example(
      """
      manifest: 1
      screens:
        Open:
          params:
            inner: { type: string, optional: true }
            data: string
      routes:
        open:
          screen: Open
          params:
            inner: { from: data.inner }

      """)
    #expect(payload == Payload(["type": "open", "data": "example"]))
    #expect(resolution.status == .matched)
    #expect(resolution.destination?.params.map(\.value) == [nil, .string("example")])
  }

  @Test func shorterOptionalPathIsPlacedBeforeALongerOneThroughIt() throws {
    let (payload, resolution) = try Self.example(
      """
      manifest: 1
      screens:
        Open:
          params:
            deep: { type: int, optional: true }
            section: { type: string, optional: true }
      routes:
        open:
          screen: Open
          params:
            deep: { from: section.deep }

      """)
    #expect(payload == Payload(["type": "open", "section": "example"]))
    #expect(resolution.status == .matched)
    #expect(resolution.destination?.params.map(\.value) == [nil, .string("example")])
  }
}
