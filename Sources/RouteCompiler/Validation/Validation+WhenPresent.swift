import RouteTable

/// `routes.NAME.when_present`: pushes told apart by the keys they carry. The routes are tried in
/// manifest order (an app manifest's, then its features' in `compose` order), and the first
/// whose key paths a payload all holds wins, so a route whose list holds every key path of an
/// earlier route's list can never win.
extension Validation {
  mutating func checkWhenPresent() {
    var earlier = EarlierKeyLists()
    for route in manifest.routes {
      guard let list = route.whenPresent, !list.value.isEmpty else { continue }
      let paths = Set(list.value.map(\.value))
      if let first = earlier.firstSubset(of: paths) {
        let listed = first.paths.sorted().map { "`\($0)`" }.joined(separator: ", ")
        diagnostics.report(
          .unreachableWhenPresent, at: list.location,
          "route `\(route.key.value)` can never open by `when_present`: every payload that holds its key paths also holds \(listed), which route `\(first.route)` (\(diagnostics.reference(to: first.location))) is tried for first; list a key path that route does not, or move this route before it"
        )
        continue
      }
      earlier.append(route: route.key.value, paths: paths, location: list.location)
    }
  }
}

/// The `when_present` lists of the routes tried so far, found by the subsets of a later list
/// rather than by comparing it with each of them, so checking a manifest stays linear in its
/// routes: a list of n key paths has 2^n - 1 subsets, a handful for the lists apps write. A
/// list longer than `longest` is compared with each earlier list instead.
private struct EarlierKeyLists {
  typealias Entry = (route: String, paths: Set<String>, location: SourceLocation)
  static let longest = 10
  private var entries: [Entry] = []
  /// Each list tried so far, to its entry. No two are equal: a list equal to an earlier one
  /// can never win and is not added.
  private var byPaths: [Set<String>: Int] = [:]

  mutating func append(route: String, paths: Set<String>, location: SourceLocation) {
    byPaths[paths] = entries.count
    entries.append((route, paths, location))
  }

  /// The first entry whose key paths are all in `paths`, in the order they were added.
  func firstSubset(of paths: Set<String>) -> Entry? {
    guard paths.count <= Self.longest else {
      return entries.first { $0.paths.isSubset(of: paths) }
    }
    let sorted = paths.sorted()
    var first: Int?
    for mask in 1..<(1 << sorted.count) {
      let subset = Set(sorted.indices.lazy.filter { mask & (1 << $0) != 0 }.map { sorted[$0] })
      if let index = byPaths[subset], index < first ?? .max { first = index }
    }
    return first.map { entries[$0] }
  }
}
