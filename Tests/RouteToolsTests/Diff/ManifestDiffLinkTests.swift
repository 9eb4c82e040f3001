import Testing

@testable import RouteCompiler
@testable import RouteTools

/// `ManifestDiff` on links: what stops a shared URL from opening its route breaks, what adds
/// URLs does not, and rewriting a pattern into one that matches the same URLs is no change.
@Suite struct ManifestDiffLinkTests {
  /// Two variants, two hosts and a scheme; `lesson` has a path placeholder, a query
  /// placeholder and a condition; `old_lesson` is deprecated.
  static let base = """
    manifest: 1
    namespace: Shop
    remote_config:
      variant_key: version
      default_variant: v2
    variants:
      v1: { values: ["1"], tabs: [home] }
      v2: { values: ["2"], tabs: [home] }
    links:
      hosts: [academy.example, www.academy.example]
      schemes: [academy]
    screens:
      Home: {}
      Lesson:
        params:
          id: string
          page: { type: int, default: 1 }
    routes:
      home:
        screen: Home
        links:
          - /
      lesson:
        screen: Lesson
        params:
          id: { from: id }
        links:
          - /lessons/{id}
          - "/l/{id}?page={page}&view=full"
      old_lesson:
        screen: Lesson
        deprecated: use lesson
        params:
          id: { from: id }
        links:
          - /old/{id}
    fallback: home

    """

  static func changes(_ replacements: [(String, String)], from old: String = base) throws
    -> [String]
  {
    try ManifestDiffTests.changes(replacements, from: old)
  }

  @Test func theBaseManifestIsValid() throws {
    #expect(try Self.changes([]) == [])
  }

  // MARK: Patterns

