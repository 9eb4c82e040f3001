import RouteCompiler

/// The in-app defaults an app registers with Remote Config (`setDefaults`), so that before the
/// first fetch, and for users the template serves `useInAppDefault`, the variant key holds the
/// default variant's value rather than nothing.
package enum RemoteConfigDefaults {
  package enum Format: String, CaseIterable, Sendable {
    /// An XML property list, for `setDefaults(fromPlist:)`.
    case plist
    /// A JSON object.
    case json
  }

  package enum Failure: Error, Hashable, Sendable, CustomStringConvertible {
    case noVariants
    /// XML 1.0 cannot hold this control character, not even as a character reference.
    case notInPropertyList(String)

    package var description: String {
      switch self {
      case .noVariants:
        "the manifest declares no variants, so there is no remote-config value to default"
      case .notInPropertyList(let text):
        "`\(text.unicodeScalars.map { $0.escaped(asASCII: true) }.joined())` has a control character a property list cannot hold; use --format json"
      }
    }
  }

  /// The defaults file for `manifest`.
  package static func text(_ manifest: ResolvedManifest, format: Format) throws(Failure) -> String {
    guard let (key, value) = manifest.inAppVariantDefault else {
      throw .noVariants
    }
    switch format {
    case .json:
      return JSONWriter.text(.object([key: .string(value)])) + "\n"
    case .plist:
      for text in [key, value] where text.unicodeScalars.contains(where: isForbiddenInXML) {
        throw .notInPropertyList(text)
      }
      return """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>\(xmlEscaped(key))</key>
        \t<string>\(xmlEscaped(value))</string>
        </dict>
        </plist>

        """
    }
  }

  /// Control characters other than tab, line feed and carriage return, and the non-characters
  /// U+FFFE and U+FFFF: outside XML 1.0's `Char`.
  private static func isForbiddenInXML(_ scalar: Unicode.Scalar) -> Bool {
    (scalar.value < 0x20 && ![0x09, 0x0A, 0x0D].contains(scalar.value))
      || scalar.value == 0xFFFE || scalar.value == 0xFFFF
  }

  /// `&`, `<` and `>` escaped; a carriage return as a reference, since XML parsers turn a literal
  /// one into a line feed.
  static func xmlEscaped(_ text: String) -> String {
    xml.escape(text)
  }

  private static let xml = EscapeTable(["&": "&amp;", "<": "&lt;", ">": "&gt;", "\r": "&#13;"])
}
