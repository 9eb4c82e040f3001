import Testing

@testable import RouteCompiler

/// One mistake gives one error: a name that is declared but breaks its pattern, or a declaration
/// whose body is malformed, is still declared for every check that refers to it, so no later
/// rule contradicts the manifest by calling it undeclared.
@Suite struct FollowOnDiagnosticsTests {
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
