import CompilerTestSupport
import Testing

@testable import RouteCompiler

/// One mistake gives one error: a name that is declared but breaks its pattern, or a declaration
/// whose body is malformed, is still declared for every check that refers to it, so no later
/// rule contradicts the manifest by calling it undeclared.
@Suite struct FollowOnDiagnosticsTests {
  /// `screen:` for `screens:`: one error, naming the key the manifest lacks; no route's screen
  /// is then called undeclared.
  @Test func aMisspeltRequiredKeyIsOneError() {
    let output = lint(
      """
      manifest: 1
      screen:
        Home: {}
        Item: {}
      routes:
        home: { screen: Home }
        item: { screen: Item }

      """)
    #expect(
      output.diagnostics.map { "\(brief([$0])[0]) \($0.message)" } == [
        "2:1 unknown-key unknown key `screen` in the manifest; did you mean `screens`? (the manifest has no `screens`, which it needs)"
      ])
  }

  /// A parameter declared with a bad type or a bad `optional` is still a parameter: a URL or a
  /// link that uses it adds nothing.
  @Test func aParameterWithABadDeclarationIsStillUsable() {
    let output = lint(
      """
      manifest: 1
      bases: { web: "https://m.example.com" }
      links: { hosts: [x.example] }
      screens:
        Product:
          params:
            product_id: integer
            variant: { type: string, optional: yes }
      routes:
        product:
          screen: Product
          url: "{web}/p/{product_id}"
          links: ["/p/x"]

      """)
    #expect(brief(output.diagnostics) == ["7:19 invalid-value", "8:42 invalid-bool"])
  }

  /// An alias is one error where it is written, not a wrong value for every rule that reads it.
  @Test func anAliasIsOneError() {
    let output = lint(
      """
      manifest: 1
      remote_config: { variant_key: version, default_variant: classic }
      variants:
        classic: { values: ["1"], tabs: [home] }
        modern: { values: ["2"], tabs: *t }
      screens:
        Home: {}
      routes:
        home: { screen: Home, tab: *t }

      """)
    #expect(brief(output.diagnostics) == ["5:34 yaml-alias", "9:30 yaml-alias"])
  }

  @Test func anInvalidBaseNameIsStillDeclared() {
    let output = lint(
      """
      manifest: 1
      bases:
        WEB_URL: https://m.example.com
      screens:
        Home: {}
      routes:
        home:
          screen: Home
          url: "{WEB_URL}/index.php"

      """)
    #expect(brief(output.diagnostics) == ["3:3 invalid-name"])
  }

  @Test func aBaseWithABadURLIsStillDeclared() {
    let output = lint(
      """
      manifest: 1
      bases:
        web: m.example.com
      screens:
        Home: {}
      routes:
        home:
          screen: Home
          url: "{web}/index.php"

      """)
    #expect(brief(output.diagnostics) == ["3:8 invalid-base-url"])
  }

  @Test func anInvalidScreenNameIsStillDeclared() {
    let output = lint(
      """
      manifest: 1
      screens:
        Sale web:
          params:
            id: int
      routes:
        sale:
          screen: Sale web
          params:
            id: { from: data.id }

      """)
    #expect(brief(output.diagnostics) == ["3:3 invalid-name"])
  }

  @Test func invalidParameterAndTabNamesAreStillDeclared() {
    let output = lint(
      """
      manifest: 1
      tabs: [home, My-Courses]
      screens:
        Lesson:
          params:
            lessonId: int
      routes:
        lesson:
          screen: Lesson
          tab: My-Courses
          params:
            lessonId: { from: id }
          url: "https://m.example.com/l/{lessonId}"

      """)
    #expect(brief(output.diagnostics) == ["2:14 invalid-name", "6:7 invalid-name"])
  }

  @Test func aMalformedRouteIsStillDeclaredForTheFallback() {
    let output = lint(
      """
      manifest: 1
      screens:
        Home: {}
      routes:
        home: Home
        other:
          screen: Home
      fallback: home

      """)
    #expect(brief(output.diagnostics) == ["5:9 type-mismatch"])
  }

  @Test func aRouteWithAnUnknownScreenIsNotAlsoUnavailableAsTheFallback() {
    let output = lint(
      """
      manifest: 1
      screens:
        Home: {}
      routes:
        home:
          screen: Hme
      fallback: home

      """)
    #expect(brief(output.diagnostics) == ["6:13 unknown-screen"])
  }

  @Test func anUndeclaredNameIsStillReported() {
    let output = lint(
      """
      manifest: 1
      screens:
        Home: {}
      routes:
        home:
          screen: Home
          url: "{web}/index.php"
      fallback: hme

      """)
    #expect(brief(output.diagnostics) == ["7:11 unknown-base", "8:11 unknown-route"])
  }
}

