import Foundation
import PackagePlugin

/// Runs `routec generate` on every `*.routes.yaml` (or `*.routes.yml`) file of a target, so the
/// target compiles the generated `<Namespace>Routes` enum of each manifest. The tool is
/// `RouteTableGenerate`: `routec generate`'s work alone, without routec's argument parser and
/// other commands, so the app's first build compiles only the pipeline.
///
/// Feature modules: a feature manifest (`feature: Orders`) generates `enum OrdersRoutes` in its
/// own target. An app manifest (`compose: [...]`) is generated with every feature manifest found
/// in the target and in the targets it depends on, recursively (through products of other
/// packages too), as `--feature` inputs, and imports those targets' modules: an edit to a
/// feature's manifest reruns that feature's command and the app's, and nothing else.
///
/// One build command (not a prebuild command) per manifest, with the manifest as its only input
/// and one Swift file as its only output: the build system reruns the generator only when the
/// manifest or the generator itself changed, and a no-op build runs nothing. The generator gets
/// the manifest's absolute path, so its `path:line:col: error:` diagnostics name the file the way
/// compilers do, and a manifest with errors makes it exit non-zero, which fails the build.
@main
struct RouteTablePlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
    guard let target = target.sourceModule else { return [] }
    var features: [RouteManifests.Feature] = []
    for dependency in target.recursiveTargetDependencies {
      guard let module = dependency.sourceModule else { continue }
      features += RouteManifests.features(
        in: RouteManifests.manifests(of: module), module: module.moduleName)
    }
    return try RouteManifests.commands(
      for: RouteManifests.manifests(of: target), in: target.directoryURL,
      targetName: target.name, dependencyFeatures: features, build: "package",
      workDirectory: context.pluginWorkDirectoryURL,
      generator: context.tool(named: "RouteTableGenerate").url)
  }
}

extension RouteManifests {
  /// The manifests among a target's files.
  static func manifests(of target: SourceModuleTarget) -> [URL] {
    ManifestHeader.fileSuffixes.flatMap { target.sourceFiles(withSuffix: $0) }.map(\.url)
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
      // Xcode does not tell a plugin which targets a target depends on: the feature manifests
      // of the project's other targets are offered instead, and only those the app manifest's
      // `compose` names are used.
      var features: [RouteManifests.Feature] = []
      for other in context.xcodeProject.targets where other.id != target.id {
        let files = other.inputFiles.map(\.url).filter { RouteManifests.suffix(of: $0) != nil }
        features += RouteManifests.features(
          in: files, module: RouteManifests.moduleName(of: other))
      }
      return try RouteManifests.commands(
        for: manifests, in: context.xcodeProject.directoryURL, targetName: target.displayName,
        dependencyFeatures: features, build: "xcode",
        workDirectory: context.pluginWorkDirectoryURL,
        generator: context.tool(named: "RouteTableGenerate").url)
    }
  }

  extension RouteManifests {
    /// The module an Xcode target builds: its product's name without an extension (Xcode's
    /// default `PRODUCT_MODULE_NAME`), else the target's name, as an identifier.
    static func moduleName(of target: XcodeTarget) -> String {
      let name = target.product?.name ?? target.displayName
      return identifier(String(name.split(separator: ".").first ?? Substring(name)))
    }
  }
#endif

enum RouteManifests {
  static func suffix(of manifest: URL) -> String? {
    ManifestHeader.fileSuffixes.first { manifest.lastPathComponent.hasSuffix($0) }
  }

  /// A feature manifest another target holds: the feature's name and that target's module.
  struct Feature {
    var manifest: URL
    var name: String
    var module: String
  }

  /// The feature manifests among `manifests`, each with `module`.
  static func features(in manifests: [URL], module: String) -> [Feature] {
    manifests.compactMap { manifest in
      ManifestHeader(contentsOf: manifest).feature.map {
        Feature(manifest: manifest, name: $0, module: module)
      }
    }
  }

  /// One generator command (`routec generate`'s arguments, without the word `generate`) per
  /// manifest, writing
  /// `<workDirectory>/<Target>_<Stem>Routes.swift`. When two manifests of the target share a
  /// file name, each is named after its path inside `root` instead (`a/shop.routes.yaml` ->
  /// `<Target>_a_shopRoutes.swift`), so every output file name is unique.
  ///
  /// An app manifest's command also reads the target's own feature manifests and
  /// `dependencyFeatures`, and its file imports the modules of the latter. `build` (`package` or
  /// `xcode`) tells the generator which build runs it, so a feature it cannot find gets the fix that
  /// build needs.
  static func commands(
    for manifests: [URL], in root: URL, targetName: String, dependencyFeatures: [Feature] = [],
    build: String, workDirectory: URL, generator: URL
  ) -> [Command] {
    let sorted = manifests.sorted { $0.path < $1.path }
    let stems = sorted.map(stem)
    // Each manifest's lines are read once: the target's own features, by name.
    let headers = sorted.map(ManifestHeader.init(contentsOf:))
    let ownFeatures = zip(sorted, headers).compactMap { manifest, header in
      header.feature.map { Feature(manifest: manifest, name: $0, module: "") }
    }
    var used: Set<String> = []
    var commands: [Command] = []
    for (manifest, (stem, header)) in zip(sorted, zip(stems, headers)) {
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
      var arguments = [
        manifest.path(percentEncoded: false), "--output",
        output.path(percentEncoded: false), "--build-plugin", build,
      ]
      var inputs = [manifest]
      if let composed = header.compose {
        // The features `compose` names: the target's own, and those of the targets it depends
        // on, whose modules the generated file imports.
        let own = ownFeatures.filter { $0.manifest != manifest && composed.contains($0.name) }
        let others = dependencyFeatures.filter { composed.contains($0.name) }
        let found = (own + others).map(\.manifest)
        arguments += found.flatMap { ["--feature", $0.path(percentEncoded: false)] }
        var modules: [String] = []
        for feature in others where !modules.contains(feature.module) {
          modules.append(feature.module)
        }
        arguments += modules.flatMap { ["--import", $0] }
        inputs += found
      }
      commands.append(
        .buildCommand(
          displayName: "Generating \(fileName) from \(manifest.lastPathComponent)",
          executable: generator,
          arguments: arguments,
          inputFiles: inputs,
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

extension ManifestHeader {
  /// The header of the manifest at `url`; neither feature nor app when it cannot be read.
  init(contentsOf url: URL) {
    self.init(bytes: (try? Data(contentsOf: url)).map { [UInt8]($0) } ?? [])
  }
}
