import RouteTable

/// `routes.NAME.when_present`: pushes told apart by the keys they carry. The routes are tried in
/// manifest order (an app manifest's, then its features' in `compose` order), and the first
/// whose key paths a payload all holds wins, so a route whose list holds every key path of an
/// earlier route's list can never win.
extension Validation {
  mutating func checkWhenPresent() {
    var earlier: [(route: String, paths: Set<String>, location: SourceLocation)] = []
    for route in manifest.routes {
      guard let list = route.whenPresent, !list.value.isEmpty else { continue }
      let paths = Set(list.value.map(\.value))
      if let first = earlier.first(where: { $0.paths.isSubset(of: paths) }) {
        let listed = first.paths.sorted().map { "`\($0)`" }.joined(separator: ", ")
        diagnostics.report(
          .unreachableWhenPresent, at: list.location,
          "route `\(route.pushType.value)` can never open by `when_present`: every payload that holds its key paths also holds \(listed), which route `\(first.route)` (\(diagnostics.reference(to: first.location))) is tried for first; list a key path that route does not, or move this route before it"
        )
        continue
      }
      earlier.append((route.pushType.value, paths, list.location))
    }
  }
}
