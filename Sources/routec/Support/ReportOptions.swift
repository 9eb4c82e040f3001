import ArgumentParser
import RouteTools

/// `--format`, for every command whose findings CI reads (lint, diff, check-app,
/// check-payloads, remote-config check): text for people, or a document for CI (docs/ci.md).
struct FormatOption: ParsableArguments {
  @Option(help: ArgumentHelp(FormatOption.help))
  var format: ReportFormat = .text

  /// "How to report: text, github, json or sarif."
  static let help =
    "How to report: "
    + ReportFormat.allCases.dropLast().map(\.rawValue).joined(separator: ", ")
    + (ReportFormat.allCases.last.map { " or \($0.rawValue)" } ?? "") + "."
}

/// `--strict` and `--format`, for every command that reports errors and warnings.
struct ReportOptions: ParsableArguments {
  @Flag(help: "Fail on warnings as well as errors.")
  var strict = false

  @OptionGroup var output: FormatOption

  var format: ReportFormat { output.format }
}
