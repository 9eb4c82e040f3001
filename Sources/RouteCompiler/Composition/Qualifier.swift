/// Renames a feature's screens to `Feature.Screen`, and every bare screen name its routes write
/// that names one of them (a route's screen, an override's, a `stack` entry's), so that the
/// composition's screens are unique. A name the feature does not declare, bare or qualified, is
/// left as written: the validator reports it or finds it in another file.
struct Qualifier {
  var feature: String
  /// The screens the feature declares, by their bare names.
  var screens: Set<String>
  /// The run's suggestions: a bare name close to one of `screens` is a misspelling of it.
  var suggestions: Suggestions

  func qualify(_ declaration: inout ManifestDeclaration) {
    for index in declaration.screens.indices {
      declaration.screens[index].name.value = qualified(declaration.screens[index].name.value)
    }
    declaration.undecoded.screens = Set(declaration.undecoded.screens.map(qualified))
    declaration.undecoded.params = Dictionary(
      declaration.undecoded.params.map { (qualified($0.key), $0.value) },
      uniquingKeysWith: { first, _ in first })
    for index in declaration.routes.indices {
      qualify(&declaration.routes[index].body)
      for override in declaration.routes[index].overrides.indices {
        qualify(&declaration.routes[index].overrides[override].body)
      }
    }
  }

  private func qualify(_ body: inout RouteBodyDeclaration) {
    if let screen = body.screen { body.screen?.value = qualified(screen.value) }
    guard let stack = body.stack else { return }
    body.stack?.value = stack.value.map { entry in
      var entry = entry
      entry.screen.value = qualified(entry.screen.value)
      return entry
    }
  }

  private func qualified(_ name: String) -> String {
    isOwn(name) ? ManifestComposition.qualified(name, in: feature) : name
  }

  /// Whether a screen name the feature writes means one of its own screens: one it declares,
  /// or a bare name close to one (a misspelling, reported against the feature's screen). Any
  /// other bare name is a screen of the app.
  func isOwn(_ name: String) -> Bool {
    screens.contains(name)
      || (!name.contains(".") && suggestions.nearest(to: name, in: screens.sorted()) != nil)
  }
}
