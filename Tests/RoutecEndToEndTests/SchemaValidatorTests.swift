import CompilerTestSupport
import Foundation
import RouteCompiler
@_spi(Generated) import RouteTable
import RoutecTestSupport
import TestSupport
import Testing

/// The schemas `routec schema` prints, checked with a real JSON Schema validator (Python's
/// jsonschema, through scripts/validate-schema.py) on the manifests as editors see them: YAML
/// turned into JSON with the YAML 1.2 core schema, so `1` is a number and `true` a boolean.
@Suite(
  // Skipped, with this message, where python3 or jsonschema is missing; CI installs jsonschema.
  .enabled(
    if: JSONSchemaValidator.python != nil,
    "python3 with jsonschema is not installed (python3 -m pip install jsonschema); the schemas are not checked with a validator"
  )
)
struct SchemaValidatorTests {
  /// Every manifest fixture, relative to the package root.
  static let fixtures: [String] = {
    let root = RoutecRunner.packageRoot
    var found: [String] = []
    for folder in [
      "routes", "Examples/ShopApp/Sources/ShopRouting", "Examples/ModularShop",
      "Tests/RouteCompilerTests/Fixtures",
      "Tests/RoutecEndToEndTests/Fixtures", "Tests/RoutecEndToEndTests/Reference",
    ] {
      let url = root.appendingPathComponent(folder)
      let files = FileManager.default.enumerator(atPath: url.path)?.allObjects as? [String] ?? []
      found += files.filter { $0.hasSuffix(".routes.yaml") }.map { "\(folder)/\($0)" }
    }
    return found.sorted()
  }()

  /// The fixtures the compiler rejects that the schema accepts: what only the compiler can
  /// check (references, uniqueness across the file, URLs, per-variant rules, and numbers beyond
  /// the range of a double or of the compiled table, which JSON Schema reads as plain numbers).
  static let compilerOnly =
    [
      "duplicate-push-type", "duplicate-remote-value", "incomplete-tab-map", "invalid-base-url",
      "overlapping-key-paths", "param-value-type-range", "swift-name-collision-screens",
      "swift-name-collision", "swift-name-collision-generated",
      "swift-name-collision-feature", "tab-out-of-range", "tab-out-of-range-routes",
      "table-too-large", "unknown-base", "unknown-route-action",
      "unknown-param", "unknown-route", "unknown-screen", "unknown-tab-no-tabs", "unknown-tab",
      "unknown-tab-routes",
      "unknown-variant", "url-dynamic-host", "url-not-absolute", "url-syntax",
      "url-optional-path-param",
      "variant-not-available", "unknown-link-param", "link-param-type", "unbound-link-param",
      "links-without-hosts", "ambiguous-links", "unknown-requirement",
      "unknown-requirement-none-declared", "requirement-cycle", "requirement-route-unavailable",
      "requirement-route-param",
      "unknown-route-requirement", "stack-own-screen", "unbound-stack-param", "stack-param-type",
      "stack-param-type-length",
      "unknown-param-stack", "unknown-screen-stack", "param-value-type-stack", "unknown-feature",
      "shortcut-needs-value", "unknown-shortcut-icon", "invalid-shortcut-title",
      "shortcut-unavailable", "action-needs-value", "unknown-category",
      "ambiguous-links-targets", "link-reaches-nothing", "link-syntax-wildcards",
      "unknown-link-target", "unreachable-when-present", "url-param-type",
      "invalid-intent-parameter", "intent-needs-value", "invalid-shortcut-phrase-count",
      "too-many-app-shortcuts", "swift-name-collision-intents", "unknown-route-intent",
      "invalid-intent-text", "empty-title-intent", "invalid-intent-parameter-name",
      "swift-name-collision-intent-names", "unknown-arrival-value",
    ].map { "Tests/RouteCompilerTests/Fixtures/rules/\($0).routes.yaml" }
    // App manifests alone: the features they compose are other files.
    + ["appscreens/app", "clean/shop", "collisions/app", "names/app", "names/profile"].map {
      "Tests/RouteCompilerTests/Fixtures/composition/\($0).routes.yaml"
    }
    + ["app/shop", "changed/shop"].map {
      "Tests/RoutecEndToEndTests/Fixtures/composition/\($0).routes.yaml"
    } + ["Examples/ModularShop/App/Sources/ShopRouting/shop.routes.yaml"]

