import CompilerTestSupport
import RouteCompiler
import Testing

/// Messages that say the fix for the mistakes a newcomer makes first: the forgotten version
/// line, a type name from another schema, a route's key dedented out of its route.
@Suite struct FixHintTests {
  private func messages(_ yaml: String) -> [String] {
    lint(yaml).diagnostics.map { "\($0.location.line):\($0.location.column) \($0.message)" }
  }

  @Test func aMissingVersionLineSaysWhatToAdd() {
    #expect(
      messages("screens:\n  Home: {}\nroutes:\n  home:\n    screen: Home\n") == [
        "1:1 the manifest is missing the required key `manifest`; add `manifest: 1` as the first line (the version of the language)"
      ])
  }

  @Test(arguments: [
    ("integer", "int"), ("str", "string"), ("text", "string"), ("boolean", "bool"),
    ("Boolean", "bool"), ("float", "double"), ("number", "double"),
  ])
  func aTypeNameFromAnotherSchemaNamesOurs(written: String, type: String) {
    let yaml = """
      manifest: 1
      screens:
        Home:
          params:
            id: \(written)
            other: { type: \(written) }
      routes:
        home:
          screen: Home

      """
    let head =
      "must be `string`, `int`, `bool`, `double` or `query`, found `\(written)`; write `\(type)`"
    #expect(
      messages(yaml) == [
        "5:11 the type of parameter `id` of screen `Home` \(head)",
        "6:22 the type of parameter `other` of screen `Home` \(head)",
      ])
  }

  @Test func aMisspeltTypeStillGetsTheNearestName() {
    let yaml =
      "manifest: 1\nscreens:\n  Home:\n    params:\n      id: strng\nroutes:\n  home:\n    screen: Home\n"
    #expect(
      messages(yaml) == [
        "5:11 the type of parameter `id` of screen `Home` must be `string`, `int`, `bool`, `double` or `query`, found `strng`; did you mean `string`?"
      ])
  }

  @Test func aRouteKeyDedentedIntoTheRoutesSaysToIndentIt() {
    let yaml = minimalManifest + "  presentation: modal\n"
    #expect(
      messages(yaml) == [
        "7:3 route `presentation` must be a mapping with `screen`, found the value `modal`; `presentation:` is indented 2 spaces, like the routes, and `screen:` of route `home` above 4: `presentation` is a key of a route, so indent `presentation:` like `screen:`"
      ])
  }

  /// The same for a key whose value is a list, or a mapping of its own keys (`params:`).
  @Test func aRouteKeyWithAListOrMappingDedentedIntoTheRoutesSaysToIndentIt() {
    let yaml = """
      manifest: 1
      screens:
        Home:
          params:
            id: { type: int, optional: true }
      routes:
        home:
          screen: Home
        aliases: [start]
        params:
          id: data.id

      """
    let tail =
      "`home` above 4: `KEY` is a key of a route, so indent `KEY:` like `screen:`"
    #expect(
      messages(yaml) == [
        "9:3 route `aliases` must be a mapping with `screen`, found a list; `aliases:` is indented 2 spaces, like the routes, and `screen:` of route "
          + tail.replacingOccurrences(of: "KEY", with: "aliases"),
        "10:3 route `params` must be a mapping with `screen`, found a mapping without `screen`; `params:` is indented 2 spaces, like the routes, and `screen:` of route "
          + tail.replacingOccurrences(of: "KEY", with: "params"),
      ])
  }

  /// A choice written in another case names the one it means.
  @Test func aChoiceInAnotherCaseNamesIt() {
    let yaml = minimalManifest + "    presentation: Modal\n"
    #expect(
      messages(yaml) == [
        "7:19 `presentation` of route `home` must be `push` or `modal`, found `Modal`; write `modal`"
      ])
  }

  @Test func aRouteKeyDedentedToTheTopLevelSaysToIndentIt() {
    let yaml = minimalManifest + "tab: home\n"
    #expect(
      messages(yaml) == [
        "7:1 unknown key `tab` in the manifest; `tab` is a key of a route: indent it under the route it belongs to, in the column of that route's other keys"
      ])
  }

  /// A parameter dedented out of `params:` is one error that says so; a route that reads it
  /// adds none.
  @Test func aParameterDedentedOutOfParamsSaysToIndentIt() {
    let yaml = """
      manifest: 1
      screens:
        Lesson:
          params:
            id: int
          page: { type: int, default: 1 }
      routes:
        lesson:
          screen: Lesson
          params: { page: data.page }

      """
    #expect(
      messages(yaml) == [
        "6:5 unknown key `page` in screen `Lesson`; `page` looks like a parameter: indent it under `params:`, in the column of the other parameters"
      ])
  }

  /// A route named like a route key keeps working when it is a real route.
  @Test func aRouteNamedLikeARouteKeyIsARoute() {
    let yaml =
      "manifest: 1\nscreens:\n  Home: {}\nroutes:\n  screen:\n    screen: Home\n  url:\n    screen: Home\n"
    #expect(messages(yaml) == [])
  }
}
