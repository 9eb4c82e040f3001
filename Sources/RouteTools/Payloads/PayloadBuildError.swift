import RouteCompiler
import RouteTable

/// Why `PayloadBuilder` writes no payload; each description names the fix.
package enum PayloadBuildError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A parameter of the route, as messages name it.
  package struct Parameter: Equatable, Sendable {
    package var name: String
    package var type: ParamType
  }

  /// No route or alias has this name; `suggestion` is a close one, `routes` the route keys.
  case unknownRoute(String, suggestion: String?, routes: [String])
  /// `--variant` names no variant of the manifest.
  case unknownVariant(String, variants: [String])
  /// The route hands the app an app action: a push of its type resolves as `app_action`. `push`
  /// is the smallest such push, as compact JSON.
  case appAction(route: String, action: String, push: String)
  /// The route routes the URL in `param` again as a link; `links` are its link patterns.
  case reroute(route: String, param: String, links: [String])
  /// A required parameter comes from what only a user activity carries (`from: $webpage_url`,
  /// `from: $title`): no push gives it.
  case activityValue(route: String, param: String, from: String)
  /// The route's `only` leaves the variant out; `variants` are those it exists in.
  case unavailable(route: String, variant: String, variants: [String])
  /// Required parameters no `--param` gives, without `--example`.
  case missingParameters(route: String, [Parameter])
  /// A `--param` that names no parameter of the route's screen.
  case unknownParameter(
    route: String, name: String, suggestion: String?, parameters: [String], screen: String)
  /// A `--param` for a parameter the route sets to a constant, which no payload carries.
  case constantParameter(route: String, name: String, value: String)
  /// A `--param` value that is not a value of the parameter's type (or is longer than its
  /// `max_length`).
  case invalidValue(name: String, value: String, type: ParamType, maxLength: Int)
  /// A `--param` value that is not among the parameter's `choices`.
  case notAChoice(name: String, value: String, choices: [String])
  /// The payload does not resolve back to the route with the values asked for: `outcome` says
  /// what it does resolve to.
  case doesNotResolve(route: String, fcm: Bool, outcome: String)
  /// The payload is larger than APNs delivers.
  case tooLarge(bytes: Int)

  package var description: String {
    switch self {
    case .unknownRoute(let name, let suggestion, let routes):
      let hint = suggestion.map { "; did you mean `\($0)`?" } ?? ""
      guard routes.count <= Self.shortList else {
        return "the manifest has no route `\(name)`"
          + (hint.isEmpty ? "; give a key of its `routes` or an alias" : hint)
      }
      let listed = Suggestions.all(routes.map { "`\($0)`" })
      return "the manifest has no route `\(name)`"
        + (hint.isEmpty ? "; its routes are \(listed)" : "\(hint) Its routes are \(listed)")
    case .unknownVariant(let name, let variants):
      return "unknown variant `\(name)`; the manifest declares \(Self.list(variants))"
    case .appAction(let route, let action, let push):
      return
        "route `\(route)` opens no screen: it is the app command `\(action)`, which a push of its type runs (`routec resolve MANIFEST --payload '\(push)'` gives `app_action`); write a payload for a route with a `screen`"
    case .reroute(let route, let param, let links):
      let reached =
        links.isEmpty
        ? "" : "; links reach it (\(Suggestions.all(links.map { "`\($0)`" })))"
      return
        "route `\(route)` opens no screen of its own: it routes the URL in `\(param)` again as a link\(reached); write a payload for the route that URL opens (`routec resolve MANIFEST --url URL` names it)"
    case .activityValue(let route, let param, let from):
      return
        "route `\(route)` reads its required parameter `\(param)` from `\(from)`, which only a user activity carries, so no push opens it; resolve the activity with `routec resolve MANIFEST --activity TYPE`"
    case .unavailable(let route, let variant, let variants):
      guard !variants.isEmpty else { return "route `\(route)` exists in no variant" }
      return
        "route `\(route)` does not exist in variant `\(variant)` (its `only` leaves it out); give --variant \(Self.list(variants, or: true))"
    case .missingParameters(let route, let parameters):
      let named = Suggestions.all(parameters.map { "`\($0.name)` (\($0.type.rawValue))" })
      let how =
        parameters.count == 1
        ? "give it with --param \(parameters[0].name)=VALUE"
        : "give each with --param NAME=VALUE"
      return "route `\(route)` needs \(named); \(how), or --example for example values"
    case .unknownParameter(let route, let name, let suggestion, let parameters, let screen):
      let hint =
        suggestion.map { "; did you mean `\($0)`?" }
        ?? (parameters.isEmpty
          ? "; its screen `\(screen)` has no parameters"
          : "; its parameters are \(Suggestions.all(parameters.map { "`\($0)`" }))")
      return "route `\(route)` has no parameter `\(name)`\(hint)"
    case .constantParameter(let route, let name, let value):
      return
        "route `\(route)` sets parameter `\(name)` to the constant `\(value)`, which no payload carries; leave out --param \(name)"
    case .invalidValue(let name, let value, let type, let maxLength):
      let shown = Self.shown(value)
      switch type {
      case .int:
        return
          "--param \(name): `\(shown)` is not an int; write digits with an optional leading `-`, like `42`"
      case .bool:
        return
          "--param \(name): `\(shown)` is not a bool; write `true`, `false`, `1` or `0`"
      case .double:
        return
          "--param \(name): `\(shown)` is not a double; write a decimal number, like `2.5`, `-1` or `1e3`"
      case .string:
        return
          "--param \(name): the value has \(ParamValue.length(of: value)) characters, more than the parameter's `max_length`, \(maxLength); shorten it"
      case .query:
        return
          "--param \(name): `\(shown)` is not a query; write a JSON object of strings, numbers and booleans, like `{\"utm_source\":\"mail\"}`"
      }
    case .notAChoice(let name, let value, let choices):
      return
        "--param \(name): `\(Self.shown(value))` is not one of the parameter's choices; write \(Self.list(choices, or: true))"
    case .doesNotResolve(let route, let fcm, let outcome):
      return
        "the payload for route `\(route)`\(fcm ? ", as FCM delivers it," : "") does not open it with the values given: it \(outcome); the route reads a parameter where the payload holds the push type or another parameter's value, so give values that agree there, or leave one out"
    case .tooLarge(let bytes):
      return
        "the payload would be \(bytes) bytes, more than the \(SimulatorKit.maximumPayloadSize) APNs delivers; give shorter --param values"
    }
  }

  /// Route lists at most this long are written out in full.
  static let shortList = 10

  /// "`a`, `b`" (or "`a` or `b`" with `or`), "none" for no names.
  static func list(_ names: [String], or: Bool = false) -> String {
    guard !names.isEmpty else { return "none" }
    return or ? Suggestions.list(names) : names.map { "`\($0)`" }.joined(separator: ", ")
  }

  /// A value as messages quote it: at most 40 characters.
  static func shown(_ value: String) -> String {
    ParamValue.length(of: value) > 40 ? String(value.unicodeScalars.prefix(40)) + "…" : value
  }
}
