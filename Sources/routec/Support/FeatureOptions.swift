import ArgumentParser
import RoutecCore

/// `--feature`, for every command that takes app manifests: the feature manifests their
/// `compose` names.
struct FeatureOptions: ParsableArguments {
  @Option(
    name: .customLong("feature"),
    help: ArgumentHelp(
      "A feature manifest, or a folder of them, that the app manifest's `compose` may name (repeatable).",
      valueName: "path"))
  var paths: [String] = []

  /// The feature manifests `paths` name (`ManifestFile.features(_:)`).
  func files() throws -> [ManifestFile] {
    try ManifestFile.features(paths)
  }
}
