// libFuzzer harness: the input is a push payload (JSON text), resolved against every example
// manifest in `routes/` (compiled once, at start-up) under every variant, one index on each side
// of the range, and every app state. The input's text and its string values also go through
// URL template expansion, as the values of every template's parameters.
//
// Beyond "does not crash", it checks what the runtime promises about untrusted payloads:
// - each status carries exactly the fields `routec resolve` documents for it (docs/commands.md);
// - parameters have their declared type, strings within `max_length`, and nil only when
//   optional; the tab is one of the variant's;
// - an expanded URL keeps its template's scheme and host, and every value percent-decodes back
//   to itself, so a payload can never change where a URL points; templates of every shape
//   (`URLTemplateShapes`), lint-clean or not, keep their scheme, host, port and path prefix,
//   and pass no query item through under a key they write themselves;
// - `Payload(jsonData:)` and `Payload(userInfo:)` agree, and resolution is deterministic;
// - check-payloads' parser (`PayloadJSONParser`) reads an object exactly when
//   `Payload(jsonData:)` does, into the same values.
//
// ROUTETABLE_FUZZ_ROUTES names the manifest folder (default `routes`, from the package root);
// the real-apps test fixture (`when_present` routes, a category's route) is read beside it.

import Foundation
import RouteCompiler
@_spi(Generated) import RouteTable
import TestSupport

private struct Compiled: Sendable {
  var name: String
  var manifest: ResolvedManifest
  var table: RouteTable
  var baseURLs: [String: String]
}

/// Start-up work, not input: a manifest that does not compile is a broken checkout, so it traps.
private let compiled: [Compiled] = {
  let folder = ProcessInfo.processInfo.environment["ROUTETABLE_FUZZ_ROUTES"] ?? "routes"
  let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
    .filter { $0.hasSuffix(".routes.yaml") }.sorted()
  invariant(!names.isEmpty, "no *.routes.yaml in \(folder); run from the package root")
  let realApps = "Tests/RoutecEndToEndTests/Fixtures/real-apps.routes.yaml"
  let paths =
    names.map { "\(folder)/\($0)" }
    + (FileManager.default.fileExists(atPath: realApps) ? [realApps] : [])
  return paths.map { path in
    let name = String(path.split(separator: "/").last ?? "")
    let bytes = FileManager.default.contents(atPath: path).map { [UInt8]($0) }
    let output = ManifestPipeline.run(bytes: bytes ?? [], fileName: name)
    guard let manifest = output.manifest else {
      invariant(false, "\(name) does not compile: \(output.diagnostics)")
      fatalError("unreachable")
    }
    return Compiled(
      name: name, manifest: manifest, table: RouteTableEncoder.table(for: manifest),
      baseURLs: Dictionary(
        manifest.bases.map { ($0.name, $0.url) }, uniquingKeysWith: { a, _ in a })
    )
  }
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPayload(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = inputBytes(data, size)
  let text = String(decoding: bytes, as: UTF8.self)
  var values = [text]
  let payload = try? Payload(jsonData: Data(bytes))
  checkParserAgrees(payload, bytes: bytes)
  if let payload {
    checkUserInfoAgrees(payload, bytes: bytes)
    collectStrings(.object(payload.object), into: &values, limit: 8)
    for table in compiled {
      resolveEverywhere(payload, table)
    }
  }
  for value in values {
    checkPercentEncoding(value)
    for table in compiled {
      expandEveryTemplate(table, with: value)
    }
  }
  expandTemplateShapes(bytes, values: values)
  return 0
}

/// check-payloads reads a line as the app reads a payload: the same object, or neither reads one.
/// Two differences are Foundation's reader on Linux, not the parser: a number written with more
/// significant digits than a `Double` holds may differ in its last places (the parser rounds it
/// correctly, as `Double(_:)` does; Foundation lands one unit in the last place away on
/// `922.03372036854775807`, two on `922.03372036854737903`), so numbers agree within a relative
/// 1e-12, which still tells a lost digit or exponent; and that reader accepts
/// a comma after an object's or array's last element (`{"a": 1,}`), which RFC 8259, Apple's
/// reader and APNs refuse; such a text must read, with those commas left out, as Foundation
/// read it.
private func checkParserAgrees(_ payload: Payload?, bytes: [UInt8]) {
  let strict = bytes.withUnsafeBufferPointer { buffer in
    try? PayloadJSONParser.object(buffer)
  }
  var parsed = strict
  if strict == nil, payload != nil {
    let lenient = withoutTrailingCommas(bytes)
    if lenient != bytes {
      parsed = lenient.withUnsafeBufferPointer { try? PayloadJSONParser.object($0) }
    }
  }
  func agree(_ a: PayloadValue, _ b: PayloadValue) -> Bool {
    switch (a, b) {
    case (.number(let x), .number(let y)): x == y || abs(x - y) <= 1e-12 * max(abs(x), abs(y))
    case (.array(let x), .array(let y)): x.count == y.count && zip(x, y).allSatisfy(agree)
    case (.object(let x), .object(let y)):
      x.count == y.count && x.allSatisfy { key, value in y[key].map { agree(value, $0) } ?? false }
    default: a == b
    }
  }
  let agrees: Bool =
    switch (parsed, payload?.object) {
    case (nil, nil): true
    case (let x?, let y?): agree(.object(x), .object(y))
    default: false
    }
  invariant(
    agrees,
    "PayloadJSONParser and Payload(jsonData:) differ: \(String(describing: parsed)) against \(String(describing: payload?.object))"
  )
}

/// `bytes` without each comma, outside strings, that follows a value and is followed by `}` or
/// `]` (whitespace aside): the JSON text Foundation's reader on Linux reads `{"a": 1,}` as.
private func withoutTrailingCommas(_ bytes: [UInt8]) -> [UInt8] {
  func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }
  var kept: [UInt8] = []
  var strings = JSONStringTracker()
  for (index, byte) in bytes.enumerated() {
    if !strings.isInString(byte), byte == UInt8(ascii: ",") {
      let next = bytes[(index + 1)...].first { !isSpace($0) }
      let previous = kept.last { !isSpace($0) }
      let closes = next == UInt8(ascii: "}") || next == UInt8(ascii: "]")
      let followsValue = previous.map { !"[{,:".utf8.contains($0) } ?? false
      if closes && followsValue { continue }
    }
    kept.append(byte)
  }
  return kept
}

