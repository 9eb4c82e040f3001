@_spi(Generated) import RouteTable

/// Every member of a resolution through a generated namespace, compared at once: what
/// `routec resolve` prints of it (docs/commands.md), with the screen and its parameters as the
/// namespace's typed `Destination`. An expectation names the members its status sets and leaves
/// the others empty, so a member the resolver sets that the test does not expect fails the
/// comparison as a wrong one does.
struct Outcome<Destination: Hashable & Sendable>: Hashable {
  var status: ResolutionStatus
  var variant: String
  var pushType: String? = nil
  var matchedBy: ResolutionMatch? = nil
  var category: String? = nil
  var notificationAction: String? = nil
  var appAction: String? = nil
  var reroutedFrom: [String] = []
  var route: String? = nil
  var link: String? = nil
  var destination: Destination? = nil
  var stack: [Destination] = []
  var tab: TabSelection? = nil
  var url: String? = nil
  var presentation: Presentation? = nil
  var foregroundPolicy: ForegroundPolicy? = nil
  var errors: [ParameterError] = []
  var requires = RequirementSet()
}

extension Outcome {
  init(_ resolution: Resolution<Destination>) {
    self.init(
      status: resolution.status, variant: resolution.variant, pushType: resolution.pushType,
      matchedBy: resolution.matchedBy, category: resolution.category,
      notificationAction: resolution.notificationAction, appAction: resolution.appAction,
      reroutedFrom: resolution.reroutedFrom, route: resolution.route, link: resolution.link,
      destination: resolution.destination, stack: resolution.stack, tab: resolution.tab,
      url: resolution.url, presentation: resolution.presentation,
      foregroundPolicy: resolution.foregroundPolicy, errors: resolution.errors,
      requires: resolution.requires)
  }
}
