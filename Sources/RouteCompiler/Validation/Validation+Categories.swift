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
      result.append(ResolvedManifest.Category(name: category.name.value, actions: actions))
    }
    return result
  }
}
