import ArgumentParser
import Foundation
import RouteCompiler
import RouteTools
import RoutecCore

struct Schema: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Print the JSON Schema of the manifest language, or of one manifest's push payloads.",
    discussion: """
      Without options, prints the JSON Schema (draft 2020-12) of route manifests that editors \
      use to check and complete `*.routes.yaml` files; schema/routes.schema.json is a copy \
      (`routec schema > schema/routes.schema.json` updates it). It checks keys, value types, \
      words and name patterns; references between sections, URL templates and per-variant \
      rules are checked by `routec lint` only.

      With --payloads MANIFEST, prints a JSON Schema of the push payloads that MANIFEST \
      resolves as `matched` in at least one variant, for backends to check what they send.

      The JSON is byte-stable: keys sorted, two-space indentation, a newline at the end.

      Exit status: 0 when the schema is printed; 1 when MANIFEST has errors (they are written \
      to standard error as `routec lint` writes them); 2 on a usage or file problem.
      """
  )

  @Option(
    help: ArgumentHelp(
      "Print the schema of this manifest's push payloads instead.", valueName: "manifest"))
  var payloads: String?

  @OptionGroup var features: FeatureOptions

  func validate() throws {
    if payloads == nil && !features.paths.isEmpty {
      throw ValidationError("--feature composes the manifest of --payloads; give that too")
    }
  }

  func run() throws {
    guard let payloads else {
      Output.print(JSONWriter.text(ManifestSchema.document))
      return
    }
    let file = try ManifestFile.single(payloads, command: .schema)
    let compiled = try ManifestCompilation.compile(
      file, features: try features.files(), command: .schema
    ).manifest
    Output.print(JSONWriter.text(PayloadSchema.document(compiled)))
  }
}
