/// How a route's screen is shown.
public enum Presentation: String, CaseIterable, Hashable, Sendable {
  case push, modal
}

/// What a route does when its push arrives while the app is in the foreground.
public enum ForegroundPolicy: String, CaseIterable, Hashable, Sendable {
  case navigate, banner, ignore
}

/// Where the app was when a payload arrived. Only `foreground` changes the outcome: it applies
/// the route's `foreground` policy; a launch or a tap in the background always navigates.
public enum AppState: String, CaseIterable, Hashable, Sendable {
  case launch, background, foreground
}

/// The outcome kinds of a resolution, as the manifest language defines them.
public enum ResolutionStatus: String, CaseIterable, Hashable, Sendable {
  /// The payload's push type names a route that exists in the variant and its params are valid.
  case matched
  /// The payload's type is missing or unknown and the manifest's fallback route was used.
  case fallback
  /// The type names no route and there is no usable fallback.
  case unknownType = "unknown_type"
  /// No type key holds a non-empty string and there is no usable fallback.
  case missingType = "missing_type"
  /// The route exists but a parameter is missing or invalid; never hidden by the fallback.
  case invalidParams = "invalid_params"
  /// The route exists, but not in this variant (its `only` leaves the variant out).
  case unavailable
  /// An action button tap whose category (`aps.category`) or action the manifest does not
  /// declare.
  case unknownAction = "unknown_action"
  /// An action button without a route: the app handles it (in the background), nothing opens.
  case appAction = "app_action"
  /// A URL that is not a link of the manifest's hosts or schemes, or that no link pattern
  /// matches; the app typically opens it in the browser.
  case unknownLink = "unknown_link"
}

/// Why a parameter made a resolution `invalid_params`.
public struct ParameterError: Hashable, Sendable {
  public enum Reason: String, Hashable, Sendable {
    case missing, invalid
  }

  public var param: String
  public var reason: Reason

  public init(param: String, reason: Reason) {
    self.param = param
    self.reason = reason
  }
}

/// The tab a route selects, by name and 0-based index in the variant's tab bar.
public struct TabSelection: Hashable, Sendable {
  public var index: Int
  private var names: TabName

  /// The tab's name in the manifest, made when read (a resolution keeps where it is in the
  /// table; apps select tabs by `index`).
  public var name: String {
    get { names.name }
    set { names = .given(newValue) }
  }

  public init(name: String, index: Int) {
    self.index = index
    names = .given(name)
  }

  init(index: Int, names: TabName) {
    self.index = index
    self.names = names
  }

  public static func == (lhs: TabSelection, rhs: TabSelection) -> Bool {
    lhs.index == rhs.index && lhs.name == rhs.name
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(index)
    hasher.combine(name)
  }
}

/// A screen with its typed parameter values, before the app's generated code turns it into its
/// `Destination` enum.
public struct ScreenInstance: Hashable, Sendable {
  /// The screen's index in the manifest's `screens`, which is what generated code switches on.
  public var index: Int
  /// One value per screen parameter, in the manifest's order; nil for an absent optional one.
  public var values: [ParamValue?]
  let names: ScreenNames

  /// The screen's name, made when read (a resolution keeps where it is in the table).
  public var name: String { names.name }

  /// The parameters by name and value, in the manifest's order, made when read.
  public var params: [(name: String, value: ParamValue?)] {
    Array(zip(names.params(count: values.count), values))
  }

  public init(index: Int, name: String, params: [(name: String, value: ParamValue?)]) {
    self.index = index
    values = params.map(\.value)
    names = .given(name: name, params: params.map(\.name))
  }

  init(index: Int, values: [ParamValue?], names: ScreenNames) {
    self.index = index
    self.values = values
    self.names = names
  }

  public static func == (lhs: ScreenInstance, rhs: ScreenInstance) -> Bool {
    lhs.index == rhs.index && lhs.values == rhs.values && lhs.name == rhs.name
      && lhs.names.params(count: lhs.values.count) == rhs.names.params(count: rhs.values.count)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(index)
    hasher.combine(values)
  }
}

/// What a payload resolves to. A value, never an error: payloads are untrusted input and every
/// outcome, including a malformed payload, is one of the statuses.
public struct Resolution<Destination: Sendable>: Sendable {
  public var status: ResolutionStatus
  /// The push type read from the payload, when it had one.
  public var pushType: String?
  /// Set for matched and fallback.
  public var destination: Destination?
  public var tab: TabSelection?
  public var url: String?
  public var presentation: Presentation?
  /// For matched and fallback: what the app should do now, given its state.
  public var action: ForegroundPolicy?
  /// For invalid_params.
  public var errors: [ParameterError]
  /// For an action button tap: the payload's `aps.category`, when it has one.
  public var category: String?
  /// For an action button tap: the action's identifier.
  public var notificationAction: String?
  @usableFromInline
  var names: ResolutionNames

  /// The variant used (`default` when the manifest declares none).
  public var variant: String {
    get { names.variant }
    set { names = ResolutionNames(variant: newValue, route: route, link: link) }
  }

  /// The route's key (an alias resolves to its route) for matched, fallback, invalid_params and
  /// unavailable.
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
    presentation: Presentation? = nil, action: ForegroundPolicy? = nil,
    errors: [ParameterError] = [], category: String? = nil, notificationAction: String? = nil,
    link: String? = nil
  ) {
    self.init(
      status: status, names: ResolutionNames(variant: variant, route: route, link: link),
      pushType: pushType, destination: destination, tab: tab, url: url,
      presentation: presentation, action: action, errors: errors, category: category,
      notificationAction: notificationAction)
  }

  @inlinable  // specialized in the app's module with `map`, see there
  init(
    status: ResolutionStatus, names: ResolutionNames, pushType: String? = nil,
    destination: Destination? = nil, tab: TabSelection? = nil, url: String? = nil,
    presentation: Presentation? = nil, action: ForegroundPolicy? = nil,
    errors: [ParameterError] = [], category: String? = nil, notificationAction: String? = nil
  ) {
    self.status = status
    self.names = names
    self.pushType = pushType
    self.destination = destination
    self.tab = tab
    self.url = url
    self.presentation = presentation
    self.action = action
    self.errors = errors
    self.category = category
    self.notificationAction = notificationAction
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
      presentation: presentation, action: action)
    swap(&other.names, &names)
    other.pushType = pushType.take()
    other.url = url.take()
    swap(&other.errors, &errors)
    other.category = category.take()
    other.notificationAction = notificationAction.take()
    return other
  }
}
