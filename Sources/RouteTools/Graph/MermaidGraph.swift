import RouteCompiler

/// A `RouteGraph` as a Mermaid flowchart, which GitHub renders in Markdown: push types as flags,
/// screens as boxes, tabs as stadiums, action buttons as rounded boxes, link patterns as
/// parallelograms, requirements as hexagons, quick actions and activity types as subroutine
/// boxes, one subgraph per variant.
package enum MermaidGraph {
  package static func text(_ graph: RouteGraph) -> String {
    var lines = ["flowchart LR"]
    for (index, cluster) in graph.clusters.enumerated() {
      lines.append("  subgraph variant\(index)[\(label("variant " + cluster.variant))]")
      lines.append("    direction LR")
      for node in cluster.tabs { lines.append("    \(node.id)([\(label(node.label))])") }
      for node in cluster.screens { lines.append("    \(node.id)[\(label(node.label))]") }
      for node in cluster.routes { lines.append("    \(node.id)>\(label(node.label))]") }
      for node in cluster.actions { lines.append("    \(node.id)(\(label(node.label)))") }
      for node in cluster.links { lines.append("    \(node.id)[/\(label(node.label))/]") }
      for node in cluster.requirements {
        lines.append("    \(node.id){{\(label(node.label))}}")
      }
      for node in cluster.doors { lines.append("    \(node.id)[[\(label(node.label))]]") }
      for edge in cluster.edges {
        let arrow =
          switch edge.kind {
          case .opens, .link, .door: "-->"
          case .inTab, .requires, .satisfiedOn: "-.->"
          case .action: "==>"
          case .beneath: "--o"
          }
        let text = edge.label.map { "|\(label($0))|" } ?? ""
        lines.append("    \(edge.from) \(arrow)\(text) \(edge.to)")
      }
      lines.append("  end")
    }
    return lines.joined(separator: "\n")
  }

  /// A quoted Mermaid label; line breaks become `<br>`. Manifest names cannot hold the
  /// characters Mermaid treats specially today; writing them as entities anyway keeps a future
  /// name from breaking the chart. A link's query holds `&`, which the HTML label would read as
  /// the start of an entity (`&copy=1` as `©=1`).
  static func label(_ text: String) -> String {
    "\"" + labelEscapes.escape(text) + "\""
  }

  private static let labelEscapes = EscapeTable([
    "\"": "#quot;", "<": "#lt;", ">": "#gt;", "#": "#35;", "&": "#amp;", "\n": "<br>",
  ])
}
