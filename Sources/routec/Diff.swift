import ArgumentParser
import Foundation
import RouteCompiler
import RouteTable

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

  @Option(help: "How to report: text, github, json or sarif.")
  var format: ReportFormat = .text

  func run() throws {
    let oldSource = try Self.source(old)
    let newFile = try ManifestFile.single(new, command: "diff")
    let newSource = Source(
      bytes: try newFile.read(), displayPath: newFile.displayPath,
      reportPath: newFile.reportPath, fileName: newFile.fileName)
    // Each manifest goes through the front end once, both at the same time (the runs share
    // nothing): its errors feed the report below and standard error alike.
    let sources = [oldSource, newSource]
    let results = Locked([ManifestPipeline.Output?](repeating: nil, count: 2))
    DispatchQueue.concurrentPerform(iterations: 2) { index in
      let output = ManifestPipeline.run(
        bytes: sources[index].bytes, fileName: sources[index].fileName)
      results.withLock { $0[index] = output }
    }
    let outputs = results.withLock { $0 }.compactMap { $0 }
    guard outputs.count == 2 else { throw ToolError(message: "diff: a manifest was not read") }
    Self.reportErrors(of: [(oldSource, outputs[0]), (newSource, outputs[1])], format: format)
    let before = try oldSource.version(outputs[0])
    let after = try newSource.version(outputs[1])
    let changes = ManifestDiff.compare(old: before, new: after)
    let report = Report.changes(
      changes, oldName: oldSource.displayPath, newPath: newSource.reportPath)
    if let document = format.document(
      report, toolName: "routec", toolVersion: Routec.configuration.version)
    {
      if !document.isEmpty { Output.print(document) }
    } else {
      for change in changes {
        let label = change.isBreaking ? "breaking" : "non-breaking"
        let message = change.text(oldName: oldSource.displayPath)
        Output.print(
          "\(newSource.displayPath):\(change.location): \(label): \(message) [\(change.kind.rawValue)]"
        )
      }
    }
    let breaking = changes.filter(\.isBreaking).count
    Output.error(Self.summary(breaking: breaking, other: changes.count - breaking))
    if breaking > 0 { throw ExitCode(1) }
  }

  /// When a manifest has errors, a machine-readable format still gets a valid document: one
  /// that holds those errors, each in its own file, so CI uploads a log that shows them. (The
  /// text format gets nothing on standard output; the errors go to standard error as always.)
  static func reportErrors(
    of compiled: [(source: Source, output: ManifestPipeline.Output)], format: ReportFormat
  ) {
    // The diagnostics of the manifests with errors, as standard error gets them.
    let failed = compiled.filter { $0.output.manifest == nil }
    guard !failed.isEmpty else { return }
    let report = Report.diagnostics(failed.map { ($0.source.reportPath, $0.output.diagnostics) })
    if let document = format.document(
      report, toolName: "routec", toolVersion: Routec.configuration.version), !document.isEmpty
    {
      Output.print(document)
    }
  }

  static func summary(breaking: Int, other: Int) -> String {
    "routec diff: \(counted(breaking, "breaking change")), \(counted(other, "other change"))"
  }

  /// A manifest's text and the names reports give it.
  struct Source {
    var bytes: [UInt8]
    var displayPath: String
    var reportPath: String
    var fileName: String

    /// The version `output` (this source through the front end) holds; on errors they are
    /// printed and the command ends with status 2.
    func version(_ output: ManifestPipeline.Output) throws -> ManifestDiff.Version {
      let compiled = try ManifestCompilation.compiled(
        output, bytes: bytes, path: displayPath, command: "diff", failure: 2)
      return ManifestDiff.Version(
        manifest: compiled.manifest, declaration: compiled.declaration,
        topLevelKeys: compiled.topLevelKeys)
    }
  }

  /// OLD as a file, or as `git:REV:PATH` read with `git show`.
  static func source(_ argument: String) throws -> Source {
    guard argument.hasPrefix("git:") else {
      let file = try ManifestFile.single(argument, command: "diff")
      return Source(
        bytes: try file.read(), displayPath: file.displayPath, reportPath: file.reportPath,
        fileName: file.fileName)
    }
    let spec = argument.dropFirst("git:".count)
    guard let colon = spec.firstIndex(of: ":"), colon != spec.startIndex,
      spec.index(after: colon) != spec.endIndex
    else {
      throw ToolError(message: "expected git:REV:PATH, got `\(argument)`")
    }
    let revision = String(spec[..<colon])
    // git would read a leading `-` as an option.
    guard !revision.hasPrefix("-") else {
      throw ToolError(message: "`\(revision)` is not a git revision")
    }
    let path = String(spec[spec.index(after: colon)...])
    let bytes = try GitShow.read(revision: revision, path: path)
    let fileName = path.split(separator: "/").last.map(String.init) ?? path
    return Source(
      bytes: bytes, displayPath: "\(revision):\(path)", reportPath: path, fileName: fileName)
  }
}