  /// Literal text added around a placeholder, or a `prefix` given to the parameter a whole
  /// segment binds, narrows the URLs the pattern opens: the old pattern is gone. Adding a
  /// fragment pattern beside the old ones breaks nothing.
  @Test func addingLiteralTextToASegmentBreaks() throws {
    let affixed = try Self.changes([("      - /lessons/{id}\n", "      - /lessons/L{id}\n")])
    #expect(
      affixed == [
        "27:5 removed-link: link `/lessons/{id}` of route `lesson` was removed (was at old:28)",
        "28:9 added-link: link `/lessons/L{id}` of route `lesson` was added",
      ])
    // Every pattern whose whole segment binds `id` now matches only segments starting with `L`.
    let prefixed = try Self.changes([
      ("      id: string\n", "      id: { type: string, prefix: L }\n")
    ])
    #expect(
      prefixed.filter { $0.contains("removed-link") } == [
        "27:5 removed-link: link `/lessons/{id}` of route `lesson` was removed (was at old:28)",
        "27:5 removed-link: link `/l/{id}?page={page}&view=full` of route `lesson` was removed (was at old:29)",
      ])
    let fragment = try Self.changes([
      ("      - /lessons/{id}\n", "      - /lessons/{id}\n      - \"/#/l/{id}\"\n")
    ])
    #expect(fragment == ["29:9 added-link: link `/#/l/{id}` of route `lesson` was added"])
  }

  @Test func removingAPatternBreaksAndIsReportedAtTheRoutesLinks() throws {
    #expect(
      try Self.changes([("      - /lessons/{id}\n", "")]) == [
        "27:5 removed-link: link `/lessons/{id}` of route `lesson` was removed (was at old:28)"
      ])
    // With no pattern left, at the route; with the route gone, at `routes:`.
    #expect(
      try Self.changes([
        ("    links:\n      - /lessons/{id}\n      - \"/l/{id}?page={page}&view=full\"\n", "")
      ]) == [
        "23:3 removed-link: link `/lessons/{id}` of route `lesson` was removed (was at old:28)",
        "23:3 removed-link: link `/l/{id}?page={page}&view=full` of route `lesson` was removed (was at old:29)",
      ])
    #expect(
      try Self.changes([("  lesson:\n", "  lesson_page:\n")]) == [
        "18:1 removed-push-type: push type `lesson` was removed; if `lesson_page` is the same route renamed, keep `lesson` in its `aliases`, so payloads that still say `lesson` keep opening it (was at old:23)",
        "18:1 removed-link: link `/lessons/{id}` of route `lesson` was removed (was at old:28)",
        "18:1 removed-link: link `/l/{id}?page={page}&view=full` of route `lesson` was removed (was at old:29)",
        "23:3 added-push-type: push type `lesson_page` was added",
        "28:9 added-link: link `/lessons/{id}` of route `lesson_page` was added",
        "29:9 added-link: link `/l/{id}?page={page}&view=full` of route `lesson_page` was added",
      ])
  }

  @Test func removingAPatternOfADeprecatedRouteIsANote() throws {
    #expect(
      try Self.changes([("    links:\n      - /old/{id}\n", "")]) == [
        "30:3 removed-deprecated-route: link `/old/{id}` of route `old_lesson` was removed (the route was deprecated) (was at old:36)"
      ])
  }

  @Test func aPatternMovedToAnotherRouteNowOpensThatOne() throws {
    #expect(
      try Self.changes([
        ("    links:\n      - /old/{id}\n", ""),
        ("      - /lessons/{id}\n", "      - /lessons/{id}\n      - /old/{id}\n"),
      ]) == [
        "29:9 added-link: link `/old/{id}` of route `lesson` was added",
        "31:3 removed-deprecated-route: link `/old/{id}` of route `old_lesson` was removed (the route was deprecated) (was at old:36)",
      ])
  }

  @Test func addingAPatternIsANote() throws {
    #expect(
      try Self.changes([("      - /lessons/{id}\n", "      - /lessons/{id}\n      - /c/{id}\n")])
        == ["29:9 added-link: link `/c/{id}` of route `lesson` was added"])
  }

  /// The same URLs open the route with the same values: not a change.
  @Test func patternsCompareByTheirNormalizedShape() throws {
    #expect(
      try Self.changes([
        ("?page={page}&view=full", "?view=full&page={page}"),
        ("/lessons/{id}", "/lesson%73/{id}"),
      ]) == [])
    // The screen's `id` renamed `course`: `{course}` binds the parameter `{id}` bound.
    #expect(
      try Self.changes([
        ("      id: string\n", "      course: string\n"), ("{id}", "{course}"),
        ("id: { from: id }", "course: { from: id }"),
      ]) == [])
  }

  @Test func aPlaceholderThatBindsAnotherParameterIsANewPattern() throws {
    #expect(
      try Self.changes([("/l/{id}?page={page}", "/l/{page}?page={id}")]) == [
        "27:5 removed-link: link `/l/{id}?page={page}&view=full` of route `lesson` was removed (was at old:29)",
        "29:9 added-link: link `/l/{page}?page={id}&view=full` of route `lesson` was added",
      ])
    // Another literal or condition value matches other URLs.
    #expect(
      try Self.changes([("&view=full", "&view=short")]) == [
        "27:5 removed-link: link `/l/{id}?page={page}&view=full` of route `lesson` was removed (was at old:29)",
        "29:9 added-link: link `/l/{id}?page={page}&view=short` of route `lesson` was added",
      ])
  }

  // MARK: Placeholder types

  @Test func narrowingAPlaceholdersTypeBreaksAndWideningDoesNot() throws {
    #expect(
      try Self.changes([
        ("      page: { type: int, default: 1 }\n", "      page: { type: bool, default: true }\n")
      ]) == [
        "17:7 changed-param-type: route `lesson` reads `page` as bool, not int in variants `v1`, `v2`",
        "17:7 changed-param-type: route `old_lesson` reads `page` as bool, not int in variants `v1`, `v2`",
        "17:7 changed-param-type: route `lesson` reads `page` from the link `/l/{id}?page={page}&view=full` as bool, not int in variants `v1`, `v2`",
      ])
    #expect(
      try Self.changes([("{ type: int, default: 1 }", "{ type: double, default: 1 }")]) == [
        "17:7 widened-param-type: route `lesson` reads `page` as double, not int, which accepts every value int did in variants `v1`, `v2`",
        "17:7 widened-param-type: route `old_lesson` reads `page` as double, not int, which accepts every value int did in variants `v1`, `v2`",
        "17:7 widened-param-type: route `lesson` reads `page` from the link `/l/{id}?page={page}&view=full` as double, not int, which accepts every value int did in variants `v1`, `v2`",
      ])
  }

  /// Only links name the parameter: `page` is a route constant for pushes, so a narrowing is
  /// reported for the link alone, in the one variant whose screen changed.
  @Test func aNarrowingInOneVariantNamesTheLinkAndTheVariant() throws {
    let constant = Self.base.replacingOccurrences(
      of: "    params:\n      id: { from: id }\n    links:\n      - /lessons/{id}\n",
      with:
        "    params:\n      id: { from: id }\n      page: { value: 2 }\n    links:\n      - /lessons/{id}\n"
    )
    #expect(
      try Self.changes(
        [
          (
            "  Home: {}\n",
            "  Home: {}\n  Lesson2:\n    params:\n      id: string\n      page: { type: bool, default: false }\n"
          ),
          (
            "      page: { value: 2 }\n",
            "      page: { value: 2 }\n    variants:\n      v1: { screen: Lesson2, params: { page: { value: true } } }\n"
          ),
        ], from: constant) == [
          "17:7 changed-param-type: route `lesson` reads `page` from the link `/l/{id}?page={page}&view=full` as bool, not int in variant `v1`"
        ])
  }

  // MARK: Hosts and schemes

  @Test func aPatternThatAppliesToFewerHostsOrSchemesBreaks() throws {
    #expect(
      try Self.changes([
        (
          "      - /lessons/{id}\n",
          "      - { path: \"/lessons/{id}\", hosts: [academy.example] }\n"
        )
      ]) == [
        "28:9 narrowed-link: link `/lessons/{id}` of route `lesson` no longer applies to `www.academy.example`: URLs shared there no longer open the route (was at old:28)"
      ])
    #expect(
      try Self.changes([
        ("      - /lessons/{id}\n", "      - { path: \"/lessons/{id}\", schemes: [] }\n")
      ]) == [
        "28:9 narrowed-link: link `/lessons/{id}` of route `lesson` no longer applies to `academy:`: URLs shared there no longer open the route (was at old:28)"
      ])
    // Widening one back is not a change; a deprecated route's link promises nothing.
    let narrowed = Self.base.replacingOccurrences(
      of: "      - /lessons/{id}\n",
      with: "      - { path: \"/lessons/{id}\", hosts: [academy.example] }\n")
    #expect(
      try Self.changes(
        [("{ path: \"/lessons/{id}\", hosts: [academy.example] }", "/lessons/{id}")],
        from: narrowed) == [])
    #expect(
      try Self.changes([("      - /old/{id}\n", "      - { path: \"/old/{id}\", schemes: [] }\n")])
        == [])
  }

  /// A link that stops ignoring letter case no longer opens URLs shared in other letter case:
  /// breaking. Starting to ignore it, or respelling a literal of a case-insensitive link, is no
  /// change.
  @Test func aLinkThatNoLongerIgnoresLetterCaseBreaks() throws {
    let folded = Self.base.replacingOccurrences(
      of: "      - /lessons/{id}\n",
      with: "      - { path: \"/Lessons/{id}\", case_sensitive: false }\n")
    #expect(
      try Self.changes(
        [("{ path: \"/Lessons/{id}\", case_sensitive: false }", "/Lessons/{id}")], from: folded)
        == [
          "28:9 narrowed-link: link `/Lessons/{id}` of route `lesson` no longer ignores letter case (`case_sensitive: false` is gone): URLs shared in other letter case no longer open the route (was at old:28)"
        ])
    #expect(
      try Self.changes([("case_sensitive: false", "case_sensitive: true")], from: folded) == [
        "28:9 narrowed-link: link `/Lessons/{id}` of route `lesson` no longer ignores letter case (`case_sensitive: false` is gone): URLs shared in other letter case no longer open the route (was at old:28)"
      ])
    #expect(
      try Self.changes([
        ("      - /lessons/{id}\n", "      - { path: \"/Lessons/{id}\", case_sensitive: false }\n")
      ]) == [])
    #expect(try Self.changes([("/Lessons/{id}", "/LESSONS/{id}")], from: folded) == [])
  }

  /// `*` (any host) and a wildcard are host entries as a host is: narrowing a pattern from
  /// either to a narrower entry loses the URLs of the hosts only the wider one covered.
  @Test func narrowingAPatternFromAnyHostOrAWildcardBreaks() throws {
    let wide = Self.base.replacingOccurrences(
      of: "[academy.example, www.academy.example]",
      with: "[academy.example, www.academy.example, \"*.academy.example\"]"
    ).replacingOccurrences(
      of: "      - /lessons/{id}\n",
      with: "      - { path: \"/lessons/{id}\", hosts: [\"*\"] }\n")
    #expect(
      try Self.changes(
        [("hosts: [\"*\"]", "hosts: [\"*.academy.example\"]")], from: wide) == [
          "28:9 narrowed-link: link `/lessons/{id}` of route `lesson` no longer applies to `*` (any host): URLs shared there no longer open the route (was at old:28)"
        ])
    let wildcard = wide.replacingOccurrences(
      of: "hosts: [\"*\"]", with: "hosts: [\"*.academy.example\"]")
    #expect(
      try Self.changes(
        [("hosts: [\"*.academy.example\"]", "hosts: [www.academy.example]")], from: wildcard)
        == [
          "28:9 narrowed-link: link `/lessons/{id}` of route `lesson` no longer applies to `*.academy.example`: URLs shared there no longer open the route (was at old:28)"
        ])
    // Widening to a wildcard or to `*` breaks nothing.
    #expect(
      try Self.changes(
        [("hosts: [\"*.academy.example\"]", "hosts: [\"*\"]")], from: wildcard) == [])
  }

  @Test func aSchemeThatNowTakesAHostBreaks() throws {
    #expect(
      try Self.changes([("[academy]", "[{ name: academy, authority: host }]")]) == [
        "11:21 changed-link-scheme: link scheme `academy` now reads the authority of its URLs as a host, no longer as the first path segment: `academy:` URLs shared before open other routes or none (was at old:11)"
      ])
  }

  @Test func removingAHostOrASchemeBreaks() throws {
    #expect(
      try Self.changes([("[academy.example, www.academy.example]", "[academy.example]")]) == [
        "10:3 removed-link-host: link host `www.academy.example` was removed: https links to it no longer open the app (was at old:10)"
      ])
    #expect(
      try Self.changes([("  schemes: [academy]\n", "")]) == [
        "9:1 removed-link-scheme: link scheme `academy` was removed: `academy:` URLs no longer open the app (was at old:11)"
      ])
    #expect(
      try Self.changes([("[academy]", "[academy2]")]) == [
        "11:3 removed-link-scheme: link scheme `academy` was removed: `academy:` URLs no longer open the app (was at old:11)",
        "11:13 added-link-scheme: link scheme `academy2` was added",
      ])
  }

  @Test func addingAHostOrASchemeIsANote() throws {
    #expect(
      try Self.changes([
        ("www.academy.example]", "www.academy.example, m.academy.example]"),
        ("[academy]", "[academy, academy-beta]"),
      ]) == [
        "10:49 added-link-host: link host `m.academy.example` was added",
        "11:22 added-link-scheme: link scheme `academy-beta` was added",
      ])
  }

  /// No route that is not deprecated has links: no URL that is still promised goes through the
  /// host.
  @Test func aHostOnlyDeprecatedRoutesUseIsNotPromised() throws {
    let deprecatedOnly = Self.base.replacingOccurrences(of: "    links:\n      - /\n", with: "")
      .replacingOccurrences(
        of: "    links:\n      - /lessons/{id}\n      - \"/l/{id}?page={page}&view=full\"\n",
        with: "")
    #expect(
      try Self.changes(
        [("[academy.example, www.academy.example]", "[academy.example]")], from: deprecatedOnly)
        == [])
  }
}
