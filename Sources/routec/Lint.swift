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

      Exit status: 0 when no manifest has an error (warnings alone pass unless --strict), 1 when \
      any has, 2 on a usage or file-system problem.
      """
  )

  @Argument(help: "Manifest files, or folders to search for *.routes.yaml files.")
  var paths: [String]

  @Flag(help: "Fail on warnings as well as errors.")
  var strict = false

  func run() throws {
    let files = try ManifestFile.expand(paths)
    let terminal = Output.standardErrorIsTerminal
    let renderer = DiagnosticRenderer(
      showsSourceLines: terminal,
      usesColor: terminal && ProcessInfo.processInfo.environment["NO_COLOR"] == nil)
    var errors = 0
    var warnings = 0
    for file in files {
      let bytes = try file.read()
      let result = ManifestPipeline.run(bytes: bytes, fileName: file.fileName)
      let lines = SourceLines(
        renderer.showsSourceLines ? String(decoding: bytes, as: UTF8.self) : "")
      for diagnostic in result.diagnostics {
        Output.error(renderer.render(diagnostic, path: file.displayPath, lines: lines))
        if diagnostic.severity == .error { errors += 1 } else { warnings += 1 }
      }
    }
    Output.error(Self.summary(files: files.count, errors: errors, warnings: warnings))
    if errors > 0 || (strict && warnings > 0) {
      throw ExitCode(1)
    }
  }

  static func summary(files: Int, errors: Int, warnings: Int) -> String {
    func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
    let problems =
      errors + warnings == 0
      ? "no problems" : "\(count(errors, "error")), \(count(warnings, "warning"))"
    return "routec lint: \(count(files, "manifest")) checked, \(problems)"
  }
}
