import Testing

@testable import RouteTable

/// The byte classes and hex digits every encoder, decoder and parser shares: each constant is
/// exactly the characters its comment lists, for every byte.
@Suite struct TextRulesTests {
  static let alphanumerics = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"

  @Test(arguments: [
    (ByteSet.nameCharacters, alphanumerics + "_"),
    (ByteSet.unreserved, alphanumerics + "-._~"),
    (ByteSet.uriCharacters, alphanumerics + "-._~" + ":/?#[]@!$&'()*+,;="),
    (ByteSet.linkLiteral, alphanumerics + "-._~" + "!$'()*+,;:@"),
  ])
  func byteSetsHoldExactlyTheirCharacters(set: ByteSet, characters: String) {
    let listed = Set(characters.utf8)
    let held = (0...255).map(UInt8.init).filter { set.contains($0) }
    #expect(Set(held) == listed)
    #expect(held.count == listed.count)
    let built = ByteSet(characters)
    #expect((0...255).map(UInt8.init).allSatisfy { built.contains($0) == set.contains($0) })
    #expect(!set.contains(Unicode.Scalar(UInt8(0xE9))))  // é: no scalar outside ASCII is in a set
  }

  @Test func hexDigitsReadBothCasesAndWriteUppercase() {
    let digits = Array("0123456789abcdefABCDEF".utf8)
    for byte in (0...255).map(UInt8.init) {
      let expected = digits.contains(byte) ? UInt8(String(UnicodeScalar(byte)), radix: 16) : nil
      #expect(HexDigit.value(byte) == expected, "byte \(byte)")
    }
    #expect((0...15).map { HexDigit.uppercase(UInt8($0)) } == Array("0123456789ABCDEF".utf8))
  }
}
