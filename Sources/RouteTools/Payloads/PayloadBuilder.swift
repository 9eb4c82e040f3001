import Foundation
import RouteCompiler
import RouteTable

/// The push payloads `routec payload` writes: one that resolves to a given route with given
/// parameter values.
///
/// A payload holds the route's push type (the name asked for: its key or an alias) at a type key
/// (the first one, unless a parameter reads that key), the route's `category` in `aps.category`
/// when it has one, and each parameter given at the key path the route reads it from in the
/// variant, typed as the screen declares it (an `int` as a JSON integer, a `bool` as a boolean, a
/// `double` as a number, a `query` as an object). With `example`, every other parameter the
/// route reads from the payload holds the value `routec examples` writes; without it, they are
/// left out, and a required one is an error. Values are read from text by the runtime's own
/// coercion (`ParamValue.coerce`), so `007` is the int 7.
///
/// Every payload returned is one the runtime resolves as `matched`, by the route, with the
/// values given (with `fcm`, the payload iOS receives from the FCM request, too), and is at most
/// `SimulatorKit.maximumPayloadSize` bytes as compact JSON; otherwise it throws.
package struct PayloadBuilder: Sendable {
  /// A payload written for a route.
  package struct Built: Sendable, Equatable {
    /// The route's key.
    package var route: String
    /// The variant's index.
    package var variant: Int
    /// What the app receives: APNs' payload (also what iOS makes of the FCM request).
    package var payload: Payload
    /// The screen the payload opens, with every parameter's value.
    package var screen: ScreenInstance
    /// The JSON to send: the APNs payload, or with `fcm` the FCM HTTP v1 request.
    package var json: JSONValue
  }

  package let manifest: ResolvedManifest
  /// `manifest`'s compiled table, which resolves what is built.
  package let table: RouteTable

  package init(manifest: ResolvedManifest, table: RouteTable) {
    self.manifest = manifest
    self.table = table
  }

  /// The payload that opens `routeName` (a route key or alias) in the variant named `variant`
  /// (the default variant when nil) with `values` (parameter name and value as text, in the
  /// order given), every other parameter an example when `example`; the FCM request that
  /// delivers it when `fcm`.
  package func build(
    route routeName: String, values: [(name: String, text: String)], example: Bool = false,
    variant: String? = nil, fcm: Bool = false
  ) throws(PayloadBuildError) -> Built {
    let variantIndex = try self.variant(named: variant)
    let (index, route) = try self.route(named: routeName)
    guard let effective = route.variants[variantIndex] else {
      throw .unavailable(
        route: route.key, variant: manifest.variants[variantIndex].name,
        variants: zip(manifest.variants, route.variants).compactMap { $1 == nil ? nil : $0.name })
    }
    // `route(named:)` refused screenless routes.
    guard let screenIndex = effective.screen else {
      throw .unavailable(
        route: route.key, variant: manifest.variants[variantIndex].name, variants: [])
    }
    let screen = manifest.screens[screenIndex]
    for (param, source) in zip(screen.params, effective.params) where param.requirement == .required
    {
      if case .payload(let path) = source, let first = path.first, first.hasPrefix("$") {
        throw .activityValue(route: route.key, param: param.name, from: first)
      }
    }
    let given = try PayloadValues.parse(
      values, route: route.key, screen: screen, sources: effective.params)
    if !example {
      try requireEveryParameter(route: route.key, screen: screen, effective, given: given)
    }
    guard
      let made = table.payload(
        route: index, variant: variantIndex, pushType: routeName,
        values: given.mapValues(\.payload), fillsOthers: example)
    else {
      throw .unavailable(
        route: route.key, variant: manifest.variants[variantIndex].name, variants: [])
    }
    let object = RoutePayload.object(made, category: category(of: route))
    let payload = Payload(object.mapValues(\.payloadValue))
    let opened = try check(
      payload, route: route.key, variant: variantIndex, given: given, fcm: false)
    var json = JSONValue.object(object)
    if fcm {
      json = FCMMessage.request(for: payload)
      guard case .object(let request) = json.payloadValue,
        let received = try? FCMMessage.receivedPayload(request)
      else {
        throw .doesNotResolve(route: route.key, fcm: true, outcome: "gives the app nothing")
      }
      let again = try check(
        received, route: route.key, variant: variantIndex, given: given, fcm: true)
      guard again == opened else {
        throw .doesNotResolve(
          route: route.key, fcm: true,
          outcome: "opens \(Self.describe(again)) instead of \(Self.describe(opened))")
      }
    }
    let bytes = JSONWriter.compactText(.object(object)).utf8.count
    guard bytes <= SimulatorKit.maximumPayloadSize else { throw .tooLarge(bytes: bytes) }
    return Built(
      route: route.key, variant: variantIndex, payload: payload, screen: opened, json: json)
  }

  /// The index of the variant `name` names, the default variant when nil.
  private func variant(named name: String?) throws(PayloadBuildError) -> Int {
    guard let name else { return manifest.defaultVariant }
    guard let index = manifest.variants.firstIndex(where: { $0.name == name }) else {
      throw .unknownVariant(name, variants: manifest.variants.map(\.name))
    }
    return index
  }

  /// The route `name` (a route key or an alias) names, when pushes open its screen.
  private func route(named name: String) throws(PayloadBuildError) -> (Int, ResolvedManifest.Route)
  {
    guard let index = table.route(forPushType: name), manifest.routes.indices.contains(index)
    else {
      let names = manifest.routes.flatMap { [$0.key] + $0.aliases }
      throw .unknownRoute(
        name, suggestion: Suggestions().nearest(to: name, in: names),
        routes: manifest.routes.map(\.key))
    }
    let route = manifest.routes[index]
    switch route.target {
    case .screen?, nil: return (index, route)
    case .appAction(let action)?:
      let push = manifest.typeKeys.first.map { Self.nested(.string(name), at: $0) } ?? .null
      throw .appAction(route: route.key, action: action, push: JSONWriter.compactText(push))
    case .reroute(let param)?:
      throw .reroute(route: route.key, param: param, links: route.links.map(\.text))
    }
  }

  /// Throws the required parameters read from the payload that `given` leaves out (one at the
  /// first type key holds the push type).
  private func requireEveryParameter(
    route: String, screen: ResolvedManifest.Screen, _ effective: ResolvedManifest.EffectiveRoute,
    given: [Int: PayloadValues.Given]
  ) throws(PayloadBuildError) {
    var filled = Set(
      given.keys.compactMap { effective.params.indices.contains($0) ? effective.params[$0] : nil })
    if let typeKey = manifest.typeKeys.first { filled.insert(.payload(keyPath: typeKey)) }
    let missing = zip(screen.params, effective.params).filter { param, source in
      guard case .payload = source, param.requirement == .required else { return false }
      return !filled.contains(source)
    }
    guard missing.isEmpty else {
      throw .missingParameters(
        route: route, missing.map { .init(name: $0.0.name, type: $0.0.type) })
    }
  }

  /// The screen `payload` opens, when it is the route's with every value of `given`.
  private func check(
    _ payload: Payload, route: String, variant: Int, given: [Int: PayloadValues.Given], fcm: Bool
  ) throws(PayloadBuildError) -> ScreenInstance {
    let resolution = table.resolve(payload, variant: variant)
    guard RoutePayload.opens(resolution, route: route), let screen = resolution.destination else {
      throw .doesNotResolve(route: route, fcm: fcm, outcome: Self.describe(resolution))
    }
    for (index, value) in given.sorted(by: { $0.key < $1.key })
    where screen.values.indices.contains(index) && screen.values[index] != value.value {
      let name = screen.params[index].name
      let got = screen.values[index].map { "the value `\($0.formatted)`" } ?? "no value"
      throw .doesNotResolve(
        route: route, fcm: fcm,
        outcome: "gives `\(name)` \(got), not `\(value.value.formatted)`")
    }
    return screen
  }

  /// The route's `category`, when the manifest declares it: its pushes carry it.
  private func category(of route: ResolvedManifest.Route) -> String? {
    route.category.flatMap { name in
      manifest.categories.contains { $0.name == name } ? name : nil
    }
  }

  /// `value` inside objects along `keyPath`.
  static func nested(_ value: JSONValue, at keyPath: [String]) -> JSONValue {
    keyPath.reversed().reduce(value) { inner, key in .object([key: inner]) }
  }

  /// What a resolution that is not the route's is, for messages.
  static func describe(_ resolution: Resolution<ScreenInstance>) -> String {
    var text = "resolves as `\(resolution.status.rawValue)`"
    if let route = resolution.route { text += " (route `\(route)`)" }
    if !resolution.errors.isEmpty {
      text +=
        " with "
        + Suggestions.all(resolution.errors.map { "`\($0.param)` \($0.reason.rawValue)" })
    }
    return text
  }

  /// A screen and its values, for messages.
  static func describe(_ screen: ScreenInstance) -> String {
    let values = screen.params.map { "\($0.name): \($0.value.map(\.formatted) ?? "nil")" }
    return "`\(screen.name)(\(values.joined(separator: ", ")))`"
  }
}