  /// The fixtures the compiler rejects that the schema rejects too: structural errors.
  static let rejected =
    [
      "conflicting-keys-tabs", "conflicting-keys", "duplicate-item", "empty-collection-variants",
      "empty-title", "invalid-action-id",
      "empty-collection", "invalid-bool", "invalid-int", "invalid-key-path", "invalid-max-length",
      "invalid-name", "invalid-namespace", "invalid-push-type", "invalid-value",
      "invalid-shortcut-phrase", "missing-key-intent", "invalid-name-intent",
      "missing-key-default-variant", "missing-key-manifest", "missing-key-remote-config",
      "missing-key", "param-value-type", "type-mismatch-root", "type-mismatch",
      "unknown-key-override", "unknown-key", "unsupported-version", "link-syntax",
      "unknown-key-links-override", "invalid-link-host", "invalid-host-wildcard",
      "invalid-link-scheme",
      "duplicate-item-requires", "stack-too-long", "app-key-in-feature", "invalid-door-type",
      "invalid-link-scheme-authority", "unknown-route-category", "conflicting-keys-command",
      "param-value-type-query", "invalid-choices", "param-value-type-choices",
      "invalid-param-prefix",
    ].map { "Tests/RouteCompilerTests/Fixtures/rules/\($0).routes.yaml" }
    + ["errors", "mixed", "snippet"].map { "Tests/RoutecEndToEndTests/Fixtures/\($0).routes.yaml" }

  /// Each fixture's verdicts: the compiler's, and the validator's on its JSON.
  struct Verdict {
    var compilerAccepts: Bool
    var schemaAccepts: Bool
  }

  static func verdicts() throws -> [String: Verdict] {
    let folder = try TemporaryFolder()
    let schema = try RoutecRunner.run(["schema"])
    #expect(schema.status == 0, "\(schema)")
    try folder.write("routes.schema.json", schema.stdout)
    var compilerAccepts: [String: Bool] = [:]
    var instances: [String: String] = [:]
    for fixture in fixtures {
      let url = RoutecRunner.packageRoot.appendingPathComponent(fixture)
      let bytes = [UInt8](try Data(contentsOf: url))
      var diagnostics = Diagnostics()
      let root = try #require(YAMLReader.read(bytes, diagnostics: &diagnostics), "\(fixture)")
      let instance = fixture.replacingOccurrences(of: "/", with: "__") + ".json"
      try folder.write(instance, JSONLike(root).jsonText)
      instances[instance] = fixture
      compilerAccepts[fixture] =
        !ManifestPipeline.run(bytes: bytes, fileName: url.lastPathComponent).hasErrors
    }
    let valid = try JSONSchemaValidator.validate(
      schema: "routes.schema.json", instances: instances.keys.sorted(), in: folder)
    var verdicts: [String: Verdict] = [:]
    for (instance, fixture) in instances {
      guard let schemaAccepts = valid[instance] else {
        Issue.record("the validator gave no verdict for \(fixture)")
        continue
      }
      verdicts[fixture] = Verdict(
        compilerAccepts: compilerAccepts[fixture] ?? false, schemaAccepts: schemaAccepts)
    }
    return verdicts
  }

