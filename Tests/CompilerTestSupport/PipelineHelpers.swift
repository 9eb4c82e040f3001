import RouteCompiler
import RouteTable

/// A diagnostic reduced to what tests compare: `"3:5 unknown-screen"`.
package func brief(_ diagnostics: [Diagnostic]) -> [String] {
  diagnostics.map { "\($0.location.line):\($0.location.column) \($0.ruleID)" }
}

/// Runs the whole front end on YAML text.
package func lint(_ yaml: String, fileName: String = "test.routes.yaml") -> ManifestPipeline.Output
{
  ManifestPipeline.run(bytes: Array(yaml.utf8), fileName: fileName)
}

/// A minimal valid manifest that tests extend with the parts they are about.
package let minimalManifest = """
  manifest: 1
  screens:
    Home: {}
  routes:
    home:
      screen: Home

  """

/// What `compiledTable(_:)` throws for YAML that does not compile: its diagnostics.
package struct NotCompiled: Error, CustomStringConvertible {
  package var diagnostics: [Diagnostic]
  package var description: String { diagnostics.map(\.message).joined(separator: "\n") }
}

/// The table YAML text compiles to through the real pipeline and encoder, for tests of what the
/// compiler and the resolver do together; a manifest with errors throws them.
package func compiledTable(_ yaml: String) throws(NotCompiled) -> RouteTable {
  let output = lint(yaml)
  guard let manifest = output.manifest,
    !output.diagnostics.contains(where: { $0.severity == .error })
  else { throw NotCompiled(diagnostics: output.diagnostics) }
  return RouteTableEncoder.table(for: manifest)
}
