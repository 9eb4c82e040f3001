import Foundation
import RouteCompiler

/// A manifest on disk and the path diagnostics show for it.
package struct ManifestFile {
  package var displayPath: String
  package var url: URL
  /// The bytes once read by a check that needed them first (is it a feature manifest?), so
  /// that the file is read once and every stage sees the same bytes.
  package var bytes: [UInt8]?

  package var fileName: String { url.lastPathComponent }

  /// The path reports use: relative to the working directory when the file is below it (CI
  /// viewers resolve paths against the repository root), as given otherwise.
  package var reportPath: String { Self.reportPath(of: displayPath) }

  /// `path` relative to the working directory when it is below it, as given otherwise.
  package static func reportPath(of path: String) -> String {
    guard path.hasPrefix("/") else { return path }
    let directory = FileManager.default.currentDirectoryPath
    let prefix = directory.hasSuffix("/") ? directory : directory + "/"
    return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
  }

  /// The file's bytes, reading at most one byte past the size limit so that a huge file costs
  /// no more memory or time than the limit before the front end rejects it as `file-too-large`.
  package func read() throws -> [UInt8] {
    if let bytes { return bytes }
    do {
      return try FileIO.contents(of: url.path, atMost: ManifestPipeline.maximumFileSize + 1)
    } catch {
      throw ToolError(message: "cannot read \(displayPath): \(error.reason)")
    }
  }

  /// Files as given, and every `*.routes.yaml` and `*.routes.yml` below each folder, sorted,
  /// each once.
  package static func expand(_ paths: [String]) throws -> [ManifestFile] {
    var files: [ManifestFile] = []
    var seen: Set<String> = []
    for path in paths {
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
        throw ToolError(message: "no such file or folder: \(path)")
      }
      let url = URL(fileURLWithPath: path)
      let found: [ManifestFile]
      if isDirectory.boolValue {
        var visited: Set<String> = []
        found = try manifests(under: url, displayPrefix: path, visited: &visited)
        if found.isEmpty {
          throw ToolError(message: "no \(ManifestFileName.patterns) files under \(path)")
        }
      } else {
        found = [ManifestFile(displayPath: path, url: url)]
      }
      for file in found where seen.insert(file.url.standardizedFileURL.path).inserted {
        files.append(file)
      }
    }
    return files
  }

  /// Symbolic links to folders are not followed: a folder search stays inside the folder given
  /// (a link to `/` is not walked), as `find` does by default; give a linked folder explicitly to
  /// search it. `visited` holds the folders already searched, so that a folder mounted twice is
  /// searched once.
  private static func manifests(
    under folder: URL, displayPrefix: String, visited: inout Set<String>
  ) throws -> [ManifestFile] {
    guard visited.insert(folder.resolvingSymlinksInPath().path).inserted else { return [] }
    let entries: [String]
    do {
      entries = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    } catch {
      throw ToolError(message: "cannot read folder \(displayPrefix): \(error.localizedDescription)")
    }
    var result: [ManifestFile] = []
    for entry in entries where !entry.hasPrefix(".") {
      let url = folder.appendingPathComponent(entry)
      let display =
        displayPrefix.hasSuffix("/") ? displayPrefix + entry : displayPrefix + "/" + entry
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
        continue
      }
      if isDirectory.boolValue {
        let type = try? FileManager.default.attributesOfItem(atPath: url.path)[.type]
        if type as? FileAttributeType == .typeSymbolicLink { continue }
        result += try manifests(under: url, displayPrefix: display, visited: &visited)
      } else if ManifestFileName.isManifest(entry) {
        result.append(ManifestFile(displayPath: display, url: url))
      }
    }
    return result
  }
}

extension ManifestFile {
  /// The feature manifests `paths` name (each `--feature`), folders searched as `routec lint`
  /// searches them. A file that is not a feature manifest, or a folder that holds none, is an
  /// error: the feature an app composes would otherwise go missing without a word.
  package static func features(_ paths: [String]) throws -> [ManifestFile] {
    var features: [ManifestFile] = []
    for path in paths {
      var found: [ManifestFile] = []
      for var file in try ManifestFile.expand([path]) {
        let bytes = try file.read()
        guard ManifestRole(bytes: bytes).isFeature else { continue }
        file.bytes = bytes
        found.append(file)
      }
      guard !found.isEmpty else {
        throw ToolError(
          message: (try? FileIO.isFolder(path)) == true
            ? "--feature \(path) holds no feature manifest (one with a `feature:` key)"
            : "--feature \(path) is not a feature manifest: it has no `feature:` key")
      }
      features += found
    }
    return features
  }
}
