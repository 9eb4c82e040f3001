import Foundation
import RouteCompiler

extension ManifestFile {
  /// The one manifest file `command` takes: a file that exists and is not a folder.
  package static func single(_ path: String, command: CommandName) throws -> ManifestFile {
    let isFolder: Bool
    do {
      isFolder = try FileIO.isFolder(path)
    } catch  where error.code == ENOENT {
      throw ToolError(message: "no such file: \(path)")
    } catch {
      throw ToolError(message: "cannot read \(path): \(error.reason)")
    }
    guard !isFolder else {
      throw ToolError(message: "\(path) is a folder; \(command.rawValue) takes one manifest file")
    }
    return ManifestFile(displayPath: path, url: URL(fileURLWithPath: path))
  }
}

/// The front end for commands that need a manifest without errors (`resolve`, `graph`, `diff`,
/// `schema`, `generate`, `aasa`, `remote-config`): on errors it writes the diagnostics to
/// standard error as `routec lint` does, each in its file, then a summary, and ends the command
/// with `failure` (exit 1 unless the command says otherwise). Warnings alone are written only
/// when `showsWarnings` is set.
package enum ManifestCompilation {
  /// A manifest compiled without errors: what the commands read of it.
  package struct Compiled {
    package var manifest: ResolvedManifest
    package var table: EncodedTable
    package var declaration: ManifestDeclaration
    package var topLevelKeys: [String: SourceLocation]
    /// The feature's name, for a feature manifest compiled alone.
    package var feature: String?
    /// The feature manifests of a composition, by name.
    package var features: [String: ManifestPipeline.FeatureFile]
  }

  /// A file of a composition as diagnostics name it.
  package struct Shown {
    package var path: String
    package var bytes: [UInt8]

    package init(path: String, bytes: [UInt8]) {
      self.path = path
      self.bytes = bytes
    }
  }

  /// `compile` for a pipeline output a command already has, of `files` (the app manifest
  /// first, then the features given, as `location.file` numbers them). A feature manifest
  /// alone is refused unless `allowsFeature` (only `generate` makes something of it).
  package static func compiled(
    _ output: ManifestPipeline.Output, files: [Shown], command: CommandName,
    failure: Int32 = 1, showsWarnings: Bool = false, allowsFeature: Bool = false
  ) throws -> Compiled {
    let path = files.first?.path ?? ""
    if let feature = output.feature, !output.hasErrors, !allowsFeature {
      throw ToolError(
        message:
          "\(path) is the feature manifest of `\(feature)`, which works as part of the app that composes it; give the app manifest, with this file as --feature \(path)"
      )
    }
    if let manifest = output.manifest, let table = output.table,
      let declaration = output.declaration
    {
      if showsWarnings { print(output.diagnostics, files: files) }
      return Compiled(
        manifest: manifest, table: table, declaration: declaration,
        topLevelKeys: output.topLevelKeys, feature: output.feature, features: output.features)
    }
    print(output.diagnostics, files: files)
    let errors = output.diagnostics.filter { $0.severity == .error }.count
    let counts = DiagnosticPrinter.counts(
      errors: errors, warnings: output.diagnostics.count - errors)
    let named = files.count > 1 ? "\(path) and its features have" : "\(path) has"
    Output.error("routec \(command.rawValue): \(named) \(counts); nothing \(command.undone)")
    throw CommandFailure(status: failure)
  }

  /// Writes each diagnostic with the file that holds its line.
  private static func print(_ diagnostics: [Diagnostic], files: [Shown]) {
    let printer = DiagnosticPrinter.standardError()
    for (index, file) in files.enumerated() {
      printer.print(
        diagnostics.filter { $0.location.file == index }, path: file.path, bytes: file.bytes)
    }
  }

  /// The manifest at `file`, composed with the feature manifests among `features` that it
  /// names (the others, and files that are not feature manifests, are left out), compiled.
  package static func compile(
    _ file: ManifestFile, features: [ManifestFile] = [], source: FeatureSource = .commandLine,
    command: CommandName, failure: Int32 = 1, showsWarnings: Bool = false,
    allowsFeature: Bool = false
  ) throws -> Compiled {
    var unit = try CheckedUnit.composition(file, features: features)
    unit.source = source
    let output = unit.output()
    return try compiled(
      output, files: unit.files.map { Shown(path: $0.file.displayPath, bytes: $0.bytes) },
      command: command, failure: failure, showsWarnings: showsWarnings,
      allowsFeature: allowsFeature)
  }

  /// `app` composed with `features` (those that are feature manifests), compiled: for an app
  /// manifest that may come from git (`git:REV:PATH`).
  package static func compile(
    _ app: ManifestSource, features: [ManifestSource], command: CommandName, failure: Int32 = 1
  ) throws -> Compiled {
    let sources = ManifestSource.composition([app] + features)
    let output = ManifestPipeline.run(
      app: app.input, features: sources.dropFirst().map(\.input))
    return try compiled(
      output, files: sources.map { Shown(path: $0.displayPath, bytes: $0.bytes) },
      command: command, failure: failure)
  }
}
