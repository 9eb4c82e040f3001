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
    /// The text (the key or the value) holds a character XML 1.0 cannot hold, not even as a
    /// character reference (`ControlCharacters.isOutsideXML`).
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
      // The one property-list writer, as `routec plist` writes Info.plist entries.
      do {
        return try PropertyList.dictionary([key: .string(value)]).xml()
      } catch {
        throw .notInPropertyList(error.text)
      }
    }
  }
}
