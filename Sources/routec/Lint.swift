import ArgumentParser
import Foundation
import RouteCompiler

struct Lint: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Check manifests and report every problem with its location.",
    discussion: """
      Diagnostics are written to standard error as `path:LINE:COLUMN: error: MESSAGE [rule-id]`, \
      followed by a one-line summary. On a terminal each is followed by the source line and a \
      caret under the column.

      With --format github, json or sarif, the report goes to standard output instead (GitHub \
      Actions annotations, a JSON array, or a SARIF 2.1.0 log for code scanning; see \
      docs/ci.md) and standard error has only the summary.

      Exit status: 0 when no manifest has an error (warnings alone pass unless --strict), 1 when \
      any has, 2 on a usage or file-system problem.
      """
  )

  @Argument(help: "Manifest files, or folders to search for *.routes.yaml and *.routes.yml files.")
  var paths: [String]

  @OptionGroup var features: FeatureOptions

  @Flag(help: "Fail on warnings as well as errors.")
  var strict = false

  @Option(help: "How to report: text, github, json or sarif.")
  var format: ReportFormat = .text

  func run() throws {
    let files = try ManifestFile.expand(paths)
    let units = try CheckedUnit.plan(files, features: try features.files())
    var results: [(file: CheckedUnit.File, diagnostics: [Diagnostic])] = []
    for unit in units {
      results += unit.run()
    }
    if format == .text {
      let printer = DiagnosticPrinter.standardError()
      for result in results {
        printer.print(
          result.diagnostics, path: result.file.file.displayPath, bytes: result.file.bytes)
      }
    } else {
      let report = Report.diagnostics(results.map { ($0.file.file.reportPath, $0.diagnostics) })
      if let document = format.document(
        report, toolName: "routec", toolVersion: Routec.configuration.version),
        !document.isEmpty
      {
        Output.print(document)
      }
    }
    let all = results.flatMap(\.diagnostics)
    let errors = all.filter { $0.severity == .error }.count
    let warnings = all.count - errors
    let checked = Set(results.map { $0.file.file.url.standardizedFileURL.path }).count  // each once
    Output.error(Self.summary(files: checked, errors: errors, warnings: warnings))
    if errors > 0 || (strict && warnings > 0) {
      throw ExitCode(1)
    }
  }

  static func summary(files: Int, errors: Int, warnings: Int) -> String {
    let problems =
      errors + warnings == 0
      ? "no problems" : DiagnosticPrinter.counts(errors: errors, warnings: warnings)
    return "routec lint: \(counted(files, "manifest")) checked, \(problems)"
  }
}
