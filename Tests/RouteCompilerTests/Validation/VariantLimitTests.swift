import CompilerTestSupport
import RouteCompiler
import Testing

/// A manifest declares at most `Validation.maximumVariants` variants: one more is one
/// `table-too-large` error, at the first variant past the limit.
@Suite struct VariantLimitTests {
  static func manifest(variants count: Int) -> String {
    var lines = [
      "manifest: 1", "remote_config: { variant_key: ui, default_variant: v0 }", "variants:",
    ]
    for index in 0..<count {
      lines.append("  v\(index): { values: [\"\(index)\"], tabs: [home] }")
    }
    lines += ["screens:", "  Home: {}", "routes:", "  home:", "    screen: Home", "    tab: home"]
    return lines.joined(separator: "\n") + "\n"
  }

  @Test func oneHundredVariantsAreAllowed() {
    #expect(lint(Self.manifest(variants: 100)).diagnostics.isEmpty)
  }

  /// Routes are checked in the variants within the limit only: naming one past it is no second
  /// error.
  @Test func aRouteNamingAVariantPastTheLimitIsNoSecondError() {
    let yaml =
      Self.manifest(variants: 150)
      + "    only: [v0, v120]\n    variants:\n      v130: { presentation: modal }\n"
    #expect(brief(lint(yaml).diagnostics) == ["104:3 table-too-large"])
  }

  @Test func oneMoreIsOneLocatedError() {
    let output = lint(Self.manifest(variants: 102))
    #expect(brief(output.diagnostics) == ["104:3 table-too-large"])
    #expect(
      output.diagnostics.first?.message
        == "the manifest declares 102 variants; a manifest holds at most 100, since every route is checked and compiled for each"
    )
  }
}
