import ArgumentParser
import Foundation
import RouteCompiler
import RouteTools
import RoutecCore

struct Graph: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Draw a manifest's variants, tabs, screens and the push types that reach them.",
    discussion: """
      Prints a Mermaid flowchart (GitHub renders it in Markdown) or a Graphviz DOT graph \
      (`routec graph M --format dot | dot -Tsvg > routes.svg`) on standard output: one \
      cluster per variant, with its tabs, the screens its routes open, and each route's push \
      type and aliases pointing at its screen (labelled `modal` when presented modally); a \
      dashed edge leads from a screen to the tab it is shown in.

      Exit status: 0 when the graph is printed; 1 when the manifest has errors; 2 on a usage \
      or file problem, such as an unknown --variant.
      """
  )

  enum Format: String, CaseIterable, ExpressibleByArgument {
    case mermaid, dot
  }

  @Argument(help: "The manifest to draw.")
  var manifest: String

  @Option(help: "mermaid or dot.")
  var format: Format = .mermaid

  @Option(help: "Draw only this variant.")
  var variant: String?

  @OptionGroup var features: FeatureOptions

  func run() throws {
    let file = try ManifestFile.single(manifest, command: .graph)
    let compiled = try ManifestCompilation.compile(
      file, features: try features.files(), command: .graph
    ).manifest
    var only: Int?
    if let variant {
      guard let index = compiled.variants.firstIndex(where: { $0.name == variant }) else {
        let names = compiled.variants.map { "`\($0.name)`" }.joined(separator: ", ")
        throw ToolError(message: "unknown variant `\(variant)`; the manifest declares \(names)")
      }
      only = index
    }
    let graph = RouteGraph(compiled, onlyVariant: only)
    switch format {
    case .mermaid: Output.print(MermaidGraph.text(graph))
    case .dot: Output.print(DOTGraph.text(graph))
    }
  }
}
