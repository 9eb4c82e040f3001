import CompilerTestSupport
import Testing

@testable import RouteCompiler

/// The doc comment of each generated `Destination` case: where the screen is declared, what
/// opens it, and each opening route's `description`, on one line, nothing in it able to end the
/// comment or reorder the line.
@Suite struct DestinationDocTests {
  static func docLines(_ routes: String) throws -> [String] {
    let output = lint(
      "manifest: 1\nscreens:\n  Home: {}\n  Item: { params: { id: string } }\nroutes:\n"
        + routes)
    #expect(!output.hasErrors, "\(output.diagnostics)")
    let source = SwiftGenerator.generate(
      try #require(output.manifest), table: try #require(output.table),
      sourceName: "d.routes.yaml")
    let lines = source.split(separator: "\n").map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    let item = try #require(lines.firstIndex(of: "case item(id: String)"))
    let start = try #require(lines[..<item].lastIndex { !$0.hasPrefix("///") }) + 1
    return Array(lines[start..<item])
  }

  @Test func eachOpeningRoutesDescriptionIsALineOfTheCase() throws {
    #expect(
      try Self.docLines(
        """
          home: { screen: Home, description: Not about Item. }
          item:
            screen: Item
            description: |
              Opens an item.
              From the   catalogue.
          item_promo: { screen: Item, description: "A promo \\u202E reversed \\u001B[2J" }
          item_plain: { screen: Item }

        """)
        == [
          "/// `Item`, declared at d.routes.yaml:4.",
          "/// Push types: `item`, `item_promo`, `item_plain`.",
          "/// - `item`: Opens an item. From the catalogue.",
          "/// - `item_promo`: A promo \\u{202E} reversed \\u{1B}[2J",
        ])
  }
}
