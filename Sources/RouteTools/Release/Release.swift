/// The release this source is, in one place: `routec --version` prints it, and a test checks it
/// against the newest release heading of CHANGELOG.md (`## 0.1.0 - DATE`).
package enum Release {
  /// The semantic version of the package, without a prefix (the tag's name).
  package static let version = "0.1.0"
}
