import RouteCompiler

/// What `routec remote-config check` reports on a Remote Config template, each with a stable id,
/// beside the compiler's input and YAML rules, which apply to the template too.
package enum RemoteConfigRule: String, CaseIterable, Sendable, Hashable, DiagnosticRule {
  case shape = "remote-config-shape"
  case unknownValue = "remote-config-unknown-value"
  case missingKey = "remote-config-missing-key"
  case uncheckedValue = "remote-config-unchecked-value"

  package var severity: Diagnostic.Severity {
    switch self {
    case .shape: .error
    case .unknownValue, .missingKey, .uncheckedValue: .warning
    }
  }

  package var summary: String {
    switch self {
    case .shape:
      "A Remote Config template is not JSON, or not in the shape the REST API returns."
    case .unknownValue:
      "A Remote Config template serves a value of the variant key that picks no variant."
    case .missingKey:
      "A Remote Config template has no parameter for the manifest's variant key."
    case .uncheckedValue:
      "A Remote Config template serves a value computed at fetch time, which routec cannot check."
    }
  }
}
