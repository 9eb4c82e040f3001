import RouteCompiler

/// `when_present`: a route that opened for every payload holding some keys must keep doing so.
extension ManifestDiff {
  static func compareWhenPresent(
    _ old: Version, _ new: Version, _ oldRoute: ResolvedManifest.Route,
    _ newRoute: ResolvedManifest.Route, _ changes: inout Changes
  ) {
    let name = newRoute.key
    let was = Set(oldRoute.whenPresent.map { $0.joined(separator: ".") })
    let now = Set(newRoute.whenPresent.map { $0.joined(separator: ".") })
    guard was != now else { return }
    let location = new.whenPresentLocation(route: name)
    if now.isEmpty {
      changes.add(
        .removedWhenPresent, location,
        "route `\(name)` no longer opens by `when_present` (was \(listed(was))): payloads that name no push type no longer open it",
        oldLocation: old.whenPresentLocation(route: oldRoute.key))
    } else if !was.isEmpty, !now.isSubset(of: was) {
      changes.add(
        .removedWhenPresent, location,
        "route `\(name)` now also needs \(listed(now.subtracting(was))) in a payload that names no push type: payloads that held only \(listed(was)) no longer open it",
        oldLocation: old.whenPresentLocation(route: oldRoute.key))
    } else {
      changes.add(
        .addedWhenPresent, location,
        "route `\(name)` opens for payloads that hold \(listed(now))"
          + (was.isEmpty ? "" : " (was \(listed(was)))"))
    }
  }

  private static func listed(_ paths: Set<String>) -> String {
    paths.sorted().map { "`\($0)`" }.joined(separator: ", ")
  }
}
