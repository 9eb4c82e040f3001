import CompilerTestSupport
import Foundation
import Testing

@testable import RouteCompiler
@testable import RouteTools

/// Every value a Remote Config template can serve for the variant key is checked against the
/// manifest's variants, and every finding points into the template.
@Suite struct RemoteConfigCheckTests {
  /// The variants of the shop example: v1 is `"1"`, v2 (the default) is `"2"` or `"2.1"`.
  static let manifest: ResolvedManifest? = lint(
    """
    manifest: 1
    remote_config: { variant_key: version, default_variant: v2 }
    variants:
      v1: { values: ["1"], tabs: [home] }
      v2: { values: ["2", "2.1"], tabs: [home] }
    screens:
      Home: {}
    routes:
      home:
        screen: Home

    """
  ).manifest

  /// The templates, in `Tests/RouteToolsTests/Fixtures/remote-config`.
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures/remote-config")

  static func check(_ fixture: String) throws -> (valueCount: Int, diagnostics: [Diagnostic]) {
    let manifest = try #require(Self.manifest)
    let bytes = [UInt8](try Data(contentsOf: fixtures.appendingPathComponent(fixture)))
    return RemoteConfigCheck.check(template: bytes, against: manifest)
  }

  @Test func defaultConditionalRolloutInAppDefaultAndPersonalizationValues() throws {
    let (count, diagnostics) = try Self.check("full.json")
    // default "2", beta "3", old_ios in-app default, rollout "1", rollout "2.l", personalization.
    #expect(count == 6)
    #expect(
      brief(diagnostics) == [
        "10:28 remote-config-unknown-value", "16:64 remote-config-unknown-value",
        "18:23 remote-config-unchecked-value",
      ])
    #expect(
      diagnostics.map(\.message) == [
        "the value for the condition `beta` serves `3` for `version`, which picks no variant; users who get it see the default variant `v2`; the variants' values are `1`, `2` or `2.1`",
        "the value for the condition `rollout_typo` (rollout `rollout_2`) serves `2.l` for `version`, which picks no variant; users who get it see the default variant `v2`; did you mean `2.1`?",
        "the value for the condition `personal` serves a `personalizationValue` for `version`, computed when the app fetches, so routec cannot check that it picks a variant; values that pick none show the default variant `v2`",
      ])
    #expect(diagnostics.allSatisfy { $0.severity == .warning })
  }

  @Test func aParameterInAGroupIsChecked() throws {
    let (count, diagnostics) = try Self.check("grouped.json")
    #expect(count == 1)
    #expect(brief(diagnostics) == ["6:49 remote-config-unknown-value"])
    #expect(
      diagnostics.first?.message
        == "the default value in the parameter group `ui` serves `v2` for `version`, which picks no variant; users who get it see the default variant `v2`; did you mean `2`?"
    )
  }

  @Test func useInAppDefaultServesTheDefaultVariant() throws {
    let (count, diagnostics) = try Self.check("in-app-default.json")
    #expect(count == 1)
    #expect(diagnostics.isEmpty)
  }

  @Test func aTemplateWithoutTheKeyIsAWarningAtTheStart() throws {
    let (count, diagnostics) = try Self.check("missing-key.json")
    #expect(count == 0)
    #expect(brief(diagnostics) == ["1:1 remote-config-missing-key"])
    #expect(
      diagnostics.first?.message
        == "the template has no parameter `version`, in `parameters` or any parameter group; every user gets the in-app default, variant `v2`"
    )
  }

  @Test func yamlIsNotATemplate() throws {
    let (_, diagnostics) = try Self.check("not-json.yaml")
    #expect(brief(diagnostics) == ["1:1 remote-config-shape"])
  }

  @Test func singleQuotesAndBareNumbersAreNotJSONStrings() throws {
    let (_, diagnostics) = try Self.check("unquoted.json")
    #expect(brief(diagnostics) == ["3:5 remote-config-shape", "3:45 remote-config-shape"])
    #expect(
      diagnostics.map(\.message) == [
        "the template is not JSON: the key `version` must be a double-quoted string",
        "`value` of `defaultValue` of parameter `version` must be a string, found `2`",
      ])
  }

  @Test func wrongShapesAreErrorsWhereTheyAre() throws {
    let (_, diagnostics) = try Self.check("wrong-shapes.json")
    #expect(
      brief(diagnostics) == [
        "2:17 remote-config-shape", "5:34 remote-config-shape", "7:38 remote-config-shape",
        "8:18 remote-config-shape", "11:14 remote-config-shape", "13:46 remote-config-shape",
      ])
    #expect(
      diagnostics[2].message
        == "`useInAppDefault` of the `beta` value of parameter `version` must be `true` or `false`, found the string \"yes\""
    )
    #expect(diagnostics.allSatisfy { $0.severity == .error })
  }

  @Test func duplicateKeysAndSyntaxErrorsAreLocated() throws {
    #expect(brief(try Self.check("duplicate-key.json").diagnostics) == ["4:5 duplicate-key"])
    #expect(brief(try Self.check("truncated.json").diagnostics) == ["4:1 yaml-syntax"])
  }

  /// Messages name the template and give JSON's fixes, never the manifest's or YAML's.
  @Test func syntaxAndInputErrorsSpeakOfTheTemplate() throws {
    let manifest = try #require(Self.manifest)
    let truncated = try Self.check("truncated.json").diagnostics
    #expect(truncated.first?.message.hasPrefix("JSON syntax error: ") == true)
    #expect(
      truncated.first?.message.hasSuffix(
        "; the template ends before its JSON is complete: download it again") == true)
    let stray = RemoteConfigCheck.check(
      template: Array(#"{"parameters": {"version": {"defaultValue": {"value": 1: 2}}}}"#.utf8),
      against: manifest
    ).diagnostics
    #expect(
      stray.map { "\(brief([$0])[0]) \($0.message)" } == [
        "1:56 yaml-syntax JSON syntax error: did not find expected ',' or '}' (while parsing a flow mapping at line 1, column 45); check the JSON here: a missing `,`, `}` or `]`, or a stray character"
      ])
    let nul = RemoteConfigCheck.check(template: [0x7B, 0x00, 0x7D], against: manifest).diagnostics
    #expect(
      nul.map(\.message) == ["the template contains a NUL byte; it must be a UTF-8 text file"])
    let huge = RemoteConfigCheck.check(
      template: [UInt8](repeating: 0x20, count: (16 << 20) + 1), against: manifest
    ).diagnostics
    #expect(
      huge.map(\.message) == [
        "the template is larger than 16 MiB (16777216 bytes); Remote Config templates are far smaller; is it the template the REST API returns?"
      ])
  }

  @Test func anEmptyTemplateIsAnError() throws {
    let manifest = try #require(Self.manifest)
    let (_, diagnostics) = RemoteConfigCheck.check(template: Array("\n".utf8), against: manifest)
    #expect(brief(diagnostics) == ["1:1 remote-config-shape"])
  }

  @Test func jsonLiteralsAreAcceptedWhereTheyBelong() throws {
    let manifest = try #require(Self.manifest)
    let template = """
      {"parameters": {"version": {"defaultValue": {"value": "2"}, "valueType": "STRING"},
       "n": {"defaultValue": {"value": "1"}, "description": null, "x": [1.5e3, -0, true, false]}}}
      """
    let (count, diagnostics) = RemoteConfigCheck.check(
      template: Array(template.utf8), against: manifest)
    #expect(count == 1)
    #expect(diagnostics.isEmpty)
  }

  @Test func theInAppDefaultIsTheDefaultVariantsFirstValue() throws {
    let manifest = try #require(Self.manifest)
    let inAppDefault = try #require(manifest.inAppVariantDefault)
    #expect(inAppDefault.key == "version" && inAppDefault.value == "2")
    #expect((try #require(lint(minimalManifest).manifest)).inAppVariantDefault == nil)
  }

  @Test func defaultsAsJSONAndPropertyList() throws {
    let manifest = try #require(Self.manifest)
    #expect(
      try RemoteConfigDefaults.text(manifest, format: .json) == "{\n  \"version\": \"2\"\n}\n")
    let plist = try RemoteConfigDefaults.text(manifest, format: .plist)
    let read = try PropertyListSerialization.propertyList(
      from: Data(plist.utf8), options: [], format: nil)
    #expect(read as? [String: String] == ["version": "2"])
  }

  @Test func propertyListEscapesAndRefusesWhatXMLCannotHold() throws {
    let escaped = try #require(
      lint(
        """
        manifest: 1
        remote_config: { variant_key: "a&b<c>", default_variant: v }
        variants:
          v: { values: ["x\\ry"], tabs: [home] }
        screens:
          Home: {}
        routes:
          home:
            screen: Home

        """
      ).manifest)
    let plist = try RemoteConfigDefaults.text(escaped, format: .plist)
    #expect(plist.contains("<key>a&amp;b&lt;c&gt;</key>"))
    let read = try PropertyListSerialization.propertyList(
      from: Data(plist.utf8), options: [], format: nil)
    #expect(read as? [String: String] == ["a&b<c>": "x\ry"])

    let control = try #require(
      lint(
        """
        manifest: 1
        remote_config: { variant_key: version, default_variant: v }
        variants:
          v: { values: ["\\x01"], tabs: [home] }
        screens:
          Home: {}
        routes:
          home:
            screen: Home

        """
      ).manifest)
    #expect(throws: RemoteConfigDefaults.Failure.notInPropertyList("\u{1}")) {
      try RemoteConfigDefaults.text(control, format: .plist)
    }
    #expect(try RemoteConfigDefaults.text(control, format: .json).contains("\\u0001"))
  }
}
