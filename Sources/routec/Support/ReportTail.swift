import ArgumentParser
import RouteTools
import RoutecCore

/// The end every checking command's report shares (lint, check-app, remote-config check and
/// diff): the report as a document on standard output for `--format github`, `json` or `sarif`,
/// the one-line summary on standard error, and the exit status.
struct ReportTail {
  var format: ReportFormat

  /// Prints `report` as `format`'s document; false, printing nothing, for the text format, whose
  /// report the command writes itself.
  @discardableResult
  func printDocument(_ report: @autoclosure () -> Report) -> Bool {
    guard
      let document = format.document(
        report(), toolName: "routec", toolVersion: Routec.configuration.version)
    else { return false }
    if !document.isEmpty { Output.print(document) }
    return true
  }

  /// "no problems", or the counts: "1 error, 2 warnings".
  static func problems(errors: Int, warnings: Int) -> String {
    errors + warnings == 0
      ? "no problems" : DiagnosticPrinter.counts(errors: errors, warnings: warnings)
  }

  /// Prints `summary` on standard error, then ends the command with exit status 1 when there
  /// is an error, or a warning under `strict`.
  static func finish(_ summary: String, errors: Int, warnings: Int, strict: Bool) throws {
    Output.error(summary)
    if errors > 0 || (strict && warnings > 0) {
      throw ExitCode(1)
    }
  }
}
