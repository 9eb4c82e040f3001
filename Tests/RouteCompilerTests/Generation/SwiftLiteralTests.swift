import TestSupport
import Testing

@testable import RouteCompiler

/// `SwiftGenerator.literal`: manifest text (and the packed table) as Swift string literals that
/// nothing in a manifest can end early or turn into code.
@Suite struct SwiftLiteralTests {
  @Test(
    arguments: [
      ("plain", #""plain""#),
      (#"a"b\c"#, #""a\"b\\c""#),
      ("line\nreturn\rtab\t", #""line\nreturn\rtab\t""#),
      ("\u{0}\u{1}\u{1F}\u{7F}", #""\u{0}\u{1}\u{1F}\u{7F}""#),
      ("C1 \u{80}\u{85}\u{9F}", #""C1 \u{80}\u{85}\u{9F}""#),
      ("\u{2028}\u{2029}", #""\u{2028}\u{2029}""#),
      ("é 日本 🙂 \u{A0}\u{2027}\u{202F}\u{206A}", "\"é 日本 🙂 \u{A0}\u{2027}\u{202F}\u{206A}\""),
      // Bidirectional controls, which would make the line read in another order.
      (
        "\u{61C}\u{200E}\u{200F}\u{202A}\u{202E}\u{2066}\u{2069}",
        #""\u{61C}\u{200E}\u{200F}\u{202A}\u{202E}\u{2066}\u{2069}""#
      ),
      (#"\(injected)"#, #""\\(injected)""#),
    ])
  func escapes(text: String, expected: String) {
    #expect(SwiftGenerator.literal(text) == expected)
  }

  /// The byte-wise escaper against the plain scalar-by-scalar definition, on random text heavy
  /// in the characters that need escaping and in multi-byte neighbours of them.
  @Test func agreesWithTheScalarDefinition() {
    let pool: [Unicode.Scalar] = [
      "a", "\"", "\\", "\n", "\r", "\t", "\u{0}", "\u{1B}", "\u{7F}", "\u{80}", "\u{9F}", "\u{A0}",
      "\u{C2}", "é", "\u{2027}", "\u{2028}", "\u{2029}", "\u{202A}", "\u{E280}", "🙂",
      "\u{61B}", "\u{61C}", "\u{200D}", "\u{200E}", "\u{202E}", "\u{202F}", "\u{2066}",
      "\u{2069}", "\u{206A}",
    ]
    var random = SplitMix64(seed: 0x11FE)
    for _ in 0..<2_000 {
      var text = String.UnicodeScalarView()
      for _ in 0..<Int.random(in: 0...12, using: &random) { text.append(random.pick(pool)) }
      let string = String(text)
      #expect(SwiftGenerator.literal(string) == scalarLiteral(string), "\(Array(string.utf8))")
    }
  }

  private func scalarLiteral(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case _
      where scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value)
        || scalar.value == 0x2028 || scalar.value == 0x2029 || scalar.value == 0x61C
        || (0x200E...0x200F).contains(scalar.value) || (0x202A...0x202E).contains(scalar.value)
        || (0x2066...0x2069).contains(scalar.value):
        result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }
}
