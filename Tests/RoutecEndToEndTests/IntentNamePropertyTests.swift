import Foundation
import RouteCompiler
import RoutecTestSupport
import TestSupport
import Testing

/// Random intent keys, parameter keys (payload keys, so any character but a dot, whitespace or a
/// control character) and choices through the generator's naming: every manifest lint accepts
/// gives names `IntentNames.isValid` accepts, with nothing invisible in them, and generated Swift
/// that type-checks (against the AppIntents stand-in); every manifest it refuses is refused only
/// with one located naming error per key that gives no name or a taken one.
@Suite struct IntentNamePropertyTests {
  static let seed: UInt64 =
    ProcessInfo.processInfo.environment["ROUTETABLE_PROPERTY_SEED"].flatMap { UInt64($0) }
    ?? 20_261_128

  /// Pieces of keys: letters, digits, punctuation that is no Swift, keywords and members of
  /// what the generated code declares, and invisible, bidirectional and non-ASCII characters.
  static let pieces = [
    "a", "B", "x", "id", "URL", "7", "404", "_", "-", ":", "}", "{", "+", "$", "@", "!", "\"",
    "\\", "self", "Self", "default", "init", "in", "class", "type_", "title", "perform",
    "intentDoor", "parameters", "_payload", "description", "rawValue", "\u{202E}", "\u{200B}",
    "\u{2066}", "\u{FEFF}", "é", "日本", "🙂",
  ]
  static let intentKeys = [
    "app", "open", "delete", "set_value", "play_video", "app_shortcuts", "show", "open_1",
    "open1", "find", "self", "default", "a", "x_y", "intent_door",
  ]
  static let choices = [
    "typeDisplayRepresentation", "caseDisplayRepresentations", "allCases", "rawValue", "init",
    "self", "default", "sci-fi", "Top 10", "404", "+", "hash_value", "new", "New",
  ]

  struct Draft {
    var intents: [(key: String, parameters: [String])]
    var choices: [[String]]
  }

  /// A payload key of one to three pieces. It never starts with `$`: that names what an arrival
  /// carries beside its payload (`$title`), which `unknown-arrival-value` checks at the route.
  static func key(_ random: inout SplitMix64) -> String {
    var key = ""
    repeat {
      key = (0..<Int.random(in: 1...3, using: &random)).map { _ in random.pick(pieces) }.joined()
    } while key.hasPrefix("$")
    return key
  }

  static func draft(_ random: inout SplitMix64) -> Draft {
    var keys: [String] = []
    while keys.count < 8 {
      let key = key(&random)
      if !keys.contains(key) { keys.append(key) }
    }
    let intents = random.sample(intentKeys, 4).map { intent in
      (intent, random.sample(keys, Int.random(in: 1...5, using: &random)))
    }
    let choices = keys.map { _ in
      random.chance(50) ? random.sample(Self.choices, Int.random(in: 2...5, using: &random)) : []
    }
    return Draft(
      intents: intents.filter { !$0.1.isEmpty }.map { (key: $0.0, parameters: $0.1) },
      choices: choices.map { $0 })
  }

