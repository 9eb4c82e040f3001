import Foundation
import RouteCompiler

/// A manifest's text and the names reports give it: a file, or `git:REV:PATH`, the file at PATH
/// in revision REV as `git show REV:PATH` reads it (`routec diff`'s OLD, `routec
/// check-payloads`' MANIFEST).
package struct ManifestSource {
  package var bytes: [UInt8]
  package var displayPath: String
  package var reportPath: String
  package var fileName: String

  package init(bytes: [UInt8], displayPath: String, reportPath: String, fileName: String) {
    self.bytes = bytes
    self.displayPath = displayPath
    self.reportPath = reportPath
    self.fileName = fileName
  }

  package init(_ file: ManifestFile) throws {
    self.init(
      bytes: try file.read(), displayPath: file.displayPath, reportPath: file.reportPath,
      fileName: file.fileName)
  }

  /// `argument` as a file (the one manifest file `command` takes), or as `git:REV:PATH`.
  package init(_ argument: String, command: CommandName) throws {
    guard argument.hasPrefix("git:") else {
      try self.init(ManifestFile.single(argument, command: command))
      return
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
    self.init(
      bytes: bytes, displayPath: "\(revision):\(path)", reportPath: path, fileName: fileName)
  }

  package var input: ManifestPipeline.Input {
    ManifestPipeline.Input(bytes: bytes, fileName: fileName, path: displayPath)
  }

  /// The app manifest (the first of `sources`) and the feature manifests among the rest.
  package static func composition(_ sources: [ManifestSource]) -> [ManifestSource] {
    guard let app = sources.first else { return [] }
    return [app] + sources.dropFirst().filter { ManifestRole(bytes: $0.bytes).isFeature }
  }
}
