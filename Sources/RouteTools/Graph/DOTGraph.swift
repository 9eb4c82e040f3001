import RouteCompiler

/// A `RouteGraph` in Graphviz DOT (`dot -Tsvg`): one cluster per variant.
package enum DOTGraph {
  package static func text(_ graph: RouteGraph) -> String {
    var lines = [
      "digraph \(quoted(graph.name)) {", "  rankdir=LR;", "  node [fontname=\"Helvetica\"];",
    ]
    for (index, cluster) in graph.clusters.enumerated() {
      lines.append("  subgraph cluster_\(index) {")
      lines.append("    label=\(quoted("variant " + cluster.variant));")
      let shapes = [
        (cluster.tabs, "shape=tab"), (cluster.screens, "shape=box"), (cluster.routes, "shape=cds"),
        (cluster.actions, "shape=box, style=rounded"), (cluster.links, "shape=parallelogram"),
        (cluster.requirements, "shape=hexagon"), (cluster.doors, "shape=component"),
      ]
      for (nodes, shape) in shapes {
        for node in nodes {
          lines.append("    \(node.id) [label=\(quoted(node.label)), \(shape)];")
        }
      }
      for edge in cluster.edges {
        var attributes: [String] = []
        if [.inTab, .requires, .satisfiedOn].contains(edge.kind) {
          attributes.append("style=dashed")
        }
        if edge.kind == .beneath { attributes.append("arrowhead=odot") }
        if edge.kind == .action { attributes.append("style=bold") }
        if let label = edge.label { attributes.append("label=\(quoted(label))") }
        let suffix = attributes.isEmpty ? "" : " [\(attributes.joined(separator: ", "))]"
        lines.append("    \(edge.from) -> \(edge.to)\(suffix);")
      }
      lines.append("  }")
    }
    lines.append("}")
    return lines.joined(separator: "\n")
  }

  /// A DOT string: quotes and backslashes escaped, line breaks as `\n` (centred lines).
  static func quoted(_ text: String) -> String {
    var result = "\""
    for character in text {
      switch character {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      default: result.append(character)
      }
    }
    return result + "\""
  }
}
