/// Which manifests are checked together when several are given at once (`routec lint a b c
/// --feature d`), and how their diagnostics are merged back per file.
package enum CheckPlan {
  /// One check: the manifest at `main` and the feature manifests at `features`, as positions
  /// in the list `units(roles:given:)` was given.
  package struct Unit: Equatable, Sendable {
    package var main: Int
    package var features: [Int]

    package init(main: Int, features: [Int] = []) {
      self.main = main
      self.features = features
    }
  }

  /// The checks for manifests of `roles` (each given once), of which those where `given` is
  /// true were named to be checked (the others only offer features, like `--feature`'s): each
  /// app manifest with the feature manifests it composes, in the order given; each feature
  /// manifest no app composes, alone; every other manifest alone. A name an app composes that
  /// no feature declares takes the nearest feature no app names (a misspelling), so the app's
  /// check can say `did you mean`.
  package static func units(roles: [ManifestRole], given: [Bool]) -> [Unit] {
    let features = roles.indices.filter { roles[$0].isFeature }
    var composed: Set<String> = []
    for role in roles {
      if case .app(let names) = role { composed.formUnion(names) }
    }
    let featureNames = features.compactMap { roles[$0].featureName }
    let uncomposed = featureNames.filter { !composed.contains($0) }
    var misspelt: [String: String] = [:]
    for name in composed.sorted() where !featureNames.contains(name) {
      if let nearest = Suggestions().nearest(to: name, in: uncomposed) {
        misspelt[name] = nearest
      }
    }
    composed.formUnion(misspelt.values)
    var units: [Unit] = []
    for (index, role) in roles.enumerated() where given.indices.contains(index) && given[index] {
      switch role {
      case .app(let names):
        let wanted = Set(names + names.compactMap { misspelt[$0] })
        units.append(
          Unit(
            main: index,
            features: features.filter { roles[$0].featureName.map(wanted.contains) ?? false }))
      case .feature(let name) where composed.contains(name):
        continue  // Checked with the app manifest that composes it.
      case .feature, .standalone:
        units.append(Unit(main: index))
      }
    }
    return units
  }

  /// Each file once, in the order first seen, with its diagnostics from every check that read
  /// it: a feature manifest that two app manifests compose is checked with each, and a mistake
  /// in it is reported once.
  package static func merged<File: Hashable>(_ results: [(file: File, diagnostics: [Diagnostic])])
    -> [(file: File, diagnostics: [Diagnostic])]
  {
    var merged: [(file: File, diagnostics: [Diagnostic])] = []
    var position: [File: Int] = [:]
    var seen: Set<[String]> = []
    for result in results {
      let index = position[result.file] ?? merged.count
      if index == merged.count {
        position[result.file] = index
        merged.append((result.file, []))
      }
      for diagnostic in result.diagnostics {
        let location = diagnostic.location
        let key = [
          "\(index)", "\(location.line):\(location.column)", diagnostic.severity.rawValue,
          diagnostic.ruleID, diagnostic.message,
        ]
        if seen.insert(key).inserted { merged[index].diagnostics.append(diagnostic) }
      }
    }
    return merged
  }
}
