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

  /// A table built at run time reads its words and strings from its own copy of the bytes.
  @Test func tablesBuiltAtRunTimeReadTheirWordsAndText() {
    var words = ""
    for value in [0, 4, 63, 64, RouteTableWords.none] {
      var characters: [UInt8] = []
      #expect(RouteTableWords.encode(value, into: &characters))
      words += String(decoding: characters, as: UTF8.self)
    }
    #expect(words == "AAAAA" + "AAAAE" + "AAAA/" + "AAABA" + "/////")
    let image = RouteTableImage(copyingWords: words, text: "home")
    image.read { reader in
      #expect(reader.wordCount == 5)
      #expect((0..<5).map(reader.word) == [0, 4, 63, 64, RouteTableWords.none])
      #expect(reader.string(at: 0) == "home")
      #expect(reader.word(5) == RouteTableWords.none, "past the end reads as absent")
      #expect(reader.string(at: 3) == "", "a reference past the text reads as empty")
    }
  }

  /// A value a word cannot hold is refused, not clamped to another number.
  @Test func theCodecRefusesValuesOutsideAWord() {
    var characters: [UInt8] = []
    #expect(!RouteTableWords.encode(-1, into: &characters))
    #expect(!RouteTableWords.encode(RouteTableWords.none + 1, into: &characters))
    #expect(!RouteTableWords.encode(.max, into: &characters))
    #expect(characters.isEmpty)
    #expect(RouteTableWords.encode(RouteTableWords.none, into: &characters))
    #expect(characters == Array("/////".utf8))
  }
}
