import Foundation
import TestSupport
import Testing

/// The integration module's public API, pinned: every public symbol an app can see is listed in
/// `Tests/RouteTableNavigationTests/PublicAPI.txt`, one `kind path` line each, so making something public (or no
/// longer public) is a deliberate change to that list and to the module's DocC catalog,
/// `Sources/RouteTableNavigation/RouteTableNavigation.docc` (its `PublicAPI.md` article and its
/// landing page). What only generated code calls is `@_spi(Generated)` and what only the compiler,
/// `routec` and the tests use is `package`: neither is in the list.
@Suite struct NavigationPublicAPITests {
  static let listURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("RouteTableNavigationTests/PublicAPI.txt")

  /// Compiled once per test run: both tests read the same list.
  static let extracted = Result {
    try PublicAPIExtraction.symbols(of: "RouteTableNavigation", imports: ["RouteTable"])
  }

  @Test func publicSymbolsAreExactlyTheCommittedList() throws {
    let extracted = try Self.extracted.get()
    #expect(extracted.contains("class RouteTableRouter"))
    let (added, removed, sorted) = try PublicAPIExtraction.difference(extracted, list: Self.listURL)
    #expect(added.isEmpty, "public but not in PublicAPI.txt:\n\(added.joined(separator: "\n"))")
    #expect(removed.isEmpty, "in PublicAPI.txt but not public:\n\(removed.joined(separator: "\n"))")
    #expect(sorted, "PublicAPI.txt is sorted")
  }

  /// Every public type has its line in the table of the DocC article `PublicAPI.md`, and a
  /// place in the topics of the catalog's landing page.
  @Test func docsListEveryPublicType() throws {
    let catalog = "Sources/RouteTableNavigation/RouteTableNavigation.docc"
    let types = PublicAPIExtraction.types(try Self.extracted.get())
    let documented = try PublicAPIExtraction.documentedTypes(of: "RouteTableNavigation")
    let missing = types.filter { !documented.contains($0) }
    #expect(missing.isEmpty, "public types missing from \(catalog)/PublicAPI.md: \(missing)")
    let curated = try PublicAPIExtraction.curatedTypes(of: "RouteTableNavigation")
    let uncurated = types.filter { !curated.contains($0) }
    #expect(
      uncurated.isEmpty,
      "public types missing from the topics of \(catalog)/RouteTableNavigation.md: \(uncurated)")
  }
}