/// A template of any shape, lint-clean or not (`URLTemplateShapes`, picked by the input's
/// first bytes), expanded with the input's values present and absent and query items passed
/// through under the input's keys and the template's own: the URL keeps the fixed text's
/// scheme, host, port and path prefix, and no item passes under a key the template writes.
private func expandTemplateShapes(_ bytes: [UInt8], values: [String]) {
  let template = URLTemplateShapes.template(bytes.prefix(7))
  let passed = "passed-item"
  for (index, value) in values.prefix(3).enumerated() where value != passed {
    for mask in 0..<8 {
      let keys = [value, "sort", "c", "q", "r"].prefix(mask & 4 == 0 ? 1 : 5)
      let items = mask & 1 == 0 ? nil : Dictionary(keys.map { ($0, passed) }) { a, _ in a }
      guard
        let url = URLTemplateShapes.expand(
          template,
          text: { name in
            mask & 2 == 0 && name.utf8.count % 2 == index % 2 ? nil : value
          }, items: items)
      else { continue }
      let problem = URLTemplateShapes.problem(url, of: template, itemValue: passed)
      invariant(
        problem == nil,
        "\(template.parts.map(\.spelling).joined()): \(problem ?? "")")
    }
  }
}

private func checkUserInfoAgrees(_ payload: Payload, bytes: [UInt8]) {
  guard
    let object = try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed]),
    let userInfo = object as? [AnyHashable: Any]
  else {
    invariant(
      false, "Payload(jsonData:) accepted text JSONSerialization does not read as an object")
    return
  }
  invariant(
    Payload(userInfo: userInfo) == payload, "Payload(userInfo:) and Payload(jsonData:) differ")
}

