extension Validation {
  /// Resolves each action's route. Category names and action ids stay strings in generated code,
  /// so only byte-identical ones clash (`duplicate-key`), never two that differ in case or
  /// punctuation.
  mutating func checkCategories(_ routes: [ResolvedManifest.Route]) -> [ResolvedManifest.Category] {
    var seen: Set<String> = []
    var result: [ResolvedManifest.Category] = []
    for category in manifest.categories where seen.insert(category.name.value).inserted {
      var actionIDs: Set<String> = []
      let actions = category.actions.compactMap { action -> ResolvedManifest.Action? in
        guard actionIDs.insert(action.id.value).inserted else { return nil }
        let route = action.route.flatMap {
          routeIndex(
            of: $0, from: "action `\(action.id.value)` of category `\(category.name.value)`",
            "opens the push type")
        }
        return ResolvedManifest.Action(
          id: action.id.value, title: action.title?.value ?? "", route: route,
          isDestructive: action.isDestructive, requiresAuthentication: action.requiresAuthentication
        )
      }
      let route = category.route.flatMap {
        routeIndex(of: $0, from: "category `\(category.name.value)`", "opens the push type")
      }
      result.append(
        ResolvedManifest.Category(name: category.name.value, actions: actions, route: route))
    }
    return result
  }
}

/// `routes.NAME.category`: which pushes carry which category, so that each action button of
/// the category can read what its route needs from those pushes' payloads.
extension Validation {
  /// Each route's `category` names a declared category, and each action of that category that
  /// opens a route reads its values from where the route's pushes send them: the same key
  /// paths, or constants and defaults of its own. A tap of the button otherwise resolves
  /// `invalid_params` at run time.
  mutating func checkCarriedCategories(
    _ routes: [ResolvedManifest.Route], _ categories: [ResolvedManifest.Category]
  ) {
    let declared = Dictionary(
      manifest.categories.map { ($0.name.value, $0) }, uniquingKeysWith: { first, _ in first })
    let resolved = Dictionary(
      categories.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    for declaration in manifest.routes {
      // A route that did not resolve was reported; its category is not checked.
      guard let name = declaration.category,
        let index = routeNames[declaration.key.value], routes.indices.contains(index),
        routes[index].key == declaration.key.value
      else { continue }
      guard let category = resolved[name.value], let written = declared[name.value] else {
        diagnostics.report(
          .unknownCategory, at: name.location,
          "`category` of route `\(declaration.key.value)` is `\(name.value)`, which `categories` does not declare"
            + diagnostics.suggestions.didYouMean(name.value, in: categories.map(\.name)))
        continue
      }
      let carrier = routes[index]
      for action in category.actions {
        guard let target = action.route,
          let location = written.actions.first(where: { $0.id.value == action.id })?.id.location
        else { continue }
        let missing = valuesNotSent(by: carrier, to: routes[target])
        guard let first = missing.first else { continue }
        diagnostics.report(
          .actionNeedsValue, at: location,
          "action `\(action.id)` of category `\(category.name)` opens route `\(routes[target].key)`, which reads \(Suggestions.all(missing.map { "`\($0.param)` at `\($0.keyPath)`" })), but route `\(carrier.key)`, whose pushes carry `\(category.name)`, does not send \(missing.count == 1 ? "it" : "them") there; read the same key path in both routes (`params: { \(first.param): \(first.carrierKeyPath ?? first.keyPath) }`), or give the action's route a constant"
        )
      }
    }
  }

  /// The required values `target` reads from a payload at key paths that `carrier` does not
  /// read, in some variant where both exist, each once; with the key path `carrier` reads a
  /// parameter of the same name from, when it has one.
  private func valuesNotSent(
    by carrier: ResolvedManifest.Route, to target: ResolvedManifest.Route
  ) -> [(param: String, keyPath: String, carrierKeyPath: String?)] {
    var result: [(param: String, keyPath: String, carrierKeyPath: String?)] = []
    for (carried, opened) in zip(carrier.variants, target.variants) {
      guard let carried, let opened else { continue }
      var sent: Set<[String]> = []
      var sentByName: [String: [String]] = [:]
      for (param, source) in zip(params(of: carried), carried.params) {
        guard case .payload(let keyPath) = source else { continue }
        sent.insert(keyPath)
        sentByName[param.name] = keyPath
      }
      for (param, source) in zip(params(of: opened), opened.params) {
        guard case .required = param.requirement, case .payload(let keyPath) = source,
          !sent.contains(keyPath), !result.contains(where: { $0.param == param.name })
        else { continue }
        result.append(
          (
            param.name, keyPath.joined(separator: "."),
            sentByName[param.name].map { $0.joined(separator: ".") }
          ))
      }
    }
    return result
  }
}
