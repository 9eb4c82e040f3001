@_spi(Generated) import RouteTable

/// A manifest's packed table: the two strings generated code embeds and `routec resolve` reads.
///
/// `ManifestPipeline` encodes it once, when it checks that the manifest fits, and carries it in
/// its output (`Output.table`) to every consumer, so the table `routec resolve` answers with is
/// the one `routec generate` writes, byte for byte.
package struct EncodedTable: Hashable, Sendable {
  /// The layout's words, as the characters generated code embeds.
  package var words: String
  /// The text the words point into: names, key paths, values, URL templates.
  package var text: String

  package init(words: String, text: String) {
    self.words = words
    self.text = text
  }

  /// The runtime table over a copy of the two strings, as `routec resolve` reads it.
  package var runtimeTable: RouteTable {
    RouteTable(image: RouteTableImage(copyingWords: words, text: text))
  }
}