private func collectStrings(_ value: PayloadValue, into values: inout [String], limit: Int) {
  var stack = [value]
  while let next = stack.popLast(), values.count < limit {
    switch next {
    case .string(let text): values.append(text)
    case .array(let items): stack.append(contentsOf: items)
    case .object(let members):
      // Sorted, so the same input always checks the same values.
      for key in members.keys.sorted() {
        values.append(key)
        if let member = members[key] { stack.append(member) }
      }
    default: break
    }
  }
}

private func resolveEverywhere(_ payload: Payload, _ compiled: Compiled) {
  let manifest = compiled.manifest
  let count = manifest.variants.count
  for requested in -1...count {
    let variant = (0..<count).contains(requested) ? requested : manifest.defaultVariant
    for state in AppState.allCases {
      let resolution = compiled.table.resolve(payload, variant: requested, state: state)
      let again = compiled.table.resolve(payload, variant: requested, state: state)
      invariant(
        resolution.status == again.status && resolution.url == again.url
          && resolution.destination == again.destination && resolution.errors == again.errors,
        "\(compiled.name): resolving the same payload twice gave different results")
      check(resolution, payload: payload, variant: variant, state: state, compiled)
    }
    checkActionTaps(payload, variant: requested, resolvedIn: variant, compiled)
  }
}

/// The payload as the tap of every action button of every category (and of an undeclared one):
/// the status follows the action's declaration, never the payload's push type.
private func checkActionTaps(
  _ payload: Payload, variant requested: Int, resolvedIn variant: Int, _ compiled: Compiled
) {
  let manifest = compiled.manifest
  let category: String? =
    if case .string(let name)? = payload.value(atKeyPath: ["aps", "category"]) { name } else {
      nil
    }
  let declared = manifest.categories.first { $0.name == category }
  let ids = manifest.categories.flatMap { $0.actions.map(\.id) } + ["definitely_undeclared"]
  for id in ids {
    let resolution = compiled.table.resolve(action: id, payload, variant: requested)
    let context = "\(compiled.name), action \(id), category \(category ?? "nil")"
    invariant(
      resolution.notificationAction == id && resolution.category == category
        && resolution.pushType == nil && resolution.variant == manifest.variants[variant].name,
      "\(context): wrong action, category, push type or variant")
    guard let action = declared?.actions.first(where: { $0.id == id }) else {
      invariant(resolution.status == .unknownAction, "\(context): \(resolution.status)")
      continue
    }
    guard let route = action.route else {
      invariant(
        resolution.status == .appAction && resolution.route == nil
          && resolution.destination == nil, "\(context): \(resolution.status) for an app action")
      continue
    }
    invariant(
      resolution.route == manifest.routes[route].key,
      "\(context): resolved route \(resolution.route ?? "nil")")
    switch resolution.status {
    case .matched:
      invariant(
        resolution.destination != nil && resolution.foregroundPolicy == .navigate
          && manifest.routes[route].variants[variant] != nil,
        "\(context): matched without a destination or navigate")
    case .invalidParams:
      invariant(!resolution.errors.isEmpty, "\(context): invalid_params without errors")
    case .unavailable:
      invariant(manifest.routes[route].variants[variant] == nil, "\(context): unavailable")
    default:
      invariant(false, "\(context): \(resolution.status) for a routed action")
    }
  }
}

