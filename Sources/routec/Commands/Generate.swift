import ArgumentParser
import Foundation
import RouteCompiler

struct Generate: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Compile a manifest to Swift.",
    discussion: """
      Writes the Swift source for MANIFEST to the output file: an enum named after the \
      manifest's namespace with Variant, Tab, PushType, Destination and resolve(...). \
      An app manifest that composes features is compiled with their manifests (--feature): its \
      Destination has a case per feature wrapping that feature's, and --import names the \
      modules that hold the features' generated code. A feature manifest (`feature:`) compiles \
      to `enum <Feature>Routes` with its Destination, for the feature's own module. \
      Diagnostics are written to standard error as `routec lint` writes them; a manifest with \
      errors writes nothing and exits 1 after its diagnostics and a summary. The file is written \
      atomically, and not at all when its content would not change, so build systems see no \
      new timestamp.
      """
  )

  @Argument(help: "The manifest file to compile (one file, not a folder).")
  var manifest: String

  @Option(name: .shortAndLong, help: "The Swift file to write.")
  var output: String

  @Option(help: "Access level of the generated declarations: public or internal.")
  var access: SwiftGenerator.Access = .public

  @OptionGroup var features: FeatureOptions

  @Option(
    name: .customLong("import"),
    help: ArgumentHelp(
      "A module the generated file imports: one that holds a composed feature's generated code (repeatable).",
      valueName: "module"))
  var imports: [String] = []

  @Option(
    name: .customLong("build-plugin"),
    help: ArgumentHelp(
      "Set by the build tool plugin: package or xcode, so that messages give the fix a build needs.",
      visibility: .hidden))
  var buildPlugin: BuildPluginKind?

  enum BuildPluginKind: String, ExpressibleByArgument {
    case package, xcode
    var source: FeatureSource { self == .package ? .packageBuild : .xcodeBuild }
  }

  func validate() throws {
    for module in imports where !SwiftName.isIdentifier(module) {
      throw ValidationError(
        "--import expects a module name, got `\(ControlCharacters.escaped(module))`")
    }
  }

  func run() throws {
    let file = try ManifestFile.single(manifest, command: .generate)
    // Warnings are written too: the build plugin shows them in every build.
    let compiled = try ManifestCompilation.compile(
      file, features: try features.files(), source: buildPlugin?.source ?? .commandLine,
      command: .generate, showsWarnings: true, allowsFeature: true)
    let source: String
    if let feature = compiled.feature {
      guard imports.isEmpty, features.paths.isEmpty else {
        throw ToolError(
          message:
            "\(file.displayPath) is the feature manifest of `\(feature)`, which compiles alone; --feature and --import are for the app manifest that composes it"
        )
      }
      source = SwiftGenerator.generateFeature(
        feature, of: compiled.manifest, sourceName: file.fileName, access: access)
    } else {
      var seen: Set<String> = []
      source = SwiftGenerator.generate(
        compiled.manifest, table: compiled.table, sourceName: file.fileName, access: access,
        imports: imports.filter { seen.insert($0).inserted })
    }
    try Self.write(source, to: output)
  }

  /// Writes only when the content changes, through `FileIO.write`: a regular file is replaced
  /// whole or not at all, and a device, a FIFO or a link is never renamed over.
  static func write(_ source: String, to path: String) throws {
    let bytes = Array(source.utf8)
    if let existing = try? FileIO.contents(of: path, atMost: bytes.count + 1), existing == bytes {
      return
    }
    do {
      try FileIO.write(bytes, to: path)
    } catch {
      throw ToolError(message: "cannot write \(path): \(error.reason)")
    }
  }
}

extension SwiftGenerator.Access: ExpressibleByArgument {}
