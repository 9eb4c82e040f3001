import ArgumentParser
import Foundation
import RouteCompiler

extension ManifestFile {
  /// The one manifest file `command` takes: a file that exists and is not a folder.
  static func single(_ path: String, command: String) throws -> ManifestFile {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw ToolError(message: "no such file: \(path)")
    }
    guard !isDirectory.boolValue else {
      throw ToolError(message: "\(path) is a folder; \(command) takes one manifest file")
    }
    return ManifestFile(displayPath: path, url: URL(fileURLWithPath: path))
  }
}

/// The front end for commands that need a manifest without errors (`resolve`, `graph`,
/// `diff`): on errors it writes the diagnostics to standard error as `routec lint` does, then a
/// summary, and ends the command with `failure` (exit 1 unless the command says otherwise).
enum ManifestCompilation {
  static func compile(
    _ bytes: [UInt8], path: String, fileName: String, command: String, failure: Int32 = 1
  ) throws -> (manifest: ResolvedManifest, declaration: ManifestDeclaration) {
    let output = ManifestPipeline.run(bytes: bytes, fileName: fileName)
    if let manifest = output.manifest, let declaration = output.declaration {
      return (manifest, declaration)
    }
    let terminal = Output.standardErrorIsTerminal
    let renderer = DiagnosticRenderer(
      showsSourceLines: terminal,
      usesColor: terminal && ProcessInfo.processInfo.environment["NO_COLOR"] == nil)
    let lines = SourceLines(terminal ? String(decoding: bytes, as: UTF8.self) : "")
    for diagnostic in output.diagnostics {
      Output.error(renderer.render(diagnostic, path: path, lines: lines))
    }
    let errors = output.diagnostics.filter { $0.severity == .error }.count
    func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
    Output.error(
      "routec \(command): \(path) has \(count(errors, "error")), "
        + "\(count(output.diagnostics.count - errors, "warning")); nothing \(Self.done[command] ?? "done")"
    )
    throw ExitCode(failure)
  }

  private static let done = [
    "resolve": "resolved", "graph": "drawn", "diff": "compared", "schema": "written",
    "remote-config defaults": "written", "remote-config check": "checked",
  ]

  /// The manifest at `file`, compiled.
  static func compile(_ file: ManifestFile, command: String, failure: Int32 = 1) throws
    -> (manifest: ResolvedManifest, declaration: ManifestDeclaration)
  {
    try compile(
      try file.read(), path: file.displayPath, fileName: file.fileName, command: command,
      failure: failure)
  }
}
