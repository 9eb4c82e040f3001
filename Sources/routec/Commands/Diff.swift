import ArgumentParser
import Foundation
import RouteCompiler
import RouteTable
import RouteTools
import RoutecCore

struct Diff: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Find the changes between two manifests that break what servers send.",
    discussion: """
      Compares OLD and NEW as a server team would before a release: a push type or alias that \
      is gone (and was not deprecated), a route missing from a variant it was in, a payload \
      value that is newly required, read from another key path or as a type that rejects values \
      the old one accepted (int to string or double widens, which is not breaking), a changed \
      type key path, a removed variant or remote-config value, or a changed variant_key are \
      breaking. Additions, and removals of deprecated routes, are not.

      Each change is printed as `PATH:LINE:COLUMN: breaking|non-breaking: MESSAGE [class]`, \
      located in NEW: something removed is at the nearest thing NEW still has (the `routes:` \
      key for a removed push type, its route for a removed alias) and its message ends with \
      `(was at OLD:LINE)`. --format github, json or sarif print \
      the same changes as `routec lint` prints diagnostics (see docs/ci.md). OLD may be \
      `git:REV:PATH`, the file at PATH in revision REV as `git show REV:PATH` reads it, to \
      compare against the main branch without checking it out.

      Exit status: 0 when no change is breaking, 1 when any is, 2 when a manifest cannot be \
      read or has errors (they are printed as `routec lint` prints them, and --format github, \
      json or sarif also write them as their document), or on a usage problem.
      """
  )

  @Argument(help: "The manifest as it was: a path, or git:REV:PATH.")
  var old: String

  @Argument(help: "The manifest as it is now.")
  var new: String

  @OptionGroup var output: FormatOption

  @OptionGroup var features: FeatureOptions

  @Option(
    name: .customLong("old-feature"),
    help: ArgumentHelp(
      "A feature manifest OLD composes, a folder of them, or git:REV:PATH (repeatable; default: the --feature files as they are now).",
      valueName: "path"))
  var oldFeatures: [String] = []

  func run() throws {
    let newFile = try ManifestFile.single(new, command: .diff)
    let newFeatures = try features.files().map(ManifestSource.init)
    let oldSide =
      [try ManifestSource(old, command: .diff)]
      + (oldFeatures.isEmpty ? newFeatures : try Self.sources(oldFeatures))
    let newSide = [try ManifestSource(newFile)] + newFeatures
    // Each manifest goes through the front end once, both at the same time (the runs share
    // nothing): its errors feed the report below and standard error alike.
    let sides = [ManifestSource.composition(oldSide), ManifestSource.composition(newSide)]
    let results = Locked([ManifestPipeline.Output?](repeating: nil, count: 2))
    DispatchQueue.concurrentPerform(iterations: 2) { index in
      let sources = sides[index]
      let output = ManifestPipeline.run(
        app: sources[0].input, features: sources.dropFirst().map(\.input))
      results.withLock { $0[index] = output }
    }
    let outputs = results.withLock { $0 }.compactMap { $0 }
    guard outputs.count == 2 else { throw ToolError(message: "diff: a manifest was not read") }
    Self.reportErrors(of: [(sides[0], outputs[0]), (sides[1], outputs[1])], format: output.format)
    let before = try Self.version(outputs[0], of: sides[0])
    let after = try Self.version(outputs[1], of: sides[1])
    let changes = ManifestDiff.compare(old: before, new: after)
    let oldNames = Self.names(sides[0].map(\.displayPath))
    let report = Report.changes(
      changes, oldNames: oldNames, newPaths: Self.names(sides[1].map(\.reportPath)))
    if !ReportTail(format: output.format).printDocument(report) {
      let lines = ManifestChange.textLines(
        changes, oldNames: oldNames, newPaths: Self.names(sides[1].map(\.displayPath)),
        fallbackPath: newFile.displayPath)
      for line in lines { Output.print(line) }
    }
    let breaking = changes.filter(\.isBreaking).count
    Output.error(Self.summary(breaking: breaking, other: changes.count - breaking))
    if breaking > 0 { throw ExitCode(1) }
  }

  /// Paths by the file numbers of a composition's locations.
  private static func names(_ paths: [String]) -> [Int: String] {
    Dictionary(uniqueKeysWithValues: paths.enumerated().map { ($0.offset, $0.element) })
  }

  /// The version `output` (`sources` through the front end) holds; on errors they are printed
  /// and the command ends with status 2.
  private static func version(_ output: ManifestPipeline.Output, of sources: [ManifestSource])
    throws
    -> ManifestDiff.Version
  {
    let compiled = try ManifestCompilation.compiled(
      output, files: sources.map { .init(path: $0.displayPath, bytes: $0.bytes) },
      command: .diff, failure: 2)
    return ManifestDiff.Version(
      manifest: compiled.manifest, declaration: compiled.declaration,
      topLevelKeys: compiled.topLevelKeys, features: compiled.features)
  }

  /// When a manifest has errors, a machine-readable format still gets a valid document: one
  /// that holds those errors, each in its own file, so CI uploads a log that shows them. (The
  /// text format gets nothing on standard output; the errors go to standard error as always.)
  static func reportErrors(
    of compiled: [(sources: [ManifestSource], output: ManifestPipeline.Output)],
    format: ReportFormat
  ) {
    // The diagnostics of the manifests with errors, as standard error gets them, each in its
    // file.
    let failed = compiled.filter { $0.output.manifest == nil }
    guard !failed.isEmpty else { return }
    let report = Report.diagnostics(
      failed.flatMap { side in
        side.sources.enumerated().map { file, source in
          (source.reportPath, side.output.diagnostics.filter { $0.location.file == file })
        }
      })
    ReportTail(format: format).printDocument(report)
  }

  static func summary(breaking: Int, other: Int) -> String {
    "routec diff: \(counted(breaking, "breaking change")), \(counted(other, "other change"))"
  }

  /// `--old-feature` values: files, folders and `git:REV:PATH` files.
  static func sources(_ arguments: [String]) throws -> [ManifestSource] {
    var sources: [ManifestSource] = []
    for argument in arguments {
      if argument.hasPrefix("git:") {
        sources.append(try ManifestSource(argument, command: .diff))
      } else {
        sources += try ManifestFile.expand([argument]).map(ManifestSource.init)
      }
    }
    return sources
  }
}
