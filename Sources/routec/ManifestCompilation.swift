import ArgumentParser
import Foundation
import RouteCompiler

extension ManifestFile {
  /// The one manifest file `command` takes: a file that exists and is not a folder.
  static func single(_ path: String, command: String) throws -> ManifestFile {
    let isFolder: Bool
    do {
      isFolder = try FileIO.isFolder(path)
    } catch  where error.code == ENOENT {
      throw ToolError(message: "no such file: \(path)")
    } catch {
      throw ToolError(message: "cannot read \(path): \(error.reason)")
    }
    guard !isFolder else {
      throw ToolError(message: "\(path) is a folder; \(command) takes one manifest file")
    }
    return ManifestFile(displayPath: path, url: URL(fileURLWithPath: path))
  }
}

/// The front end for commands that need a manifest without errors (`resolve`, `graph`, `diff`,
/// `schema`, `generate`): on errors it writes the diagnostics to standard error as `routec lint`
/// does, then a summary, and ends the command with `failure` (exit 1 unless the command says
/// otherwise). Warnings alone are written only when `showsWarnings` is set.
enum ManifestCompilation {
  typealias Compiled = (
    manifest: ResolvedManifest, declaration: ManifestDeclaration,
    topLevelKeys: [String: SourceLocation]
  )

  static func compile(
    _ bytes: [UInt8], path: String, fileName: String, command: String, failure: Int32 = 1,
    showsWarnings: Bool = false
  ) throws -> Compiled {
    try compiled(
      ManifestPipeline.run(bytes: bytes, fileName: fileName), bytes: bytes, path: path,
      command: command, failure: failure, showsWarnings: showsWarnings)
  }

  /// `compile` for a pipeline output a command already has.
  static func compiled(
    _ output: ManifestPipeline.Output, bytes: [UInt8], path: String, command: String,
    failure: Int32 = 1, showsWarnings: Bool = false
  ) throws -> Compiled {
    let printer = DiagnosticPrinter.standardError()
    if let feature = output.feature, !output.hasErrors {
      throw ToolError(
        message:
          "\(path) is the feature manifest of `\(feature)`, which works as part of the app that composes it; routec \(command) takes a manifest without `feature:` (check a feature alone with routec lint)"
      )
    }
    if let manifest = output.manifest, let declaration = output.declaration {
      if showsWarnings { printer.print(output.diagnostics, path: path, bytes: bytes) }
      return (manifest, declaration, output.topLevelKeys)
    }
    printer.print(output.diagnostics, path: path, bytes: bytes)
    let errors = output.diagnostics.filter { $0.severity == .error }.count
    let counts = DiagnosticPrinter.counts(
      errors: errors, warnings: output.diagnostics.count - errors)
    Output.error(
      "routec \(command): \(path) has \(counts); nothing \(Self.done[command] ?? "done")")
    throw ExitCode(failure)
  }

  private static let done = [
    "resolve": "resolved", "graph": "drawn", "diff": "compared", "schema": "written",
    "remote-config defaults": "written", "remote-config check": "checked",
    "generate": "written", "aasa": "written",
  ]

  /// The manifest at `file`, compiled.
  static func compile(
    _ file: ManifestFile, command: String, failure: Int32 = 1, showsWarnings: Bool = false
  ) throws -> Compiled {
    try compile(
      try file.read(), path: file.displayPath, fileName: file.fileName, command: command,
      failure: failure, showsWarnings: showsWarnings)
  }
}
