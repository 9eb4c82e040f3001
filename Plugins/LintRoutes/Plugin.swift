import Foundation
import PackagePlugin

/// `swift package lint-routes [--target NAME]... [--strict]`: runs `routec lint` on every
/// `*.routes.yaml` and `*.routes.yml` file of the package's targets (or of the targets named), for CI. `routec`'s
/// diagnostics go straight to standard error; the command fails when `routec lint` fails.
///
/// The manifests of the targets those targets depend on (recursively, in other packages too)
/// are given as `--feature`: an app manifest is checked with the features it composes, wherever
/// they live.
@main
struct LintRoutes: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    var extractor = ArgumentExtractor(arguments)
    let targetNames = extractor.extractOption(named: "target")
    let strict = extractor.extractFlag(named: "strict") > 0
    guard extractor.remainingArguments.isEmpty else {
      throw LintRoutesError(
        "unexpected arguments: \(extractor.remainingArguments.joined(separator: " ")); "
          + "usage: swift package lint-routes [--target NAME]... [--strict]")
    }

    let targets: [Target]
    if targetNames.isEmpty {
      targets = context.package.targets
    } else {
      do {
        targets = try context.package.targets(named: targetNames)
      } catch {
        throw LintRoutesError("\(error)")
      }
    }
    func manifestPaths(of target: Target) -> [String] {
      guard let module = target.sourceModule else { return [] }
      let files = ManifestHeader.fileSuffixes.flatMap { module.sourceFiles(withSuffix: $0) }
      return files.map { $0.url.path(percentEncoded: false) }.sorted()
    }
    var manifests: [String] = []
    var features: [String] = []
    for target in targets {
      for path in manifestPaths(of: target) where !manifests.contains(path) {
        manifests.append(path)
      }
      // The feature manifests of the targets it depends on: `routec` refuses a `--feature`
      // that is not one.
      for dependency in target.recursiveTargetDependencies {
        for path in manifestPaths(of: dependency) where !features.contains(path) {
          let bytes = FileManager.default.contents(atPath: path).map { [UInt8]($0) } ?? []
          if ManifestHeader(bytes: bytes).feature != nil { features.append(path) }
        }
      }
    }
    guard !manifests.isEmpty else {
      let scope =
        targetNames.isEmpty
        ? "the package"
        : "the target\(targetNames.count == 1 ? "" : "s") \(targetNames.joined(separator: ", "))"
      Diagnostics.warning("no *.routes.yaml or *.routes.yml files in \(scope)")
      return
    }

    let routec = try context.tool(named: "routec").url
    let process = Process()
    process.executableURL = routec
    process.arguments =
      ["lint"] + manifests + features.flatMap { ["--feature", $0] } + (strict ? ["--strict"] : [])
    try process.run()
    process.waitUntilExit()
    guard process.terminationReason == .exit, process.terminationStatus == 0 else {
      throw LintRoutesError(
        "routec lint failed (exit \(process.terminationStatus)) on \(manifests.count) "
          + "manifest\(manifests.count == 1 ? "" : "s")")
    }
  }
}

struct LintRoutesError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
