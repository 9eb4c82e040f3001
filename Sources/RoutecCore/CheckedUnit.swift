import RouteCompiler

/// A check `routec` runs: a manifest alone, or an app manifest with the feature manifests it may
/// compose; each file with its bytes, read once.
package struct CheckedUnit {
  package struct File {
    package var file: ManifestFile
    package var bytes: [UInt8]
  }

  package var main: File
  /// The feature manifests `main`'s `compose` names (empty for a manifest checked alone).
  package var features: [File] = []
  /// Where `features` come from: the command line, or the build tool plugin (`--build-plugin`).
  package var source: FeatureSource = .commandLine

  /// `main`, then `features`: the files as diagnostics number them.
  package var files: [File] { [main] + features }

  /// The front end's output for the unit.
  package func output() -> ManifestPipeline.Output {
    ManifestPipeline.run(app: input(main), features: features.map(input), source: source)
  }

  /// Runs the front end on the unit: each file with its diagnostics, `main` first.
  package func run() -> [(file: File, diagnostics: [Diagnostic])] {
    let output = output()
    var grouped = files.map { (file: $0, diagnostics: [Diagnostic]()) }
    for diagnostic in output.diagnostics where grouped.indices.contains(diagnostic.location.file) {
      grouped[diagnostic.location.file].diagnostics.append(diagnostic)
    }
    return grouped
  }

  private func input(_ file: File) -> ManifestPipeline.Input {
    ManifestPipeline.Input(
      bytes: file.bytes, fileName: file.file.fileName, path: file.file.reportPath)
  }

  /// `main` with the feature manifests among `features` (files that are not feature
  /// manifests, and `main` itself, are left out).
  package static func composition(_ main: ManifestFile, features: [ManifestFile]) throws
    -> CheckedUnit
  {
    let mainPath = main.url.standardizedFileURL.path
    var unit = CheckedUnit(main: File(file: main, bytes: try main.read()))
    var seen: Set<String> = [mainPath]
    for file in features where seen.insert(file.url.standardizedFileURL.path).inserted {
      let bytes = try file.read()
      if ManifestRole(bytes: bytes).isFeature {
        unit.features.append(File(file: file, bytes: bytes))
      }
    }
    return unit
  }

  /// The checks for `files` (and the feature manifests of `--feature`), as `CheckPlan` plans
  /// them; each file read once.
  package static func plan(_ files: [ManifestFile], features extra: [ManifestFile]) throws
    -> [CheckedUnit]
  {
    var read: [File] = []
    var roles: [ManifestRole] = []
    var seen: Set<String> = []
    for file in files + extra where seen.insert(file.url.standardizedFileURL.path).inserted {
      let bytes = try file.read()
      read.append(File(file: file, bytes: bytes))
      roles.append(ManifestRole(bytes: bytes))
    }
    let given = Set(files.map { $0.url.standardizedFileURL.path })
    return CheckPlan.units(
      roles: roles, given: read.map { given.contains($0.file.url.standardizedFileURL.path) }
    ).map { unit in
      CheckedUnit(main: read[unit.main], features: unit.features.map { read[$0] })
    }
  }
}
