import RouteCompiler
import RouteTable

/// What `routec check-payloads` says about a line that would not open what the server meant:
/// the route, the parameter and the key path it reads, and the value the server sent, so a
/// backend team sees the fix without reading the manifest.
struct PayloadCheckMessages: Sendable {
  let manifest: ResolvedManifest
  let variantNames: [String]
  private let routeIndex: [String: Int]
  private let routeNames: [String]

  /// Values shown in messages are cut to this many characters.
  static let shownValueLength = 60

  init(manifest: ResolvedManifest, table: RouteTable) {
    self.manifest = manifest
    variantNames = table.variantNames
    routeIndex = Dictionary(
      manifest.routes.enumerated().map { ($0.element.key, $0.offset) },
      uniquingKeysWith: { first, _ in first })
    routeNames = manifest.routes.flatMap { [$0.key] + $0.aliases }
  }

  /// The message for `resolution` of `payload`, the worst over the variants, which it got in
  /// `variants` (indices).
  func message(for resolution: Resolution<ScreenInstance>, payload: Payload, variants: [Int])
    -> String
  {
    let text: String
    switch resolution.status {
    case .invalidParams:
      text = invalidParams(resolution, payload: payload)
    case .unknownType:
      let type = shown(resolution.pushType ?? "")
      let suggestion = resolution.pushType.flatMap {
        Suggestions().nearest(to: $0, in: routeNames)
      }
      text =
        "push type `\(type)` names no route, and the manifest has no fallback"
        + (suggestion.map { "; did you mean `\($0)`?" } ?? "")
    case .missingType:
      text = "no type key (\(typeKeys)) holds a push type, and the manifest has no fallback"
    case .unavailable:
      // Always some variants only: a route is in at least one.
      let names = variants.map { "`\(variantNames[$0])`" }
      return "route `\(resolution.route ?? "")` is not in variant"
        + (names.count == 1 ? " " : "s ") + list(names) + "; its `only` leaves "
        + (names.count == 1 ? "it" : "them") + " out"
    case .fallback:
      let opens = resolution.route.map { " (`\($0)`)" } ?? ""
      text =
        resolution.pushType.map {
          "push type `\(shown($0))` names no route; the fallback\(opens) opens instead"
        }
        ?? "no type key (\(typeKeys)) holds a push type; the fallback\(opens) opens instead"
    default:
      text = resolution.status.rawValue
    }
    return text + variantsNote(variants)
  }

  /// " in variant `a`", " in variants `a` and `b`"; nothing when it is every variant.
  private func variantsNote(_ variants: [Int]) -> String {
    guard variants.count < variantNames.count else { return "" }
    let names = variants.map { "`\(variantNames[$0])`" }
    return " (in variant" + (names.count == 1 ? " " : "s ") + list(names) + ")"
  }

  /// `a`, `a and b`, `a, b and c`.
  private func list(_ names: [String]) -> String {
    guard let last = names.last else { return "" }
    return names.count == 1 ? last : names.dropLast().joined(separator: ", ") + " and " + last
  }

  private var typeKeys: String {
    manifest.typeKeys.map { "`\($0.joined(separator: "."))`" }.joined(separator: ", ")
  }

  /// Each parameter error: the parameter, the key path the route reads it at in the resolution's
  /// variant, its type, and what the payload holds there.
  private func invalidParams(_ resolution: Resolution<ScreenInstance>, payload: Payload) -> String {
    let routeName = resolution.route ?? ""
    let sources = routeSources(routeName, variant: resolution.variant)
    let described = resolution.errors.map { error -> String in
      guard let (param, keyPath) = sources[error.param] else {
        return "`\(error.param)` is \(error.reason.rawValue)"
      }
      let path = keyPath.joined(separator: ".")
      switch error.reason {
      case .missing:
        return "`\(error.param)` (\(param.type.rawValue) at `\(path)`) is missing"
      case .invalid:
        let found = payload.parameterValue(atKeyPath: keyPath).map(describe) ?? "nothing"
        return
          "`\(error.param)` (\(param.type.rawValue) at `\(path)`\(constraints(param))) is invalid: found \(found)"
      }
    }
    return "route `\(routeName)`: " + described.joined(separator: "; ")
  }

  /// The route's parameters by name, with the key path each reads in `variant`.
  private func routeSources(_ routeName: String, variant: String) -> [String: (
    ResolvedManifest.Param, [String]
  )] {
    guard let index = routeIndex[routeName],
      let variantIndex = variantNames.firstIndex(of: variant),
      manifest.routes[index].variants.indices.contains(variantIndex),
      let effective = manifest.routes[index].variants[variantIndex]
    else { return [:] }
    var sources: [String: (ResolvedManifest.Param, [String])] = [:]
    for (param, source) in zip(manifest.params(of: effective.target), effective.params) {
      if case .payload(let keyPath) = source { sources[param.name] = (param, keyPath) }
    }
    return sources
  }

  private func constraints(_ param: ResolvedManifest.Param) -> String {
    if let choices = param.choices {
      return ", one of " + choices.map { "`\($0)`" }.joined(separator: ", ")
    }
    return ""
  }

  /// A payload value as a message shows it: its kind and, for a scalar, its value, cut short.
  private func describe(_ value: PayloadValue) -> String {
    switch value {
    case .string(let text): "the string \"\(shown(text))\""
    case .integer(let number): "the number \(number)"
    case .number(let number): "the number \(number)"
    case .bool(let flag): "the boolean \(flag)"
    case .null: "null"
    case .array: "an array"
    case .object: "an object"
    }
  }

  /// `text` cut to `shownValueLength` characters, control characters escaped.
  func shown(_ text: String) -> String {
    let cut =
      text.count > Self.shownValueLength ? String(text.prefix(Self.shownValueLength)) + "…" : text
    return ControlCharacters.escaped(cut)
  }
}