/// Did-you-mean searches share one budget per run of the front end, so a manifest with a typo
/// in every route costs about what a clean one does; the same input spends it the same way.
@Suite struct SuggestionBudgetTests {
  @Test func searchesStopWhenTheRunsBudgetIsSpent() {
    let candidates = (0..<1000).map { "screen\($0)" }
    let name = "screen1x"
    // Every candidate is within two characters of the name's length, so each is compared.
    let perSearch = candidates.reduce(0) { $0 + name.count * $1.count + 1 }
    let run = Suggestions(budgetForBytes: 0)
    var searches = 0
    while run.nearest(to: name, in: candidates) != nil, searches < 10_000 { searches += 1 }
    #expect(searches == Suggestions.budgetCells / perSearch)
    // A copy shares the run's budget.
    let copy = run
    #expect(copy.nearest(to: name, in: candidates) == nil)
    // Outside a run the search is unbounded.
    #expect(Suggestions().nearest(to: name, in: candidates) == "screen1")
  }

  @Test func aTypoInEveryRouteGetsSuggestionsUntilTheBudgetIsSpent() {
    let count = 3000
    var yaml = "manifest: 1\nscreens:\n"
    for index in 0..<count { yaml += "  Screen\(index): {}\n" }
    yaml += "routes:\n"
    for index in 0..<count { yaml += "  r\(index): { screen: Screen\(index)x }\n" }
    let output = lint(yaml)
    #expect(output.diagnostics.count == count)
    #expect(output.diagnostics.allSatisfy { $0.rule == .unknownScreen })
    let suggested = output.diagnostics.filter { $0.message.contains("did you mean") }.count
    #expect(suggested > 0 && suggested < count)
    #expect(output.diagnostics.first?.message.hasSuffix("; did you mean `Screen0`?") == true)
    #expect(lint(yaml).diagnostics == output.diagnostics)
  }

  /// A misspelt screen on the route an intent opens is the one error: the intent's parameters
  /// are not then called keys the route does not read.
  @Test func aMisspeltScreenOfAnIntentsRouteIsOneError() {
    let output = lint(
      """
      manifest: 1
      screens:
        Episode:
          params:
            id: int
      routes:
        episode:
          screen: Episod
          params: { id: { from: episode_id } }
      intents:
        open_episode:
          route: episode
          title: Open Episode
          parameters:
            episode_id: { title: Episode }

      """)
    #expect(
      output.diagnostics.map { "\(brief([$0])[0]) \($0.message)" } == [
        "8:13 unknown-screen route `episode` uses the screen `Episod`, which is not declared; did you mean `Episode`?"
      ])
  }

  /// Two intents giving one type name is one error: the choices type of the later intent's
  /// parameter, named after it, is not a second one.
  @Test func anIntentTypeCollisionIsOneError() {
    let output = lint(
      """
      manifest: 1
      screens:
        Episode:
          params:
            id: { type: string, choices: [a, b] }
      routes:
        episode:
          screen: Episode
          params: { id: { from: id } }
      intents:
        open_1:
          route: episode
          title: Open
          parameters:
            id: { title: Episode }
        open1:
          route: episode
          title: Open again
          parameters:
            id: { title: Episode }

      """)
    #expect(
      output.diagnostics.map { "\(brief([$0])[0]) \($0.message)" } == [
        "16:3 swift-name-collision intent `open1` becomes the Swift type `Open1Intent`, as intent `open_1` (line 11) does; rename one"
      ])
  }

  /// Two parameter keys of one intent giving one property is one error, not a second for the
  /// choices type each would name.
  @Test func aParameterNameCollisionIsOneError() {
    let output = lint(
      """
      manifest: 1
      screens:
        Search:
          params:
            sort: { type: string, choices: [new, top], optional: true }
            order: { type: string, choices: [new, top], optional: true }
      routes:
        search:
          screen: Search
          params: { sort: { from: "a+b" }, order: { from: "a}b" } }
      intents:
        search:
          route: search
          title: Search
          parameters:
            "a+b": { title: Sort }
            "a}b": { title: Order }

      """)
    #expect(
      output.diagnostics.map { "\(brief([$0])[0]) \($0.message)" } == [
        "17:7 swift-name-collision parameter of intent `search` `a}b` and `a+b` (line 16) both become the Swift name `aB`; rename one"
      ])
  }
}
