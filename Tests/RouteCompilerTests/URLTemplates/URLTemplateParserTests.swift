@_spi(Generated) import RouteTable
import Testing

@testable import RouteCompiler

@Suite struct URLTemplateParserTests {
  @Test func parsesLiteralsVariablesAndQueries() throws {
    let template = try URLTemplate(parsing: "{web}/book/{book_id}?x=1{&chapter,page}")
    #expect(
      template.parts == [
        .variable("web"), .literal("/book/"), .variable("book_id"), .literal("?x=1"),
        .query(.ampersand, ["chapter", "page"]),
      ])
    #expect(
      try URLTemplate(parsing: "https://a.example/{?q}").parts == [
        .literal("https://a.example/"), .query(.question, ["q"]),
      ])
  }

  @Test func parsesPassedThroughQueryItems() throws {
    #expect(
      try URLTemplate(parsing: "{web}/discover{?filters*}").parts == [
        .variable("web"), .literal("/discover"), .passThrough(.question, "filters"),
      ])
    #expect(
      try URLTemplate(parsing: "{web}/d{?sort}{&more*}").parts == [
        .variable("web"), .literal("/d"), .query(.question, ["sort"]),
        .passThrough(.ampersand, "more"),
      ])
  }

  @Test func parsesReservedExpansion() throws {
    #expect(
      try URLTemplate(parsing: "{web}{+path}?x=1").parts == [
        .variable("web"), .reserved("path"), .literal("?x=1"),
      ])
    #expect(throws: URLTemplate.SyntaxError.self) { try URLTemplate(parsing: "{web}/{+a,b}") }
    #expect(throws: URLTemplate.SyntaxError.self) { try URLTemplate(parsing: "{web}/{+}") }
  }

  @Test func recordsWhereEachPartStarts() throws {
    let parts = try URLTemplate.parse("ab{c}d")
    #expect(parts.map(\.offset) == [0, 2, 5])
  }

  @Test func acceptsPercentEncodingAndNonASCIILiterals() throws {
    #expect(
      try URLTemplate(parsing: "https://a.example/%20é").parts == [
        .literal("https://a.example/%20é")
      ])
  }

  @Test(arguments: [
    ("{web", 0, "`{` is never closed"),
    ("a}b", 1, "`}` without a matching `{`"),
    ("{}", 1, "an expression is missing a parameter name"),
    ("{a,}", 3, "an expression is missing a parameter name"),
    (
      "{#frag}", 1,
      "the operator `#` is not supported; use `{name}`, `{+name}`, `{?a,b}` or `{&a,b}`"
    ),
    ("{var:3}", 4, "the `:` modifier is not supported"),
    (
      "{list*}", 5,
      "`*` applies only to a query expression of one `query` parameter, like `{?filters*}` or `{&filters*}`"
    ),
    (
      "{?a,list*}", 8,
      "`*` applies only to a query expression of one `query` parameter, like `{?filters*}` or `{&filters*}`"
    ),
    (
      "{?list*x}", 6,
      "`*` applies only to a query expression of one `query` parameter, like `{?filters*}` or `{&filters*}`"
    ),
    ("{a,b}", 0, "`{a,b}` names several parameters; write one per `{}` or use `{?a,b}`"),
    ("{a-b}", 2, "`-` cannot appear in a parameter name"),
    ("a b", 1, "U+20 is not allowed in a URL; percent-encode it"),
    ("a|b", 1, "`|` is not allowed in a URL; percent-encode it"),
    ("100%", 3, "`%` must start a percent-encoding like `%20`"),
    ("%zz", 0, "`%` must start a percent-encoding like `%20`"),
  ])
  func rejectsWithOffsetAndReason(template: String, offset: Int, message: String) {
    #expect(throws: URLTemplate.SyntaxError(offset: offset, message: message)) {
      try URLTemplate.parse(template)
    }
  }
}
