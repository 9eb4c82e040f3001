extension RouteTable {
  /// The names of the manifest's `requirements`, in manifest order: the generated `Requirement`'s
  /// cases, and the positions of a `RequirementSet`.
  package var requirementNames: [String] {
    image.read {
      $0.names(.requirementCount, .requirementsAt, RouteTableLayout.RequirementEntry.name)
    }
  }

  /// The route shown while the requirement at `position` does not hold (`requirements.NAME.route`),
  /// resolved in `variant` as `matched` with no payload: its screen's parameters take their
  /// constants and defaults, and a required one read from the payload makes it `invalidParams`.
  /// Nil when the requirement names no route, or there is no such requirement.
  @usableFromInline
  package func resolve(requirement position: Int, variant: Int) -> Resolution<ScreenInstance>? {
    image.read { reader in
      typealias Requirement = RouteTableLayout.RequirementEntry
      guard (0..<reader.header(.requirementCount)).contains(position) else { return nil }
      let record = reader.record(position, of: Requirement.self, at: reader.header(.requirementsAt))
      let route = reader.word(record, Requirement.route)
      guard (0..<reader.header(.routeCount)).contains(route) else { return nil }
      let resolver = Resolver(
        image: image, reader: reader, baseOverrides: baseOverrides, state: .background)
      return resolver.resolveRoute(
        route, status: .matched, pushType: nil, reader.variant(variant),
        supply: { _, _ in .absent })
    }
  }
}