private func check(
  _ resolution: Resolution<ScreenInstance>, payload: Payload, variant: Int, state: AppState,
  _ compiled: Compiled
) {
  let manifest = compiled.manifest
  let context = "\(compiled.name), variant \(manifest.variants[variant].name), \(state)"
  invariant(
    resolution.variant == manifest.variants[variant].name,
    "\(context): resolved in variant \(resolution.variant)")
  let route = resolution.route.flatMap { name in manifest.routes.first { $0.key == name } }
  // A route with `reroute`: the resolution is of the URL it carried, through at most two.
  if let first = resolution.reroutedFrom.first {
    let rerouting = manifest.routes.first { $0.key == first }
    invariant(
      rerouting.map { if case .reroute? = $0.target { true } else { false } } == true,
      "\(context): rerouted from \(first), which has no `reroute`")
    invariant(
      resolution.reroutedFrom.count <= 3
        && [.matched, .invalidParams, .unavailable, .unknownLink].contains(resolution.status),
      "\(context): rerouted through \(resolution.reroutedFrom) as \(resolution.status)")
    return
  }
  // A route with `app_action` hands the app its app action, not a screen.
  if resolution.status == .appAction {
    invariant(
      route?.target == .appAction(resolution.appAction ?? "") && resolution.destination == nil,
      "\(context): app_action \(resolution.appAction ?? "nil") from route \(route?.key ?? "nil")"
    )
    return
  }
  invariant(
    resolution.notificationAction == nil && resolution.link == nil
      && (resolution.category == nil) == (resolution.matchedBy != .category),
    "\(context): a push resolved with an action button's or a link's fields")
  checkRouteWithoutType(resolution, payload: payload, context, manifest)
  switch resolution.status {
  case .unknownAction, .appAction, .unknownLink, .unknownShortcut, .unknownActivity,
    .unknownIntent:
    invariant(false, "\(context): a push resolved as \(resolution.status)")
  case .missingType, .unknownType:
    invariant(
      resolution.route == nil && resolution.destination == nil && resolution.url == nil
        && resolution.errors.isEmpty,
      "\(context): \(resolution.status) with route or destination")
    invariant(
      (resolution.status == .missingType) == (resolution.pushType == nil),
      "\(context): \(resolution.status) with push type \(resolution.pushType ?? "nil")")
  case .unavailable:
    invariant(
      route.map { $0.variants[variant] == nil } == true && resolution.destination == nil,
      "\(context): unavailable for a route that exists in the variant")
  case .invalidParams:
    invariant(
      !resolution.errors.isEmpty && resolution.destination == nil && route != nil,
      "\(context): invalid_params without errors, or with a destination")
  case .matched, .fallback:
    guard let route, let effective = route.variants[variant],
      let destination = resolution.destination
    else {
      invariant(false, "\(context): \(resolution.status) without a route in the variant")
      return
    }
    if resolution.status == .matched, resolution.matchedBy == nil {
      invariant(
        resolution.pushType.map { ([route.key] + route.aliases).contains($0) } == true,
        "\(context): matched `\(resolution.pushType ?? "nil")` to route \(route.key)")
    } else if resolution.status == .fallback {
      invariant(
        manifest.fallback.map { manifest.routes[$0].key } == route.key,
        "\(context): fallback resolved to \(route.key), not the fallback route")
    }
    invariant(resolution.errors.isEmpty, "\(context): \(resolution.status) with errors")
    invariant(
      resolution.foregroundPolicy == (state == .foreground ? route.foreground : .navigate),
      "\(context): action \(String(describing: resolution.foregroundPolicy))")
    invariant(
      resolution.presentation == effective.presentation, "\(context): wrong presentation")
    checkDestination(destination, effective: effective, context, manifest)
    if let tab = resolution.tab {
      let tabs = manifest.variants[variant].tabs
      invariant(
        tabs.indices.contains(tab.index) && tabs[tab.index] == tab.name
          && tab.index == effective.tab?.index,
        "\(context): tab \(tab) is not the route's tab of the variant")
    } else {
      invariant(effective.tab == nil, "\(context): the route's tab is missing")
    }
    checkURL(resolution.url, template: effective.url, destination, context, compiled)
  }
}

