import RouteCompiler
import RouteTable

/// Notification categories and their action buttons: a server sends `aps.category`.
extension ManifestDiff {
  /// A server sends `aps.category`; a category or action the app no longer registers shows
  /// the notification without that button.
  static func compareCategories(_ old: Version, _ new: Version, _ changes: inout Changes) {
    let newCategories = Dictionary(
      new.manifest.categories.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    let oldCategories = Dictionary(
      old.manifest.categories.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    for category in old.manifest.categories {
      guard let survivor = newCategories[category.name] else {
        changes.add(
          .removedCategory, new.declaration.categoriesLocation(new.topLevelKeys),
          "notification category `\(category.name)` was removed",
          oldLocation: old.declaration.categoryLocation(category.name))
        continue
      }
      let was = category.route.map { old.manifest.routes[$0].key }
      let now = survivor.route.map { new.manifest.routes[$0].key }
      if let was, was != now {
        changes.add(
          .removedCategoryRoute, new.declaration.categoryLocation(category.name),
          "notification category `\(category.name)` "
            + (now.map { "now opens route `\($0)`, not `\(was)`," }
              ?? "no longer opens route `\(was)`")
            + " on a tap of a notification that names no route",
          oldLocation: old.declaration.categoryLocation(category.name))
      } else if was == nil, let now {
        changes.add(
          .addedCategoryRoute, new.declaration.categoryLocation(category.name),
          "notification category `\(category.name)` opens route `\(now)` on a tap of a notification that names no route"
        )
      }
      let newIDs = Set(survivor.actions.map(\.id))
      for action in category.actions where !newIDs.contains(action.id) {
        changes.add(
          .removedAction, new.declaration.categoryLocation(category.name),
          "action `\(action.id)` of notification category `\(category.name)` was removed",
          oldLocation: old.declaration.actionLocation(category: category.name, id: action.id))
      }
    }
    for category in new.manifest.categories {
      guard let previous = oldCategories[category.name] else {
        changes.add(
          .addedCategory, new.declaration.categoryLocation(category.name),
          "notification category `\(category.name)` was added")
        continue
      }
      let oldIDs = Set(previous.actions.map(\.id))
      for action in category.actions where !oldIDs.contains(action.id) {
        changes.add(
          .addedAction, new.declaration.actionLocation(category: category.name, id: action.id),
          "action `\(action.id)` of notification category `\(category.name)` was added")
      }
    }
  }
}
