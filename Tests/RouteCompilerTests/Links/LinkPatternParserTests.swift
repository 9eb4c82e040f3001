@_spi(Generated) import RouteTable
import Testing

@testable import RouteCompiler

@Suite struct LinkPatternParserTests {
  typealias Pattern = LinkPattern<String>

  static func parse(_ text: String) throws -> Pattern {
    try LinkPattern(parsing: text).mapParams(\.name)
  }

  @Test func parsesSegmentsPlaceholdersAndQuery() throws {
    #expect(try Self.parse("/") == Pattern(text: "/", segments: [], query: []))
    #expect(
      try Self.parse("/?to=home")
        == Pattern(text: "/?to=home", segments: [], query: [.condition(key: "to", value: "home")]))
    #expect(
      try Self.parse("/courses/{id}/f/{path*}")
        == Pattern(
          text: "/courses/{id}/f/{path*}",
          segments: [.literal("courses"), .param("id"), .literal("f"), .rest("path")], query: []))
    #expect(
      try Self.parse("/search?q={query}&sort=new%20first")
        == Pattern(
          text: "/search?q={query}&sort=new%20first", segments: [.literal("search")],
          query: [.bind(key: "q", param: "query"), .condition(key: "sort", value: "new first")]))
    #expect(
      try Self.parse("/discover?sort={sort}&!token&{filters*}")
        == Pattern(
          text: "/discover?sort={sort}&!token&{filters*}", segments: [.literal("discover")],
          query: [
            .bind(key: "sort", param: "sort"), .absent(key: "token"), .rest(param: "filters"),
          ]))
    // A bare key needs the item with any value, and counts as a condition; a binding does
    // not until the validator marks it (its parameter is required).
    let present = try Self.parse("/w/index.php?search&!diff&q={term}")
    #expect(
      present.query == [
        .present(key: "search"), .absent(key: "diff"), .bind(key: "q", param: "term"),
      ])
    #expect(present.presentKeys == ["search"])
    #expect(present.conditionCount == 2)
    let marked = present.markingPresence(of: ["q"])
    #expect(marked.query[2] == .bind(key: "q", param: "term", isPresence: true))
    #expect(marked.presentKeys == ["search", "q"])
    #expect(marked.conditionCount == 3)
    // A fragment pattern: a path and a query after `#`, placeholders numbered after the path's
    // and the query's.
    let fragment = try Self.parse("/c?x=1#/room/{room_id}/{_}?via={server}&!q")
    #expect(fragment.segments == [.literal("c")])
    #expect(fragment.query == [.condition(key: "x", value: "1")])
    #expect(
      fragment.fragment
        == .init(
          segments: [.literal("room"), .param("room_id"), .any],
          query: [.bind(key: "via", param: "server"), .absent(key: "q")]))
    #expect(fragment.params == ["room_id", "server"])
    #expect(fragment.conditionCount == 2)
    #expect(try Self.parse("/#/").fragment == .init(segments: [], query: []))
    #expect(try Self.parse("/a#/{p*}").fragment?.segments == [.rest("p")])
    let passThrough = try Self.parse("/d?{more*}")
    #expect(passThrough.query == [.rest(param: "more")])
    #expect(passThrough.params == ["more"])
    #expect(passThrough.conditionCount == 0)
  }

  @Test func literalsAreDecoded() throws {
    let pattern = try Self.parse("/caf%C3%A9/a%2Fb/-._~!$'()*+,;:@")
    #expect(pattern.segments == [.literal("café"), .literal("a/b"), .literal("-._~!$'()*+,;:@")])
    #expect(PercentEncoding.encoded("café a/b", keeping: .linkLiteral) == "caf%C3%A9%20a%2Fb")
  }

  @Test func placeholdersKnowWhereTheyAre() throws {
    let pattern = try LinkPattern(parsing: "/c/{id}?q={query}")
    #expect(
      pattern.params == [
        LinkPlaceholder(name: "id", offset: 3), LinkPlaceholder(name: "query", offset: 10),
      ])
  }

  struct ErrorCase: Sendable, CustomTestStringConvertible {
    var text: String
    var offset: Int
    var message: String
    var testDescription: String { text }
  }

  static let errors: [ErrorCase] = [
    ErrorCase(text: "", offset: 0, message: "a link pattern starts with `/`, like `/courses/{id}`"),
    ErrorCase(
      text: "courses", offset: 0, message: "a link pattern starts with `/`, like `/courses/{id}`"),
    ErrorCase(
      text: "/a/", offset: 2,
      message: "a link pattern does not end with `/`; URLs match with or without one trailing `/`"),
    ErrorCase(text: "/a//b", offset: 2, message: "a link pattern has no empty segment (`//`)"),
    ErrorCase(
      text: "/{p*}/a", offset: 1,
      message: "`{name*}` takes every remaining segment, so it must be the last segment"),
    ErrorCase(text: "/{id", offset: 1, message: "`{` is never closed"),
    ErrorCase(text: "/{}", offset: 1, message: "a placeholder is missing a parameter name"),
    ErrorCase(text: "/{a-b}", offset: 3, message: "`-` cannot appear in a parameter name"),
    ErrorCase(
      text: "/?q={p*}", offset: 6,
      message:
        "`*` applies to a path segment or a whole query item (`?{name*}`), not to a query value"),
    ErrorCase(
      text: "/a?{p*}&x=1", offset: 3,
      message: "`{p*}` takes every other query item, so it must be the last"),
    ErrorCase(
      text: "/a?{p}", offset: 3,
      message:
        "a query item is `key={param}`; `{name*}`, as the last item, passes every other item to a `query` parameter"
    ),
    ErrorCase(
      text: "/a?{_*}", offset: 3,
      message: "`{_*}` passes nothing; leave it out: a pattern ignores the items it does not name"),
    ErrorCase(
      text: "/{p}?{p*}", offset: 5,
      message: "`p` is bound twice; a pattern binds each parameter once"),
    ErrorCase(
      text: "/a?", offset: 2, message: "`?` must be followed by a query item `key=value`"),
    ErrorCase(
      text: "/a?x=1&", offset: 6, message: "`&` must be followed by a query item `key=value`"),
    ErrorCase(
      text: "/a#x", offset: 2,
      message: "a fragment pattern is a path like `/#/room/{room_id}`: `#` must be followed by `/`"),
    ErrorCase(
      text: "/{p*}#/x", offset: 5,
      message:
        "`{name*}` takes the rest of the path, so a pattern with a fragment does not end its path with it"
    ),
    ErrorCase(
      text: "/{id}#/{id}", offset: 7,
      message: "`id` is bound twice; a pattern binds each parameter once"),
    ErrorCase(text: "/a#//x", offset: 3, message: "a fragment pattern has no empty segment (`//`)"),
    ErrorCase(
      text: "/a#/x#y", offset: 5, message: "`#` is not allowed in a path segment; write it as `%23`"
    ),
    ErrorCase(
      text: "/a?x&x", offset: 5,
      message: "the query key `x` is written twice; a key appears once in a pattern"),
    ErrorCase(
      text: "/a?x{y}", offset: 4,
      message: "a placeholder is a whole segment or query value, like `/{id}` or `q={query}`"),
    ErrorCase(text: "/a?=1", offset: 3, message: "a query item needs a key before `=`"),
    ErrorCase(text: "/a?x=", offset: 4, message: "`x=` needs a value: literal text or `{param}`"),
    ErrorCase(
      text: "/a?{k}=1", offset: 3,
      message: "a query key is literal text; only its value can be `{param}`"),
    ErrorCase(
      text: "/é", offset: 1, message: "`é` is not allowed in a path segment; write it as `%C3%A9`"),
    ErrorCase(
      text: "/%C3", offset: 1, message: "the percent-encoded octets of a path segment are not UTF-8"
    ),
    ErrorCase(
      text: "/a?b=c=d", offset: 6, message: "`=` is not allowed in a query value; write it as `%3D`"
    ),
  ]

  @Test(arguments: errors)
  func reportsWhereAndWhat(_ expected: ErrorCase) {
    #expect(throws: LinkSyntaxError(offset: expected.offset, message: expected.message)) {
      _ = try LinkPattern(parsing: expected.text)
    }
  }
}
