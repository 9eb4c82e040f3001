import RouteCompiler

/// What `routec graph` draws: per variant, its tabs, the screens its routes open, the push
/// types (with aliases) that reach each screen, and the notification action buttons, link
/// patterns, quick actions, activity types and intents that open each route. Built from the resolved manifest, so overrides
/// and `only` are already applied; `MermaidGraph` and `DOTGraph` only lay it out as text.
package struct RouteGraph: Sendable, Equatable {
  package struct Cluster: Sendable, Equatable {
    package var variant: String
    /// Node ids are unique in the whole graph: `v<variant>_t<tab>`, `v<variant>_s<screen>`,
    /// `v<variant>_r<route>`, so one variant's nodes never merge with another's.
    package var tabs: [Node]
    package var screens: [Node]
    package var routes: [Node]
    /// Action buttons, `v<variant>_a<category>_<action>`: those that open a route in this
    /// variant, and those the app handles itself (no edge).
    package var actions: [Node]
    /// Link patterns, `v<variant>_l<route>_<pattern>`, of the routes in this variant, each
    /// labelled as written.
    package var links: [Node]
    /// Requirements, `v<variant>_q<requirement>`, that routes of this variant require.
    package var requirements: [Node] = []
    /// Home Screen quick actions, activity types and intents, `v<variant>_d<door>` (quick actions
    /// first, then activity types, then intents, in manifest order), of the routes in this
    /// variant.
    package var doors: [Node] = []
    package var edges: [Edge]
  }

  package struct Node: Sendable, Equatable {
    package var id: String
    package var label: String
  }

  package struct Edge: Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
      /// A push type opens a screen.
      case opens
      /// A screen is shown in a tab.
      case inTab
      /// An action button opens a route.
      case action
      /// A link pattern opens a route.
      case link
      /// A route requires a requirement.
      case requires
      /// A requirement is satisfied on a route, shown while it does not hold.
      case satisfiedOn
      /// A screen lies beneath another in a route's back stack.
      case beneath
      /// A quick action, an activity type or an intent opens a route.
      case door
    }

    package var from: String
    package var to: String
    package var kind: Kind
    package var label: String?
  }

  package var name: String
  package var clusters: [Cluster]

  /// The graph of every variant, or of the variant at `onlyVariant`.
  package init(_ manifest: ResolvedManifest, onlyVariant: Int? = nil) {
    name = manifest.namespace
    clusters = manifest.variants.indices
      .filter { onlyVariant == nil || $0 == onlyVariant }
      .map { Self.cluster(manifest, variant: $0) }
  }

  private static func cluster(_ manifest: ResolvedManifest, variant: Int) -> Cluster {
    let prefix = "v\(variant)"
    var screens: [Int] = []
    var tabs: Set<Int> = []
    var routes: [Node] = []
    var edges: [Edge] = []
    var screenTabs: Set<[Int]> = []
    for (index, route) in manifest.routes.enumerated() {
      guard route.variants.indices.contains(variant), let effective = route.variants[variant]
      else { continue }
      var label = ([route.key] + route.aliases).joined(separator: "\n")
      if route.deprecation != nil { label += "\n(deprecated)" }
      if manifest.fallback == index { label += "\n(fallback)" }
      switch effective.target {
      case .appAction(let name): label += "\n(app action \(name))"
      case .reroute(let param): label += "\n(routes {\(param)} again)"
      case .screen: break
      }
      routes.append(Node(id: "\(prefix)_r\(index)", label: label))
      // A screenless route opens none.
      guard let screen = effective.screen else { continue }
      if !screens.contains(screen) { screens.append(screen) }
      let presentation = effective.presentation == .modal ? "modal" : nil
      edges.append(
        Edge(
          from: "\(prefix)_r\(index)", to: "\(prefix)_s\(screen)", kind: .opens,
          label: presentation))
      if let tab = effective.tab, screenTabs.insert([screen, tab.index]).inserted {
        tabs.insert(tab.index)
        edges.append(
          Edge(
            from: "\(prefix)_s\(screen)", to: "\(prefix)_t\(tab.index)", kind: .inTab,
            label: nil))
      }
    }
    var actions: [Node] = []
    for (categoryIndex, category) in manifest.categories.enumerated() {
      for (actionIndex, action) in category.actions.enumerated() {
        let id = "\(prefix)_a\(categoryIndex)_\(actionIndex)"
        var label = "\(category.name): \(action.id)"
        if let route = action.route {
          guard manifest.routes[route].variants.indices.contains(variant),
            manifest.routes[route].variants[variant] != nil
          else { continue }
          edges.append(Edge(from: id, to: "\(prefix)_r\(route)", kind: .action, label: nil))
        } else {
          label += "\n(handled by the app)"
        }
        actions.append(Node(id: id, label: label))
      }
    }
    // After the actions, so a manifest without links draws as it did before links existed.
    var links: [Node] = []
    for (index, route) in manifest.routes.enumerated() {
      guard route.variants.indices.contains(variant), route.variants[variant] != nil else {
        continue
      }
      for (patternIndex, pattern) in route.links.enumerated() {
        let id = "\(prefix)_l\(index)_\(patternIndex)"
        links.append(Node(id: id, label: pattern.text + Self.targets(of: pattern)))
        edges.append(Edge(from: id, to: "\(prefix)_r\(index)", kind: .link, label: nil))
      }
    }
    // After the links, so a manifest without requirements or stacks draws as it did before.
    let requirements = navigationEdges(manifest, variant: variant, &screens, &edges)
    // Last, so a manifest without quick actions or activities draws as it did before.
    var doors: [Node] = []
    let declared =
      manifest.shortcuts.map {
        ("quick action: \($0.type)" + ($0.isDynamic ? "\n(added by the app)" : ""), $0.route)
      } + manifest.activities.map { ("activity: \($0.type)", $0.route) }
      + manifest.intents.map {
        ("intent: \($0.key)" + ($0.appShortcut != nil ? "\n(App Shortcut)" : ""), $0.route)
      }
    for (index, door) in declared.enumerated() {
      guard manifest.routes[door.1].variants.indices.contains(variant),
        manifest.routes[door.1].variants[variant] != nil
      else { continue }
      let id = "\(prefix)_d\(index)"
      doors.append(Node(id: id, label: door.0))
      edges.append(Edge(from: id, to: "\(prefix)_r\(door.1)", kind: .door, label: nil))
    }
    let variantTabs = manifest.variants[variant].tabs
    return Cluster(
      variant: manifest.variants[variant].name,
      tabs: variantTabs.indices.map {
        Node(id: "\(prefix)_t\($0)", label: "tab " + variantTabs[$0])
      },
      screens: screens.sorted().map {
        Node(id: "\(prefix)_s\($0)", label: manifest.screens[$0].name)
      },
      routes: routes, actions: actions, links: links,
      requirements: requirements.map {
        Node(id: "\(prefix)_q\($0)", label: "requires " + manifest.requirements[$0].name)
      }, doors: doors, edges: edges)
  }

  /// The edges of requirements (route to requirement, requirement to the route that satisfies
  /// it) and back stacks (each screen to the one above it); returns the requirements drawn.
  private static func navigationEdges(
    _ manifest: ResolvedManifest, variant: Int, _ screens: inout [Int], _ edges: inout [Edge]
  ) -> [Int] {
    let prefix = "v\(variant)"
    var required: [Int] = []
    var stackEdges: Set<[Int]> = []
    for (index, route) in manifest.routes.enumerated() {
      guard route.variants.indices.contains(variant), let effective = route.variants[variant]
      else { continue }
      for requirement in route.requires {
        if !required.contains(requirement) { required.append(requirement) }
        edges.append(
          Edge(
            from: "\(prefix)_r\(index)", to: "\(prefix)_q\(requirement)", kind: .requires,
            label: nil))
      }
      guard let screen = effective.screen else { continue }
      let chain = effective.stack.map(\.screen) + [screen]
      for (below, above) in zip(chain, chain.dropFirst())
      where stackEdges.insert([below, above]).inserted {
        if !screens.contains(below) { screens.append(below) }
        edges.append(
          Edge(
            from: "\(prefix)_s\(below)", to: "\(prefix)_s\(above)", kind: .beneath,
            label: "beneath"))
      }
    }
    required.sort()
    for requirement in required {
      guard let route = manifest.requirements[requirement].route else { continue }
      edges.append(
        Edge(
          from: "\(prefix)_q\(requirement)", to: "\(prefix)_r\(route)", kind: .satisfiedOn,
          label: "until met"))
    }
    return required
  }

  /// A second line for a pattern restricted to some hosts or schemes, naming them.
  static func targets(of pattern: LinkPattern<String>) -> String {
    guard pattern.hosts != nil || pattern.schemes != nil else { return "" }
    let names = (pattern.hosts ?? []) + (pattern.schemes ?? []).map { "\($0):" }
    return "\n(" + (names.isEmpty ? "no host" : names.joined(separator: ", ")) + ")"
  }
}
