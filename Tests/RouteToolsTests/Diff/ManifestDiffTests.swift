import CompilerTestSupport
import Foundation
import Testing

@testable import RouteCompiler
@testable import RouteTools

/// `ManifestDiff`: every class of change, each next to a similar edit that breaks nothing.
@Suite struct ManifestDiffTests {
  /// Two variants, aliases, typed params from the payload, a constant, a default and an
  /// optional; tests edit a copy with `replacing`.
  static let base = """
    manifest: 1
    namespace: Shop
    payload:
      type_keys: [type, aps.type]
    remote_config:
      variant_key: version
      default_variant: v2
    variants:
      v1: { values: ["1"], tabs: [home, shop] }
      v2: { values: ["2", "2.1"], tabs: [home] }
    screens:
      Home: {}
      Lesson:
        params:
          id: string
          page: { type: int, default: 1 }
          ref: { type: string, optional: true }
    routes:
      home:
        screen: Home
      lesson:
        screen: Lesson
        aliases: [course]
        params:
          id: { from: data.id }
      old_lesson:
        screen: Lesson
        deprecated: use lesson
        aliases: [legacy]
        params:
          id: { value: "intro" }
    fallback: home

    """

  /// The changes from `base` to `base` with the replacements made, one line each:
  /// `LINE:COLUMN kind: message`, located in the new version, a removal's message ending with
  /// `(was at old:LINE)`.
  static func changes(_ replacements: [(String, String)], from old: String = base) throws
    -> [String]
  {
    var new = old
    for (from, to) in replacements {
      try #require(new.contains(from), "the manifest has no `\(from)`")
      new = new.replacingOccurrences(of: from, with: to)
    }
    let before = lint(old)
    let after = lint(new)
    let oldVersion = try version(before)
    let newVersion = try version(after)
    let result = ManifestDiff.compare(old: oldVersion, new: newVersion).map {
      "\($0.location) \($0.kind.rawValue): \($0.text(oldName: "old"))"
    }
    return result
  }

  static func version(_ output: ManifestPipeline.Output) throws -> ManifestDiff.Version {
    let manifest = try #require(output.manifest, "\(output.diagnostics)")
    let declaration = try #require(output.declaration)
    return ManifestDiff.Version(
      manifest: manifest, declaration: declaration, topLevelKeys: output.topLevelKeys)
  }

