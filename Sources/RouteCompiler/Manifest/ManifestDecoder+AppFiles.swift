/// Decoding of the top-level `app_files`: what the app's Info.plist declares for others (a
/// sign-in SDK's URL scheme, an activity type other code handles), which `routec check-app`
/// then does not report as unrouted.
extension ManifestDecoder {
  mutating func appFiles(_ node: YAMLNode) -> AppFilesDeclaration? {
    guard let mapping = mapping(node, "`app_files`") else { return nil }
    checkKeys(mapping, allowed: ["other_schemes", "other_activity_types"], in: "`app_files`")
    var appFiles = AppFilesDeclaration()
    if let entry = mapping["other_schemes"] {
      for scheme in stringList(entry.value, "`app_files.other_schemes`", nonEmpty: true) ?? [] {
        if let problem = LinkNames.schemeProblem(scheme.value) {
          diagnostics.report(.invalidLinkScheme, at: scheme.location, problem)
        } else {
          appFiles.otherSchemes.append(scheme)
        }
      }
    }
    if let entry = mapping["other_activity_types"] {
      let what = "`app_files.other_activity_types`"
      for type in stringList(entry.value, what, nonEmpty: true) ?? [] {
        checkWireName(type, "activity type", rule: .invalidDoorType)
        appFiles.otherActivityTypes.append(type)
      }
    }
    return appFiles
  }
}

/// The top-level `app_files`.
package struct AppFilesDeclaration: Sendable, Hashable {
  /// URL schemes the app's `CFBundleURLTypes` keeps for other code (a sign-in SDK's callback).
  package var otherSchemes: [Located<String>] = []
  /// Activity types the app's `NSUserActivityTypes` keeps for other code.
  package var otherActivityTypes: [Located<String>] = []
}
