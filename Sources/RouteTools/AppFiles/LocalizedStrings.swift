import Foundation
import RouteCompiler

/// An app's `InfoPlist.strings` or `InfoPlist.xcstrings`, read for the development language:
/// the values that stand for Info.plist's localized keys (a quick action's title written as a
/// key), so `routec check-app --strings FILE` compares what the Home Screen shows.
package struct LocalizedStrings: Sendable, Hashable {
  /// Each key's value in the development language.
  package private(set) var values: [String: String] = [:]
  /// The keys of a string catalog whose text in the development language varies (by plural, by
  /// device): none of their texts is the one the Home Screen shows, so none is compared.
  package private(set) var varying: Set<String> = []

  package init() {}

  /// Why a file could not be read, and where (1-based line and column; nil for a whole-file
  /// problem).
  package struct Problem: Error, Sendable, Hashable {
    package var location: SourceLocation?
    package var reason: String

    package init(location: SourceLocation? = nil, reason: String) {
      self.location = location
      self.reason = reason
    }
  }

  /// Adds the strings of a file: JSON of an `.xcstrings` catalog when `isCatalog`, else a
  /// `.strings` file (UTF-8, or UTF-16 with a byte order mark). A later file's value wins.
  package mutating func add(_ bytes: [UInt8], isCatalog: Bool) throws(Problem) {
    if isCatalog {
      try addCatalog(bytes)
    } else {
      try addStrings(Self.text(bytes))
    }
  }

  /// The text of a `.strings` file: UTF-16 with a byte order mark, or UTF-8 (a UTF-8 byte
  /// order mark skipped), decoded as the property-list reader decodes XML.
  static func text(_ bytes: [UInt8]) throws(Problem) -> [Unicode.Scalar] {
    do {
      return Array(
        String(decoding: try XMLPropertyListReader.utf8(bytes), as: UTF8.self).unicodeScalars)
    } catch {
      guard case .notAPropertyList(let reason, let location) = error else {
        throw Problem(reason: "the file cannot be read as text")
      }
      throw Problem(location: location, reason: reason)
    }
  }

  /// `"key" = "value";` pairs and `"key";` (whose value is the key), as CoreFoundation's
  /// old-style property list parser reads a strings file (`StringsFileReader`).
  private mutating func addStrings(_ text: [Unicode.Scalar]) throws(Problem) {
    var reader = StringsFileReader(text: text)
    while let (key, value) = try reader.entry() {
      values[key] = value
      varying.remove(key)
    }
  }

  /// An `.xcstrings` catalog: `sourceLanguage`, and each key's `localizations[language]
  /// .stringUnit.value`; a key without that language's value stands for itself, and one whose
  /// text there has `variations` (plural, device) is `varying`, with no single text.
  private mutating func addCatalog(_ bytes: [UInt8]) throws(Problem) {
    guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any],
      let strings = object["strings"] as? [String: Any]
    else {
      throw Problem(reason: "the file is not a string catalog (JSON with `strings`)")
    }
    let language = object["sourceLanguage"] as? String ?? "en"
    for (key, entry) in strings {
      let localizations = (entry as? [String: Any])?["localizations"] as? [String: Any]
      let localization = localizations?[language] as? [String: Any]
      let unit = localization?["stringUnit"] as? [String: Any]
      if unit == nil, localization?["variations"] != nil {
        values[key] = nil
        varying.insert(key)
        continue
      }
      values[key] = unit?["value"] as? String ?? key
      varying.remove(key)
    }
  }
}