  /// `text` as a YAML double-quoted scalar, every character outside printable ASCII escaped.
  static func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case " "..."~": result.unicodeScalars.append(scalar)
      default: result += String(format: "\\U%08X", scalar.value)
      }
    }
    return result + "\""
  }

  /// The manifest, and the line of each intent key and parameter key (`intent` or
  /// `intent/parameter`).
  static func manifest(_ draft: Draft) -> (yaml: String, lines: [Int: String]) {
    let keys = draft.intents.flatMap(\.parameters).reduce(into: [String]()) {
      if !$0.contains($1) { $0.append($1) }
    }
    var yaml = "manifest: 1\nnamespace: Names\nscreens:\n  Screen:\n    params:\n"
    var sources: [String] = []
    for (index, key) in keys.enumerated() {
      let choices = draft.choices[index % draft.choices.count]
      let type =
        choices.isEmpty
        ? "{ type: \(["string", "int", "bool", "double"][index % 4]), optional: true }"
        : "{ type: string, optional: true, choices: [\(choices.map(quoted).joined(separator: ", "))] }"
      yaml += "      p\(index): \(type)\n"
      sources.append("p\(index): { from: \(quoted(key)) }")
    }
    yaml += "routes:\n  screen:\n    screen: Screen\n"
    yaml += "    params: { \(sources.joined(separator: ", ")) }\nintents:\n"
    var lines: [Int: String] = [:]
    for intent in draft.intents {
      lines[yaml.split(separator: "\n", omittingEmptySubsequences: false).count] = intent.key
      yaml += "  \(intent.key):\n    route: screen\n    title: Open\n    parameters:\n"
      for parameter in intent.parameters {
        lines[yaml.split(separator: "\n", omittingEmptySubsequences: false).count] =
          intent.key + "/" + parameter
        yaml += "      \(quoted(parameter)): { title: Value }\n"
      }
    }
    return (yaml, lines)
  }

  /// Every name the generated intents of `manifest` take.
  static func names(_ manifest: ResolvedManifest) -> [String] {
    manifest.intents.flatMap { intent in
      [intent.typeName]
        + intent.parameters.flatMap { parameter in
          [parameter.propertyName, parameter.enumName(in: intent.key)]
            + IntentNames.caseNames(parameter.choices ?? [])
        }
    }
  }

  /// Lint the draft; drop what it reports (each error must be a naming error at a key) and
  /// lint again, until it is accepted.
  static func accepted(_ start: Draft) throws -> (ResolvedManifest, EncodedTable, String)? {
    var draft = start
    for _ in 0..<6 {
      let (yaml, lines) = manifest(draft)
      let output = ManifestPipeline.run(bytes: Array(yaml.utf8), fileName: "names.routes.yaml")
      if let manifest = output.manifest, let table = output.table {
        return (manifest, table, yaml)
      }
      var dropped: Set<String> = []
      for diagnostic in output.diagnostics where diagnostic.severity == .error {
        let place = lines[diagnostic.location.line]
        try #require(
          place != nil
            && [.swiftNameCollision, .invalidIntentParameter].contains(diagnostic.rule),
          "\(diagnostic.formatted(path: "names.routes.yaml"))\n\(yaml)")
        // One error per key.
        try #require(
          dropped.insert(place ?? "").inserted,
          "two errors at one key: \(output.diagnostics.map { $0.formatted(path: "m") })\n\(yaml)")
      }
      draft.intents = draft.intents.compactMap { intent in
        guard !dropped.contains(intent.key) else { return nil }
        let parameters = intent.parameters.filter { !dropped.contains(intent.key + "/" + $0) }
        return parameters.isEmpty ? nil : (intent.key, parameters)
      }
      if draft.intents.isEmpty { return nil }
    }
    return nil
  }

  @Test func everyAcceptedNameIsAVisibleIdentifierAndCompiles() async throws {
    var random = SplitMix64(seed: Self.seed)
    var sources: [(String, String)] = []
    for trial in 0..<400 {
      let draft = Self.draft(&random)
      guard let (manifest, table, yaml) = try Self.accepted(draft) else { continue }
      let names = Self.names(manifest)
      for name in names {
        #expect(IntentNames.isValid(name), "`\(name)` (seed \(Self.seed), trial \(trial))")
        #expect(name.unicodeScalars.allSatisfy { $0.isASCII }, "`\(name)`")
      }
      let types = manifest.intents.flatMap { intent in
        [intent.typeName] + intent.parameters.map { $0.enumName(in: intent.key) }
      }
      #expect(Set(types).isDisjoint(with: IntentNames.frameworkTypes), "\(yaml)")
      for intent in manifest.intents {
        let properties = intent.parameters.map(\.propertyName)
        #expect(Set(properties).count == properties.count, "\(yaml)")
        #expect(Set(properties).isDisjoint(with: IntentNames.intentMembers.keys), "\(yaml)")
      }
      // Each file declares top-level intent types: every eighth accepted manifest compiles, one
      // swiftc run each.
      if sources.count < 6, trial % 8 == 0 {
        let generated = SwiftGenerator.generate(
          manifest, table: table, sourceName: "names.routes.yaml")
        sources.append((yaml, generated))
      }
    }
    #expect(sources.count >= 3)
    let runtime = try await RuntimeLibrary.shared.folder()
    for (yaml, generated) in sources {
      let folder = try TemporaryFolder()
      try folder.write("Generated.swift", generated)
      let compiled = try Swiftc.run(
        [
          "-swift-version", "6", "-typecheck", "-parse-as-library", "-I", runtime.path,
          "Generated.swift",
        ], in: folder.url)
      #expect(compiled.status == 0, "\(compiled.output)\n\(yaml)")
      #expect(!compiled.output.contains("warning:"), "\(compiled.output)\n\(yaml)")
    }
  }

  @Test func keysOfTheIssueBecomeNamesOrLocatedErrors() {
    #expect(IntentNames.property("a}b") == "aB")
    #expect(IntentNames.property("a+b") == "aB")
    #expect(IntentNames.property("$x") == "x")
    #expect(IntentNames.property("self") == "self_")
    #expect(IntentNames.property("\u{202E}evil\u{200B}") == "evil")
    #expect(IntentNames.property("日本") == nil)
    #expect(IntentNames.typeName("app") == "AppIntent")
    #expect(IntentNames.frameworkTypes.contains("AppIntent"))
    #expect(
      IntentNames.caseNames(["typeDisplayRepresentation", "caseDisplayRepresentations", "a"])
        == ["typeDisplayRepresentation_1", "caseDisplayRepresentations_2", "a"])
  }
}
