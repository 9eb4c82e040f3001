/// Which of a run's diagnostics a composition reports, and where: the stand-in app a feature
/// is checked against is the composition's business, not the user's file.
enum CompositionDiagnostics {
  /// The diagnostics to report, sorted: none from the stand-in app's file, and no
  /// `unused-requirement` when a feature is missing or unreadable (the feature is the one
  /// mistake). When the run produced no manifest and nothing left is an error, the stand-in's
  /// errors are reported at the feature's `feature:` key (`featureKey`), since a missing
  /// manifest always comes with an error.
  static func reported(
    _ diagnostics: Diagnostics, hasManifest: Bool, missesFeatures: Bool,
    featureKey: SourceLocation?
  ) -> [Diagnostic] {
    let located = diagnostics.sorted.filter {
      $0.location.file != AppStandIn.file && !(missesFeatures && $0.rule == .unusedRequirement)
    }
    guard !hasManifest, !located.contains(where: { $0.severity == .error }) else {
      return located
    }
    var relocated = Diagnostics()
    for diagnostic in located { relocated.append(diagnostic) }
    for error in diagnostics.all where error.severity == .error {
      relocated.append(
        Diagnostic(
          .error, category: error.category, at: featureKey ?? .start,
          "as part of an app: \(error.message)"))
    }
    return relocated.sorted
  }
}
