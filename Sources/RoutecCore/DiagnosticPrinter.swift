import Foundation
import RouteCompiler

/// How every command writes a manifest's diagnostics to standard error: one line each, and on a
/// terminal the source line with a caret under the column, coloured unless `NO_COLOR` is set.
package struct DiagnosticPrinter {
  package var renderer: DiagnosticRenderer

  /// The printer for standard error as it is now.
  package static func standardError() -> DiagnosticPrinter {
    let terminal = Output.standardErrorIsTerminal
    return DiagnosticPrinter(
      renderer: DiagnosticRenderer(
        showsSourceLines: terminal,
        usesColor: terminal && ProcessInfo.processInfo.environment["NO_COLOR"] == nil))
  }

  /// Writes `diagnostics` of the manifest `bytes`, shown as `path`. The text is decoded only
  /// when source lines are shown: a manifest rejected for its size is never decoded.
  package func print(_ diagnostics: [Diagnostic], path: String, bytes: [UInt8]) {
    guard !diagnostics.isEmpty else { return }
    let lines = sourceLines(bytes)
    for diagnostic in diagnostics {
      Output.error(renderer.render(diagnostic, path: path, lines: lines))
    }
  }

  /// The lines of a file's `bytes` for the snippets under its findings, decoded only when they
  /// are shown.
  package func sourceLines(_ bytes: [UInt8]) -> SourceLines {
    SourceLines(renderer.showsSourceLines ? String(decoding: bytes, as: UTF8.self) : "")
  }

  /// `2 errors, 1 warning`: how summaries count diagnostics.
  package static func counts(errors: Int, warnings: Int) -> String {
    "\(counted(errors, "error")), \(counted(warnings, "warning"))"
  }
}
