/// What a payload resolves to. A value, never an error: payloads are untrusted input and every
/// outcome, including a malformed payload, is one of the statuses.
public struct Resolution<Destination: Sendable>: Sendable {
  public var status: ResolutionStatus
  /// The push type read from the payload, when it had one.
  public var pushType: String?
  /// For a push matched without a declared push type: whether by its keys (`when_present`) or
  /// by its notification category's `route`; nil for every other resolution.
  public var matchedBy: ResolutionMatch?
  /// For `appAction` from a route with `app_action`: the app action's name (an action button
  /// without a route leaves it nil: `notificationAction` names the button).
  public var appAction: String?
  /// The routes with `reroute` whose URL this resolution is of, in the order they were
  /// followed; empty unless a URL was routed again.
  public var reroutedFrom: [String] = []
  /// Set for matched and fallback.
  public var destination: Destination?
  public var tab: TabSelection?
  /// For matched and fallback, the route's expanded URL template (nil without one). For an
  /// `unknown_link` that a route with `reroute` carried, the carried URL when it is an `http` or
  /// `https` address, to open in the browser; nil for any other scheme.
  public var url: String?
  public var presentation: Presentation?
  /// For matched and fallback: what the app should do now, given its state: `.navigate`, or in
  /// the foreground the route's `foreground` policy. Not `notificationAction`, the button tapped.
  public var foregroundPolicy: ForegroundPolicy?
  /// For invalid_params.
  public var errors: [ParameterError]
  /// For an action button tap: the payload's `aps.category`, when it has one; for a push matched
  /// by its category's `route`, that category.
  public var category: String?
  /// For an action button tap: the action's identifier.
  public var notificationAction: String?
  /// For a Home Screen quick action: the item's type.
  public var shortcut: String? {
    get { if case .shortcut(let type)? = door { type } else { nil } }
    set { door = newValue.map(ResolutionDoor.shortcut) }
  }
  /// For a continued or restored user activity: its type.
  public var activity: String? {
    get { if case .activity(let type)? = door { type } else { nil } }
    set { door = newValue.map(ResolutionDoor.activity) }
  }
  /// For an App Intent: its key in the manifest's `intents`.
  public var intent: String? {
    get { if case .intent(let key)? = door { key } else { nil } }
    set { door = newValue.map(ResolutionDoor.intent) }
  }
  /// The quick action, user activity or App Intent resolved, if the resolution is of one: one
  /// stored value for all, since a resolution comes through one door.
  @usableFromInline
  var door: ResolutionDoor?
  /// For matched and fallback: the requirements (`requires`) that must hold before the screen is
  /// shown; empty when the route has none. `RouteTableRouter` holds such a resolution until the
  /// app reports them satisfied.
  public var requires: RequirementSet
  /// For matched and fallback: the screens beneath the destination, bottom first (the route's
  /// `stack` in its variant); empty when it has none.
  public var stack: [Destination]
  @usableFromInline
  var names: ResolutionNames

  /// The variant used (`default` when the manifest declares none).
  public var variant: String {
    get { names.variant }
    set { names = ResolutionNames(variant: newValue, route: route, link: link) }
  }

  /// The route's key (an alias resolves to its route) for matched, fallback, invalid_params and
  /// unavailable, and for app_action from a route with `app_action` (nil for an action button
  /// without a route).
  public var route: String? {
    get { names.route }
    set { names = ResolutionNames(variant: variant, route: newValue, link: link) }
  }

  /// For a URL: the link pattern that matched, exactly as the manifest writes it.
  public var link: String? {
    get { names.link }
    set { names = ResolutionNames(variant: variant, route: route, link: newValue) }
  }

  public init(
    status: ResolutionStatus, variant: String, pushType: String? = nil, route: String? = nil,
    destination: Destination? = nil, tab: TabSelection? = nil, url: String? = nil,
    presentation: Presentation? = nil, foregroundPolicy: ForegroundPolicy? = nil,
    errors: [ParameterError] = [], category: String? = nil, notificationAction: String? = nil,
    link: String? = nil, requires: RequirementSet = RequirementSet(), stack: [Destination] = []
  ) {
    self.init(
      status: status, names: ResolutionNames(variant: variant, route: route, link: link),
      pushType: pushType, destination: destination, tab: tab, url: url,
      presentation: presentation, foregroundPolicy: foregroundPolicy, errors: errors,
      category: category,
      notificationAction: notificationAction, requires: requires, stack: stack)
  }

  @inlinable  // specialized in the app's module with `map`, see there
  init(
    status: ResolutionStatus, names: ResolutionNames, pushType: String? = nil,
    destination: Destination? = nil, tab: TabSelection? = nil, url: String? = nil,
    presentation: Presentation? = nil, foregroundPolicy: ForegroundPolicy? = nil,
    errors: [ParameterError] = [], category: String? = nil, notificationAction: String? = nil,
    requires: RequirementSet = RequirementSet(), stack: [Destination] = []
  ) {
    self.status = status
    self.names = names
    self.pushType = pushType
    self.destination = destination
    self.tab = tab
    self.url = url
    self.presentation = presentation
    self.foregroundPolicy = foregroundPolicy
    self.errors = errors
    self.category = category
    self.notificationAction = notificationAction
    self.requires = requires
    self.stack = stack
  }

  /// The requirements of `requires` that `satisfied` does not hold, in manifest order; the
  /// router holds a resolution while this is not empty. Allocates nothing.
  @inlinable
  public func unmet(satisfied: RequirementSet) -> RequirementSet {
    requires.subtracting(satisfied)
  }

  /// The same resolution with its destination converted, which is how generated code turns a
  /// `ScreenInstance` into the app's typed `Destination`.
  ///
  /// Inlinable so the app's module specializes it for its `Destination`: called generically
  /// across the module boundary, it looked up the generic metadata of `Resolution<Other>` and
  /// `Other?` on every resolution, about a tenth of a link resolution's instructions. It moves
  /// the other members out of `self` rather than copying them: each copied string was retained
  /// and then released with `self`.
  @inlinable
  public consuming func map<Other: Sendable>(_ transform: (Destination) -> Other?)
    -> Resolution<Other>
  {
    var other = Resolution<Other>(
      status: status, names: ResolutionNames(),
      destination: destination.take().flatMap(transform), tab: tab.take(),
      presentation: presentation, foregroundPolicy: foregroundPolicy, requires: requires)
    if !stack.isEmpty {
      other.stack.reserveCapacity(stack.count)
      for screen in stack {
        if let mapped = transform(screen) { other.stack.append(mapped) }
      }
    }
    swap(&other.names, &names)
    other.pushType = pushType.take()
    other.matchedBy = matchedBy
    other.appAction = appAction.take()
    swap(&other.reroutedFrom, &reroutedFrom)
    other.url = url.take()
    swap(&other.errors, &errors)
    other.category = category.take()
    other.notificationAction = notificationAction.take()
    other.door = door.take()
    return other
  }
}
