import Testing

@testable import RouteCompiler

@Suite struct SwiftNameTests {
  @Test(arguments: [
    ("gift_page", "giftPage"),
    ("course.v2:open", "courseV2Open"),
    ("news-article", "newsArticle"),
    ("URLPage", "urlPage"),
    ("HOME", "home"),
    ("Home", "home"),
    ("LessonDetail", "lessonDetail"),
    ("404", "_404"),
    ("a_1", "a1"),
    ("book__id", "bookId"),
    ("_leading", "leading"),
    ("___", "_"),
    ("class", "class"),
  ])
  func lowerCamel(name: String, expected: String) {
    #expect(SwiftName.lowerCamel(name) == expected)
  }

  @Test(arguments: [
    ("shop", "Shop"), ("shop_v2", "ShopV2"), ("my-app.prod", "MyAppProd"), ("123", "123"),
  ])
  func upperCamel(name: String, expected: String) {
    #expect(SwiftName.upperCamel(name) == expected)
  }
}

@Suite struct SuggestionTests {
  @Test func suggestsTheNearestCandidate() {
    #expect(Suggestions().nearest(to: "screne", in: ["screen", "params", "tab"]) == "screen")
    #expect(
      Suggestions().nearest(to: "LessonDetial", in: ["Home", "LessonDetail"]) == "LessonDetail")
    #expect(Suggestions().nearest(to: "TAB", in: ["tab", "url"]) == "tab")
  }

  @Test func suggestsNothingWhenNothingIsClose() {
    #expect(Suggestions().nearest(to: "presentation", in: ["screen", "tab"]) == nil)
    #expect(Suggestions().nearest(to: "x", in: []) == nil)
  }

  @Test func countsATranspositionAsOneEdit() {
    #expect(Suggestions.editDistance(Array("ab".unicodeScalars), Array("ba".unicodeScalars)) == 1)
    #expect(
      Suggestions.editDistance(Array("kitten".unicodeScalars), Array("sitting".unicodeScalars)) == 3
    )
  }

  @Test func listsNamesForMessages() {
    #expect(Suggestions.list(["a"]) == "`a`")
    #expect(Suggestions.list(["a", "b", "c"]) == "`a`, `b` or `c`")
    #expect(Suggestions.list([String]()) == "none")
  }
}
