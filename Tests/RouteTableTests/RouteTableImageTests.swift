import Testing

@testable import RouteTable

@Suite struct RouteTableImageTests {
  /// Generated code writes `RouteTableImage(words: "…", text: "…")`; that must pick the
  /// `StaticString` initializer, which reads the literals in place. (With a `String` initializer
  /// under the same labels, Swift picked that one and copied the whole table on first use.)
  @Test func literalsInGeneratedCodeAreReadInPlace() {
    let image = RouteTableImage(words: "AAAAB", text: "home")
    guard case .literals = image.storage else {
      Issue.record("string literals were copied instead of read in place")
      return
    }
    image.read { reader in
      #expect(reader.words.count == 5)
      #expect(reader.text.count == 4)
    }
  }

  @Test func tablesBuiltAtRunTimeAreCopied() {
    let words = String(repeating: "A", count: 5)
    let image = RouteTableImage(copyingWords: words, text: "home")
    guard case .bytes = image.storage else {
      Issue.record("a run-time table is not held as bytes")
      return
    }
    image.read { reader in #expect(reader.words.count == 5) }
  }
}
