import RouteCompiler
@_spi(Generated) import RouteTable

/// The JSON object `routec resolve` prints for a resolution, with the members docs/commands.md's
/// `routec resolve` section lists for each status.
package enum ResolutionJSON {
  /// `requirementNames` are the manifest's requirements, in order; `satisfied` those the app
  /// reports as satisfied (`--satisfied`).
  package static func value(
    _ resolution: Resolution<ScreenInstance>, requirementNames: [String] = [],
    satisfied: RequirementSet = RequirementSet()
  ) -> JSONValue {
    var members: [String: JSONValue] = [
      "status": .string(resolution.status.rawValue),
      "variant": .string(resolution.variant),
    ]
    if let pushType = resolution.pushType {
      members["type"] = .string(pushType)
    }
    // A route's app action; a URL routed again, and the URL a reroute gave up on.
    if let appAction = resolution.appAction {
      members["app_action"] = .string(appAction)
    }
    if !resolution.reroutedFrom.isEmpty {
      members["rerouted_from"] = .array(resolution.reroutedFrom.map { .string($0) })
      if resolution.status == .unknownLink { members["url"] = optional(resolution.url) }
    }
    // A push without a declared type, matched by its keys or its category.
    if let match = resolution.matchedBy {
      members["matched_by"] = .string(match.rawValue)
      if match == .category { members["category"] = optional(resolution.category) }
    }
    switch resolution.status {
    case .matched, .fallback:
      members["route"] = optional(resolution.route)
      members["screen"] = optional(resolution.destination?.name)
      members["params"] = params(of: resolution.destination)
      members["stack"] = .array(
        resolution.stack.map { .object(["screen": .string($0.name), "params": params(of: $0)]) })
      if !resolution.requires.isEmpty {
        func names(_ set: RequirementSet) -> JSONValue {
          .array(
            set.positions.map {
              .string(requirementNames.indices.contains($0) ? requirementNames[$0] : "")
            })
        }
        members["requires"] = names(resolution.requires)
        members["unmet"] = names(resolution.unmet(satisfied: satisfied))
      }
      members["tab"] =
        resolution.tab.map {
          .object(["index": .number(String($0.index)), "name": .string($0.name)])
        } ?? .null
      members["url"] = optional(resolution.url)
      members["presentation"] = optional(resolution.presentation?.rawValue)
      members["action"] = optional(resolution.foregroundPolicy?.rawValue)
    case .invalidParams:
      members["route"] = optional(resolution.route)
      members["errors"] = .array(
        resolution.errors.map {
          .object(["param": .string($0.param), "reason": .string($0.reason.rawValue)])
        })
    case .unavailable:
      members["route"] = optional(resolution.route)
    case .appAction:
      // The route whose app action it is; an action button without a route has none.
      if let route = resolution.route { members["route"] = .string(route) }
    case .unknownType, .missingType, .unknownAction, .unknownLink, .unknownShortcut,
      .unknownActivity, .unknownIntent:
      break
    }
    // A quick action or a user activity: its type; an App Intent: its key.
    if let shortcut = resolution.shortcut {
      members["shortcut"] = .string(shortcut)
    }
    if let activity = resolution.activity {
      members["activity"] = .string(activity)
    }
    if let intent = resolution.intent {
      members["intent"] = .string(intent)
    }
    // A URL: the pattern that matched, exactly as the manifest writes it.
    if let link = resolution.link {
      members["link"] = .string(link)
    }
    // An action button tap: the tapped action, and the category when the payload names one.
    if let action = resolution.notificationAction {
      members["notification_action"] = .string(action)
      members["category"] = optional(resolution.category)
    }
    return .object(members)
  }

  /// A screen's parameters by name; an absent optional one is `null`.
  private static func params(of screen: ScreenInstance?) -> JSONValue {
    var params: [String: JSONValue] = [:]
    for param in screen?.params ?? [] {
      params[param.name] = param.value.map(value) ?? .null
    }
    return .object(params)
  }

  /// A parameter value: strings as strings, ints in decimal, bools as `true`/`false`,
  /// doubles as `ParamValue.formatted` (a valid JSON number for every finite double; a
  /// non-finite one, which coercion never produces, is `null`), and query items as an object of
  /// strings (the writer sorts its keys).
  static func value(_ param: ParamValue) -> JSONValue {
    switch param {
    case .string(let string): .string(string)
    case .int(let int): .number(String(int))
    case .bool(let bool): .bool(bool)
    case .double(let double): double.isFinite ? .number(param.formatted) : .null
    case .query(let items): .object(items.mapValues { .string($0) })
    }
  }

  private static func optional(_ string: String?) -> JSONValue {
    string.map { .string($0) } ?? .null
  }
}