/// The resolution rules for a payload whose type keys give no declared push type, written
/// plainly: the first `when_present` route in manifest order whose key paths all hold a value
/// other than `null`, else the route of the payload's `aps.category`, else the usual statuses.
private func checkRouteWithoutType(
  _ resolution: Resolution<ScreenInstance>, payload: Payload, _ context: String,
  _ manifest: ResolvedManifest
) {
  let type = payload.pushType(typeKeys: manifest.typeKeys)
  let declared =
    type.map { name in
      manifest.routes.contains { $0.key == name || $0.aliases.contains(name) }
    } == true
  guard !declared else {
    invariant(
      resolution.matchedBy == nil,
      "\(context): a declared type matched by \(String(describing: resolution.matchedBy))")
    return
  }
  let present = manifest.routes.first { route in
    !route.whenPresent.isEmpty
      && route.whenPresent.allSatisfy { path in
        switch payload.value(atKeyPath: path) {
        case nil, .null?: false
        default: true
        }
      }
  }
  var category: String?
  if case .string(let name)? = payload.value(atKeyPath: ["aps", "category"]) { category = name }
  let categoryRoute = manifest.categories.first { $0.name == category }?.route.map {
    manifest.routes[$0]
  }
  if let present {
    invariant(
      resolution.matchedBy == .present && resolution.route == present.key
        && resolution.pushType == nil,
      "\(context): keys should open \(present.key), got \(resolution.route ?? "nil")")
  } else if let categoryRoute {
    invariant(
      resolution.matchedBy == .category && resolution.route == categoryRoute.key
        && resolution.category == category,
      "\(context): category should open \(categoryRoute.key), got \(resolution.route ?? "nil")"
    )
  } else {
    invariant(
      resolution.matchedBy == nil,
      "\(context): matched by \(String(describing: resolution.matchedBy)) for nothing")
  }
}

private func checkDestination(
  _ destination: ScreenInstance, effective: ResolvedManifest.EffectiveRoute, _ context: String,
  _ manifest: ResolvedManifest
) {
  guard let index = effective.screen else {
    invariant(false, "\(context): a destination from a screenless route")
    return
  }
  let screen = manifest.screens[index]
  invariant(
    destination.index == index && destination.name == screen.name
      && destination.params.map(\.name) == screen.params.map(\.name),
    "\(context): destination \(destination.name) is not the route's screen \(screen.name)")
  for (param, value) in zip(screen.params, destination.params.map(\.value)) {
    guard let value else {
      invariant(
        param.requirement == .optional, "\(context): required parameter \(param.name) is nil")
      continue
    }
    invariant(value.type == param.type, "\(context): \(param.name) is \(value.type)")
    if case .string(let text) = value {
      invariant(
        ParamValue.fits(text, maxLength: param.maxLength),
        "\(context): \(param.name) is longer than \(param.maxLength)")
    }
    if case .double(let number) = value {
      invariant(number.isFinite, "\(context): \(param.name) is \(number)")
    }
  }
}

private func checkURL(
  _ url: String?, template: URLTemplate?, _ destination: ScreenInstance, _ context: String,
  _ compiled: Compiled
) {
  guard let template else {
    invariant(url == nil, "\(context): a URL without a template")
    return
  }
  guard let url else {
    invariant(false, "\(context): a template that expanded to nothing")
    return
  }
  let expected = template.expand(
    base: { compiled.baseURLs[$0] },
    value: { name in destination.params.first { $0.name == name }?.value?.formatted })
  invariant(
    url == expected, "\(context): resolver URL \(url) is not the template's \(expected ?? "nil")")
  checkOrigin(url, template: template, context, compiled)
}

/// The scheme and host of the URL are the template's: its base's, or its literal start's.
private func checkOrigin(
  _ url: String, template: URLTemplate, _ context: String, _ compiled: Compiled
) {
  let prefix: String
  switch template.parts.first {
  case .variable(let base)?: prefix = compiled.baseURLs[base] ?? ""
  case .literal(let text)?: prefix = text
  default: prefix = ""
  }
  guard let origin = URLComponents(string: prefix) ?? URLComponents(string: url),
    let components = URLComponents(string: url)
  else {
    invariant(false, "\(context): `\(url)` is not a URL")
    return
  }
  invariant(
    components.scheme == origin.scheme && components.host == origin.host,
    "\(context): `\(url)` left \(origin.scheme ?? "nil")://\(origin.host ?? "nil")")
  // No value made a segment that URL parsers remove (the fixtures' literals make none).
  let segments = components.percentEncodedPath.split(
    separator: "/", omittingEmptySubsequences: false)
  invariant(
    !segments.contains { DotSegment.isDotSegment(PercentDecoding.string($0.utf8) ?? "") },
    "\(context): `\(url)` has a `.` or `..` segment")
}

