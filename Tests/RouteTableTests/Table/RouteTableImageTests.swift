import Testing

@_spi(Generated) @testable import RouteTable

@Suite struct RouteTableImageTests {
  /// Generated code writes `RouteTableImage(format: .layout12, words: "…", text: "…")`; that must
  /// pick the `StaticString` initializer, which reads the literals in place. (With a `String`
  /// initializer under the same labels, Swift picked that one and copied the whole table on
  /// first use.)
  @Test func literalsInGeneratedCodeAreReadInPlace() {
    let image = RouteTableImage(format: .layout12, words: "0001", text: "home")
    guard !image.storage.ownsBytes else {
      Issue.record("string literals were copied instead of read in place")
      return
    }
    image.read { reader in
      #expect(reader.words.count == 4)
      #expect(reader.text.count == 4)
    }
  }

  /// Generated code names the layout it was written in as `.layout` and the layout's version;
  /// a new layout version needs its case here, and the old case goes.
  @Test func theFormatsOneCaseIsTheCurrentLayout() {
    #expect("\(RouteTableFormat.layout12)" == "layout\(RouteTableLayout.version)")
  }

  /// A table built at run time reads its words and strings from its own copy of the bytes.
  @Test func tablesBuiltAtRunTimeReadTheirWordsAndText() {
    var words = ""
    for value in [0, 4, 63, 64, RouteTableWords.none] {
      var characters: [UInt8] = []
      #expect(RouteTableWords.encode(value, into: &characters))
      words += String(decoding: characters, as: UTF8.self)
    }
    #expect(words == "0000" + "0004" + "000o" + "0010" + "oooo")
    let image = RouteTableImage(copyingWords: words, text: "home")
    image.read { reader in
      #expect(reader.wordCount == 5)
      #expect((0..<5).map(reader.word) == [0, 4, 63, 64, RouteTableWords.none])
      #expect(reader.string(at: 0) == "home")
      #expect(reader.word(5) == RouteTableWords.none, "past the end reads as absent")
      #expect(reader.string(at: 3) == "", "a reference past the text reads as empty")
    }
  }

  /// Every digit in every place decodes to its value: the decoder joins the digits with shifts
  /// and masks, where a wrong one would move or drop bits of one place only.
  @Test func everyDigitInEveryPlaceDecodes() {
    var values: [Int] = []
    for place in 0..<4 {
      for digit in 0..<64 {
        values.append(digit << (6 * (3 - place)) | (place == 0 ? 0 : 1 << 18))
      }
    }
    var characters: [UInt8] = []
    for value in values { #expect(RouteTableWords.encode(value, into: &characters)) }
    let image = RouteTableImage(
      copyingWords: String(decoding: characters, as: UTF8.self), text: "")
    image.read { reader in
      #expect((0..<values.count).map(reader.word) == values)
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
    #expect(characters == Array("oooo".utf8))
  }

  /// A byte that is not one of the 64 digits (only a hand-edited table has one) decodes to some
  /// number a word can hold, in any of its four places, never to a larger one: every reader of a
  /// word bounds what it does with it, so a damaged table reads wrongly but never crashes. The
  /// decoder does not check each digit, which cost a tenth of a resolution.
  @Test func aWordWithAByteOutsideTheDigitsStaysInRange() {
    for byte in UInt8(0)...UInt8(127) {
      for place in 0..<4 {
        var characters = Array("o12o".utf8)
        characters[place] = byte
        let image = RouteTableImage(
          copyingWords: String(decoding: characters, as: UTF8.self), text: "")
        image.read { reader in
          #expect((0...RouteTableWords.none).contains(reader.word(0)), "byte \(byte) at \(place)")
        }
      }
    }
    let image = RouteTableImage(copyingWords: "234o", text: "")
    image.read { reader in
      #expect(reader.word(0) == ((2 << 18) | (3 << 12) | (4 << 6) | 63))
      #expect(reader.word(-1) == RouteTableWords.none)
      #expect(reader.word(Int.min) == RouteTableWords.none)
      #expect(reader.word(Int.max / 4) == RouteTableWords.none)
    }
  }
}
