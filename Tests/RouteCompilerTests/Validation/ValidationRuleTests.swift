import CompilerTestSupport
import Foundation
@_spi(Generated) import RouteTable
import Testing

@testable import RouteCompiler

/// One fixture per manifest-content rule in `Tests/RouteCompilerTests/Fixtures/rules`, named
/// `<rule-id>.routes.yaml` or `<rule-id>-<case>.routes.yaml`, each asserted to produce exactly
/// the listed diagnostics; plus valid manifests that must produce none.
@Suite struct ValidationRuleTests {
  /// Rules about the input bytes and YAML itself; `YAMLReaderTests.swift` tests these.
  static let yamlLevelRules: Set<RuleID> = [
    .fileTooLarge, .invalidUTF8, .nulByte, .yamlSyntax, .duplicateKey, .yamlAnchor, .yamlAlias,
    .yamlTag, .multipleDocuments, .complexKey, .tooDeep, .emptyManifest,
  ]

  /// Manifest-content rules.
  static var contentRules: [RuleID] {
    RuleID.allCases.filter { !yamlLevelRules.contains($0) }
  }

  struct RuleCase: Sendable, CustomTestStringConvertible {
    var fixture: String
    var expected: [String]

    init(_ fixture: String, _ expected: [String]) {
      self.fixture = fixture
      self.expected = expected
    }

    var path: String { "rules/\(fixture).routes.yaml" }
    var testDescription: String { fixture }
  }

