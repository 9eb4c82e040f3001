import Foundation
import TestSupport
import Testing

/// Wiring a router that cannot show the routes its table's requirements name does not compile:
/// the closure-based initializer has no default for `resolveRequirement`, so an app that builds
/// its router by hand says what shows a requirement's route.
@Suite struct RouterWiringTests {
  private static func router(resolveRequirement: String) -> String {
    """
    import RouteTable
    import RouteTableNavigation

    func makeRouter(table: RouteTable) -> RouteTableRouter<Int, ScreenInstance> {
      RouteTableRouter<Int, ScreenInstance>(
        table: table,
        resolveAction: { _, _, variant in Resolution(status: .unknownAction, variant: "\\(variant)") },
        onAppAction: { _, _, _ in },
        resolveURL: { _, variant in Resolution(status: .unknownLink, variant: "\\(variant)") },
        resolveShortcut: { _, _, variant in Resolution(status: .unknownShortcut, variant: "\\(variant)") },
        resolveActivity: { _, _, variant in Resolution(status: .unknownActivity, variant: "\\(variant)") },\(resolveRequirement)
        resolve: { _, variant, _ in Resolution(status: .unknownType, variant: "\\(variant)") })
    }
    """
  }

  @Test func theClosureInitializerWithoutResolveRequirementDoesNotCompile() throws {
    let omitted = try PublicAPIExtraction.typecheck(
      Self.router(resolveRequirement: ""), importing: ["RouteTable", "RouteTableNavigation"])
    #expect(!omitted.compiles)
    #expect(
      omitted.diagnostics.contains("missing argument for parameter 'resolveRequirement'"),
      "\(omitted.diagnostics)")
    let given = try PublicAPIExtraction.typecheck(
      Self.router(resolveRequirement: "\n    resolveRequirement: { _, _ in nil },"),
      importing: ["RouteTable", "RouteTableNavigation"])
    #expect(given.compiles, "\(given.diagnostics)")
  }
}
