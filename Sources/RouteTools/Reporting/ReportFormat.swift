import RouteCompiler

/// How `routec lint` and `routec diff` print what they found. `text` is for people and each
/// command draws it itself; the others are documents for CI (docs/ci.md).
package enum ReportFormat: String, CaseIterable, Sendable {
  case text, github, json, sarif

  /// The document for a machine-readable format; nil for `text`.
  package func document(_ report: Report, toolName: String, toolVersion: String) -> String? {
    switch self {
    case .text: nil
    case .github: GitHubAnnotations.text(report)
    case .json: JSONWriter.text(ReportJSON.value(report))
    case .sarif:
      JSONWriter.text(SARIFLog.value(report, toolName: toolName, toolVersion: toolVersion))
    }
  }
}
