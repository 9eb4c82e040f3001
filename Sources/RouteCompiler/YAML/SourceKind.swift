/// What kind of file the YAML front end reads, for messages that name it and give its fix: a
/// manifest (YAML), or a file of another tool that YAML's parser reads too (a Remote Config
/// template is JSON, YAML's flow syntax; RouteTools declares it).
package struct SourceKind: Sendable {
  /// How messages name the file: `the manifest`, `the template`.
  package var noun: String
  /// The language a syntax error is in.
  package var syntax: String
  /// The fix `file-too-large` gives.
  package var tooLargeFix: String
  /// What a syntax error's message adds, given whether it is at the end of the file; nil for
  /// YAML's own hints (quote a value, indent), which only mean something in a manifest.
  package var syntaxFix: (@Sendable (_ atEnd: Bool) -> String)?

  package init(
    noun: String, syntax: String, tooLargeFix: String,
    syntaxFix: (@Sendable (_ atEnd: Bool) -> String)?
  ) {
    self.noun = noun
    self.syntax = syntax
    self.tooLargeFix = tooLargeFix
    self.syntaxFix = syntaxFix
  }

  package static let manifest = SourceKind(
    noun: "the manifest", syntax: "YAML", tooLargeFix: "split it into several manifests",
    syntaxFix: nil)
}
