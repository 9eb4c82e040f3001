import RouteCompiler
import RouteTable

/// Home Screen quick actions, user activity types and App Intents: the app adds dynamic items and
/// advertises activities at run time, and they outlive an update (an item stays on the Home Screen,
/// an activity is saved for restoration, a shortcut the user built in the Shortcuts app keeps the
/// intent and its parameters), so they carry the old type and `userInfo` into the new version. A
/// static item is declared in Info.plist and leaves with the update that removes it.
extension ManifestDiff {
  static func compareDoors(_ old: Version, _ new: Version, _ changes: inout Changes) {
    let oldShortcuts = old.manifest.shortcuts.map {
      Door(
        type: $0.type, route: old.manifest.routes[$0.route].key, outlivesUpdate: $0.isDynamic)
    }
    let newShortcuts = new.manifest.shortcuts.map {
      Door(
        type: $0.type, route: new.manifest.routes[$0.route].key, outlivesUpdate: $0.isDynamic)
    }
    compare(
      oldShortcuts, newShortcuts, kind: "quick action",
      kinds: (.removedShortcut, .removedStaticShortcut, .addedShortcut),
      locations: (old.declaration.shortcutLocation, new.declaration.shortcutLocation), &changes)
    let oldActivities = old.manifest.activities.map {
      Door(type: $0.type, route: old.manifest.routes[$0.route].key, outlivesUpdate: true)
    }
    let newActivities = new.manifest.activities.map {
      Door(type: $0.type, route: new.manifest.routes[$0.route].key, outlivesUpdate: true)
    }
    compare(
      oldActivities, newActivities, kind: "activity type",
      kinds: (.removedActivity, .removedActivity, .addedActivity),
      locations: (old.declaration.activityLocation, new.declaration.activityLocation), &changes)
    let intents = { (version: Version) in
      version.manifest.intents.map {
        Door(type: $0.key, route: version.manifest.routes[$0.route].key, outlivesUpdate: true)
      }
    }
    compare(
      intents(old), intents(new), kind: "intent",
      kinds: (.removedIntent, .removedIntent, .addedIntent),
      locations: (old.declaration.intentLocation, new.declaration.intentLocation), &changes)
    compareIntents(old, new, &changes)
  }

  /// What the shortcuts users built in the Shortcuts app hold of an intent that stays: its
  /// parameters by key, each of its type; and its phrases, while it is an App Shortcut.
  private static func compareIntents(_ old: Version, _ new: Version, _ changes: inout Changes) {
    let newByKey = Dictionary(
      new.manifest.intents.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
    for intent in old.manifest.intents {
      guard let survivor = newByKey[intent.key] else { continue }
      let location = new.declaration.intentLocation(intent.key)
      let oldLocation = old.declaration.intentLocation(intent.key)
      for parameter in intent.parameters {
        guard let kept = survivor.parameters.first(where: { $0.key == parameter.key }) else {
          changes.add(
            .changedIntentParameter, location,
            "intent `\(intent.key)` no longer has parameter `\(parameter.key)`",
            oldLocation: oldLocation)
          continue
        }
        let describe = { (parameter: ResolvedManifest.IntentParameter) in
          parameter.choices == nil ? parameter.type.rawValue : "a string with choices"
        }
        if describe(kept) != describe(parameter) {
          changes.add(
            .changedIntentParameter, location,
            "parameter `\(parameter.key)` of intent `\(intent.key)` is \(describe(kept)), not \(describe(parameter))",
            oldLocation: oldLocation)
        }
      }
      if intent.appShortcut != nil, survivor.appShortcut == nil {
        changes.add(
          .removedAppShortcut, location, "intent `\(intent.key)` is no longer an App Shortcut",
          oldLocation: oldLocation)
      } else if intent.appShortcut == nil, survivor.appShortcut != nil {
        changes.add(.addedAppShortcut, location, "intent `\(intent.key)` became an App Shortcut")
      }
    }
  }

  /// A quick action, activity type or intent as the diff compares it: its type, the route it
  /// opens by route key, and whether what the app made of it survives an update.
  private struct Door {
    var type: String
    var route: String
    var outlivesUpdate: Bool
  }

  private static func compare(
    _ old: [Door], _ new: [Door], kind: String,
    kinds: (
      removed: ManifestChange.Kind, removedStatic: ManifestChange.Kind, added: ManifestChange.Kind
    ),
    locations: (old: (String) -> SourceLocation, new: (String) -> SourceLocation),
    _ changes: inout Changes
  ) {
    let newByType = Dictionary(new.map { ($0.type, $0) }, uniquingKeysWith: { first, _ in first })
    let oldTypes = Set(old.map(\.type))
    for door in old {
      guard let survivor = newByType[door.type] else {
        changes.add(
          door.outlivesUpdate ? kinds.removed : kinds.removedStatic, locations.new(door.type),
          "\(kind) `\(door.type)` was removed", oldLocation: locations.old(door.type))
        continue
      }
      if survivor.route != door.route, door.outlivesUpdate {
        changes.add(
          .changedDoorRoute, locations.new(door.type),
          "\(kind) `\(door.type)` opens route `\(survivor.route)`, not `\(door.route)`",
          oldLocation: locations.old(door.type))
      }
    }
    for door in new where !oldTypes.contains(door.type) {
      changes.add(kinds.added, locations.new(door.type), "\(kind) `\(door.type)` was added")
    }
  }
}
