import ArgumentParser
import Foundation
import RouteCompiler
import RouteTools
import RoutecCore

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

  @OptionGroup var report: ReportOptions

  func run() throws {
    let files = try ManifestFile.expand(paths)
    let units = try CheckedUnit.plan(files, features: try features.files())
    let results = Self.merged(units.flatMap { $0.run() })
    let tail = ReportTail(format: report.format)
    if !tail.printDocument(
      Report.diagnostics(results.map { ($0.file.file.reportPath, $0.diagnostics) }))
    {
      let printer = DiagnosticPrinter.standardError()
      for result in results {
        printer.print(
          result.diagnostics, path: result.file.file.displayPath, bytes: result.file.bytes)
      }
    }
    let all = results.flatMap(\.diagnostics)
    let errors = all.filter { $0.severity == .error }.count
    let warnings = all.count - errors
    try ReportTail.finish(
      Self.summary(files: results.count, errors: errors, warnings: warnings), errors: errors,
      warnings: warnings, strict: report.strict)
  }

  /// Each file once, with its diagnostics from every check that read it (`CheckPlan.merged`,
  /// by the file's standardized path).
  static func merged(_ results: [(file: CheckedUnit.File, diagnostics: [Diagnostic])])
    -> [(file: CheckedUnit.File, diagnostics: [Diagnostic])]
  {
    var files: [String: CheckedUnit.File] = [:]
    let byPath = results.map { result -> (file: String, diagnostics: [Diagnostic]) in
      let path = result.file.file.url.standardizedFileURL.path
      if files[path] == nil { files[path] = result.file }
      return (path, result.diagnostics)
    }
    return CheckPlan.merged(byPath).compactMap { merged in
      files[merged.file].map { ($0, merged.diagnostics) }
    }
  }

  static func summary(files: Int, errors: Int, warnings: Int) -> String {
    "routec lint: \(counted(files, "manifest")) checked, "
      + ReportTail.problems(errors: errors, warnings: warnings)
  }
}
