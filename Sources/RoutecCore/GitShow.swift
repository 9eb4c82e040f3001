import Foundation
import RouteCompiler
import RouteTable

/// `git show REV:PATH`, for `routec diff git:REV:PATH`.
package enum GitShow {
  package static func read(revision: String, path: String) throws -> [UInt8] {
    // `git show` of a folder prints its listing, which is not a manifest: say what it is.
    let type = try run(["cat-file", "-t", "\(revision):\(path)"], limit: 64)
    if type.status == 0, String(decoding: type.output, as: UTF8.self).hasPrefix("tree") {
      throw ToolError(
        message:
          "git:\(revision):\(path) is a folder at \(revision); give the manifest file in it (git:\(revision):\(path)/NAME.routes.yaml)"
      )
    }
    // Like a manifest file, at most one byte past the size limit: the front end rejects a
    // larger one by that byte, and git is stopped instead of being read to the end.
    let shown = try run(
      ["show", "\(revision):\(path)", "--"], limit: ManifestPipeline.maximumFileSize + 1)
    guard shown.status == 0 || shown.stopped else {
      let message = String(decoding: shown.error, as: UTF8.self)
        .trimmingCharacters(in: .whitespacesAndNewlines)
      // git reads PATH from the repository's root, whatever the current folder: say so when
      // the path it could not find is relative.
      let hint =
        path.hasPrefix("/") || path.hasPrefix("./") || path.hasPrefix("../")
        ? ""
        : " (PATH in git:REV:PATH is relative to the repository's root; write git:\(revision):./\(path) for a path relative to the current folder)"
      throw ToolError(
        message: "cannot read \(path) at \(revision) with git"
          + (message.isEmpty ? "" : ": \(message)") + hint)
    }
    return [UInt8](shown.output)
  }

  /// `git arguments...`: its exit status and up to `limit` bytes of its standard output (when it
  /// writes more, it is stopped there: `stopped`), and its standard error.
  private static func run(_ arguments: [String], limit: Int) throws -> (
    status: Int32, stopped: Bool, output: Data, error: Data
  ) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git"] + arguments
    let output = Pipe()
    let error = Pipe()
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = output
    process.standardError = error
    do {
      try process.run()
    } catch {
      throw ToolError(message: "cannot run git: \(FileProblem.reason(error))")
    }
    // Read both pipes before waiting: a large file would otherwise fill the pipe and never end.
    let errorData = Locked(Data())
    let group = DispatchGroup()
    DispatchQueue.global().async(group: group) {
      let read = error.fileHandleForReading.readDataToEndOfFile()
      errorData.withLock { $0 = read }
    }
    let data = (try? output.fileHandleForReading.read(upToCount: limit)) ?? Data()
    let stopped = data.count >= limit
    if stopped {
      process.terminate()
      try? output.fileHandleForReading.close()
    }
    group.wait()
    process.waitUntilExit()
    return (process.terminationStatus, stopped, data, errorData.withLock { $0 })
  }
}
