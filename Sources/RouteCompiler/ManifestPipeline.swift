/// The compiler front end as named stages, each with its own input and output type:
///
///     bytes --compose--> YAMLNode --decode--> ManifestDeclaration --validate--> ResolvedManifest
///
/// One `Diagnostics` collector is passed through, so a run reports every problem every stage
/// could see. A stage that cannot go on (no tree after a syntax error) ends the run early.
package enum ManifestPipeline {
  package struct Output: Sendable {
    /// Nil when any error was found.
    package var manifest: ResolvedManifest?
    /// What the manifest declares, with source locations; nil when the YAML could not be read
    /// as a manifest. `routec diff` locates changes with it.
    package var declaration: ManifestDeclaration?
    /// Every diagnostic, sorted by position.
    package var diagnostics: [Diagnostic]
    /// Where each top-level key (`routes`, `variants`, ...) is written, the first of a
    /// duplicate; empty when the YAML is not a mapping. `routec diff` points removals at them.
    package var topLevelKeys: [String: SourceLocation] = [:]

    package var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
  }

  /// Larger manifests are rejected with `file-too-large`; readers need not read past it.
  package static let maximumFileSize = InputChecks.maximumSize

  /// Runs the front end on a manifest's bytes. `fileName` (the last path component) names the
  /// namespace when the manifest does not.
  package static func run(bytes: [UInt8], fileName: String) -> Output {
    Suggestions.withBudget(forBytes: bytes.count) { runBounded(bytes: bytes, fileName: fileName) }
  }

  private static func runBounded(bytes: [UInt8], fileName: String) -> Output {
    var diagnostics = Diagnostics()
    let root = YAMLComposer.compose(bytes, diagnostics: &diagnostics)
    let declaration = ManifestDecoder.decode(root, diagnostics: &diagnostics)
    var manifest = declaration.flatMap {
      ManifestValidator.validate($0, fileName: fileName, diagnostics: &diagnostics)
    }
    if let resolved = manifest, let declaration,
      !checkTable(resolved, declaration, diagnostics: &diagnostics)
    {
      manifest = nil
    }
    var topLevelKeys: [String: SourceLocation] = [:]
    if case .mapping(let mapping) = root {
      for entry in mapping.entries where topLevelKeys[entry.key.value] == nil {
        topLevelKeys[entry.key.value] = entry.key.location
      }
    }
    return Output(
      manifest: manifest, declaration: declaration, diagnostics: diagnostics.sorted,
      topLevelKeys: topLevelKeys)
  }

  /// Packs the table once, so that a manifest that lints is one `routec generate` and
  /// `routec resolve` can pack; false, with a `table-too-large` diagnostic, when it does not fit.
  private static func checkTable(
    _ manifest: ResolvedManifest, _ declaration: ManifestDeclaration,
    diagnostics: inout Diagnostics
  ) -> Bool {
    do {
      _ = try RouteTableEncoder.encode(manifest)
      return true
    } catch {
      var location = declaration.rootLocation
      if case .maxLength(let screen, let param, _) = error,
        let declared = declaration.screens.first(where: { $0.name.value == screen })?.params
          .first(where: { $0.name.value == param })?.maxLength
      {
        location = declared.location
      }
      diagnostics.report(.tableTooLarge, at: location, error.description)
      return false
    }
  }
}
