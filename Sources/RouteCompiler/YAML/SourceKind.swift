/// What kind of file the YAML front end reads, for messages that name it and give its fix: a
/// manifest (YAML), or a Remote Config template (JSON, read as YAML's flow syntax).
package enum SourceKind: Sendable {
  case manifest
  case remoteConfigTemplate

  /// How messages name the file: `the manifest`, `the template`.
  var noun: String {
    switch self {
    case .manifest: "the manifest"
    case .remoteConfigTemplate: "the template"
    }
  }

  /// The language a syntax error is in.
  var syntax: String {
    switch self {
    case .manifest: "YAML"
    case .remoteConfigTemplate: "JSON"
    }
  }
}
