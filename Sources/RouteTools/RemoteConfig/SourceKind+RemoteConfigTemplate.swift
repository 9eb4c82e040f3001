import RouteCompiler

extension SourceKind {
  /// A Remote Config template as the REST API returns it: JSON, which the YAML front end reads
  /// as YAML's flow syntax. YAML's fixes (quote a value, indent) mean nothing in JSON; a
  /// cut-off file is the usual cause of an error at the very end.
  static let remoteConfigTemplate = SourceKind(
    noun: "the template", syntax: "JSON",
    tooLargeFix:
      "Remote Config templates are far smaller; is it the template the REST API returns?",
    syntaxFix: { atEnd in
      atEnd
        ? "the template ends before its JSON is complete: download it again"
        : "check the JSON here: a missing `,`, `}` or `]`, or a stray character"
    })
}
