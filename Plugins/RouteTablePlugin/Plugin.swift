import Foundation
import PackagePlugin

/// Runs `routec generate` on every `*.routes.yaml` (or `*.routes.yml`) file of a target, so the
/// target compiles the generated `<Namespace>Routes` enum of each manifest.
///
/// One build command (not a prebuild command) per manifest, with the manifest as its only input
/// and one Swift file as its only output: the build system reruns `routec` only when the manifest
/// or `routec` itself changed, and a no-op build runs nothing. `routec` gets the manifest's
/// absolute path, so its `path:line:col: error:` diagnostics name the file the way compilers do,
/// and a manifest with errors makes `routec` exit non-zero, which fails the build.
@main
struct RouteTablePlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
    guard let target = target.sourceModule else { return [] }
    let manifests = RouteManifests.suffixes.flatMap { target.sourceFiles(withSuffix: $0) }.map(
      \.url)
    return try RouteManifests.commands(
      for: manifests, in: target.directoryURL, targetName: target.name,
      workDirectory: context.pluginWorkDirectoryURL,
      routec: context.tool(named: "routec").url)
  }
}

#if canImport(XcodeProjectPlugin)
  import XcodeProjectPlugin

  extension RouteTablePlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws
      -> [Command]
    {
      let manifests = target.inputFiles.map(\.url).filter {
        RouteManifests.suffix(of: $0) != nil
      }
      return try RouteManifests.commands(
        for: manifests, in: context.xcodeProject.directoryURL, targetName: target.displayName,
        workDirectory: context.pluginWorkDirectoryURL,
        routec: context.tool(named: "routec").url)
    }
  }
#endif

enum RouteManifests {
  /// The manifest file names routec reads; the same list as RouteCompiler's
  /// `ManifestFileName.suffixes` (a plugin cannot depend on a library target).
  static let suffixes = [".routes.yaml", ".routes.yml"]

  static func suffix(of manifest: URL) -> String? {
    suffixes.first { manifest.lastPathComponent.hasSuffix($0) }
  }

  /// One `routec generate` command per manifest, writing
  /// `<workDirectory>/<Target>_<Stem>Routes.swift`. When two manifests of the target share a
  /// file name, each is named after its path inside `root` instead (`a/shop.routes.yaml` ->
  /// `<Target>_a_shopRoutes.swift`), so every output file name is unique.
  static func commands(
    for manifests: [URL], in root: URL, targetName: String, workDirectory: URL, routec: URL
  ) -> [Command] {
    let sorted = manifests.sorted { $0.path < $1.path }
    let stems = sorted.map(stem)
    var used: Set<String> = []
    var commands: [Command] = []
    for (manifest, stem) in zip(sorted, stems) {
      var name = stem
      if stems.filter({ $0 == stem }).count > 1 {
        name = relativeName(of: manifest, in: root)
      }
      var fileName = "\(identifier(targetName))_\(name)Routes.swift"
      var counter = 2
      while used.contains(fileName) {
        fileName = "\(identifier(targetName))_\(name)\(counter)Routes.swift"
        counter += 1
      }
      used.insert(fileName)
      let output = workDirectory.appendingPathComponent(fileName)
      commands.append(
        .buildCommand(
          displayName: "Generating \(fileName) from \(manifest.lastPathComponent)",
          executable: routec,
          arguments: [
            "generate", manifest.path(percentEncoded: false),
            "--output", output.path(percentEncoded: false),
          ],
          inputFiles: [manifest],
          outputFiles: [output]))
    }
    return commands
  }

  /// `shop.routes.yaml` -> `shop`.
  static func stem(_ manifest: URL) -> String {
    identifier(String(manifest.lastPathComponent.dropLast(suffix(of: manifest)?.count ?? 0)))
  }

  /// The manifest's path inside `root` without the suffix, as one identifier-like word.
  static func relativeName(of manifest: URL, in root: URL) -> String {
    let rootPath = root.standardizedFileURL.path(percentEncoded: false)
    var path = manifest.standardizedFileURL.path(percentEncoded: false)
    let prefix = rootPath.hasSuffix("/") ? rootPath : rootPath + "/"
    if path.hasPrefix(prefix) { path.removeFirst(prefix.count) }
    return identifier(String(path.dropLast(suffix(of: manifest)?.count ?? 0)))
  }

  /// Letters, digits and `_` kept; everything else (`/`, `.`, `-`, spaces) becomes `_`.
  static func identifier(_ text: String) -> String {
    String(
      text.unicodeScalars.map { scalar -> Character in
        scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_"
          ? Character(scalar) : "_"
      })
  }
}
