import CompilerTestSupport
import Testing

@testable import RouteCompiler
@testable import RouteTools

/// `.strings` files read as CoreFoundation's old-style property list parser reads them, and
/// string catalogs whose text varies.
@Suite struct LocalizedStringsTests {
  static func values(_ text: String) throws(LocalizedStrings.Problem) -> [String: String] {
    var strings = LocalizedStrings()
    try strings.add(Array(text.utf8), isCatalog: false)
    return strings.values
  }

  static func problem(_ text: String) -> LocalizedStrings.Problem? {
    do throws(LocalizedStrings.Problem) {
      _ = try values(text)
      return nil
    } catch {
      return error
    }
  }

  /// Every escape CoreFoundation knows, with what it stands for.
  @Test func escapesAsCoreFoundationReadsThem() throws {
    #expect(try Self.values(#""A" = "Go\040home";"#) == ["A": "Go home"])
    #expect(
      try Self.values(#""A" = "\0\7\101\1015\a\b\f\v\n\r\t";"#)
        == ["A": "\u{0}\u{7}AA5\u{7}\u{8}\u{C}\u{B}\n\r\t"])
    // Bytes past 127 are the NeXTSTEP encoding's; `\777` wraps to 255, which has none (NUL).
    #expect(
      try Self.values(#""A" = "\200\351\376\377\777";"#) == ["A": "\u{A0}\u{D8}\u{0}\u{0}\u{0}"])
    #expect(try Self.values(#""A" = "\U20\UE9t\U1F600";"#) == ["A": " ét\u{1F60}0"])
    #expect(try Self.values(#""A" = "\UD83D\UDE00 \U";"#) == ["A": "😀 \u{0}"])
    // `\u` is no escape: a backslash before another character stands for that character.
    #expect(try Self.values(#""A" = "\u0041 \' \\ \q";"#) == ["A": "u0041 ' \\ q"])
    #expect(try Self.values("\"A\" = \"line\\\nnext\";") == ["A": "line\nnext"])
  }

  /// `"KEY";` is the key as its own value; single quotes, unquoted ASCII words, separators and
  /// comments as CoreFoundation reads them; a comment never closed ends the file.
  @Test func formsAsCoreFoundationReadsThem() throws {
    #expect(
      try Self.values(
        "\"SHORTCUT\";\n'single' = 'it\\'s';\nkey.one = $val/1:-_;\u{2028}\u{2029}\u{0B}\u{0C}\"x\"=\"y\"; /* open"
      ) == ["SHORTCUT": "SHORTCUT", "single": "it's", "key.one": "$val/1:-_", "x": "y"])
    #expect(
      Self.problem("'single' = 'it''s';")
        == LocalizedStrings.Problem(
          location: SourceLocation(line: 1, column: 16), reason: "expected `;`"))
    #expect(
      Self.problem("\"A\" = \"a\";\r\n\"B\" \"b\";")
        == LocalizedStrings.Problem(
          location: SourceLocation(line: 2, column: 5),
          reason: "expected `=` or `;` after the key"))
    #expect(
      Self.problem("\"A\" = \"a\";\r\"B\" = café;")
        == LocalizedStrings.Problem(
          location: SourceLocation(line: 2, column: 10), reason: "expected `;`"))
    #expect(
      Self.problem("\"A\" = \"a\";\n\"B\" = \"b")
        == LocalizedStrings.Problem(
          location: SourceLocation(line: 2, column: 7), reason: "a string is never closed"))
    #expect(
      Self.problem(#""A" = "\UD83D";"#)
        == LocalizedStrings.Problem(
          location: SourceLocation(line: 1, column: 7),
          reason: "a `\\U` escape that is half a surrogate pair"))
  }

  /// A catalog key whose text varies (plural, device) has no one text: it is not compared, and
  /// a title that is that key is a warning saying so.
  @Test func aCatalogKeyWithVariationsHasNoSingleText() throws {
    var catalog = LocalizedStrings()
    try catalog.add(
      Array(
        #"{"sourceLanguage":"en","strings":{"ITEMS":{"localizations":{"en":{"variations":{"plural":{"one":{"stringUnit":{"value":"%lld item"}},"other":{"stringUnit":{"value":"%lld items"}}}}}}},"PLAIN":{}},"version":"1.0"}"#
          .utf8), isCatalog: true)
    #expect(catalog.values == ["PLAIN": "PLAIN"])
    #expect(catalog.varying == ["ITEMS"])
    let manifest = try AppCheckTests.manifest(
      minimalManifest + "shortcuts:\n  items: { route: home, title: Items }\n")
    let plist = try PropertyListDocument.read(
      Array(
        """
        <dict><key>UIApplicationShortcutItems</key><array><dict>
        <key>UIApplicationShortcutItemType</key><string>items</string>
        <key>UIApplicationShortcutItemTitle</key><string>ITEMS</string>
        </dict></array></dict>
        """.utf8))
    let findings = AppCheck.findings(
      manifest, infoPlist: plist, entitlements: nil, strings: catalog
    ).map { "\($0.location.line):\($0.location.column) \($0.ruleID) \($0.message)" }
    #expect(
      findings == [
        "3:42 app-localized-title `ITEMS` in `UIApplicationShortcutItemTitle` of the quick action `items` is a key whose text the string catalog varies (by plural or device), so whether it shows `Items` is not checked; give the key one text (a `stringUnit`) to have it checked"
      ])
  }
}
