import RouteCompiler

/// A diagnostic reduced to what tests compare: `"3:5 unknown-screen"`.
package func brief(_ diagnostics: [Diagnostic]) -> [String] {
  diagnostics.map { "\($0.location.line):\($0.location.column) \($0.rule.rawValue)" }
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
