/// How large a file of the app's `routec check-app` reads, and what it says of one that is
/// larger: a property list, an xcconfig file, a strings file. One rule for each, whichever
/// command or reader applies it.
package struct FileSizeLimit: Sendable, Hashable {
  /// The most bytes a file may have.
  package var bytes: Int
  /// The limit as a message says it: `16 MiB`.
  package var size: String
  /// What the file is: `a property list`.
  package var what: String
  /// How large such a file usually is, for the message.
  package var usual: String

  /// Why a larger file is refused.
  package var refusal: String {
    "the file is larger than \(size), the most \(what) is read up to (\(usual)); is it the right file?"
  }

  /// Whether `bytes` (read up to one byte past the limit) are more than the limit allows.
  package func refuses(_ bytes: [UInt8]) -> Bool { bytes.count > self.bytes }

  /// An Info.plist or entitlements file.
  package static let propertyList = FileSizeLimit(
    bytes: 16 * 1024 * 1024, size: "16 MiB", what: "a property list",
    usual: "an Info.plist is a few KB")

  /// An xcconfig file, given or included.
  package static let xcconfig = FileSizeLimit(
    bytes: 1024 * 1024, size: "1 MiB", what: "an xcconfig file", usual: "one is a few KB")

  /// An `InfoPlist.strings` or `InfoPlist.xcstrings` file.
  package static let strings = FileSizeLimit(
    bytes: 16 * 1024 * 1024, size: "16 MiB", what: "a strings file",
    usual: "an InfoPlist.strings is a few KB")
}
