/// Where the feature manifests of a composition come from, which decides how the fix for a
/// composed feature that was not found is worded.
package enum FeatureSource: String, Sendable, CaseIterable {
  /// `routec` on the command line: its `--feature` options and the folders it was given.
  case commandLine = "command-line"
  /// The build tool plugin in a SwiftPM build: the feature manifests of the target and of the
  /// targets it depends on.
  case packageBuild = "package"
  /// The build tool plugin in an Xcode build: the feature manifests of the project's targets.
  case xcodeBuild = "xcode"

  /// What to do when `compose` names a feature that no manifest given declares.
  package var missingFeatureFix: String {
    switch self {
    case .commandLine:
      "give its manifest too (`routec lint APP --feature PATH`, or lint the folder that holds both)"
    case .packageBuild:
      "add the target whose sources hold that feature's manifest to this target's dependencies in Package.swift (the build reads the feature manifests of the targets this one depends on)"
    case .xcodeBuild:
      "add that feature's manifest to the files of a target of this project (the build reads the feature manifests of the project's targets)"
    }
  }
}
