/// Stage 3 of the pipeline: an app manifest's `ManifestDeclaration` and those of the feature
/// manifests it names in `compose` -> one `ManifestDeclaration`, which the validator then checks
/// as if it were one manifest. A feature manifest alone is composed into an `AppStandIn`.
///
/// Each feature's screens become `Feature.Screen` (screen names are per feature), and a bare
/// screen name in a feature's routes means that feature's screen; routes, categories, bases,
/// quick action types, activity types and intents are app-wide, so a name two files declare is reported here, at the later one, naming the
/// other file. Locations keep their file, so every later diagnostic lands in the file that holds
/// the offending line.
package enum ManifestComposition {
  /// `Feature.Screen`: how the composition, `stack` entries and resolutions name a feature's
  /// screen.
  package static func qualified(_ screen: String, in feature: String) -> String {
    "\(feature).\(screen)"
  }

  /// The app manifest with the features its `compose` names folded in. A feature given but not
  /// composed is left out; a composed feature that was not given is an `unknown-feature` error
  /// at its item of `compose` (whose fix `source` words), unless it is among `unreadable`, the
  /// features given whose manifests could not be read (their errors are the one mistake). A
  /// misspelt name is composed as the feature given that it nearly names, so the misspelling is
  /// the one error; a feature not given at all may declare whatever the app refers to.
  ///
  /// Messages name other places with `diagnostics.reference(to:)`: with their file when the
  /// caller has set `diagnostics.paths`.
  package static func compose(
    app: ManifestDeclaration, features: [ManifestDeclaration], unreadable: Set<String> = [],
    source: FeatureSource = .commandLine, diagnostics: inout Diagnostics
  ) -> ManifestDeclaration {
    var byName: [String: ManifestDeclaration] = [:]
    for feature in features {
      guard let name = feature.feature else {
        diagnostics.report(
          .missingKey, at: feature.rootLocation,
          "a feature manifest is missing the required key `feature` (its name, as the app's `compose` lists it)"
        )
        continue
      }
      if let first = byName[name.value] {
        diagnostics.report(
          .duplicateKey, at: name.location,
          "the feature `\(name.value)` is also declared at \(diagnostics.position(of: first.feature?.location ?? first.rootLocation)); a feature's name is unique in the app"
        )
        continue
      }
      byName[name.value] = feature
    }
    var merger = Merger(composition: app)
    merger.composition.undecoded.features = unreadable.intersection(
      (app.compose ?? []).map(\.value))
    let caseNames = SwiftNames(app)
    let named = Set((app.compose ?? []).map(\.value))
    var composed: Set<String> = []
    for item in app.compose ?? [] {
      var feature = byName[item.value]
      if feature == nil {
        if unreadable.contains(item.value) { continue }
        // One mistake, one error: a misspelt name is composed as the feature it nearly names,
        // and a feature not given at all may declare whatever the app refers to.
        let unnamed = byName.keys.filter { !named.contains($0) }.sorted()
        let nearest = diagnostics.suggestions.nearest(to: item.value, in: unnamed)
        diagnostics.report(
          .unknownFeature, at: item.location,
          "`compose` names the feature `\(item.value)`, but no feature manifest given declares `feature: \(item.value)`"
            + (nearest.map { "; did you mean `\($0)`?" } ?? "; \(source.missingFeatureFix)"))
        guard let nearest, let standIn = byName[nearest] else {
          merger.composition.undecoded.features.insert(item.value)
          continue
        }
        feature = standIn
      }
      guard let feature, let name = feature.feature?.value, composed.insert(name).inserted,
        caseNames.admits(Located(name, at: item.location), diagnostics: &diagnostics)
      else { continue }
      merger.add(feature, diagnostics: &diagnostics)
    }
    merger.composition.undecoded.composedFeatures = composed
    return merger.composition
  }

  /// The Swift names a composed feature takes in the app's generated code: the case of the
  /// app's `Destination` that wraps the feature's (`orders`), and the feature's own enum
  /// (`OrdersRoutes`).
  private struct SwiftNames {
    var screenCases: [String: Located<String>] = [:]
    var namespace: Located<String>?

    init(_ app: ManifestDeclaration) {
      for screen in app.screens {
        let name = SwiftName.lowerCamel(screen.name.value)
        screenCases[name] = screenCases[name] ?? screen.name
      }
      namespace = app.namespace
    }

    /// False, with a `swift-name-collision` error at `item`, when the feature's names clash
    /// with the app's.
    func admits(_ item: Located<String>, diagnostics: inout Diagnostics) -> Bool {
      let name = SwiftName.lowerCamel(item.value)
      if let screen = screenCases[name], item.location.file == AppStandIn.file {
        // A feature checked alone: the app's screen is one the feature names, so every app
        // that composes it has that screen.
        diagnostics.report(
          .swiftNameCollision, at: screen.location,
          "the app's screen `\(screen.value)`, which this feature names, and the feature `\(item.value)` both become the case `\(name)` of the app's `Destination`, so no app can compose the feature; rename the feature or the screen"
        )
        return false
      }
      if let screen = screenCases[name] {
        diagnostics.report(
          .swiftNameCollision, at: item.location,
          "the feature `\(item.value)` and the app's screen `\(screen.value)` (\(diagnostics.reference(to: screen.location))) both become the case `\(name)` of the app's `Destination`; rename one"
        )
        return false
      }
      if let namespace, namespace.value == item.value {
        diagnostics.report(
          .swiftNameCollision, at: item.location,
          "the feature `\(item.value)` and the app's namespace (\(diagnostics.reference(to: namespace.location))) both become the enum `\(item.value)Routes`; rename one"
        )
        return false
      }
      return true
    }
  }

  /// Folds features into the composition one at a time, remembering where each app-wide name
  /// was first declared.
  private struct Merger {
    var composition: ManifestDeclaration
    var pushTypes: [String: SourceLocation] = [:]
    var categories: [String: SourceLocation] = [:]
    var bases: [String: SourceLocation] = [:]
    var shortcuts: [String: SourceLocation] = [:]
    var activities: [String: SourceLocation] = [:]
    var intents: [String: SourceLocation] = [:]

    init(composition: ManifestDeclaration) {
      self.composition = composition
      for route in composition.routes {
        pushTypes[route.key.value] = pushTypes[route.key.value] ?? route.key.location
        for alias in route.aliases {
          pushTypes[alias.value] = pushTypes[alias.value] ?? alias.location
        }
      }
      for category in composition.categories {
        categories[category.name.value] = category.name.location
      }
      for base in composition.bases { bases[base.name.value] = base.name.location }
      for shortcut in composition.shortcuts {
        shortcuts[shortcut.type.value] = shortcut.type.location
      }
      for activity in composition.activities {
        activities[activity.type.value] = activity.type.location
      }
      for intent in composition.intents { intents[intent.key.value] = intent.key.location }
    }

    mutating func add(_ feature: ManifestDeclaration, diagnostics: inout Diagnostics) {
      var declaration = feature
      let name = declaration.feature?.value ?? ""
      Qualifier(
        feature: name,
        screens: Set(declaration.screens.map(\.name.value))
          .union(declaration.undecoded.screens),
        suggestions: diagnostics.suggestions
      ).qualify(&declaration)
      for route in declaration.routes {
        var route = route
        guard claim(route.key, as: "push type", diagnostics: &diagnostics) else { continue }
        route.aliases = route.aliases.filter { claim($0, as: "alias", diagnostics: &diagnostics) }
        composition.routes.append(route)
      }
      composition.undecoded.routes.formUnion(declaration.undecoded.routes)
      composition.categories += unique(
        declaration.categories, by: \.name, as: "category", plural: "categories",
        seen: &categories, diagnostics: &diagnostics)
      composition.bases += unique(
        declaration.bases, by: \.name, as: "base", plural: "bases", seen: &bases,
        diagnostics: &diagnostics)
      composition.shortcuts += unique(
        declaration.shortcuts, by: \.type, as: "shortcut type", plural: "shortcut types",
        seen: &shortcuts, diagnostics: &diagnostics)
      composition.activities += unique(
        declaration.activities, by: \.type, as: "activity type", plural: "activity types",
        seen: &activities, diagnostics: &diagnostics)
      composition.intents += unique(
        declaration.intents, by: \.key, as: "intent", plural: "intents", seen: &intents,
        diagnostics: &diagnostics)
      composition.undecoded.bases.formUnion(declaration.undecoded.bases)
      composition.screens += declaration.screens
      composition.undecoded.screens.formUnion(declaration.undecoded.screens)
      composition.undecoded.params.merge(declaration.undecoded.params) { first, _ in first }
    }

    /// The items of a feature whose names no earlier file declares, recorded in `seen`; each
    /// other one is a `duplicate-key` error at it, naming the first.
    private func unique<Item>(
      _ items: [Item], by name: (Item) -> Located<String>, as kind: String, plural: String,
      seen: inout [String: SourceLocation], diagnostics: inout Diagnostics
    ) -> [Item] {
      items.filter { item in
        let name = name(item)
        if let first = seen[name.value] {
          diagnostics.report(
            .duplicateKey, at: name.location,
            "the \(kind) `\(name.value)` is also declared at \(diagnostics.position(of: first)); \(plural) are app-wide"
          )
          return false
        }
        seen[name.value] = name.location
        return true
      }
    }

    /// Records a route key or alias; false, with a located error naming the other file, when
    /// another file of the composition declares it already.
    private mutating func claim(
      _ name: Located<String>, as kind: String, diagnostics: inout Diagnostics
    ) -> Bool {
      if let first = pushTypes[name.value], first.file != name.location.file {
        diagnostics.report(
          .duplicatePushType, at: name.location,
          "the \(kind) `\(name.value)` is also declared at \(diagnostics.position(of: first)); push types and aliases are unique across the app and its features"
        )
        return false
      }
      pushTypes[name.value] = pushTypes[name.value] ?? name.location
      return true
    }
  }
}
