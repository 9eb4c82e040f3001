import CompilerTestSupport
import Testing

@testable import RouteCompiler

/// `allow_http: true` on a base accepts plain http for that base's host only, so `--strict` can
/// pass for an app that must call a legacy http host.
@Suite struct AllowHTTPTests {
  static func manifest(bases: String, url: String = "{old}/shop") -> String {
    """
    manifest: 1
    bases:
    \(bases)
    screens:
      Home: {}
    routes:
      home:
        screen: Home
        url: "\(url)"

    """
  }

  @Test func anAllowedBaseGivesNoWarning() {
    let output = lint(
      Self.manifest(bases: "  old:\n    url: http://old.example.com\n    allow_http: true"))
    #expect(output.diagnostics.isEmpty)
    #expect(output.manifest?.bases.map(\.url) == ["http://old.example.com"])
  }

  @Test func withoutTheFlagTheWarningSaysHowToAcceptTheHost() {
    let output = lint(Self.manifest(bases: "  old: http://old.example.com"))
    #expect(brief(output.diagnostics) == ["3:8 insecure-url"])
    #expect(
      output.diagnostics.first?.message
        == "base `old`: `http://old.example.com` uses plain http; use https (for a host without https, write the base as `{ url: http://old.example.com, allow_http: true }`)"
    )
  }

  @Test func allowHTTPFalseStillWarns() {
    let output = lint(
      Self.manifest(bases: "  old: { url: http://old.example.com, allow_http: false }"))
    #expect(brief(output.diagnostics) == ["3:15 insecure-url"])
  }

  @Test func theFlagDoesNotAcceptOtherProblems() {
    let output = lint(
      Self.manifest(bases: "  old: { url: javascript://x, allow_http: true }"))
    #expect(brief(output.diagnostics) == ["3:15 invalid-base-url"])
  }

  @Test func theBaseMappingIsChecked() {
    let output = lint(
      Self.manifest(bases: "  old: { url: http://old.example.com, allow_http: yes, http: true }"))
    // `allow_http: yes` is not `true`, so the base still warns.
    #expect(
      brief(output.diagnostics) == ["3:15 insecure-url", "3:51 invalid-bool", "3:56 unknown-key"])
    let missing = lint(Self.manifest(bases: "  old: { allow_http: true }"))
    #expect(brief(missing.diagnostics) == ["3:3 missing-key"])
  }
}