  /// Every fixture in `Fixtures/rules` with the complete, ordered list of what it reports.
  static let cases: [RuleCase] = [
    // Structure and values
    RuleCase(
      "unknown-key",
      [
        "3:3 unknown-key", "6:5 unknown-key", "11:5 unknown-key", "12:5 unknown-key",
        "13:1 unknown-key",
      ]),
    RuleCase("unknown-key-override", ["21:9 unknown-key", "22:9 unknown-key"]),
    RuleCase(
      "missing-key",
      ["6:7 missing-key", "10:3 missing-key", "15:16 missing-key"]),
    RuleCase("missing-key-manifest", ["2:1 missing-key"]),
    RuleCase("missing-key-remote-config", ["2:1 missing-key", "6:3 missing-key"]),
    RuleCase("missing-key-default-variant", ["2:1 missing-key"]),
    RuleCase(
      "type-mismatch",
      [
        "2:10 type-mismatch", "6:13 type-mismatch", "10:14 type-mismatch", "12:13 type-mismatch",
        "13:10 type-mismatch", "18:14 type-mismatch",
      ]),
    RuleCase("type-mismatch-root", ["1:1 type-mismatch"]),
    RuleCase("invalid-bool", ["5:39 invalid-bool", "6:36 invalid-bool", "10:17 invalid-bool"]),
    RuleCase("invalid-int", ["1:11 invalid-int", "5:42 invalid-int", "6:42 invalid-int"]),
    RuleCase(
      "invalid-value",
      ["5:11 invalid-value", "6:23 invalid-value", "10:19 invalid-value", "11:17 invalid-value"]),
    RuleCase("unsupported-version", ["1:11 unsupported-version"]),
    RuleCase(
      "invalid-name",
      [
        "6:3 invalid-name", "8:18 invalid-name", "10:3 invalid-name", "13:3 invalid-name",
        "16:7 invalid-name",
      ]),
    RuleCase("invalid-namespace", ["2:12 invalid-namespace"]),
    RuleCase(
      "invalid-push-type",
      ["5:3 invalid-push-type", "9:15 invalid-push-type", "9:26 invalid-push-type"]),
    RuleCase(
      "invalid-key-path",
      ["3:21 invalid-key-path", "13:11 invalid-key-path", "14:24 invalid-key-path"]),
    RuleCase("unknown-arrival-value", ["10:22 unknown-arrival-value"]),
    RuleCase(
      "empty-collection",
      ["3:14 empty-collection", "4:10 empty-collection", "5:9 empty-collection"]),
    RuleCase(
      "empty-collection-variants",
      [
        "3:16 empty-collection", "7:13 empty-collection", "8:11 empty-collection",
        "14:11 empty-collection",
      ]),
    RuleCase(
      "duplicate-item",
      [
        "3:31 duplicate-item", "9:26 duplicate-item", "10:24 duplicate-item",
        "19:20 duplicate-item",
      ]),
    RuleCase(
      "conflicting-keys",
      ["2:1 conflicting-keys", "9:41 conflicting-keys", "14:28 conflicting-keys"]),
    RuleCase("conflicting-keys-tabs", ["9:1 conflicting-keys"]),
    RuleCase(
      "invalid-max-length",
      ["5:42 invalid-max-length", "6:26 invalid-max-length", "7:43 invalid-max-length"]),
    RuleCase(
      "param-value-type",
      [
        "6:35 param-value-type", "7:42 param-value-type", "8:38 param-value-type",
        "9:53 param-value-type", "14:25 param-value-type",
      ]),
    RuleCase("param-value-type-range", ["5:38 param-value-type", "13:24 param-value-type"]),
    RuleCase("table-too-large", ["5:41 table-too-large"]),

    // Home Screen quick actions and user activities
    RuleCase("invalid-door-type", ["8:3 invalid-door-type", "10:3 invalid-door-type"]),
    // `reorder` is dynamic: the app gives `order_id` when it adds the item.
    RuleCase("shortcut-needs-value", ["11:24 shortcut-needs-value"]),
    RuleCase("unknown-shortcut-icon", ["8:49 unknown-shortcut-icon"]),
    RuleCase("invalid-shortcut-title", ["8:35 invalid-shortcut-title"]),
    // The fifth static one; the dynamic sixth does not count.
    RuleCase("too-many-shortcuts", ["12:3 too-many-shortcuts"]),
    // `gifts_later` is dynamic: the app adds it only where the route exists.
    RuleCase("shortcut-unavailable", ["12:19 shortcut-unavailable"]),

    // App Intents
    // `tags` is a query parameter: no intent parameter can be one.
    RuleCase(
      "invalid-intent-parameter",
      ["20:7 invalid-intent-parameter", "25:7 invalid-intent-parameter"]
    ),
    // A key without an ASCII letter or digit gives no Swift property.
    RuleCase("invalid-intent-parameter-name", ["15:7 invalid-intent-parameter"]),
    RuleCase("intent-needs-value", ["13:12 intent-needs-value"]),
    RuleCase(
      "invalid-shortcut-phrase",
      [
        "19:11 invalid-shortcut-phrase", "20:19 invalid-shortcut-phrase",
        "21:27 invalid-shortcut-phrase", "22:19 invalid-shortcut-phrase",
      ]),
    RuleCase("invalid-shortcut-phrase-count", ["23:11 invalid-shortcut-phrase"]),
    RuleCase("too-many-app-shortcuts", ["71:5 too-many-app-shortcuts"]),
    RuleCase("swift-name-collision-intents", ["11:3 swift-name-collision"]),
    // `app` gives `AppIntent`; `a}b` gives `aB` as `a+b` does; `title` is a requirement.
    RuleCase(
      "swift-name-collision-intent-names",
      ["13:3 swift-name-collision", "21:7 swift-name-collision", "22:7 swift-name-collision"]),
    RuleCase("unknown-route-intent", ["9:12 unknown-route"]),
    RuleCase("missing-key-intent", ["8:3 missing-key", "10:5 missing-key"]),
    RuleCase("invalid-name-intent", ["8:3 invalid-name"]),
    RuleCase(
      "invalid-intent-text", ["10:12 invalid-intent-text", "12:17 invalid-intent-text"]),
    RuleCase("empty-title-intent", ["10:12 empty-title"]),
    // `open` opens the route that carries the category: it reads what the push sends.
    RuleCase("action-needs-value", ["15:7 action-needs-value"]),
    RuleCase("unknown-category", ["7:15 unknown-category"]),
    RuleCase(
      "invalid-action-id",
      ["8:3 invalid-action-id", "13:7 invalid-action-id", "14:7 invalid-action-id"]),
    RuleCase("empty-title", ["10:22 empty-title", "11:23 empty-title", "12:7 missing-key"]),

    // References and uniqueness
    RuleCase(
      "unknown-variant",
      [
        "4:20 unknown-variant", "17:16 unknown-variant", "20:32 unknown-variant",
        "22:7 unknown-variant",
      ]),
    RuleCase("unknown-screen", ["17:13 unknown-screen", "21:21 unknown-screen"]),
    RuleCase("unknown-param", ["13:7 unknown-param", "17:7 unknown-param", "18:27 unknown-param"]),
    // `hom` is missing in both variants, and each variant reports it.
    // `hom` is missing from both variants: one error naming both.
    RuleCase("unknown-tab", ["17:10 unknown-tab", "20:10 unknown-tab"]),
    // Three routes select a tab `v1` lacks: one error, at `v1`'s `tabs`.
    RuleCase("unknown-tab-routes", ["4:24 unknown-tab"]),
    RuleCase("unknown-tab-no-tabs", ["7:10 unknown-tab"]),
    RuleCase("unknown-route", ["7:11 unknown-route"]),
    RuleCase("unknown-route-action", ["11:35 unknown-route", "13:39 unknown-route"]),
    RuleCase("unknown-base", ["9:11 unknown-base", "12:11 unknown-base"]),
    RuleCase("tab-out-of-range", ["17:10 tab-out-of-range", "20:16 tab-out-of-range"]),
    // Two routes select an index `v1` lacks: one error at `v1`'s `tabs`; one route's index is
    // out of range in both variants: one error naming both.
    RuleCase("tab-out-of-range-routes", ["4:24 tab-out-of-range", "17:10 tab-out-of-range"]),
    RuleCase("incomplete-tab-map", ["20:10 incomplete-tab-map", "23:10 incomplete-tab-map"]),
    RuleCase(
      "variant-not-available", ["18:12 variant-not-available", "20:7 variant-not-available"]),
    RuleCase("duplicate-push-type", ["11:15 duplicate-push-type", "11:30 duplicate-push-type"]),
    RuleCase("duplicate-remote-value", ["10:14 duplicate-remote-value"]),
    RuleCase("swift-name-collision", ["2:25 swift-name-collision", "7:7 swift-name-collision"]),
    RuleCase(
      "swift-name-collision-screens",
      ["2:19 swift-name-collision", "5:3 swift-name-collision", "9:7 swift-name-collision"]),
    RuleCase(
      "swift-name-collision-generated", ["6:42 swift-name-collision", "7:3 swift-name-collision"]),
    // A feature alone naming an app screen that becomes its own case: found by the fuzzer, where
    // lint passed and generate failed with no error.
    RuleCase("swift-name-collision-feature", ["7:13 swift-name-collision"]),
    // `lesson_id` inside `data` (the optional `section` there is not reported); `aps` around the
    // only type key, reported at `screen:` because it is read from the key of its own name.
    RuleCase(
      "overlapping-key-paths", ["20:18 overlapping-key-paths", "23:13 overlapping-key-paths"]),

    // URLs
    RuleCase(
      "invalid-base-url",
      [
        "3:10 invalid-base-url", "4:10 invalid-base-url", "5:13 invalid-base-url",
        "6:13 invalid-base-url", "7:11 invalid-base-url", "8:13 invalid-base-url",
      ]),
    RuleCase(
      "url-syntax",
      ["11:24 url-syntax", "14:25 url-syntax", "17:16 url-syntax", "20:39 url-syntax"]),
    RuleCase(
      "url-not-absolute",
      [
        "9:11 url-not-absolute", "12:11 url-not-absolute", "15:11 url-not-absolute",
        "18:11 url-not-absolute",
      ]),
    RuleCase(
      "url-dynamic-host",
      [
        "12:16 url-dynamic-host", "15:32 url-dynamic-host", "18:19 url-dynamic-host",
        "21:11 url-dynamic-host", "24:16 url-dynamic-host",
      ]),

    // Links
    RuleCase(
      "link-syntax",
      [
        "13:21 link-syntax", "14:16 link-syntax", "15:25 link-syntax", "16:18 link-syntax",
        "17:18 link-syntax", "18:17 link-syntax", "19:22 link-syntax", "20:27 link-syntax",
        "21:9 link-syntax", "22:17 link-syntax", "23:25 link-syntax", "24:23 link-syntax",
        "25:24 link-syntax",
      ]),
    RuleCase("unknown-key-links-override", ["22:9 unknown-key"]),
    RuleCase(
      "unknown-link-param",
      ["14:15 unknown-link-param", "18:17 unknown-link-param", "19:34 unknown-link-param"]),
    RuleCase(
      "link-param-type",
      ["19:17 link-param-type", "27:19 link-param-type", "28:19 link-param-type"]),
    RuleCase(
      "url-param-type",
      ["12:26 url-param-type", "15:25 url-param-type", "18:25 url-param-type"]),
    // An optional value may end the path when no `/` stands before it; a constant is present.
    RuleCase(
      "url-optional-path-param",
      [
        "14:25 url-optional-path-param", "17:34 url-optional-path-param",
        "20:34 url-optional-path-param",
      ]),
    RuleCase(
      "invalid-choices", ["5:47 invalid-choices", "6:28 invalid-choices", "7:45 invalid-choices"]),
    RuleCase(
      "invalid-param-prefix",
      ["6:27 invalid-param-prefix", "7:38 invalid-param-prefix", "8:61 invalid-param-prefix"]),
    RuleCase(
      "param-value-type-choices",
      ["5:65 param-value-type", "6:50 conflicting-keys", "11:22 param-value-type"]),
    RuleCase(
      "param-value-type-query",
      ["5:40 param-value-type", "6:38 param-value-type", "12:22 param-value-type"]),
    // v1 opens `Course`, where `{id}` is unknown (and not also reported as unbound); `/latest`
    // binds nothing, in either variant's screen; `/intro` has its required `id` as a constant.
    RuleCase(
      "unbound-link-param",
      ["28:17 unknown-link-param", "29:9 unbound-link-param", "29:9 unbound-link-param"]),
    RuleCase(
      "invalid-link-host",
      [
        "5:7 invalid-link-host", "6:7 invalid-link-host", "7:7 invalid-link-host",
        "8:7 invalid-link-host", "9:7 invalid-link-host", "10:7 duplicate-item",
        "11:7 invalid-link-host", "12:7 invalid-link-host", "13:7 invalid-link-host",
      ]),
    // `*.academy.example` is a wildcard; `*`, alone, only in a link's own `hosts`.
    RuleCase(
      "invalid-host-wildcard",
      [
        "5:7 invalid-host-wildcard", "6:7 invalid-host-wildcard", "7:7 invalid-host-wildcard",
        "8:7 invalid-host-wildcard", "9:7 invalid-link-host", "18:41 invalid-host-wildcard",
        "19:40 invalid-host-wildcard", "19:63 invalid-host-wildcard",
      ]),
    RuleCase(
      "invalid-link-scheme",
      [
        "3:22 invalid-link-scheme", "3:29 invalid-link-scheme", "3:44 invalid-link-scheme",
        "3:53 invalid-link-scheme", "3:59 invalid-link-scheme",
      ]),
    RuleCase("links-without-hosts", ["7:5 links-without-hosts"]),
    RuleCase(
      "ambiguous-links",
      [
        "24:9 ambiguous-links", "26:9 ambiguous-links", "29:43 ambiguous-links",
        "39:9 ambiguous-links", "47:9 ambiguous-links",
      ]),
    RuleCase("ambiguous-links-targets", ["21:9 ambiguous-links", "24:9 ambiguous-links"]),
    RuleCase(
      "invalid-link-scheme-authority",
      ["3:37 invalid-link-scheme", "3:71 invalid-value", "3:79 missing-key"]),
    RuleCase(
      "link-syntax-wildcards",
      [
        "12:20 link-syntax", "13:16 link-syntax", "14:18 link-syntax", "15:13 link-syntax",
        "16:16 link-syntax",
      ]),
    RuleCase(
      "unknown-link-target",
      ["13:17 unknown-link-target", "13:37 unknown-link-target", "14:19 unknown-link-target"]),
    RuleCase("link-reaches-nothing", ["11:9 link-reaches-nothing", "15:9 link-reaches-nothing"]),
    RuleCase(
      "conflicting-keys-command",
      [
        // `links` on an `app_action` route (line 13) is allowed: a URL reaches its action.
        "11:13 conflicting-keys", "12:10 conflicting-keys", "16:17 conflicting-keys",
        "17:19 conflicting-keys",
      ]),
    RuleCase(
      "unreachable-when-present",
      ["20:5 unreachable-when-present", "30:5 unreachable-when-present"]),
    RuleCase(
      "unknown-route-category",
      ["6:12 unknown-route", "7:3 missing-key", "9:12 unknown-route", "13:20 invalid-key-path"]),

    // Requirements and back stacks
    RuleCase("app-key-in-feature", ["3:1 app-key-in-feature", "4:1 app-key-in-feature"]),
    RuleCase("unknown-feature", ["3:11 unknown-feature", "3:19 unknown-feature"]),
    RuleCase("unknown-requirement", ["11:16 unknown-requirement", "16:27 unknown-requirement"]),
    RuleCase("unknown-requirement-none-declared", ["7:16 unknown-requirement"]),
    RuleCase("requirement-cycle", ["4:12 requirement-cycle", "6:12 requirement-cycle"]),
    RuleCase("requirement-route-unavailable", ["14:12 requirement-route-unavailable"]),
    // `next` is read from a payload the router never has; `reason` has a default.
    RuleCase("requirement-route-param", ["3:23 requirement-route-param"]),
    RuleCase("unknown-route-requirement", ["4:12 unknown-route"]),
    RuleCase("duplicate-item-requires", ["9:27 duplicate-item"]),
    RuleCase("stack-too-long", ["9:61 stack-too-long"]),
    RuleCase("stack-own-screen", ["19:19 stack-own-screen", "22:13 stack-own-screen"]),
    RuleCase("unbound-stack-param", ["18:9 unbound-stack-param", "22:19 unbound-stack-param"]),
    // A string's `max_length` is part of its type: a looser source is refused.
    RuleCase(
      "stack-param-type-length", ["13:13 stack-param-type", "16:54 stack-param-type"]),
    RuleCase("stack-param-type", ["13:13 stack-param-type", "17:61 stack-param-type"]),
    RuleCase("unknown-param-stack", ["13:42 unknown-param", "17:61 unknown-param"]),
    RuleCase("unknown-screen-stack", ["8:13 unknown-screen"]),
    RuleCase("param-value-type-stack", ["11:61 param-value-type"]),

    // Warnings
    RuleCase("insecure-url", ["3:11 insecure-url", "14:11 insecure-url"]),
    RuleCase("deprecated-route", ["7:3 deprecated-route", "10:3 deprecated-route"]),
    RuleCase("fallback-unavailable", ["20:11 fallback-unavailable"]),
    RuleCase("unused-requirement", ["4:3 unused-requirement"]),
  ]

