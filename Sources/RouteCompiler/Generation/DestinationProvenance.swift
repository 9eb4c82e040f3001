/// Where each case of a generated `Destination` comes from, for its doc comment: the line of the
/// manifest that declares the screen, the push types and link patterns that open it, and the
/// `description` of each route that opens it, so a reader in Xcode goes from a case to what
/// reaches it, and why, without opening the manifest.
struct DestinationProvenance {
  private var pushTypes: [[String]]
  private var links: [[String]]
  /// Per screen, each route that opens it and has a `description`: its key and description.
  private var descriptions: [[(route: String, text: String)]]
  private var inStacks: Set<Int> = []

  /// The provenance of every screen of `manifest`, read from its routes once.
  init(_ manifest: ResolvedManifest) {
    pushTypes = Array(repeating: [], count: manifest.screens.count)
    links = Array(repeating: [], count: manifest.screens.count)
    descriptions = Array(repeating: [], count: manifest.screens.count)
    for route in manifest.routes {
      var opened: [Int] = []
      for case let effective? in route.variants {
        if let screen = effective.screen, !opened.contains(screen) { opened.append(screen) }
        inStacks.formUnion(effective.stack.map(\.screen))
      }
      for screen in opened where manifest.screens.indices.contains(screen) {
        pushTypes[screen] += [route.key] + route.aliases
        links[screen] += route.links.map(\.text).filter { !links[screen].contains($0) }
        if let text = route.description, !text.isEmpty {
          descriptions[screen].append((route.key, text))
        }
      }
    }
  }

  /// The doc comment lines of the case of `screen` (the screen at `index`), in a file generated
  /// from `sourceName`: where it is declared when that file declares it, then what opens it.
  func docLines(index: Int, _ screen: ResolvedManifest.Screen, sourceName: String) -> [String] {
    var place = "`\(screen.name)`"
    if screen.declaredAt.file == 0 {
      place += ", declared at \(sourceName):\(screen.declaredAt.line)"
    }
    var lines = ["/// \(ControlCharacters.escaped(place))."]
    let pushTypes = pushTypes.indices.contains(index) ? pushTypes[index] : []
    let links = links.indices.contains(index) ? links[index] : []
    if !pushTypes.isEmpty { lines.append("/// Push types: \(Self.list(pushTypes)).") }
    if !links.isEmpty { lines.append("/// Links: \(Self.list(links)).") }
    let described = descriptions.indices.contains(index) ? descriptions[index] : []
    for (route, text) in described {
      lines.append("/// - `\(ControlCharacters.escaped(route))`: \(Self.oneLine(text))")
    }
    if pushTypes.isEmpty && links.isEmpty {
      lines.append(
        inStacks.contains(index)
          ? "/// No route opens it; it is shown beneath other screens, in back stacks."
          : "/// No route opens it.")
    }
    return lines
  }

  /// A description as one comment line: its lines and runs of spaces joined by one space,
  /// control characters escaped (a line break would end the comment and start code).
  private static func oneLine(_ text: String) -> String {
    ControlCharacters.escaped(
      text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " "))
  }

  private static func list(_ names: [String]) -> String {
    ControlCharacters.escaped(names.map { "`\($0)`" }.joined(separator: ", "))
  }
}