  @Test func everyManifestTheCompilerAcceptsIsValid() throws {
    let verdicts = try Self.verdicts()
    let accepted = verdicts.filter(\.value.compilerAccepts).keys.sorted()
    for fixture in accepted {
      #expect(verdicts[fixture]?.schemaAccepts == true, "the schema rejects \(fixture)")
    }
    for fixture in [
      "routes/shop.routes.yaml", "Examples/ShopApp/Sources/ShopRouting/shop.routes.yaml",
      "Tests/RouteCompilerTests/Fixtures/valid/keywords.routes.yaml",
      "Tests/RouteCompilerTests/Fixtures/rules/deprecated-route.routes.yaml",
      "Tests/RoutecEndToEndTests/Fixtures/schema/plain-scalars.routes.yaml",
    ] {
      #expect(accepted.contains(fixture), "\(fixture) is not a valid manifest")
    }
    #expect(accepted.count >= 20)

    // The rest the compiler rejects: the schema catches exactly the structural errors.
    let invalid = verdicts.filter { !$0.value.compilerAccepts }
    let schemaRejects = invalid.filter { !$0.value.schemaAccepts }.keys.sorted()
    let schemaAccepts = invalid.filter(\.value.schemaAccepts).keys.sorted()
    // A new invalid fixture belongs to one of the lists: `rejected` when the schema can see the
    // error in one mapping, `compilerOnly` when it needs the whole manifest.
    #expect(schemaRejects == Self.rejected.sorted())
    #expect(schemaAccepts == Self.compilerOnly.sorted())
  }

  // MARK: - Payload schemas

  /// A payload, and whether `routec resolve` matches it in some variant.
  struct PayloadCase: CustomTestStringConvertible, Sendable {
    var manifest: String
    var json: String
    var matches: Bool
    var testDescription: String { "\(manifest) \(json)" }
  }

