import ArgumentParser
import RouteCompiler
import RoutecCore

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
  var buildPlugin: Generation.BuildPlugin?

  func validate() throws {
    if let message = imports.lazy.compactMap(Generation.invalidImport).first {
      throw ValidationError(message)
    }
  }

  func run() throws {
    try Generation.run(
      manifest: manifest, output: output, access: access, featurePaths: features.paths,
      imports: imports, buildPlugin: buildPlugin)
  }
}

extension SwiftGenerator.Access: ExpressibleByArgument {}
extension Generation.BuildPlugin: ExpressibleByArgument {}