  /// The rule a fixture is named after: the longest rule id that is its name or a prefix
  /// followed by `-`.
  static func rule(forFixture name: String) -> RuleID? {
    RuleID.allCases
      .filter { name == $0.rawValue || name.hasPrefix($0.rawValue + "-") }
      .max { $0.rawValue.count < $1.rawValue.count }
  }

  static func fixtureNames(in folder: String) throws -> [String] {
    let suffix = ".routes.yaml"
    return try FileManager.default.contentsOfDirectory(atPath: Fixtures.url(folder).path)
      .filter { $0.hasSuffix(suffix) }
      .map { String($0.dropLast(suffix.count)) }
      .sorted()
  }

  // MARK: - One fixture per rule

  @Test(arguments: cases)
  func fixtureReportsExactlyItsDiagnostics(_ rule: RuleCase) throws {
    let output = try lintFixture(rule.path)
    #expect(brief(output.diagnostics) == rule.expected)
    let named = try #require(Self.rule(forFixture: rule.fixture))
    #expect(
      output.diagnostics.contains { $0.rule == named },
      "the fixture must trigger `\(named.rawValue)`")
    for diagnostic in output.diagnostics {
      #expect(diagnostic.severity == diagnostic.category.severity)
      #expect(!diagnostic.message.isEmpty)
    }
    // Errors block the manifest; warnings alone do not.
    #expect((output.manifest == nil) == output.hasErrors)
  }

  @Test(arguments: [
    "insecure-url", "deprecated-route", "fallback-unavailable", "unused-requirement",
  ])
  func warningRulesReportWarningsAndKeepTheManifest(_ fixture: String) throws {
    let output = try lintFixture("rules/\(fixture).routes.yaml")
    #expect(!output.diagnostics.isEmpty)
    #expect(
      output.diagnostics.allSatisfy { $0.severity == .warning && $0.ruleID == fixture })
    #expect(!output.hasErrors)
    #expect(output.manifest != nil)
    #expect(RuleID(rawValue: fixture)?.severity == .warning)
  }

  @Test func onlyTheseRulesAreWarnings() {
    let warnings = Set(RuleID.allCases.filter { $0.severity == .warning })
    #expect(
      warnings == [
        .insecureURL, .deprecatedRoute, .fallbackUnavailable, .unusedRequirement,
        .tooManyShortcuts,
      ])
  }

  // MARK: - Coverage

  /// Fails when a rule is added to `RuleID` without a fixture named after it.
  @Test func everyContentRuleHasAFixture() throws {
    let covered = Set(try Self.fixtureNames(in: "rules").compactMap(Self.rule(forFixture:)))
    let missing = Self.contentRules.filter { !covered.contains($0) }.map(\.rawValue)
    #expect(missing.isEmpty, "rules without a fixture in Fixtures/rules: \(missing)")
  }

  /// Every fixture on disk is named after a content rule and has an entry in `cases`.
  @Test func everyFixtureIsNamedAfterARuleAndTested() throws {
    let names = try Self.fixtureNames(in: "rules")
    for name in names {
      let rule = Self.rule(forFixture: name)
      #expect(rule != nil, "`\(name)` is not named after a rule")
      if let rule {
        #expect(!Self.yamlLevelRules.contains(rule), "`\(name)` belongs in YAMLReaderTests")
      }
    }
    #expect(names == Self.cases.map(\.fixture).sorted())
    #expect(Set(Self.cases.map(\.fixture)).count == Self.cases.count)
  }

  @Test func yamlLevelRulesAreTheInputAndYAMLSection() {
    // The YAML-level rules are declared first in `RuleID`, before the content rules.
    #expect(Set(RuleID.allCases.prefix(Self.yamlLevelRules.count)) == Self.yamlLevelRules)
  }

  // MARK: - Messages

  struct MessageCase: Sendable, CustomTestStringConvertible {
    var fixture: String
    var at: String
    var contains: [String]

    init(_ fixture: String, _ at: String, _ contains: String...) {
      self.fixture = fixture
      self.at = at
      self.contains = contains
    }

    var testDescription: String { "\(fixture) \(at)" }
  }

  static let messages: [MessageCase] = [
    // Did-you-mean suggestions.
    MessageCase("unknown-key", "13:1 unknown-key", "`fallbak`", "did you mean `fallback`?"),
    MessageCase(
      "unknown-arrival-value", "10:22 unknown-arrival-value",
      "`from` of parameter `query` of route `reading` is `$titel`, which no arrival carries; did you mean `$title`?"
    ),
    MessageCase("unknown-key", "3:3 unknown-key", "did you mean `type_keys`?"),
    MessageCase("unknown-key", "11:5 unknown-key", "did you mean `presentation`?"),
    MessageCase("unknown-key", "12:5 unknown-key", "`colour`", "expected `screen`, `params`"),
    MessageCase(
      "unknown-key-override", "21:9 unknown-key", "`aliases` cannot be overridden per variant"),
    MessageCase("unknown-key-override", "22:9 unknown-key", "did you mean `presentation`?"),
    MessageCase("invalid-value", "5:11 invalid-value", "`strng`", "did you mean `string`?"),
    MessageCase("invalid-value", "11:17 invalid-value", "did you mean `banner`?"),
    MessageCase("invalid-value", "10:19 invalid-value", "`push` or `modal`", "`sheet`"),
    MessageCase("unknown-screen", "17:13 unknown-screen", "`Hom`", "did you mean `Home`?"),
    MessageCase("unknown-variant", "4:20 unknown-variant", "`default_variant`", "`v3`"),
    MessageCase(
      "unknown-variant", "20:32 unknown-variant", "`beta`", "the variants are `v1` or `v2`"),
    MessageCase("unknown-variant", "22:7 unknown-variant", "override", "`v5`"),
    MessageCase("unknown-param", "17:7 unknown-param", "`lesson_idd`", "did you mean `lesson_id`?"),
    MessageCase("unknown-param", "18:27 unknown-param", "`lessonid`", "did you mean `lesson_id`?"),
    MessageCase(
      "unknown-param", "13:7 unknown-param", "screen `Home` has no parameter `id`", "it takes none"),
    MessageCase(
      "unknown-tab", "20:10 unknown-tab", "variant `v2` has no tab `shop`", "`home` or `courses`"),
    MessageCase("unknown-tab-no-tabs", "7:10 unknown-tab", "declares no tabs", "top-level `tabs`"),
    MessageCase(
      "unknown-tab", "17:10 unknown-tab",
      "variants `v1` and `v2` have no tab `hom`; did you mean `home`?"),
    MessageCase(
      "unknown-tab-routes", "4:24 unknown-tab",
      "variant `v1` has no tab `orders`, which 3 routes select: `order_list` (line 15), `order_shipped` (line 18) and `order_late` (line 22); add `orders` to its `tabs`, or give those routes a tab per variant (`tab: { v1: ..., ... }`)"
    ),
    MessageCase("unknown-route", "7:11 unknown-route", "`hom`", "did you mean `home`?"),
    MessageCase("unknown-base", "9:11 unknown-base", "`{wbe}`", "did you mean `web`?"),
    MessageCase(
      "unknown-requirement", "11:16 unknown-requirement", "`signed_inn`",
      "did you mean `signed_in`?"),
    MessageCase(
      "unknown-requirement-none-declared", "7:16 unknown-requirement", "`signed_in`",
      "top-level `requirements`"),
    MessageCase(
      "requirement-cycle", "4:12 requirement-cycle", "`sign_in` requires `signed_in` itself",
      "must not need it"),
    MessageCase(
      "requirement-cycle", "6:12 requirement-cycle", "needs `accepted_terms`",
      "whose route requires `onboarded`"),
    MessageCase(
      "stack-param-type-length", "13:13 stack-param-type",
      "the `List` entry of the `stack` of route `detail` binds `code` (at most 3 characters) to the route's parameter `code`, which allows 2000; give `code` of screen `Detail` a `max_length` of 3 or less, or raise the stack screen's"
    ),
    MessageCase(
      "invalid-door-type", "8:3 invalid-door-type",
      "shortcut type `open search` must be 1 to 128 characters from A-Z a-z 0-9 _ . : -"),
    MessageCase(
      "invalid-door-type", "10:3 invalid-door-type", "activity type `com.example/search`"),
    MessageCase(
      "shortcut-needs-value", "11:24 shortcut-needs-value",
      "shortcut `last_order` is static, so it opens route `order_detail` with no `userInfo`, but the route needs `order_id`; give it a constant in the route (`params: { order_id: { value: ... } }`), or make the shortcut `dynamic: true` and give the value when the app adds it"
    ),
    MessageCase(
      "invalid-intent-parameter", "20:7 invalid-intent-parameter",
      "parameter `episode` of intent `open_episode` is no payload key route `episode` reads a screen parameter from (`from:`); it reads `episode_id`"
    ),
    MessageCase(
      "invalid-intent-parameter", "25:7 invalid-intent-parameter",
      "parameter `tags` of intent `filter` is read as `tags` of type query, which no intent parameter can be"
    ),
    MessageCase(
      "intent-needs-value", "13:12 intent-needs-value",
      "intent `open_episode` opens route `episode`, whose screen needs `id` from `episode_id`, which the intent does not ask for; add it to `parameters` (`episode_id: { title: ... }`), or give the route a constant"
    ),
    MessageCase(
      "invalid-shortcut-phrase", "19:11 invalid-shortcut-phrase",
      "a phrase of intent `browse` does not say `${app}`"),
    MessageCase(
      "invalid-shortcut-phrase", "20:19 invalid-shortcut-phrase",
      "names `${genres}`, which is neither `${app}` nor a parameter of the intent; did you mean `genre`?"
    ),
    MessageCase(
      "invalid-shortcut-phrase", "21:27 invalid-shortcut-phrase",
      "names `${sort}`, a parameter without `choices`"),
    MessageCase(
      "invalid-shortcut-phrase", "22:19 invalid-shortcut-phrase",
      "opens `${` without closing it"),
    MessageCase(
      "invalid-shortcut-phrase-count", "23:11 invalid-shortcut-phrase",
      "intent `go_home` has more than 10 phrases, the most an App Shortcut takes"),
    MessageCase(
      "too-many-app-shortcuts", "71:5 too-many-app-shortcuts",
      "intent `open_10` is the eleventh App Shortcut; iOS takes 10 from an app and ignores the rest"
    ),
    MessageCase(
      "swift-name-collision-intents", "11:3 swift-name-collision",
      "intent `open1` becomes the Swift type `Open1Intent`, as intent `open_1` (line 8) does; rename one"
    ),
    MessageCase(
      "unknown-route-intent", "9:12 unknown-route",
      "intent `go_home` opens `hom`, which no route declares; did you mean `home`?"),
    MessageCase(
      "invalid-intent-text", "10:12 invalid-intent-text",
      "`title` of intent `go_home` holds the control character \\u{7}, which Siri and Shortcuts cannot show; remove it"
    ),
    MessageCase(
      "invalid-shortcut-title", "8:35 invalid-shortcut-title",
      "`title` of shortcut `search` holds the control character \\u{202E}, which the Home Screen cannot show and Info.plist cannot hold; remove it"
    ),
    MessageCase(
      "unknown-shortcut-icon", "8:49 unknown-shortcut-icon",
      "`icon` of shortcut `search` is `serch`, which is not a system icon; did you mean `search`?"),
    MessageCase(
      "shortcut-unavailable", "12:19 shortcut-unavailable",
      "shortcut `gifts` is static, so the Home Screen shows it in every variant, but route `gifts` does not exist in variant `v2`, where it opens nothing; give the route to every variant, or make the shortcut `dynamic: true` and add it only where the route exists"
    ),
    MessageCase(
      "action-needs-value", "15:7 action-needs-value",
      "action `play_now` of category `episode_alerts` opens route `play`, which reads `episode_id` at `episode_id`, but route `new_episode`, whose pushes carry `episode_alerts`, does not send it there; read the same key path in both routes (`params: { episode_id: data.episode_id }`), or give the action's route a constant"
    ),
    MessageCase(
      "unknown-category", "7:15 unknown-category",
      "`category` of route `new_episode` is `episode_alert`, which `categories` does not declare; did you mean `episode_alerts`?"
    ),
    MessageCase(
      "too-many-shortcuts", "12:3 too-many-shortcuts",
      "shortcut `five` is the fifth static shortcut; the Home Screen shows 4"),
    MessageCase(
      "requirement-route-param", "3:23 requirement-route-param",
      "requirement `signed_in`'s route `sign_in` opens `SignIn`, which needs a value for `next` from a payload; the router shows this route with no payload, so give it a constant in the route (`params: { next: { value: ... } }`) or a default in the screen"
    ),
    MessageCase(
      "requirement-route-unavailable", "14:12 requirement-route-unavailable",
      "does not exist in `v1`", "remove its `only`"),
    MessageCase("unknown-route-requirement", "4:12 unknown-route", "`signin`", "`sign_in`?"),
    MessageCase("stack-too-long", "9:61 stack-too-long", "9 entries", "at most 8"),
    MessageCase(
      "stack-own-screen", "22:13 stack-own-screen", "holds `List`",
      "variant `v1` opens screen `List` instead, line 24"),
    MessageCase(
      "unbound-stack-param", "18:9 unbound-stack-param", "leaves `order_id` unbound",
      "`{ value: CONSTANT }`"),
    MessageCase(
      "stack-param-type", "13:13 stack-param-type", "binds `order_id` (int)", "which is string"),
    MessageCase(
      "stack-param-type", "17:61 stack-param-type", "optional parameter `other`",
      "may be absent"),
    MessageCase("unknown-screen-stack", "8:13 unknown-screen", "`OrderLst`", "`OrderList`?"),
    MessageCase("unused-requirement", "4:3 unused-requirement", "`onboarded`", "`requires`"),
    MessageCase("unknown-base", "12:11 unknown-base", "`{cdn}`", "the bases are `web`"),

    // Duplicates name the first occurrence's line.
    MessageCase(
      "duplicate-item", "3:31 duplicate-item", "`type` is listed twice", "first at line 3"),
    MessageCase("duplicate-item", "19:20 duplicate-item", "`v1`", "first at line 19"),
    MessageCase(
      "duplicate-push-type", "11:15 duplicate-push-type", "`home` is already a route at line 6"),
    MessageCase(
      "duplicate-push-type", "11:30 duplicate-push-type",
      "`start` is already an alias of route `home` at line 8"),
    MessageCase(
      "duplicate-remote-value", "10:14 duplicate-remote-value",
      "`2` already picks variant `v1` (line 7)"),
    MessageCase(
      "swift-name-collision", "2:25 swift-name-collision",
      "tab `gift__page` and `gift_page` (line 2)",
      "`giftPage`"),
    MessageCase(
      "swift-name-collision", "7:7 swift-name-collision", "parameter `gift__id`", "(line 6)"),
    MessageCase(
      "swift-name-collision-feature", "7:13 swift-name-collision",
      "the app's screen `Profile`, which this feature names, and the feature `Profile` both become the case `profile`",
      "no app can compose the feature"),
    MessageCase(
      "overlapping-key-paths", "20:18 overlapping-key-paths", "`lesson_id` from `data.id`",
      "inside `data`, where it reads `data`"),
    MessageCase(
      "overlapping-key-paths", "23:13 overlapping-key-paths", "`aps` from `aps`",
      "the push type is read from `aps.type`"),
    MessageCase(
      "swift-name-collision-screens", "2:19 swift-name-collision", "tab `home__feed`", "`homeFeed`"),
    MessageCase(
      "swift-name-collision-screens", "5:3 swift-name-collision", "screen `UrlPage`", "(line 4)",
      "`urlPage`"),
    MessageCase(
      "swift-name-collision-screens", "9:7 swift-name-collision", "parameter `book_id_1`",
      "(line 8)"),
    MessageCase(
      "swift-name-collision-generated", "6:42 swift-name-collision",
      "tab `all_cases` becomes the Swift name `allCases`, which the generated `Tab` already declares (every tab, in order); rename the tab"
    ),
    MessageCase(
      "swift-name-collision-generated", "7:3 swift-name-collision",
      "variant `remote_config_key` becomes the Swift name `remoteConfigKey`, which the generated `Variant` already declares (the remote-config parameter's name); rename the variant"
    ),

    // Values and shapes.
    MessageCase("invalid-bool", "5:39 invalid-bool", "`yes` is a YAML 1.1 boolean"),
    MessageCase("invalid-bool", "6:36 invalid-bool", "without quotes", "`true`"),
    MessageCase("invalid-bool", "10:17 invalid-bool", "`no` is a YAML 1.1 boolean", "quote it"),
    MessageCase(
      "invalid-int", "1:11 invalid-int", "`manifest` must be a decimal integer",
      "quoted values are strings"),
    MessageCase("invalid-int", "5:42 invalid-int", "`1e3`"),
    MessageCase("param-value-type", "6:35 param-value-type", "must be a valid int", "`first`"),
    MessageCase("invalid-action-id", "8:3 invalid-action-id", "category name `course update`"),
    MessageCase("invalid-action-id", "14:7 invalid-action-id", "action id `remind/later`"),
    MessageCase("empty-title", "10:22 empty-title", "`title` of action `open` of category `news`"),
    MessageCase(
      "unknown-route-action", "11:35 unknown-route", "action `open` of category `news`",
      "did you mean `home`?"),
    MessageCase(
      "param-value-type", "7:42 param-value-type", "must be a valid bool, found `yes`",
      "`yes` is a YAML 1.1 boolean", "write `true` or `false`"),
    MessageCase(
      "param-value-type", "8:38 param-value-type", "valid double", "quoted values are strings"),
    MessageCase(
      "param-value-type", "9:53 param-value-type", "3 characters long", "`max_length` is 2"),
    MessageCase(
      "param-value-type", "14:25 param-value-type", "the constant for `book_id`",
      "quoted values are strings"),
    MessageCase("conflicting-keys", "2:1 conflicting-keys", "`remote_config`", "declares none"),
    MessageCase("conflicting-keys", "9:41 conflicting-keys", "both `default` and `optional: true`"),
    MessageCase("conflicting-keys", "14:28 conflicting-keys", "both `from` and `value`"),
    MessageCase("conflicting-keys-tabs", "9:1 conflicting-keys", "top-level `tabs`"),
    MessageCase("invalid-max-length", "6:26 invalid-max-length", "only to string parameters"),
    MessageCase("invalid-max-length", "7:43 invalid-max-length", "at least 1, found -5"),
    MessageCase("missing-key", "10:3 missing-key", "route `book`", "`screen`"),
    MessageCase("missing-key", "6:7 missing-key", "`book_id`", "`type`"),
    MessageCase("missing-key", "15:16 missing-key", "`from: key.path` or `value: constant`"),
    MessageCase("missing-key-remote-config", "6:3 missing-key", "variant `v2`", "`tabs`"),
    MessageCase("missing-key-default-variant", "2:1 missing-key", "`default_variant`"),
    MessageCase("type-mismatch", "10:14 type-mismatch", "must be a list", "`start`"),
    MessageCase(
      "type-mismatch", "18:14 type-mismatch", "must be a tab name or index, found a mapping",
      "the override already applies to one variant"),
    MessageCase(
      "invalid-name", "13:3 invalid-name", "screen name `lesson_detail`", "[A-Z][A-Za-z0-9]*"),
    MessageCase("invalid-namespace", "2:12 invalid-namespace", "`shop_routes`", "UpperCamelCase"),
    MessageCase("unsupported-version", "1:11 unsupported-version", "`manifest: 2`"),

    // Per-variant rules name the variants.
    MessageCase(
      "incomplete-tab-map", "20:10 incomplete-tab-map", "route `gift_page`", "`v2` or `v3`"),
    MessageCase("incomplete-tab-map", "23:10 incomplete-tab-map", "route `shop`", "`v3`"),
    MessageCase("tab-out-of-range", "17:10 tab-out-of-range", "variant `v2` has 3 tabs (0 to 2)"),
    MessageCase(
      "tab-out-of-range-routes", "4:24 tab-out-of-range",
      "variant `v1` has 1 tab (0), but 2 routes select tab index 1: `a` (line 11) and `b` (line 14); select its tabs by name, or give those routes a tab per variant"
    ),
    MessageCase(
      "tab-out-of-range-routes", "17:10 tab-out-of-range",
      "tab index 5 is out of range in variants `v1` (1 tab) and `v2` (2 tabs)"),
    MessageCase(
      "variant-not-available", "18:12 variant-not-available", "its `only` lists `v2`", "tab"),
    MessageCase("variant-not-available", "20:7 variant-not-available", "`v1`", "override"),

    // URLs.
    MessageCase(
      "invalid-base-url", "3:10 invalid-base-url", "trailing `/`", "write `https://m.example.com`"),
    MessageCase("invalid-base-url", "4:10 invalid-base-url", "no query"),
    MessageCase("invalid-base-url", "5:13 invalid-base-url", "no fragment"),
    MessageCase("invalid-base-url", "6:13 invalid-base-url", "not an absolute URL"),
    MessageCase("invalid-base-url", "7:11 invalid-base-url", "`javascript:` scheme is not allowed"),
    MessageCase("url-syntax", "11:24 url-syntax", "never closed"),
    MessageCase("url-syntax", "17:16 url-syntax", "`/`, `?` or `#`"),
    MessageCase("url-dynamic-host", "12:16 url-dynamic-host", "right after the base `{web}`"),
    MessageCase("url-dynamic-host", "18:19 url-dynamic-host", "expression in the host"),
    MessageCase("url-dynamic-host", "21:11 url-dynamic-host", "starts with the parameter `{host}`"),
    MessageCase("url-not-absolute", "18:11 url-not-absolute", "no host"),

    // Links.
    MessageCase("link-syntax", "13:21 link-syntax", "does not end with `/`"),
    MessageCase("link-syntax", "15:25 link-syntax", "`id` is bound twice"),
    MessageCase("link-syntax", "16:18 link-syntax", "must be the last segment"),
    MessageCase(
      "link-syntax", "19:22 link-syntax",
      "a segment holds one placeholder, alone or with literal text around it, like `/{id}` or `/wiki/Talk:{title}`"
    ),
    MessageCase("link-syntax", "17:18 link-syntax", "U+20", "`%20`"),
    MessageCase("link-syntax", "18:17 link-syntax", "percent-encoding"),
    MessageCase("link-syntax", "20:27 link-syntax", "query key `q` is written twice"),
    MessageCase("link-syntax", "21:9 link-syntax", "under the top-level `links`"),
    MessageCase(
      "link-syntax", "22:17 link-syntax", "a fragment pattern is a path like `/#/room/{room_id}`",
      "`#` must be followed by `/`"),
    MessageCase(
      "link-syntax", "23:25 link-syntax",
      "`{name*}` takes the rest of the path, so a pattern with a fragment does not end its path with it"
    ),
    MessageCase(
      "link-syntax", "24:23 link-syntax",
      "a fragment pattern does not end with `/`; URLs match with or without one trailing `/`"),
    MessageCase(
      "link-syntax", "25:24 link-syntax",
      "`{a*}` takes every other query item, so it must be the last"),
    MessageCase(
      "unknown-key-links-override", "22:9 unknown-key", "`links` cannot be overridden per variant"),
    MessageCase("unknown-link-param", "14:15 unknown-link-param", "`{tab}`", "no parameters"),
    MessageCase("unknown-link-param", "18:17 unknown-link-param", "did you mean `query`?"),
    MessageCase("unknown-link-param", "19:34 unknown-link-param", "did you mean `sort`?"),
    MessageCase("link-param-type", "19:17 link-param-type", "`{id*}`", "is an int"),
    MessageCase(
      "link-param-type", "27:19 link-param-type", "`{sort*}` as a query item", "is a string"),
    MessageCase(
      "link-param-type", "28:19 link-param-type", "is a `query` parameter", "`{filters*}`"),
    MessageCase(
      "url-param-type", "12:26 url-param-type", "is a `query` parameter", "`{?filters*}`"),
    MessageCase("url-param-type", "18:25 url-param-type", "`{?sort*}`", "write `{?sort}`"),
    MessageCase(
      "url-optional-path-param", "14:25 url-optional-path-param",
      "`{date}` is in the URL's path, but `date` is optional, and an absent value would leave an empty or cut-short path segment; make `date` required, give it a `default`, or move it into the query (`{?date}`)"
    ),
    MessageCase(
      "url-optional-path-param", "17:34 url-optional-path-param", "`{+page}`", "`{?page}`"),
    MessageCase(
      "param-value-type-query", "5:40 param-value-type", "can only be `{}`", "`filters`"),
    MessageCase(
      "invalid-choices", "5:47 invalid-choices", "`choices` of parameter `genre`", "empty"),
    MessageCase("invalid-choices", "6:28 invalid-choices", "string parameters only", "an int"),
    MessageCase("invalid-choices", "7:45 invalid-choices", "69 characters long", "at most 64"),
    MessageCase(
      "invalid-param-prefix", "6:27 invalid-param-prefix",
      "`prefix` applies to string parameters only; parameter `count` of screen `Room` is an int"),
    MessageCase(
      "invalid-param-prefix", "7:38 invalid-param-prefix",
      "`prefix` of parameter `alias` of screen `Room` must be text that every value starts with, like `@` or `!`; found nothing"
    ),
    MessageCase(
      "invalid-param-prefix", "8:61 invalid-param-prefix",
      "an entry of `choices` of parameter `kind` of screen `Room` must start with its `prefix` `@`, found `bot`"
    ),
    MessageCase(
      "param-value-type-choices", "5:65 param-value-type", "one of its `choices`",
      "did you mean `drama`?"),
    MessageCase("param-value-type-choices", "6:50 conflicting-keys", "`choices` and `max_length`"),
    MessageCase(
      "param-value-type-choices", "11:22 param-value-type", "the constant for `sort`", "`newest`"),
    MessageCase(
      "param-value-type-query", "12:22 param-value-type", "the constant for `more`",
      "no fixed value"),
    MessageCase(
      "unbound-link-param", "28:17 unknown-link-param", "`{id}`", "screen `Course`",
      "`course_id` or `lesson_id`"),
    MessageCase("invalid-link-host", "5:7 invalid-link-host", "scheme", "`www.academy.example`"),
    MessageCase("invalid-link-host", "6:7 invalid-link-host", "port", "write `academy.example`"),
    MessageCase("invalid-link-host", "7:7 invalid-link-host", "path", "write `academy.example`"),
    MessageCase("invalid-link-host", "8:7 invalid-link-host", "lowercase", "`academy.example`"),
    MessageCase(
      "invalid-link-host", "9:7 invalid-link-host", "`bad_host.example` is not a DNS name"),
    MessageCase("invalid-link-host", "10:7 duplicate-item", "`links.hosts`", "first at line 4"),
    // Apple verifies associated domains by fetching from a real domain over https.
    MessageCase(
      "invalid-link-host", "11:7 invalid-link-host",
      "host `[::1]` is an IPv6 address; universal links need a domain name that serves `apple-app-site-association` over https, like `shop.example`"
    ),
    MessageCase("invalid-link-host", "12:7 invalid-link-host", "`127.0.0.1` is an IPv4 address"),
    MessageCase("invalid-link-host", "13:7 invalid-link-host", "`localhost` names this device"),
    MessageCase(
      "invalid-link-scheme", "3:22 invalid-link-scheme", "`https` is not a custom scheme"),
    MessageCase("invalid-link-scheme", "3:29 invalid-link-scheme", "write the scheme alone"),
    MessageCase("invalid-link-scheme", "3:44 invalid-link-scheme", "write `academy`"),
    MessageCase("invalid-link-scheme", "3:53 invalid-link-scheme", "[a-z][a-z0-9+.-]*"),
    MessageCase("invalid-link-scheme", "3:59 invalid-link-scheme", "`javascript`"),
    MessageCase("links-without-hosts", "7:5 links-without-hosts", "route `home`", "no link host"),
    MessageCase(
      "ambiguous-links", "24:9 ambiguous-links", "`/u/{id}` of route `profile` (line 19)",
      "`https://academy.example/u/1`"),
    MessageCase(
      "ambiguous-links", "26:9 ambiguous-links", "`/p/{id}?tab=posts`",
      "`https://academy.example/p/1?tab=posts&view=grid`"),
    MessageCase(
      "ambiguous-links", "29:43 ambiguous-links", "(line 29)",
      "`https://academy.example/search?sort=new`"),
    MessageCase(
      "ambiguous-links", "39:9 ambiguous-links", "route `folder` (line 34)",
      "`https://academy.example/files/1`"),
    // A bare key and a required parameter's binding need the key; an optional one's does not.
    MessageCase(
      "ambiguous-links", "47:9 ambiguous-links",
      "`/w/index.php?curid={id}&action` ties with `/w/index.php?title={path}&action=edit` of route `wiki_edit` (line 43)",
      "`https://academy.example/w/index.php?action=edit&title=1&curid=1`"),

    // Warnings.
    MessageCase("insecure-url", "3:11 insecure-url", "base `legacy`", "plain http"),
    MessageCase("deprecated-route", "7:3 deprecated-route", "route `old_home` is deprecated"),
    MessageCase("deprecated-route", "10:3 deprecated-route", "deprecated: use `home`"),
    MessageCase(
      "fallback-unavailable", "20:11 fallback-unavailable", "`new_shelf` does not exist in `v1`"),
  ]

  @Test(arguments: messages)
  func messageNamesWhatIsWrong(_ expected: MessageCase) throws {
    let output = try lintFixture("rules/\(expected.fixture).routes.yaml")
    let found = output.diagnostics.filter { brief([$0]) == [expected.at] }
    let diagnostic = try #require(found.first, "no diagnostic at \(expected.at)")
    #expect(found.count == 1)
    for part in expected.contains {
      #expect(diagnostic.message.contains(part), "\(diagnostic.message)")
    }
  }

  @Test func messagesAreOneLineWithoutTheRuleID() throws {
    for rule in Self.cases {
      for diagnostic in try lintFixture(rule.path).diagnostics {
        #expect(!diagnostic.message.contains("\n"))
        #expect(!diagnostic.message.contains("[\(diagnostic.ruleID)]"))
      }
    }
  }

  // MARK: - Cases without a fixture file

  @Test func namespaceThatCannotComeFromTheFileName() {
    let output = lint(minimalManifest, fileName: "2fa.routes.yaml")
    #expect(brief(output.diagnostics) == ["1:1 invalid-namespace"])
    #expect(output.diagnostics.first?.message.contains("`2fa.routes.yaml`") == true)
    #expect(output.manifest == nil)
  }

  /// A placeholder that the route's own screen has, missing from the screen a variant's
  /// override opens: the message names the variant and the override's line.
  @Test func aPlaceholderMissingFromAnOverridesScreenNamesTheVariant() {
    let output = lint(
      """
      manifest: 1
      remote_config: { variant_key: version, default_variant: v1 }
      variants:
        v1: { values: ["1"], tabs: [home] }
        v2: { values: ["2"], tabs: [home] }
      links:
        hosts: [x.example]
      screens:
        A:
          params:
            id: int
        B: {}
      routes:
        a:
          screen: A
          links: ["/a/{id}"]
          url: "https://x.example/a/{id}"
          variants:
            v2: { screen: B }
      """)
    #expect(
      output.diagnostics.map { "\(brief([$0])[0]) \($0.message)" } == [
        "16:17 unknown-link-param the link uses `{id}`, which is not a parameter of screen `B` (variant `v2` opens screen `B` instead, line 19); the screen has no parameters",
        "17:31 unknown-param the URL uses `id`, which is not a parameter of screen `B` (variant `v2` opens screen `B` instead, line 19); the screen has no parameters",
      ])
  }

  /// A letter outside ASCII would vanish from a namespace made from the file name: the
  /// manifest must name it.
  @Test func namespaceFromAFileNameWithNonASCIILetters() {
    let output = lint(minimalManifest, fileName: "über-app.routes.yaml")
    #expect(
      output.diagnostics.map { "\(brief([$0])[0]) \($0.message)" } == [
        "1:1 invalid-namespace the file name `über-app.routes.yaml` has `ü`, which a Swift namespace made from it would drop; add `namespace: Name` (UpperCamelCase, ASCII)"
      ])
    #expect(output.manifest == nil)
    #expect(
      lint("namespace: UberApp\n" + minimalManifest, fileName: "über-app.routes.yaml").manifest?
        .namespace == "UberApp")
  }

  @Test func namespaceFromTheFileNameWhenNotWritten() {
    #expect(lint(minimalManifest, fileName: "shop_v2.routes.yaml").manifest?.namespace == "ShopV2")
    #expect(
      lint(minimalManifest, fileName: "push-links.routes.yml").manifest?.namespace == "PushLinks")
    let written = lint("namespace: Store\n" + minimalManifest, fileName: "shop_v2.routes.yaml")
    #expect(written.manifest?.namespace == "Store")
  }

  @Test func missingKeyOfAnEmptyRoutePointsAtTheRoute() {
    let output = lint(
      """
      manifest: 1
      screens:
        Home: {}
      routes:
        home:
        start:
          screen: Home

      """)
    #expect(brief(output.diagnostics) == ["5:3 missing-key"])
  }

  @Test func queryExpansionRightAfterTheHostIsAllowed() {
    let output = lint(
      """
      manifest: 1
      bases:
        web: https://m.example.com
      screens:
        Search:
          params:
            q: string
      routes:
        search:
          screen: Search
          url: "{web}{?q}"
        search_direct:
          screen: Search
          url: "https://m.example.com{?q}"

      """)
    #expect(output.diagnostics.isEmpty)
  }

  // MARK: - Valid manifests

  static var validManifests: [String] {
    let examples = Fixtures.folder
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("routes")
    let files = (try? FileManager.default.contentsOfDirectory(atPath: examples.path)) ?? []
    let valid = (try? fixtureNames(in: "valid")) ?? []
    return files.filter { $0.hasSuffix(".routes.yaml") }.sorted().map { "../../../routes/\($0)" }
      + valid.map { "valid/\($0).routes.yaml" }
  }

  @Test func validManifestsAreFound() {
    let manifests = Self.validManifests
    #expect(manifests.contains("../../../routes/shop.routes.yaml"))
    for name in [
      "no-variants", "no-tabs", "keywords", "aliases", "only-overrides", "constant-params",
      "query-templates", "shop_v2", "links",
    ] {
      #expect(manifests.contains("valid/\(name).routes.yaml"))
    }
  }

  @Test(arguments: validManifests)
  func validManifestHasNoDiagnostics(_ path: String) throws {
    let output = try lintFixture(path)
    #expect(brief(output.diagnostics) == [])
    #expect(output.manifest != nil)
  }

  // MARK: - The resolved manifest

  @Test func resolvesVariantsTabsOverridesAndDefaults() throws {
    let manifest = try #require(try lintFixture("valid/shop_v2.routes.yaml").manifest)
    #expect(manifest.namespace == "ShopV2")
    #expect(manifest.typeKeys == [["type"]])
    #expect(manifest.variantKey == "ui_version")
    #expect(manifest.variants.map(\.name) == ["v1", "v2"])
    #expect(manifest.variants.map(\.remoteValues) == [["1"], ["2", "2.1"]])
    #expect(manifest.variants[1].tabs == ["home", "courses", "profile"])
    #expect(manifest.defaultVariant == 1)
    #expect(manifest.bases.map(\.name) == ["web"])
    #expect(manifest.bases.map(\.url) == ["https://m.example.com"])
    #expect(manifest.screens.map(\.name) == ["Home", "GiftManager", "LessonDetail", "BookReader"])
    #expect(
      manifest.routes.map(\.key) == [
        "home", "gift_page", "course_page", "reader", "new_shelf",
      ])
    #expect(manifest.fallback == 0)

    typealias Tab = ResolvedManifest.Tab
    func tabs(_ pushType: String) -> [Tab?] {
      let route = manifest.routes.first { $0.key == pushType }
      return route?.variants.map { $0?.tab } ?? []
    }
    // A name or index resolves to both, per variant.
    #expect(tabs("home") == [Tab(index: 0, name: "home"), Tab(index: 0, name: "home")])
    #expect(tabs("gift_page") == [Tab(index: 3, name: "profile"), Tab(index: 2, name: "profile")])
    #expect(
      tabs("course_page") == [Tab(index: 2, name: "courses"), Tab(index: 1, name: "courses")])
    #expect(tabs("reader") == [Tab(index: 1, name: "shop"), Tab(index: 0, name: "home")])

    let course = try #require(manifest.routes[2].variants[1])
    #expect(course.params == [.payload(keyPath: ["data", "id"])])
    #expect(
      course.url
        == URLTemplate(parts: [.variable("web"), .literal("/course?id="), .variable("id")]))
    #expect(course.presentation == .push)
  }

  @Test func resolvesLinkHostsSchemesAndPatterns() throws {
    let manifest = try #require(try lintFixture("valid/links.routes.yaml").manifest)
    #expect(manifest.linkHosts == ["academy.example", "www.academy.example"])
    #expect(manifest.linkSchemes == ["academy", "academy-beta.v2"])
    func route(_ pushType: String) throws -> ResolvedManifest.Route {
      try #require(manifest.routes.first { $0.key == pushType })
    }
    // As written, placeholders by name.
    let lesson = try route("lesson")
    #expect(
      lesson.links.map(\.text) == [
        "/courses/{id}", "/c/{id}/{section}", "/courses/{id}?view=full&mode={mode}",
        "/l/caf%C3%A9-(1)~!$'*+,;:@/{id}",
      ])
    #expect(lesson.links[1].segments == [.literal("c"), .param("id"), .param("section")])
    // Per variant, placeholders by the index of their parameter in the screen: `id`, `section`,
    // `mode`.
    let effective = try #require(lesson.variants[0])
    #expect(
      effective.links[1]
        == LinkPattern(
          text: "/c/{id}/{section}", segments: [.literal("c"), .param(0), .param(1)], query: []))
    #expect(
      effective.links[2].query == [
        .condition(key: "view", value: "full"), .bind(key: "mode", param: 2),
      ])
    #expect(
      effective.links[3].segments == [.literal("l"), .literal("café-(1)~!$'*+,;:@"), .param(0)])
    #expect(
      try route("home").variants[0]?.links.map(\.segments) == [
        [], [.literal("open")], [.literal("open")],
      ])
    #expect(
      try route("lesson_new").variants[0]?.links.first?.segments == [
        .literal("courses"), .literal("new"),
      ])
    #expect(
      try route("folder").variants[0]?.links.map(\.segments) == [
        [.literal("files"), .rest(0)], [.literal("files"), .literal("shared"), .rest(0)],
      ])
    // A manifest without links has none.
    let shop = try #require(try lintFixture("valid/shop_v2.routes.yaml").manifest)
    #expect(shop.linkHosts.isEmpty && shop.linkSchemes.isEmpty)
    #expect(shop.routes.allSatisfy { $0.links.isEmpty })
  }

  @Test func resolvesOverridesAndUnlistedParams() throws {
    let manifest = try #require(try lintFixture("valid/shop_v2.routes.yaml").manifest)
    let reader = try #require(manifest.routes.first { $0.key == "reader" })
    #expect(reader.aliases == ["webview"])
    #expect(reader.foreground == .banner)
    #expect(reader.deprecation == nil)

    // v2: the route as written; unlisted params are read from the payload key of their name.
    let v2 = try #require(reader.variants[1])
    #expect(v2.screen.map { manifest.screens[$0].name } == "BookReader")
    #expect(
      v2.params == [
        .payload(keyPath: ["id"]), .payload(keyPath: ["hide_cache"]),
        .payload(keyPath: ["chapter"]),
        .payload(keyPath: ["title"]),
      ])
    #expect(v2.presentation == .modal)
    #expect(
      v2.url
        == URLTemplate(parts: [
          .variable("web"), .literal("/read/"), .variable("book_id"),
          .query(.question, ["chapter"]),
        ]))

    // v1: every overridable field replaced.
    let v1 = try #require(reader.variants[0])
    #expect(v1.screen.map { manifest.screens[$0].name } == "LessonDetail")
    #expect(v1.params == [.payload(keyPath: ["book"])])
    #expect(v1.tab == ResolvedManifest.Tab(index: 1, name: "shop"))
    #expect(v1.presentation == .push)
    #expect(v1.url == URLTemplate(parts: [.variable("web"), .literal("/old/"), .variable("id")]))

    let params = manifest.screens[3].params
    #expect(params.map(\.name) == ["book_id", "hide_cache", "chapter", "title"])
    #expect(params.map(\.type) == [.int, .bool, .int, .string])
    #expect(
      params.map(\.requirement) == [.required, .defaulted(.bool(true)), .optional, .optional])
    #expect(params.map(\.maxLength) == [1024, 1024, 1024, 80])
  }

  @Test func onlyLeavesExcludedVariantsNil() throws {
    let manifest = try #require(try lintFixture("valid/shop_v2.routes.yaml").manifest)
    let shelf = try #require(manifest.routes.first { $0.key == "new_shelf" })
    #expect(shelf.variants.count == 2)
    #expect(shelf.variants[0] == nil)
    #expect(shelf.variants[1]?.tab == ResolvedManifest.Tab(index: 1, name: "courses"))
    #expect(
      manifest.routes.filter { $0.key != "new_shelf" }.allSatisfy {
        !$0.variants.contains(nil)
      })
  }

  @Test func resolvesConstantsAndFallbackThroughAnAlias() throws {
    let constants = try #require(try lintFixture("valid/constant-params.routes.yaml").manifest)
    #expect(
      constants.routes[0].variants == [
        ResolvedManifest.EffectiveRoute(
          target: .screen(0),
          params: [
            .constant(.int(42)), .constant(.bool(true)), .constant(.double(-5)),
            .constant(.string("push")),
          ],
          tab: nil, url: nil, presentation: .push)
      ])
    #expect(constants.screens[0].params[2].requirement == .defaulted(.double(1.5)))
    #expect(constants.screens[0].params[3].maxLength == 8)

    let aliases = try #require(try lintFixture("valid/aliases.routes.yaml").manifest)
    #expect(aliases.fallback == 0)
    #expect(aliases.routes[0].aliases == ["webview", "book.open", "BOOK_READER"])
    #expect(aliases.routes[0].description == "Opens the reader on a book.")
  }

  @Test func withoutVariantsThereIsOneDefaultVariant() throws {
    let manifest = try #require(try lintFixture("valid/no-variants.routes.yaml").manifest)
    #expect(manifest.namespace == "Campus")
    #expect(manifest.variantKey == nil)
    #expect(
      manifest.variants == [
        ResolvedManifest.Variant(
          name: "default", remoteValues: [], tabs: ["home", "courses", "profile"])
      ])
    #expect(manifest.defaultVariant == 0)
    #expect(manifest.routes[1].variants[0]?.tab == ResolvedManifest.Tab(index: 1, name: "courses"))

    let noTabs = try #require(try lintFixture("valid/no-tabs.routes.yaml").manifest)
    #expect(noTabs.variants.map(\.tabs) == [[]])
    #expect(noTabs.routes.allSatisfy { $0.variants.count == 1 && $0.variants[0]?.tab == nil })
    #expect(noTabs.routes[1].foreground == .ignore)
    #expect(
      noTabs.routes[1].variants[0]?.params == [.payload(keyPath: ["aps", "data", "message_id"])])
    #expect(noTabs.fallback == nil)
  }

  @Test func exampleManifestResolves() throws {
    let manifest = try #require(try lintFixture("../../../routes/shop.routes.yaml").manifest)
    #expect(manifest.namespace == "Shop")
    #expect(manifest.typeKeys == [["type"], ["aps", "type"]])
    #expect(manifest.variantKey == "version")
    #expect(manifest.variants[manifest.defaultVariant].name == "v2")
  }
}