  static let payloads: [PayloadCase] = [
    // The examples in ResolveCommandTests.
    ("shop", #"{"type": "course_page", "id": "42"}"#, true),
    ("shop", #"{"aps": {"type": "webview"}, "id": "7"}"#, true),
    ("shop", #"{"type": "webview_full", "id": 7, "chapter": "3"}"#, true),
    ("shop", #"{"type": "home"}"#, true),
    ("shop", #"{"type": "new_shelf"}"#, true),  // in v2 only
    ("shop", #"{"type": "gift_page", "aps": {"alert": "New gift!"}}"#, true),
    // A declared notification category.
    ("shop", #"{"type": "course_page", "id": "4", "aps": {"category": "course_update"}}"#, true),
    // The push type: the first type key that holds a non-empty string.
    ("shop", #"{"type": "", "aps": {"type": "home"}}"#, true),
    ("shop", #"{"type": 5, "aps": {"type": "gift_page"}}"#, true),
    ("shop", #"{"type": "nope", "aps": {"type": "home"}}"#, false),
    ("shop", #"{"type": "nope"}"#, false),  // the fallback, not a match
    ("shop", #"{"aps": {}}"#, false),
    // Coercions.
    ("shop", #"{"type": "course_page", "id": 42}"#, true),
    ("shop", #"{"type": "course_page", "id": true}"#, false),
    ("shop", #"{"type": "webview", "id": "-3", "hide_cache": "0", "chapter": 2.0}"#, true),
    ("shop", #"{"type": "webview", "id": "7", "hide_cache": "yes"}"#, false),
    ("shop", #"{"type": "webview", "id": "7", "hide_cache": 1}"#, false),
    ("shop", #"{"type": "webview", "id": "7", "chapter": null}"#, true),
    // A missing required parameter and a non-numeric string for an int.
    ("shop", #"{"type": "course_page"}"#, false),
    ("shop", #"{"type": "webview_full", "id": null}"#, false),
    ("shop", #"{"type": "webview_full", "id": "seven"}"#, false),
    ("shop", #"{"type": "webview_full", "id": "7.5"}"#, false),
    // news: the type inside `aps`, no variants, nested parameters.
    ("news", #"{"aps": {"category": "story"}, "id": "1234"}"#, true),
    ("news", #"{"aps": {"category": "story"}, "id": "12a"}"#, false),
    ("news", #"{"kind": "live", "event_id": "ev-1", "update": 3}"#, true),
  ].map { PayloadCase(manifest: $0.0, json: $0.1, matches: $0.2) }

  /// A payload that resolves but names a category the manifest does not declare is invalid:
  /// its notification would show none of the manifest's action buttons.
  @Test func anUndeclaredCategoryIsInvalid() throws {
    let folder = try TemporaryFolder()
    let schema = try RoutecRunner.run(
      ["schema", "--payloads", "routes/shop.routes.yaml"], in: RoutecRunner.packageRoot)
    try folder.write("payloads.schema.json", schema.stdout)
    try folder.write("declared.json", #"{"type": "home", "aps": {"category": "new_book"}}"#)
    try folder.write("undeclared.json", #"{"type": "home", "aps": {"category": "new_books"}}"#)
    let valid = try JSONSchemaValidator.validate(
      schema: "payloads.schema.json", instances: ["declared.json", "undeclared.json"], in: folder)
    #expect(valid == ["declared.json": true, "undeclared.json": false])
  }

  @Test(arguments: ["shop", "news"])
  func payloadSchemaAcceptsWhatTheResolverMatches(_ name: String) throws {
    let cases = Self.payloads.filter { $0.manifest == name }
    let file = "routes/\(name).routes.yaml"
    let folder = try TemporaryFolder()
    let schema = try RoutecRunner.run(
      ["schema", "--payloads", file], in: RoutecRunner.packageRoot)
    #expect(schema.status == 0, "\(schema)")
    try folder.write("payloads.schema.json", schema.stdout)

    // What the runtime's resolver says, in each variant: the case list must be right.
    let bytes = [UInt8](try Data(contentsOf: RoutecRunner.packageRoot.appendingPathComponent(file)))
    let output = ManifestPipeline.run(bytes: bytes, fileName: "\(name).routes.yaml")
    let table = RouteTableEncoder.table(for: try #require(output.manifest))
    var instances: [String] = []
    for (index, payloadCase) in cases.enumerated() {
      let payload = try Payload(jsonData: Data(payloadCase.json.utf8))
      let matched = table.variantNames.indices.contains {
        table.resolve(payload, variant: $0).status == .matched
      }
      #expect(matched == payloadCase.matches, "\(payloadCase.json)")
      instances.append("payload\(index).json")
      try folder.write(instances[index], payloadCase.json)
    }

    let valid = try JSONSchemaValidator.validate(
      schema: "payloads.schema.json", instances: instances, in: folder)
    for (index, payloadCase) in cases.enumerated() {
      #expect(valid[instances[index]] == payloadCase.matches, "\(payloadCase.json)")
    }
  }
}

/// scripts/validate-schema.py, run with the python3 found on PATH.
enum JSONSchemaValidator {
  /// python3, when it can import jsonschema.
  static let python: URL? = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    let candidates = path.split(separator: ":").map {
      URL(fileURLWithPath: String($0)).appendingPathComponent("python3")
    }
    guard
      let python = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }
      )
    else { return nil }
    let check = try? RoutecRunner.runProcess(python, ["-c", "import jsonschema"])
    return check?.status == 0 ? python : nil
  }()

  static let script = RoutecRunner.packageRoot.appendingPathComponent("scripts/validate-schema.py")

  /// Validates each of `instances` (files in `folder`) against `schema`; whether each is valid.
  static func validate(
    schema: String, instances: [String], in folder: borrowing TemporaryFolder
  ) throws -> [String: Bool] {
    let python = try #require(python)
    let result = try RoutecRunner.runProcess(
      python, [script.path, schema] + instances, in: folder.url)
    // 0: all valid, 1: some invalid; anything else (an invalid schema) fails here.
    #expect(result.status == 0 || result.status == 1, "\(result)")
    var verdicts: [String: Bool] = [:]
    for line in result.stdoutLines {
      if line.hasPrefix("valid ") {
        verdicts[String(line.dropFirst("valid ".count))] = true
      } else if line.hasPrefix("invalid "), let colon = line.firstIndex(of: ":") {
        verdicts[String(line[line.index(line.startIndex, offsetBy: 8)..<colon])] = false
      }
    }
    #expect(verdicts.count == instances.count, "\(result)")
    return verdicts
  }
}
