import RouteTable

/// The doors section: Home Screen quick actions and user activity types, each a lookup table
/// from type to route (for resolution) and a list in manifest order (for the builders), and the
/// intents' lookup table from key to route (the generated intents build their payloads).
extension TableWordWriter {
  mutating func writeDoors(_ manifest: ResolvedManifest) {
    writeLookup(.shortcutCount, .shortcutsAt, manifest.shortcuts.map { ($0.type, $0.route) })
    set(.shortcutListAt, words.count)
    for shortcut in manifest.shortcuts {
      writeDoorEntry(
        type: shortcut.type, route: shortcut.route, title: shortcut.title,
        isDynamic: shortcut.isDynamic)
    }
    writeLookup(.activityCount, .activitiesAt, manifest.activities.map { ($0.type, $0.route) })
    set(.activityListAt, words.count)
    for activity in manifest.activities {
      writeDoorEntry(type: activity.type, route: activity.route, title: nil, isDynamic: true)
    }
    writeLookup(.intentCount, .intentsAt, manifest.intents.map { ($0.key, $0.route) })
  }

  private mutating func writeDoorEntry(type: String, route: Int, title: String?, isDynamic: Bool) {
    var record = Record<Layout.DoorEntry>()
    record.set(.type, string(type))
    record[.route] = route
    record.set(.title, title.map { string($0) } ?? (RouteTableWords.none, 0))
    record[.dynamic] = isDynamic ? 1 : 0
    append(record)
  }
}
