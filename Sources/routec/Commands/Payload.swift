import ArgumentParser
import RouteCompiler
import RouteTools
import RoutecCore

/// `routec payload`: a push payload that opens a route with given values.
struct PayloadCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "payload",
    abstract: "Print a push payload that opens a route with the values given.",
    discussion: """
      Prints a payload that `routec resolve MANIFEST --payload` resolves as `matched`, to \
      ROUTE (a push type or an alias), in the default variant or --variant, with each --param \
      at the key path the route reads it from, typed as its screen declares it, and the \
      route's `category` in `aps.category`. Parameters not given are left out; --example \
      fills them with the values `routec examples` writes. With --fcm, prints the FCM HTTP v1 \
      request (no token) that delivers it. Values are read as the runtime reads a payload's \
      strings. The JSON is byte-stable: keys sorted, two-space indentation, a newline at the \
      end.

      Exit status: 0 when the payload is printed; 1 when the manifest has errors, or no \
      payload can be written as asked (the error names the fix); 2 on a usage or file problem, \
      an unknown --variant included.
      """
  )

  @Argument(help: "The app manifest.")
  var manifest: String

  @Argument(help: "The route: its push type, or an alias.")
  var route: String

  @OptionGroup var features: FeatureOptions

  @Option(
    name: .customLong("param"),
    help: ArgumentHelp(
      "A parameter's value, as NAME=VALUE (repeatable); a `query` value is a JSON object.",
      valueName: "NAME=VALUE"))
  var params: [String] = []

  @Flag(help: "Fill every parameter not given with the value `routec examples` writes.")
  var example = false

  @Option(help: "The variant to use, by name (default: the default variant).")
  var variant: String?

  @Flag(help: "Print the FCM HTTP v1 request that delivers the payload instead.")
  var fcm = false

  /// `--param`s split at their first `=`, in the order given.
  private var values: [(name: String, text: String)] {
    params.compactMap(NameValue.split).map { ($0.name, $0.value) }
  }

  func validate() throws {
    var seen: Set<String> = []
    for param in params {
      guard let (name, _) = NameValue.split(param) else {
        throw ValidationError(
          "--param expects NAME=VALUE, got `\(ControlCharacters.escaped(param))`")
      }
      guard seen.insert(name).inserted else {
        throw ValidationError(
          "--param \(ControlCharacters.escaped(name)) is given twice; give each parameter once")
      }
    }
  }

  func run() throws {
    let file = try ManifestFile.single(manifest, command: .payload)
    let compiled = try ManifestCompilation.compile(
      file, features: try features.files(), command: .payload)
    let builder = PayloadBuilder(
      manifest: compiled.manifest, table: compiled.table.runtimeTable)
    do throws(PayloadBuildError) {
      let built = try builder.build(
        route: route, values: values, example: example, variant: variant, fcm: fcm)
      Output.print(JSONWriter.text(built.json))
    } catch {
      // An unknown variant is a usage problem, as for `routec resolve`.
      if case .unknownVariant = error { throw ToolError(message: error.description) }
      let message = ControlCharacters.escaped(error.description, keeping: ["\t"])
      Output.error("\(file.displayPath): error: \(message)")
      throw ExitCode(1)
    }
  }
}