/// Expands every template of the manifest with `value` for each of its parameters and checks
/// that the value is in the URL encoded, decodes back to itself, and moves neither scheme nor
/// host. Also with every parameter absent, which optional ones can be.
private func expandEveryTemplate(_ compiled: Compiled, with value: String) {
  var seen: Set<URLTemplate> = []
  for route in compiled.manifest.routes {
    for case let template? in route.variants.map({ $0?.url }) where seen.insert(template).inserted {
      for present in [true, false] {
        guard
          let url = template.expand(
            base: { compiled.baseURLs[$0] }, value: { _ in present ? value : nil })
        else {
          // A value that makes a path segment `.` or `..` has no URL, nor one a `{+name}` would
          // turn into an authority or a longer host; nothing else fails.
          invariant(
            present
              && (value.isEmpty || DotSegment.isDotSegment(value)
                || reservedRefuses(value, template)),
            "\(compiled.name): a template with an unknown base, or `\(value)` refused")
          continue
        }
        checkOrigin(url, template: template, "\(compiled.name) expansion", compiled)
        let takesValues = template.parts.dropFirst().contains {
          if case .literal = $0 { false } else { true }
        }
        if present, takesValues {
          let encoded = PercentEncoding.encoded(value, keeping: .unreserved)
          let slashesKept = PercentEncoding.encoded(value, keeping: .unreservedAndSlash)
          invariant(
            encoded.isEmpty || url.contains(encoded) || url.contains(slashesKept),
            "\(compiled.name): `\(url)` lacks `\(encoded)`")
        }
      }
    }
  }
}

/// Whether a `{+name}` of `template` refuses `value`: one starting with `//`, one with a `.` or
/// `..` segment, or, right after the base, one that does not start with `/`.
private func reservedRefuses(_ value: String, _ template: URLTemplate) -> Bool {
  let reserved = template.parts.indices.filter {
    if case .reserved = template.parts[$0] { true } else { false }
  }
  guard !reserved.isEmpty else { return false }
  if value.hasPrefix("//") { return true }
  if value.split(separator: "/", omittingEmptySubsequences: false).contains(where: {
    DotSegment.isDotSegment(String($0))
  }) {
    return true
  }
  if case .variable? = template.parts.first, reserved.contains(1), !value.hasPrefix("/") {
    return true
  }
  return false
}

/// Encoded text keeps only unreserved characters and `%XX`, and decodes back to the value.
private func checkPercentEncoding(_ value: String) {
  let encoded = PercentEncoding.encoded(value, keeping: .unreserved)
  invariant(
    encoded.unicodeScalars.allSatisfy {
      $0.isASCII
        && (CharacterSet.alphanumerics.contains($0) || "-._~%".unicodeScalars.contains($0))
    }, "percentEncode kept a reserved or non-ASCII character: \(encoded)")
  invariant(
    PercentDecoding.string(encoded.utf8, asciiOnly: true) == value,
    "percentEncode(\(value.debugDescription)) = \(encoded) does not decode back")
  // A template with no base, as plain RFC 6570 expansion uses, gives the same text.
  let plain = URLTemplate(parts: [
    .literal("https://h.example/p/"), .variable("v"), .query(.question, ["q"]),
  ])
  let url = plain.expand { _ in value }
  guard !DotSegment.isDotSegment(value) else {
    // A whole path segment `.` or `..` is refused, however it would be encoded.
    invariant(url.isEmpty, "`\(value)` expanded to the path segment of \(url)")
    return
  }
  invariant(
    url == "https://h.example/p/\(encoded)?q=\(encoded)",
    "expansion of a base-less template is \(url)")
  let components = URLComponents(string: url)
  let query = components?.percentEncodedQueryItems ?? []
  invariant(
    components?.host == "h.example" && components?.scheme == "https" && query.count == 1
      && query.first?.name == "q"
      && query.first?.value.flatMap { PercentDecoding.string($0.utf8, asciiOnly: true) } == value,
    "`\(url)` does not parse back to its host and query value")
}
