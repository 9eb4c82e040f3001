import CompilerTestSupport
@_spi(Generated) import RouteTable
import Testing

@testable import RouteCompiler

/// The table of a manifest that must lint without a diagnostic: the link suites resolve against
/// it as the generated code would.
func lintedTable(_ yaml: String) throws -> RouteTable {
  let output = lint(yaml)
  #expect(output.diagnostics.isEmpty, "\(brief(output.diagnostics))")
  return RouteTableEncoder.table(for: try #require(output.manifest))
}
