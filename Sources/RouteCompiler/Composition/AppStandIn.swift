/// The app manifest a feature is checked against when it is linted alone: one that declares
/// exactly the tabs, variants, requirements, bases and link hosts the feature's routes name, and
/// composes the feature. Everything the feature says about itself is then checked as it would be
/// in a real composition, and nothing that needs the real app is.
///
/// Its declarations are located in file `AppStandIn.file`, which no real file has; they are
/// valid by construction, and a diagnostic located there is dropped.
enum AppStandIn {
  static let file = -1
  /// Tab indices up to this one are taken for tabs of the app; a larger one is reported as out
  /// of range even alone.
  static let maximumTabIndex = 63

  static func app(for feature: ManifestDeclaration, suggestions: Suggestions)
    -> ManifestDeclaration
  {
    let here = SourceLocation.start(of: file)
    func located<Value>(_ value: Value) -> Located<Value> { Located(value, at: here) }
    let names = References(feature, suggestions: suggestions)
    var app = ManifestDeclaration(rootLocation: here)
    app.version = located(1)
    app.namespace = feature.feature.map { located($0.value + "App") }
    app.compose = feature.feature.map { [located($0.value)] }
    // Enough tabs for every name and index the feature writes, up to a tab bar no app has.
    var tabs = names.tabs.sorted()
    while tabs.count <= min(names.highestTabIndex, maximumTabIndex) {
      tabs.append("tab_\(tabs.count)")
    }
    if tabs.isEmpty { tabs = ["tab"] }
    if names.variants.isEmpty {
      app.tabs = located(tabs.map(located))
    } else {
      let variants = names.variants.sorted()
      app.variants = located(
        variants.map {
          VariantDeclaration(
            name: located($0), values: [located($0)], tabs: tabs.map(located), tabsLocation: nil)
        })
      app.remoteConfig = RemoteConfigDeclaration(
        keyLocation: here, variantKey: located("variant"),
        defaultVariant: variants.first.map(located))
    }
    if !names.requirements.isEmpty {
      app.requirements = located(
        names.requirements.sorted().map { RequirementDeclaration(name: located($0), route: nil) })
    }
    app.bases = names.bases.sorted().map {
      BaseDeclaration(
        name: located($0),
        url: YAMLScalar(
          value: "https://app.invalid", style: .plain, location: here, isVerbatim: true))
    }
    // Screens of the app and of other features that the feature's routes and stacks name,
    // with every parameter name the feature uses for them taken on trust (the composition
    // checks them against the real screens).
    // Each is located where the feature first names it, so what the composition finds wrong
    // with the app's screen as the feature uses it is reported there.
    app.screens = names.otherScreens.keys.sorted().map {
      ScreenDeclaration(name: Located($0, at: names.firstNamed[$0] ?? here), params: [])
    }
    app.undecoded.params = names.otherScreens.filter { !$0.value.isEmpty }
    if names.hasLinks {
      var links = LinksDeclaration(keyLocation: here)
      links.hosts = [located("app.invalid")]
      links.declaresTargets = true
      app.links = links
    }
    return app
  }

  /// What a feature's routes name that only the app can declare.
  private struct References {
    var tabs: Set<String> = []
    var highestTabIndex = -1
    var variants: Set<String> = []
    var requirements: Set<String> = []
    var bases: Set<String> = []
    var hasLinks = false
    /// Screens the feature's routes and stacks name that are not its own (`Feature.Screen`
    /// names of other features, and bare names of the app's screens), each with the parameter
    /// names the feature uses for it: in a route's `params`, URL template and link patterns,
    /// and in a stack entry's `params`.
    var otherScreens: [String: Set<String>] = [:]
    /// Where the feature first names each of `otherScreens`.
    var firstNamed: [String: SourceLocation] = [:]

    init(_ feature: ManifestDeclaration, suggestions: Suggestions) {
      let own = (feature.feature?.value ?? "") + "."
      let qualifier = Qualifier(
        feature: feature.feature?.value ?? "",
        screens: Set(feature.screens.map(\.name.value)).union(feature.undecoded.screens),
        suggestions: suggestions)
      func isOther(_ name: String) -> Bool {
        name.contains(".") ? !name.hasPrefix(own) : !qualifier.isOwn(name)
      }
      let ownBases = Set(feature.bases.map(\.name.value)).union(feature.undecoded.bases)
      let params = Dictionary(
        feature.screens.map { ($0.name.value, Set($0.params.map(\.name.value))) },
        uniquingKeysWith: { first, _ in first })
      for route in feature.routes {
        variants.formUnion(route.only?.map(\.value) ?? [])
        requirements.formUnion(route.requires?.value.map(\.value) ?? [])
        hasLinks = hasLinks || route.links != nil
        let bodies =
          [(variant: String?.none, body: route.body)]
          + route.overrides.map { (variant: Optional($0.variant.value), body: $0.body) }
        for (variant, body) in bodies {
          if let variant { variants.insert(variant) }
          add(body.tab)
          for entry in body.stack?.value ?? [] where isOther(entry.screen.value) {
            otherScreens[entry.screen.value, default: []].formUnion(
              (entry.params ?? []).map(\.name.value))
            firstNamed[entry.screen.value] = firstNamed[entry.screen.value] ?? entry.screen.location
          }
          if let named = body.screen, isOther(named.value) {
            let screen = named.value
            firstNamed[screen] = firstNamed[screen] ?? named.location
            var names = Set((body.params ?? []).map(\.name.value))
            for text in [body.url?.value].compactMap({ $0 })
              + (route.links?.value ?? []).map(\.scalar.value)
            {
              names.formUnion(Self.expressionNames(text))
            }
            otherScreens[screen, default: []].formUnion(names)
          }
          let screen = body.screen?.value ?? route.body.screen?.value ?? ""
          if let url = body.url?.value, let base = Self.leadingVariable(url),
            !ownBases.contains(base), !(params[screen]?.contains(base) ?? false)
          {
            bases.insert(base)
          }
        }
      }
    }

    private mutating func add(_ tab: TabDeclaration?) {
      switch tab {
      case .single(let reference)?: add(reference.value)
      case .perVariant(let entries)?:
        for entry in entries.value {
          variants.insert(entry.variant.value)
          add(entry.tab.value)
        }
      case nil: break
      }
    }

    private mutating func add(_ reference: TabReference) {
      switch reference {
      case .name(let name): tabs.insert(name)
      case .index(let index): highestTabIndex = max(highestTabIndex, index)
      }
    }

    /// Every name inside `{...}` of a URL template or link pattern (`{?a,b}`, `{id*}`).
    private static func expressionNames(_ text: String) -> Set<String> {
      var names: Set<String> = []
      var rest = Substring(text)
      while let open = rest.firstIndex(of: "{"),
        let close = rest[open...].firstIndex(of: "}")
      {
        let operators: Set<Character> = ["?", "&", "*"]
        for name in rest[rest.index(after: open)..<close].split(separator: ",") {
          names.insert(String(name.filter { !operators.contains($0) }))
        }
        rest = rest[rest.index(after: close)...]
      }
      return names
    }

    /// `base` of a template that starts with `{base}`.
    private static func leadingVariable(_ template: String) -> String? {
      guard template.hasPrefix("{"), let end = template.firstIndex(of: "}") else { return nil }
      let name = template[template.index(after: template.startIndex)..<end]
      return name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } ? String(name) : nil
    }
  }
}
