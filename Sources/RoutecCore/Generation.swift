import RouteCompiler

/// `routec generate`'s work, which the build tool plugin's generator runs too: the manifest
/// compiled (its diagnostics written as `routec lint` writes them) and its Swift written to the
/// output file, only when that changes.
package enum Generation {
  /// Where features come from and which build runs the generator, for messages that give the
  /// fix a build needs.
  package enum BuildPlugin: String, Sendable {
    case package, xcode

    package var source: FeatureSource { self == .package ? .packageBuild : .xcodeBuild }
  }

  /// Compiles `manifest` (with the feature manifests `featurePaths` name) and writes its Swift
  /// to `output`. A feature manifest compiles to its feature's enum; an app manifest to its
  /// namespace, importing `imports` (the modules that hold its features' code). Throws
  /// `CommandFailure` after the diagnostics when the manifest has errors, `ToolError` for a
  /// file or usage problem.
  package static func run(
    manifest: String, output: String, access: SwiftGenerator.Access, featurePaths: [String],
    imports: [String], buildPlugin: BuildPlugin?
  ) throws {
    let file = try ManifestFile.single(manifest, command: .generate)
    // Warnings are written too: the build plugin shows them in every build.
    let compiled = try ManifestCompilation.compile(
      file, features: try ManifestFile.features(featurePaths),
      source: buildPlugin?.source ?? .commandLine, command: .generate, showsWarnings: true,
      allowsFeature: true)
    let source: String
    if let feature = compiled.feature {
      guard imports.isEmpty, featurePaths.isEmpty else {
        throw ToolError(
          message:
            "\(file.displayPath) is the feature manifest of `\(feature)`, which compiles alone; --feature and --import are for the app manifest that composes it"
        )
      }
      source = SwiftGenerator.generateFeature(
        feature, of: compiled.manifest, sourceName: file.fileName, access: access)
    } else {
      var seen: Set<String> = []
      source = SwiftGenerator.generate(
        compiled.manifest, table: compiled.table, sourceName: file.fileName, access: access,
        imports: imports.filter { seen.insert($0).inserted })
    }
    try write(source, to: output)
  }

  /// `--import`'s check: a module name is a Swift identifier. The message when it is not.
  package static func invalidImport(_ module: String) -> String? {
    SwiftName.isIdentifier(module)
      ? nil : "--import expects a module name, got `\(ControlCharacters.escaped(module))`"
  }

  /// Writes only when the content changes, through `FileIO.write`: a regular file is replaced
  /// whole or not at all, and a device, a FIFO or a link is never renamed over.
  package static func write(_ source: String, to path: String) throws {
    let bytes = Array(source.utf8)
    if let existing = try? FileIO.contents(of: path, atMost: bytes.count + 1), existing == bytes {
      return
    }
    do {
      try FileIO.write(bytes, to: path)
    } catch {
      throw ToolError(message: "cannot write \(path): \(error.reason)")
    }
  }
}
