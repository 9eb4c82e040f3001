@_spi(Generated) import RouteTable
import Testing

/// A resolution keeps its names (variant, route, link pattern, screen and parameter names) as
/// references into its table and makes them when read: what it reports must be exactly the
/// manifest's names, through `map` and after a name is replaced.
@Suite struct ResolutionNamesTests {
  /// The table of `Fixtures/resolution-names.routes.yaml`.
  static let table = ResolutionNamesRoutes.table

  @Test func aTableResolutionReportsTheManifestsNames() throws {
    let table = Self.table
    for (variant, name) in [(0, "classic"), (1, "redesigned_navigation")] {
      let resolution = table.resolve(
        url: "https://m.example.com/books/7/chapters/two", variant: variant)
      #expect(resolution.status == .matched)
      #expect(resolution.variant == name)
      #expect(resolution.route == "book_chapter_reader")
      #expect(resolution.link == "/books/{book_identifier}/chapters/{chapter}")
      #expect(resolution.tab == TabSelection(name: "library", index: 1 - variant))
      let screen = try #require(resolution.destination)
      #expect(screen.name == "ChapterReader")
      #expect(screen.values == [.int(7), .string("two")])
      #expect(screen.params.map(\.name) == ["book_identifier", "chapter"])
      #expect(
        screen
          == ScreenInstance(
            index: 0, name: "ChapterReader",
            params: [("book_identifier", .int(7)), ("chapter", .string("two"))]))

      #expect(
        screen
          != ScreenInstance(
            index: 0, name: "ChapterReader",
            params: [("book_identifier", .int(7)), ("chapter_number", .string("two"))]))
      let mapped = resolution.map { $0.name }
      #expect(mapped.destination == "ChapterReader")
      #expect(mapped.variant == name)
      #expect(mapped.route == "book_chapter_reader")
      #expect(mapped.link == "/books/{book_identifier}/chapters/{chapter}")
    }
  }

  @Test func unmatchedAndPushResolutionsHaveNoLink() throws {
    let table = Self.table
    let unknown = table.resolve(url: "https://m.example.com/nothing", variant: 0)
    #expect(unknown.status == .unknownLink)
    #expect(unknown.variant == "classic")
    #expect(unknown.route == nil)
    #expect(unknown.link == nil)
    let push = table.resolve(
      try ResolverTests.payload(#"{"type": "book_chapter_reader", "id": 3}"#), variant: 5)
    #expect(push.status == .matched)
    #expect(push.variant == "redesigned_navigation")
    #expect(push.route == "book_chapter_reader")
    #expect(push.link == nil)
  }

  /// Replacing one name keeps the others, whether they came from the table or not.
  @Test func replacingANameKeepsTheOthers() throws {
    let table = Self.table
    var resolution = table.resolve(url: "https://m.example.com/books/7/chapters/two", variant: 1)
    resolution.route = "renamed"
    #expect(resolution.variant == "redesigned_navigation")
    #expect(resolution.route == "renamed")
    #expect(resolution.link == "/books/{book_identifier}/chapters/{chapter}")
    resolution.link = nil
    resolution.variant = "other"
    #expect(resolution.variant == "other")
    #expect(resolution.route == "renamed")
    #expect(resolution.link == nil)
  }
}
