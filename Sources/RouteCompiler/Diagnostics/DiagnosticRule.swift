/// A kind of finding, with a stable id: what a `Diagnostic` reports. The compiler's rules are
/// `RuleID`; the tools that check other files against a manifest add their own (check-app's
/// `AppCheckRule`, the Remote Config template's `RemoteConfigRule`, in RouteTools), so every
/// finding of every command is a `Diagnostic`, and the report formats print them one way.
package protocol DiagnosticRule: Sendable {
  /// The stable id, kebab-case: `unknown-route`, `app-url-scheme-missing`.
  var id: String { get }
  /// Whether the rule reports an error or a warning.
  var severity: Diagnostic.Severity { get }
  /// One sentence: what the finding means, for SARIF viewers and docs.
  var summary: String { get }
}

extension DiagnosticRule where Self: RawRepresentable, RawValue == String {
  package var id: String { rawValue }
}