  @Test func identicalManifestsHaveNoChanges() throws {
    #expect(try Self.changes([]) == [])
    // Comments, order of keys and formatting are not changes.
    #expect(
      try Self.changes([("  home:\n    screen: Home\n", "  home: { screen: Home }  # start\n")])
        == [])
  }

  // MARK: Push types and aliases

  @Test func removingARouteBreaksUnlessItWasDeprecated() throws {
    #expect(
      try Self.changes([("    aliases: [course]\n", "")]) == [
        "21:3 removed-alias: alias `course` of `lesson` was removed (was at old:23)"
      ])
    #expect(
      try Self.changes([
        (
          "  old_lesson:\n    screen: Lesson\n    deprecated: use lesson\n    aliases: [legacy]\n    params:\n      id: { value: \"intro\" }\n",
          ""
        )
      ]) == [
        "18:1 removed-deprecated-route: push type `old_lesson` was removed (it was deprecated) (was at old:26)",
        "18:1 removed-deprecated-route: alias `legacy` of `old_lesson` was removed (the route was deprecated) (was at old:29)",
      ])
  }

  @Test func renamingAPushTypeBreaksAndAddingOneDoesNot() throws {
    #expect(
      try Self.changes([("  lesson:\n", "  lesson_page:\n")]) == [
        "18:1 removed-push-type: push type `lesson` was removed; if `lesson_page` is the same route renamed, keep `lesson` in its `aliases`, so payloads that still say `lesson` keep opening it (was at old:21)",
        "21:3 added-push-type: push type `lesson_page` was added",
      ])
    #expect(
      try Self.changes([("[course]", "[course, class_page]")]) == [
        "23:23 added-alias: alias `class_page` of `lesson` was added"
      ])
  }

  /// A push type removed next to one added for the same screen reads as a rename: the message
  /// says how to keep payloads with the old name working. One removed alone says nothing more.
  @Test func aRenamedRouteSuggestsKeepingTheOldNameAsAnAlias() throws {
    let renamed = try Self.changes([
      ("  home:\n    screen: Home\n", "  start:\n    screen: Home\n"),
      ("fallback: home", "fallback: start"),
    ])
    #expect(
      renamed.first
        == "18:1 removed-push-type: push type `home` was removed; if `start` is the same route renamed, keep `home` in its `aliases`, so payloads that still say `home` keep opening it (was at old:19)"
    )
    let removed = try Self.changes([
      ("  home:\n    screen: Home\n", ""), ("fallback: home", "fallback: lesson"),
    ])
    #expect(removed.first == "18:1 removed-push-type: push type `home` was removed (was at old:19)")
  }

  @Test func turningAnAliasIntoTheRouteKeyKeepsEveryName() throws {
    #expect(
      try Self.changes([("  lesson:\n", "  course:\n"), ("[course]", "[lesson]")]) == [])
  }

  @Test func aRouteLeavingAVariantBreaksAndJoiningOneDoesNot() throws {
    #expect(
      try Self.changes([("    aliases: [course]\n", "    aliases: [course]\n    only: [v2]\n")])
        == [
          "21:3 route-unavailable: push type `lesson` no longer resolves in variant `v1`"
        ])
    let narrow = Self.base.replacingOccurrences(
      of: "    aliases: [course]\n", with: "    aliases: [course]\n    only: [v2]\n")
    #expect(
      try Self.changes([("    only: [v2]\n", "")], from: narrow) == [
        "21:3 route-available: push type `lesson` now resolves in variant `v1`"
      ])
  }

  @Test func deprecatingARouteIsANote() throws {
    #expect(
      try Self.changes([
        ("    aliases: [course]\n", "    aliases: [course]\n    deprecated: soon\n")
      ])
        == ["21:3 deprecated-route: route `lesson` is now deprecated: soon"])
  }

  // MARK: Parameters

  @Test func aNewRequiredPayloadValueBreaksAndAnOptionalOneDoesNot() throws {
    #expect(
      try Self.changes([("      ref: { type: string, optional: true }\n", "      ref: string\n")])
        == [
          "17:7 added-required-param: route `lesson` now requires `ref` (parameter `ref`) in variants `v1`, `v2`",
          "17:7 added-required-param: route `old_lesson` now requires `ref` (parameter `ref`) in variants `v1`, `v2`",
        ])
    #expect(
      try Self.changes([
        (
          "      ref: { type: string, optional: true }\n",
          "      ref: { type: string, optional: true }\n      note: { type: string, optional: true }\n"
        )
      ]) == [
        "18:7 added-optional-param: route `lesson` now reads the optional `note` (parameter `note`) in variants `v1`, `v2`",
        "18:7 added-optional-param: route `old_lesson` now reads the optional `note` (parameter `note`) in variants `v1`, `v2`",
      ])
  }

  @Test func aChangeInOneVariantNamesThatVariant() throws {
    #expect(
      try Self.changes([
        (
          "      id: { from: data.id }\n",
          "      id: { from: data.id }\n    variants:\n      v1: { params: { id: { from: data.id }, ref: { from: r } } }\n"
        )
      ]) == [
        "27:46 changed-key-path: route `lesson` reads `ref` from `r` instead of `ref` in variant `v1`"
      ])
  }

  @Test func changingATypeOrAKeyPathBreaksAndADefaultDoesNot() throws {
    #expect(
      try Self.changes([
        ("      page: { type: int, default: 1 }\n", "      page: { type: bool, default: true }\n")
      ]) == [
        "16:7 changed-param-type: route `lesson` reads `page` as bool, not int in variants `v1`, `v2`",
        "16:7 changed-param-type: route `old_lesson` reads `page` as bool, not int in variants `v1`, `v2`",
      ])
    // Widening is not breaking: every int payload value is a valid string.
    #expect(
      try Self.changes([
        (
          "      page: { type: int, default: 1 }\n",
          "      page: { type: string, default: \"1\" }\n"
        )
      ])
        == [
          "16:7 widened-param-type: route `lesson` reads `page` as string, not int, which accepts every value int did in variants `v1`, `v2`",
          "16:7 widened-param-type: route `old_lesson` reads `page` as string, not int, which accepts every value int did in variants `v1`, `v2`",
        ])
    #expect(
      try Self.changes([("{ from: data.id }", "{ from: id }")]) == [
        "25:7 changed-key-path: route `lesson` reads `id` from `id` instead of `data.id` in variants `v1`, `v2`"
      ])
    #expect(
      try Self.changes([("{ type: int, default: 1 }", "{ type: int, default: 2 }")]) == [])
  }

  @Test func makingAValueOptionalOrDroppingItBreaksNothing() throws {
    #expect(
      try Self.changes([("      id: string\n", "      id: { type: string, optional: true }\n")])
        == [])
    #expect(
      try Self.changes([("      ref: { type: string, optional: true }\n", "")]) == [
        "20:3 removed-param: route `lesson` no longer reads `ref` in variants `v1`, `v2` (was at old:17)",
        "25:3 removed-param: route `old_lesson` no longer reads `ref` in variants `v1`, `v2` (was at old:17)",
      ])
  }

  // MARK: Type keys, variants and remote config

  @Test func droppingATypeKeyBreaksAndAddingOneDoesNot() throws {
    #expect(
      try Self.changes([("[type, aps.type]", "[type]")]) == [
        "4:15 changed-type-keys: the push type is no longer read from `aps.type`; payloads carrying it there stop resolving"
      ])
    #expect(
      try Self.changes([("[type, aps.type]", "[type, aps.type, kind]")]) == [
        "4:15 added-type-key: the push type is also read from `kind`"
      ])
  }

  @Test func removingAVariantOrAValueBreaksAndAddingDoesNot() throws {
    #expect(
      try Self.changes([("values: [\"2\", \"2.1\"]", "values: [\"2\"]")]) == [
        "10:3 removed-remote-value: remote-config value `2.1` no longer picks a variant (it picked `v2`) (was at old:10)"
      ])
    #expect(
      try Self.changes([("values: [\"1\"]", "values: [\"1\", \"1.5\"]")]) == [
        "9:23 added-remote-value: remote-config value `1.5` picks `v1`"
      ])
    #expect(
      try Self.changes([
        ("values: [\"1\"]", "values: [\"2.1\"]"), ("[\"2\", \"2.1\"]", "[\"2\", \"1\"]"),
      ])
        == [
          "9:18 changed-remote-value: remote-config value `2.1` now picks `v1` instead of `v2`",
          "10:23 changed-remote-value: remote-config value `1` now picks `v2` instead of `v1`",
        ])
    #expect(
      try Self.changes([
        ("  v2: { values: [\"2\", \"2.1\"], tabs: [home] }\n", ""),
        ("default_variant: v2", "default_variant: v1"),
      ]) == [
        "7:20 changed-default-variant: unknown remote-config values now pick `v1` instead of `v2`",
        "8:1 removed-variant: variant `v2` was removed (was at old:10)",
        "8:1 removed-remote-value: remote-config value `2` no longer picks a variant (it picked `v2`) (was at old:10)",
        "8:1 removed-remote-value: remote-config value `2.1` no longer picks a variant (it picked `v2`) (was at old:10)",
      ])
    #expect(
      try Self.changes([("  v2: {", "  v3: { values: [\"3\"], tabs: [home] }\n  v2: {")]) == [
        "10:3 added-variant: variant `v3` was added",
        "10:18 added-remote-value: remote-config value `3` picks `v3`",
      ])
  }

  @Test func changingTheVariantKeyBreaks() throws {
    #expect(
      try Self.changes([("variant_key: version", "variant_key: ui_version")]) == [
        "6:16 changed-variant-key: the remote-config key that picks the variant changed from `version` to `ui_version`"
      ])
  }

  /// Nothing of the old variants is left in the new file: their removals are at its start.
  @Test func droppingVariantsPointsAtTheStartOfTheNewManifest() throws {
    #expect(
      try Self.changes([
        (
          "remote_config:\n  variant_key: version\n  default_variant: v2\nvariants:\n"
            + "  v1: { values: [\"1\"], tabs: [home, shop] }\n"
            + "  v2: { values: [\"2\", \"2.1\"], tabs: [home] }\n",
          ""
        )
      ]) == [
        "1:1 removed-variant: variant `v1` was removed (was at old:9)",
        "1:1 removed-variant: variant `v2` was removed (was at old:10)",
        "1:1 changed-variant-key: the remote-config key that picks the variant changed from `version` to none (was at old:6)",
        "1:1 removed-remote-value: remote-config value `1` no longer picks a variant (it picked `v1`) (was at old:9)",
        "1:1 removed-remote-value: remote-config value `2` no longer picks a variant (it picked `v2`) (was at old:10)",
        "1:1 removed-remote-value: remote-config value `2.1` no longer picks a variant (it picked `v2`) (was at old:10)",
      ])
  }

  // MARK: Notification categories

  static let withCategories =
    base + """
      categories:
        lesson_update:
          actions:
            open: { title: Open, route: lesson }
            later: { title: Later }
        promo:
          actions:
            shop: { title: Shop, route: home }

      """

  @Test func removingACategoryOrAnActionBreaksAndAddingDoesNot() throws {
    #expect(
      try Self.changes([("      later: { title: Later }\n", "")], from: Self.withCategories) == [
        "34:3 removed-action: action `later` of notification category `lesson_update` was removed (was at old:37)"
      ])
    #expect(
      try Self.changes(
        [("  promo:\n    actions:\n      shop: { title: Shop, route: home }\n", "")],
        from: Self.withCategories) == [
          "33:1 removed-category: notification category `promo` was removed (was at old:38)"
        ])
    #expect(
      try Self.changes(
        [
          (
            "      later: { title: Later }\n",
            "      later: { title: Later }\n      snooze: { title: Snooze }\n"
          )
        ], from: Self.withCategories) == [
          "38:7 added-action: action `snooze` of notification category `lesson_update` was added"
        ])
    #expect(
      try Self.changes([
        (
          "fallback: home\n",
          "fallback: home\ncategories:\n  news:\n    actions:\n      read: { title: Read }\n"
        )
      ]) == ["34:3 added-category: notification category `news` was added"])
    // Retitling a button or changing where it goes breaks no server.
    #expect(
      try Self.changes(
        [("open: { title: Open, route: lesson }", "open: { title: Open it, route: course }")],
        from: Self.withCategories) == [])
  }

  // MARK: Quick actions and activity types

  static let withDoors =
    base + """
      shortcuts:
        search: { route: home, title: Search }
        reopen: { route: lesson, dynamic: true, title: Reopen }
      activities:
        com.example.lesson: lesson

      """

  /// What the app made of a dynamic item or an activity outlives an update; a static item does
  /// not.
  @Test func removingADynamicShortcutOrAnActivityBreaksAndAStaticOneDoesNot() throws {
    #expect(
      try Self.changes(
        [("  reopen: { route: lesson, dynamic: true, title: Reopen }\n", "")], from: Self.withDoors)
        == [
          "1:1 removed-shortcut: quick action `reopen` was removed (was at old:35)"
        ])
    #expect(
      try Self.changes([("  search: { route: home, title: Search }\n", "")], from: Self.withDoors)
        == [
          "1:1 removed-static-shortcut: quick action `search` was removed (was at old:34)"
        ])
    #expect(
      try Self.changes([("activities:\n  com.example.lesson: lesson\n", "")], from: Self.withDoors)
        == [
          "1:1 removed-activity: activity type `com.example.lesson` was removed (was at old:37)"
        ])
    #expect(
      try Self.changes(
        [("com.example.lesson: lesson", "com.example.lesson: home")], from: Self.withDoors) == [
          "37:3 changed-door-route: activity type `com.example.lesson` opens route `home`, not `lesson` (was at old:37)"
        ])
    #expect(
      try Self.changes(
        [
          (
            "  search: { route: home, title: Search }\n",
            "  search: { route: home, title: Search }\n  more: { route: home, title: More }\n"
          )
        ],
        from: Self.withDoors) == ["35:3 added-shortcut: quick action `more` was added"])
  }

  /// `ref` is read by `lesson` from the payload (`ref`) in both variants; the constant of
  /// `old_lesson` makes its `id` no input.
  @Test func removingAChoiceBreaksAndAddingOneDoesNot() throws {
    let choices = (
      "ref: { type: string, optional: true }",
      "ref: { type: string, optional: true, choices: [mail, web] }"
    )
    let added = try Self.changes([choices])
    #expect(added.count == 2)
    #expect(
      added.allSatisfy {
        $0.hasPrefix("17:7 removed-choice: route `") && $0.contains("now takes only `mail`, `web`")
      }, "\(added)")
    let base = Self.base.replacingOccurrences(of: choices.0, with: choices.1)
    #expect(
      try Self.changes([("choices: [mail, web]", "choices: [mail, web, app]")], from: base) == [
        "17:7 added-choice: route `lesson` reads `ref` and now also takes `app` in variants `v1`, `v2`",
        "17:7 added-choice: route `old_lesson` reads `ref` and now also takes `app` in variants `v1`, `v2`",
      ])
    #expect(
      try Self.changes([("choices: [mail, web]", "choices: [mail]")], from: base) == [
        "17:7 removed-choice: route `lesson` reads `ref` and no longer takes `web` in variants `v1`, `v2`",
        "17:7 removed-choice: route `old_lesson` reads `ref` and no longer takes `web` in variants `v1`, `v2`",
      ])
    #expect(
      try Self.changes([(", choices: [mail, web]", "")], from: base) == [
        "17:7 added-choice: route `lesson` reads `ref` and now takes any string in variants `v1`, `v2`",
        "17:7 added-choice: route `old_lesson` reads `ref` and now takes any string in variants `v1`, `v2`",
      ])
  }

  /// The shortcuts users built in the Shortcuts app hold an intent's key and parameters:
  /// removing either, retyping a parameter or dropping an App Shortcut breaks them; a new
  /// intent or App Shortcut does not.
  @Test func intentsKeepTheirKeysParametersAndAppShortcuts() throws {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("RouteCompilerTests/Fixtures/valid/intents.routes.yaml")
    let intents = try String(contentsOf: url, encoding: .utf8)
    #expect(
      try Self.changes(
        [("      autoplay: { title: Play at once }\n", ""), ("  go_home:\n", "  go_home_now:\n")],
        from: intents) == [
          "4:1 removed-intent: intent `go_home` was removed (was at old:77)",
          "51:3 changed-intent-parameter: intent `open_episode` no longer has parameter `autoplay` (was at old:51)",
          "76:3 added-intent: intent `go_home_now` was added",
        ])
    #expect(
      try Self.changes(
        [
          ("      speed: double", "      speed: int"),
          ("    shortcut:\n      phrases: [\"Go home in ${app}\"]\n      short_title: Home\n", ""),
        ],
        from: intents) == [
          "28:7 changed-param-type: route `player` reads `speed` as int, not double in variants `v1`, `v2`",
          "71:3 changed-intent-parameter: parameter `speed` of intent `play` is int, not double (was at old:71)",
          "77:3 removed-app-shortcut: intent `go_home` is no longer an App Shortcut (was at old:77)",
        ])
  }

  /// Pushes told apart by their keys, default taps by category, and routes that resolve a URL
  /// again: what real apps' routes add to what servers rely on.
  static let realAppRoutes = """
    manifest: 1
    links:
      hosts: [shop.example]
    screens:
      Home: {}
      Page:
        params:
          path: string
    routes:
      home:
        screen: Home
      sync:
        app_action: sync_inbox
        when_present: [sync]
      push_link:
        reroute: url
        when_present: [deep_link]
        params:
          url: deep_link
      redirect:
        reroute: to
        links:
          - "/go?to={to}"
    categories:
      reminder:
        route: home

    """

  @Test func whenPresentCategoryRoutesAndReroutesAreCompared() throws {
    #expect(
      try Self.changes(
        [
          ("  home:\n    screen: Home\n", "  home:\n    screen: Home\n    when_present: [home]\n"),
          (
            "    app_action: sync_inbox\n    when_present: [sync]\n", "    app_action: sync_inbox\n"
          ),
          (
            "    reroute: url\n    when_present: [deep_link]\n    params:\n      url: deep_link\n",
            "    app_action: open_link\n    when_present: [deep_link, link_kind]\n"
          ),
          (
            "    reroute: to\n    links:\n      - \"/go?to={to}\"\n",
            "    screen: Page\n    params:\n      path: { from: to }\n    links:\n      - \"/go?to={path}\"\n"
          ),
          ("    route: home\n", "    route: sync\n"),
        ], from: Self.realAppRoutes)
        == [
          "12:5 added-when-present: route `home` opens for payloads that hold `home`",
          "13:3 removed-when-present: route `sync` no longer opens by `when_present` (was `sync`): payloads that name no push type no longer open it (was at old:14)",
          "15:3 removed-reroute: route `push_link` no longer resolves the URL in `url` again: the links and pushes that carried one now run the app's action `open_link` (was at old:15)",
          "15:3 removed-param: route `push_link` no longer reads `deep_link` (was at old:19)",
          "17:5 removed-when-present: route `push_link` now also needs `link_kind` in a payload that names no push type: payloads that held only `deep_link` no longer open it (was at old:17)",
          "18:3 removed-reroute: route `redirect` no longer resolves the URL in `to` again: the links and pushes that carried one now open screen `Page` (was at old:20)",
          "25:3 removed-category-route: notification category `reminder` now opens route `sync`, not `home`, on a tap of a notification that names no route (was at old:25)",
        ])
    // Fewer keys open a route for more payloads: nothing that worked breaks.
    let narrower = Self.realAppRoutes.replacingOccurrences(
      of: "when_present: [deep_link]", with: "when_present: [deep_link, link_kind]")
    #expect(
      try Self.changes(
        [("when_present: [deep_link, link_kind]", "when_present: [deep_link]")], from: narrower)
        == [
          "17:5 added-when-present: route `push_link` opens for payloads that hold `deep_link` (was `deep_link`, `link_kind`)"
        ])
  }

  @Test func everyKindIsClassified() {
    let breaking = ManifestChange.Kind.allCases.filter(\.isBreaking).map(\.rawValue)
    #expect(
      breaking == [
        "removed-push-type", "removed-alias", "route-unavailable", "added-required-param",
        "changed-param-type", "changed-key-path", "changed-type-keys", "removed-variant",
        "removed-remote-value", "changed-remote-value", "changed-variant-key",
        "removed-category", "removed-action", "removed-link", "removed-link-host",
        "removed-link-scheme", "removed-shortcut", "removed-activity", "changed-door-route",
        "narrowed-link", "changed-link-scheme", "removed-when-present", "removed-reroute",
        "removed-category-route", "removed-choice", "removed-intent", "removed-app-shortcut",
        "changed-intent-parameter",
      ])
    #expect(
      ManifestChange.Kind.allCases.filter { !$0.isBreaking }.map(\.rawValue).suffix(11) == [
        "changed-requirements", "changed-stack", "added-shortcut", "added-activity",
        "removed-static-shortcut", "changed-route-category", "added-when-present",
        "added-category-route", "added-choice", "added-intent", "added-app-shortcut",
      ])
    #expect(ManifestChange.Kind.allCases.allSatisfy { !$0.summary.isEmpty })
  }
}
