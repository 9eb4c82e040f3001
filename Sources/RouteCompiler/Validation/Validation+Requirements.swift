import RouteTable

/// `requirements` and the routes' `requires`.
extension Validation {
  /// The most requirements a manifest declares: the runtime keeps a set of them in one 64-bit
  /// word, so checking a resolution's requirements allocates nothing.
  static let maximumRequirements = RequirementSet.capacity

  /// Indexes the declared requirements, before routes refer to them.
  mutating func checkRequirementNames() {
    let declared = manifest.requirements?.value ?? []
    for (index, requirement) in declared.enumerated() {
      requirementIndex[requirement.name.value] = index
      if index == Self.maximumRequirements {
        diagnostics.report(
          .tableTooLarge, at: requirement.name.location,
          "the manifest declares \(declared.count) requirements; the compiled table holds at most \(Self.maximumRequirements)"
        )
      }
    }
    checkCollisions(
      declared.map(\.name), "requirement", convert: SwiftName.lowerCamel,
      reserved: ("Requirement", GeneratedMembers.requirement))
  }

  /// A route's `requires`, as indexes in declaration order.
  mutating func checkRequires(_ route: RouteDeclaration) -> [Int] {
    guard let requires = route.requires else { return [] }
    var indexes: [Int] = []
    for name in requires.value {
      if let index = requirementIndex[name.value] {
        indexes.append(index)
        continue
      }
      let hint =
        manifest.requirements == nil
        ? "; declare it under a top-level `requirements` (`\(name.value): {}` or `\(name.value): { route: sign_in }`)"
        : diagnostics.suggestions.didYouMean(name.value, in: requirementIndex.keys.sorted())
      diagnostics.report(
        .unknownRequirement, at: name.location,
        "route `\(route.key.value)` requires `\(name.value)`, which `requirements` does not declare"
          + hint)
    }
    return indexes.sorted()
  }

  /// Each requirement's route: declared, in every variant, and not requiring what it satisfies;
  /// and each requirement used by some route.
  mutating func checkRequirements(_ routes: [ResolvedManifest.Route]) -> [ResolvedManifest
    .Requirement]
  {
    let declared = manifest.requirements?.value ?? []
    var resolved: [ResolvedManifest.Requirement] = []
    for requirement in declared {
      var route: Int?
      if let name = requirement.route {
        route = routeIndex(
          of: name, from: "requirement `\(requirement.name.value)`", "is satisfied on the route")
        if let index = route, routes[index].variants.contains(nil) {
          let missing = variants.indices.filter { routes[index].variants[$0] == nil }
            .map { variants[$0].name }
          diagnostics.report(
            .requirementRouteUnavailable, at: name.location,
            "requirement `\(requirement.name.value)`'s route `\(routes[index].key)` does not exist in \(Suggestions.list(missing)), where a route requiring it would have nothing to show; remove its `only`"
          )
        }
      }
      if let name = requirement.route, let index = route {
        checkRequirementRouteParams(requirement.name.value, name, routes[index])
      }
      resolved.append(ResolvedManifest.Requirement(name: requirement.name.value, route: route))
    }
    checkRequirementCycles(resolved, declared: declared, routes: routes)
    let used = Set(routes.flatMap(\.requires))
    for (index, requirement) in declared.enumerated() where !used.contains(index) {
      diagnostics.report(
        .unusedRequirement, at: requirement.name.location,
        "no route requires `\(requirement.name.value)`; add it to a route's `requires` or remove it"
      )
    }
    return resolved
  }

  /// The router shows a requirement's route with no payload, so each required parameter of its
  /// screen must be a constant of the route, in every variant: one error at the requirement's
  /// `route`, naming each parameter the route would read from a payload.
  private mutating func checkRequirementRouteParams(
    _ requirement: String, _ name: Located<String>, _ route: ResolvedManifest.Route
  ) {
    let needed = valuesNeededWithoutPayload(route)
    guard let first = needed.params.first else { return }
    let quoted = needed.params.map { "`\($0)`" }
    let params =
      quoted.count == 1 ? "a value for \(quoted[0])" : "values for \(Suggestions.all(quoted))"
    diagnostics.report(
      .requirementRouteParam, at: name.location,
      "requirement `\(requirement)`'s route `\(route.key)` opens \(Suggestions.all(needed.screens.map { "`\($0)`" })), which needs \(params) from a payload; the router shows this route with no payload, so give \(quoted.count == 1 ? "it" : "each") a constant in the route (`params: { \(first): { value: ... } }`) or a default in the screen"
    )
  }

  /// A requirement whose route needs it, directly or through the routes of the requirements
  /// that route needs, could never be satisfied: the app would wait for it forever. One error per
  /// cycle, at the first of its requirements in manifest order.
  private mutating func checkRequirementCycles(
    _ requirements: [ResolvedManifest.Requirement], declared: [RequirementDeclaration],
    routes: [ResolvedManifest.Route]
  ) {
    /// The requirements the route of `requirement` needs, directly.
    func needs(_ requirement: Int) -> [Int] {
      requirements[requirement].route.map { routes[$0].requires } ?? []
    }
    var reported: Set<Int> = []
    for start in requirements.indices where !reported.contains(start) {
      // Breadth first from what `start`'s route needs, remembering how each was reached.
      var reachedFrom: [Int: Int] = [:]
      var queue = needs(start).map { ($0, start) }
      var head = 0
      while head < queue.count {
        let (requirement, from) = queue[head]
        head += 1
        guard reachedFrom[requirement] == nil else { continue }
        reachedFrom[requirement] = from
        if requirement == start { break }
        queue += needs(requirement).map { ($0, requirement) }
      }
      guard let last = reachedFrom[start] else { continue }
      var cycle = [start]
      var step = last
      while step != start {
        cycle.append(step)
        step = reachedFrom[step] ?? start
      }
      reported.formUnion(cycle)
      guard let routeName = declared[start].route else { continue }
      let names = ([start] + cycle.dropFirst().reversed()).map { requirements[$0].name }
      let path =
        names.count == 1
        ? "its route `\(routeName.value)` requires `\(names[0])` itself"
        : "its route `\(routeName.value)` needs "
          + names.dropFirst().map { "`\($0)`" }.joined(separator: ", then ")
          + ", whose route requires `\(names[0])`"
      diagnostics.report(
        .requirementCycle, at: routeName.location,
        "requirement `\(names[0])` could never be satisfied: \(path); the route that satisfies a requirement must not need it"
      )
    }
  }
}
