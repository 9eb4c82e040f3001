import TestSupport

/// Writes one random manifest twice: whole, and split into an app manifest and feature
/// manifests (each screen, with the routes that open it, assigned to the app or to a feature).
///
/// Screens are `S0`, `S1`, ... in both, so a feature's `Fk.Si` maps back to `Si`. Routes name the
/// app's tabs, variants (`only`) and requirement from wherever they live; stacks name screens of
/// the same file bare and another feature's as `Fk.Si` (a feature names an app screen bare, but
/// `S0` ... `S7` are all close to one another, so such a name would read as a misspelling of the
/// feature's own screen: such a stack entry is not drawn); categories and their buttons live in
/// any file and open routes of any file; link patterns are app-wide.
package struct SplitManifestGenerator {
  package struct Screen {
    package var name: String
    /// 0: the app; k: feature `Fk`.
    package var owner: Int
    package var hasID: Bool
    package var idRequired: Bool
  }

  package struct Route {
    package var pushType: String
    package var screen: Int
    package var tab: String
    package var only: Bool
    package var requires: Bool
    package var stack: Int?
    package var alias: String?
    package var link: String?
  }

  package struct Category {
    package var name: String
    package var owner: Int
    package var route: Int
  }

  var random: SplitMix64
  package var screens: [Screen] = []
  package var routes: [Route] = []
  package var categories: [Category] = []
  var hasVariants = false
  var features = 0

  package init(seed: UInt64) {
    random = SplitMix64(seed: seed)
    features = Int.random(in: 1...3, using: &random)
    hasVariants = random.chance(50)
    for index in 0..<Int.random(in: 2...7, using: &random) {
      let hasID = random.chance(60)
      screens.append(
        Screen(
          name: "S\(index)", owner: Int.random(in: 0...features, using: &random), hasID: hasID,
          idRequired: hasID && random.chance(60)))
    }
    for index in 0..<Int.random(in: 1...9, using: &random) {
      let screen = Int.random(in: 0..<screens.count, using: &random)
      // A stack screen without a required parameter, which any route can show beneath it.
      let stackable = screens.indices.filter { candidate in
        candidate != screen && !screens[candidate].idRequired
          && (screens[candidate].owner != 0 || screens[screen].owner == 0)
      }
      routes.append(
        Route(
          pushType: "r\(index)", screen: screen, tab: random.pick(["home", "orders", "more"]),
          only: hasVariants && random.chance(25), requires: random.chance(30),
          stack: random.chance(40) ? stackable.randomElement(using: &random) : nil,
          alias: random.chance(30) ? "a\(index)" : nil,
          link: random.chance(70) ? "/r\(index)" + (screens[screen].idRequired ? "/{id}" : "") : nil
        ))
    }
    // A feature manifest needs a route: give each feature with screens one.
    for feature in 1...features
    where !routes.contains(where: { screens[$0.screen].owner == feature }) {
      guard let screen = screens.firstIndex(where: { $0.owner == feature }) else { continue }
      routes.append(
        Route(
          pushType: "r\(routes.count)", screen: screen, tab: "home", only: false, requires: false,
          stack: nil, alias: nil, link: nil))
    }
    for index in 0..<Int.random(in: 0...2, using: &random) {
      categories.append(
        Category(
          name: "c\(index)", owner: Int.random(in: 0...features, using: &random),
          route: Int.random(in: 0..<routes.count, using: &random)))
    }
  }

  /// The features that hold a screen (a feature with none is not written or composed).
  var usedFeatures: [Int] {
    (1...features).filter { feature in screens.contains { $0.owner == feature } }
  }

  /// The manifest in one file.
  package var whole: String {
    var text = appHeader(compose: nil)
    text += section(owner: nil)
    return text
  }

  /// The app manifest, then each feature manifest with its name.
  package var split: (app: String, features: [(name: String, text: String)]) {
    let used = usedFeatures
    var app = appHeader(compose: used.map { "F\($0)" })
    app += section(owner: 0)
    let features = used.map { feature in
      ("F\(feature)", "manifest: 1\nfeature: F\(feature)\n" + section(owner: feature))
    }
    return (app, features)
  }

  private func appHeader(compose: [String]?) -> String {
    var text = "manifest: 1\nnamespace: Shop\n"
    if let compose, !compose.isEmpty { text += "compose: [\(compose.joined(separator: ", "))]\n" }
    text += "links:\n  hosts: [x.example]\n"
    if hasVariants {
      text += "remote_config: { variant_key: ui, default_variant: v1 }\n"
      text += "variants:\n"
      text += "  v1: { values: [\"1\"], tabs: [home, orders, more] }\n"
      text += "  v2: { values: [\"2\"], tabs: [home, orders, more] }\n"
    } else {
      text += "tabs: [home, orders, more]\n"
    }
    if routes.contains(where: \.requires) { text += "requirements:\n  signed_in: {}\n" }
    return text
  }

  /// `screens`, `routes` and `categories` of the file of `owner`; every one when nil.
  private func section(owner: Int?) -> String {
    func mine(_ screen: Int) -> Bool { owner == nil || screens[screen].owner == owner }
    func reference(_ screen: Int) -> String {
      let target = screens[screen]
      guard let owner, target.owner != owner else { return target.name }
      return "F\(target.owner).\(target.name)"
    }
    var text = ""
    let ownScreens = screens.indices.filter(mine)
    if !ownScreens.isEmpty {
      text += "screens:\n"
      for index in ownScreens {
        let screen = screens[index]
        if screen.hasID {
          text += "  \(screen.name):\n    params:\n"
          text +=
            screen.idRequired ? "      id: int\n" : "      id: { type: int, optional: true }\n"
        } else {
          text += "  \(screen.name): {}\n"
        }
      }
    }
    let ownRoutes = routes.filter { mine($0.screen) }
    if !ownRoutes.isEmpty {
      text += "routes:\n"
      for route in ownRoutes {
        text += "  \(route.pushType):\n    screen: \(screens[route.screen].name)\n"
        text += "    tab: \(route.tab)\n"
        if route.only { text += "    only: [v2]\n" }
        if route.requires { text += "    requires: [signed_in]\n" }
        if let stack = route.stack { text += "    stack: [\(reference(stack))]\n" }
        if let alias = route.alias { text += "    aliases: [\(alias)]\n" }
        if let link = route.link { text += "    links: [\"\(link)\"]\n" }
      }
    }
    // A category drawn for a feature without screens (not written) stays in the app.
    let used = usedFeatures
    let ownCategories = categories.filter {
      owner == nil || (used.contains($0.owner) ? $0.owner : 0) == owner
    }
    if !ownCategories.isEmpty {
      text += "categories:\n"
      for category in ownCategories {
        text += "  \(category.name):\n    actions:\n"
        text += "      open: { title: Open, route: \(routes[category.route].pushType) }\n"
      }
    }
    return text
  }
}
