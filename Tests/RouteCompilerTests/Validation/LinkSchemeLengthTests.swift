import CompilerTestSupport
import RouteCompiler
@_spi(Generated) import RouteTable
import Testing

/// A manifest may declare a scheme or host of any length, and the resolver compares names
/// whatever their length (it once gave up on a scheme of more than 64 characters).
@Suite struct LinkSchemeLengthTests {
  @Test(arguments: [5, 64, 65, 300])
  func aDeclaredSchemeOfAnyLengthOpensItsRoutes(length: Int) throws {
    let scheme = "s" + String(repeating: "x", count: length - 1)
    // DNS labels hold at most 63 characters: a long host has many labels.
    let host =
      Array(repeating: String(repeating: "h", count: 40), count: min(5, max(1, length / 40)))
      .joined(separator: ".") + ".example"
    let source = """
      manifest: 1
      links: { hosts: [\(host)], schemes: [\(scheme)] }
      screens:
        Item: { params: { id: int } }
      routes:
        item: { screen: Item, links: ["/items/{id}"] }
      """
    let manifest = try #require(lint(source).manifest)
    let table = RouteTableEncoder.table(for: manifest)
    for url in ["\(scheme.uppercased())://items/7", "https://\(host.uppercased())/items/7"] {
      let resolution = table.resolve(url: url, variant: 0)
      #expect(resolution.status == .matched, "\(url)")
      #expect(resolution.destination?.params.first?.value == .int(7))
    }
    #expect(table.resolve(url: "\(scheme)x://items/7", variant: 0).status == .unknownLink)
  }
}