@Suite struct MessageDetailTests {
  @Test func aQuotedTabIndexIsANameAndTheMessageSaysSo() {
    let output = lint(
      """
      manifest: 1
      tabs: [home, profile]
      screens:
        Home: {}
      routes:
        home:
          screen: Home
          tab: "1"

      """)
    #expect(brief(output.diagnostics) == ["8:10 unknown-tab"])
    #expect(
      output.diagnostics.first?.message
        == "the manifest has no tab `1`; a quoted number is a tab name: write 1 without quotes for a tab index; its tabs are `home` or `profile`"
    )
  }

  @Test func urlNotAbsoluteQuotesTheWholeTemplate() {
    let output = lint(
      """
      manifest: 1
      screens:
        Home:
          params: { id: string }
      routes:
        home:
          screen: Home
          url: "/lesson/{id}"

      """)
    // Inside a quoted template, the location is the character the problem starts at.
    #expect(brief(output.diagnostics) == ["8:11 url-not-absolute"])
    #expect(
      output.diagnostics.first?.message
        == "`/lesson/{id}` is not an absolute URL; write it like `https://m.example.com`")
  }

  @Test func anEmptyKeyPathSaysWhatAKeyPathIs() {
    let output = lint(
      """
      manifest: 1
      screens:
        Home:
          params: { id: string }
      routes:
        home:
          screen: Home
          params: { id: "a..b" }

      """)
    #expect(brief(output.diagnostics) == ["8:19 invalid-key-path"])
    #expect(
      output.diagnostics.first?.message
        == "the payload key of parameter `id` of route `home` must be a key path of dot-separated, non-empty keys like `aps.data.id`, found `a..b`"
    )
  }
}
