import Foundation
import RouteCompiler
import RoutecTestSupport
import Testing

/// Every name the manifest allows generates Swift that compiles: each name a member of the
/// generated code or of the runtime's protocols has (read from a generated file and from the
/// pinned public API, so a member added later is tried too) is used as a variant, a tab, a
/// screen, a parameter and a push type, and the generated file is type-checked with app code
/// that uses the members the names could shadow. The names that would redeclare a member
/// (`GeneratedMembers`) are located errors instead.
@Suite struct GeneratedNameTests {
  /// `remoteConfigKey` as a manifest writes it: `remote_config_key`.
  static func snakeCase(_ name: String) -> String {
    var result = ""
    for (index, character) in name.enumerated() {
      if index == 0 {
        result += character.lowercased()
      } else if character.isUppercase {
        result += "_" + character.lowercased()
      } else {
        result.append(character)
      }
    }
    return result
  }

  /// The member names: every identifier the generated shop file declares, and the last
  /// component of every pinned public symbol of the runtime's namespace protocols.
  static func memberNames() throws -> [String] {
    let folder = try TemporaryFolder()
    let manifest = RoutecRunner.packageRoot.appendingPathComponent("routes/shop.routes.yaml")
    let generated = try RoutecRunner.run(
      ["generate", manifest.path, "--output", "Generated.swift"], in: folder.url)
    try #require(generated.status == 0, "\(generated)")
    let text = try String(
      contentsOf: folder.url.appendingPathComponent("Generated.swift"), encoding: .utf8)
    var names: Set<String> = []
    let declaration =
      /(?:let|var|func|case|typealias|enum|struct|init)\s+`?([A-Za-z_][A-Za-z0-9_]*)/
    for match in text.matches(of: declaration) { names.insert(String(match.1)) }
    let api = try String(
      contentsOf: RoutecRunner.packageRoot.appendingPathComponent(
        "Tests/RouteTableTests/PublicAPI.txt"), encoding: .utf8)
    for line in api.split(separator: "\n") where !line.hasPrefix("#") {
      let path = line.split(separator: " ").last ?? ""
      guard
        ["RouteNamespace.", "RouteVariant.", "RouteTab.", "RoutePushType."].contains(where: {
          path.hasPrefix($0)
        })
      else { continue }
      let member = path.split(separator: ".").last ?? ""
      names.insert(String(member.prefix { $0 != "(" }))
    }
    // The standard library's members of an enum with raw values, and keywords.
    names.formUnion([
      "allCases", "rawValue", "hashValue", "description", "debugDescription", "self", "Type",
      "init", "hash", "Protocol", "some", "any",
    ])
    return names.map(snakeCase).filter { $0.wholeMatch(of: /[a-z][a-z0-9_]*/) != nil }.sorted()
  }

  static let reserved = Set(
    (GeneratedMembers.variant.keys.map { ("variant", $0) }
      + GeneratedMembers.tab.keys.map {
        ("tab", $0)
      }).map { "\($0.0) \(snakeCase($0.1))" })

  @Test func everyMemberNameAsAUserNameCompiles() async throws {
    let names = try Self.memberNames()
    // Names the reader must find, or the extraction broke.
    #expect(
      Set(names).isSuperset(of: [
        "table", "remote_config_key", "default_variant", "tabs", "name", "resolve",
        "example_links", "screen_key", "routes", "destination", "push_type", "raw_value",
      ]))
    let variants = names.filter { !Self.reserved.contains("variant \($0)") }
    let tabs = names.filter { !Self.reserved.contains("tab \($0)") }
    func screen(_ name: String) -> String {
      name.split(separator: "_").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }
    var yaml = """
      manifest: 1
      remote_config:
        variant_key: version
        default_variant: \(variants[0])
      variants:

      """
    for (index, name) in variants.enumerated() {
      yaml += "  \(name): { values: [\"\(index)\"], tabs: [\(tabs.joined(separator: ", "))] }\n"
    }
    yaml += "screens:\n"
    for name in names {
      yaml += "  \(screen(name)):\n    params:\n      \(name): string\n"
    }
    yaml += "routes:\n"
    for name in names {
      yaml += "  \(name): { screen: \(screen(name)), tab: \(tabs[0]) }\n"
    }
    let folder = try TemporaryFolder()
    try folder.write("names.routes.yaml", yaml)
    let generated = try RoutecRunner.run(
      ["generate", "names.routes.yaml", "--output", "Generated.swift"], in: folder.url)
    try #require(generated.status == 0, "\(generated)")
    // App code using every member a case could shadow.
    try folder.write(
      "App.swift",
      """
      import RouteTable

      func useEveryMember() {
        let variants: [NamesRoutes.Variant] = NamesRoutes.Variant.allCases
        let tabs: [NamesRoutes.Tab] = NamesRoutes.Tab.allCases
        let variant: NamesRoutes.Variant = .defaultVariant
        let key: String = NamesRoutes.Variant.remoteConfigKey
        let value: String = NamesRoutes.Variant.remoteConfigDefault
        let name: String = variant.name
        let variantTabs: [NamesRoutes.Tab] = variant.tabs
        let named: NamesRoutes.Variant? = NamesRoutes.Variant(name: "x")
        let picked = NamesRoutes.Variant(remoteValue: nil)
        let tab: String? = tabs.first?.name
        let table = NamesRoutes.table
        let links = NamesRoutes.exampleLinks
        let payloads = NamesRoutes.examplePayloads
        let categories = NamesRoutes.notificationCategories
        let push = NamesRoutes.PushType(rawValue: "table")
        let resolution = NamesRoutes.resolve(url: "https://x.example", variant: variant)
        _ = (variants, key, value, name, variantTabs, named, picked, tab, table, links)
        _ = (payloads, categories, push, resolution, variant.rawValue, variant.hashValue)
      }

      """)
    let runtime = try await RuntimeLibrary.shared.folder()
    let compiled = try Swiftc.run(
      [
        "-swift-version", "6", "-typecheck", "-parse-as-library", "-I", runtime.path,
        "Generated.swift", "App.swift",
      ], in: folder.url)
    #expect(compiled.status == 0, "\(compiled.output)")
    #expect(!compiled.output.contains("warning:"), "\(compiled.output)")
  }

  @Test func theNamesThatWouldRedeclareAMemberAreLocatedErrors() throws {
    for (member, what) in GeneratedMembers.variant {
      let name = Self.snakeCase(member)
      let output = ManifestPipeline.run(
        bytes: Array(
          """
          manifest: 1
          remote_config: { variant_key: version, default_variant: classic }
          variants:
            classic: { values: ["1"], tabs: [home] }
            \(name): { values: ["2"], tabs: [home] }
          screens: { Home: {} }
          routes: { home: { screen: Home } }
          """.utf8), fileName: "names.routes.yaml")
      #expect(
        output.diagnostics.map { "\($0.location.line):\($0.location.column) \($0.message)" } == [
          "5:3 variant `\(name)` becomes the Swift name `\(member)`, which the generated `Variant` already declares (\(what)); rename the variant"
        ])
    }
  }
}
