import Foundation
import RouteCompiler
@_spi(Generated) import RouteTable

/// `git show REV:PATH`, for `routec diff git:REV:PATH`.
enum GitShow {
  static func read(revision: String, path: String) throws -> [UInt8] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git", "show", "\(revision):\(path)", "--"]
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
    // Like a manifest file, at most one byte past the size limit: the front end rejects a
    // larger one by that byte, and git is stopped instead of being read to the end.
    let limit = ManifestPipeline.maximumFileSize + 1
    let data = (try? output.fileHandleForReading.read(upToCount: limit)) ?? Data()
    if data.count >= limit {
      process.terminate()
      try? output.fileHandleForReading.close()
      group.wait()
      process.waitUntilExit()
      return [UInt8](data)
    }
    group.wait()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      let message = String(decoding: errorData.withLock { $0 }, as: UTF8.self)
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
    return [UInt8](data)
  }
}
