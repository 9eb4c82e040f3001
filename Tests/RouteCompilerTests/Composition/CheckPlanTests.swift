import Testing

@testable import RouteCompiler

/// `CheckPlan`: which manifests given at once are checked together, and their diagnostics
/// merged back per file.
@Suite struct CheckPlanTests {
  typealias Unit = CheckPlan.Unit

  @Test func anAppIsCheckedWithTheFeaturesItComposesAndTheyAreNotCheckedAlone() {
    let roles: [ManifestRole] = [
      .app(composes: ["Orders", "Profile"]), .feature("Orders"), .standalone, .feature("Profile"),
      .feature("Lonely"),
    ]
    #expect(
      CheckPlan.units(roles: roles, given: Array(repeating: true, count: 5)) == [
        Unit(main: 0, features: [1, 3]), Unit(main: 2), Unit(main: 4),
      ])
  }

  @Test func onlyGivenManifestsAreChecked() {
    // The features came from `--feature`: offered to the app, never checked on their own.
    let roles: [ManifestRole] = [.app(composes: ["Orders"]), .feature("Orders"), .feature("Cart")]
    #expect(
      CheckPlan.units(roles: roles, given: [true, false, false]) == [
        Unit(main: 0, features: [1])
      ])
    #expect(CheckPlan.units(roles: roles, given: [false, false, true]) == [Unit(main: 2)])
  }

  @Test func aMisspeltNameTakesTheNearestFeatureNoAppNames() {
    // `Ordres` is declared by no feature; `Orders` by one no app composes: checked together, so
    // the app's `unknown-feature` error can say `did you mean`.
    let roles: [ManifestRole] = [.app(composes: ["Ordres"]), .feature("Orders"), .feature("Zebra")]
    #expect(
      CheckPlan.units(roles: roles, given: [true, true, true]) == [
        Unit(main: 0, features: [1]), Unit(main: 2),
      ])
  }

  @Test func twoAppsComposingOneFeatureEachGetIt() {
    let roles: [ManifestRole] = [
      .app(composes: ["Shared"]), .app(composes: ["Shared"]), .feature("Shared"),
    ]
    #expect(
      CheckPlan.units(roles: roles, given: [true, true, true]) == [
        Unit(main: 0, features: [2]), Unit(main: 1, features: [2]),
      ])
  }

  @Test func aFileCheckedTwiceReportsEachMistakeOnce() {
    func diagnostic(_ line: Int, _ message: String) -> Diagnostic {
      Diagnostic(.error, .unknownKey, at: SourceLocation(line: line, column: 3), message)
    }
    let merged = CheckPlan.merged([
      (file: "app-a", diagnostics: [diagnostic(1, "a")]),
      (file: "shared", diagnostics: [diagnostic(4, "x"), diagnostic(5, "y")]),
      (file: "app-b", diagnostics: []),
      (file: "shared", diagnostics: [diagnostic(4, "x"), diagnostic(6, "z")]),
    ])
    #expect(merged.map(\.file) == ["app-a", "shared", "app-b"])
    #expect(merged.map { $0.diagnostics.map(\.message) } == [["a"], ["x", "y", "z"], []])
  }
}
