// libFuzzer harness: arbitrary bytes through the whole compiler front end, then, for a manifest
// without errors, the table encoder, the runtime table built from it and the Swift generator.
//
// Beyond "does not crash", it checks what the front end promises its callers:
// - a manifest comes back exactly when there is no error, so a nil manifest is never silent;
// - every diagnostic has the rule's severity and points at a line and column inside the file
//   (where the renderer draws its caret);
// - encoding and generation are deterministic, and the runtime reads back what was encoded;
// - every base and literal URL start of an accepted manifest has only a host and a port;
// - every example payload the table offers resolves to its own route in its own variant;
// - every name the generated intents take is one `IntentNames.isValid` accepts (the function the
//   validator checks names with), and none collides with another or with what the generated
//   code or App Intents declares.

import RouteCompiler
@_spi(Generated) import RouteTable

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzManifest(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = inputBytes(data, size)
  let output = ManifestPipeline.run(bytes: bytes, fileName: "fuzz.routes.yaml")
  checkDiagnostics(output, bytes: bytes)
  invariant(
    (output.table == nil) == (output.manifest == nil),
    "the table is \(output.table == nil ? "nil" : "set") but the manifest is not")
  if let manifest = output.manifest, let table = output.table {
    checkCompiled(manifest, table)
  }
  return 0
}

private func checkDiagnostics(_ output: ManifestPipeline.Output, bytes: [UInt8]) {
  invariant(
    (output.manifest == nil) == output.hasErrors,
    "manifest is \(output.manifest == nil ? "nil" : "set") but hasErrors is \(output.hasErrors)")
  // The BOM is not a column of line 1 (InputChecks and the YAML reader skip it).
  let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
  let text = String(
    decoding: bytes.starts(with: mark) ? bytes.dropFirst(3) : bytes[...], as: UTF8.self)
  let lines = SourceLines(text)
  let renderer = DiagnosticRenderer(showsSourceLines: true, usesColor: false)
  var previous = SourceLocation(line: 1, column: 1)
  for diagnostic in output.diagnostics {
    let location = diagnostic.location
    invariant(
      diagnostic.severity == diagnostic.category.severity,
      "\(diagnostic.ruleID) reported as \(diagnostic.severity.rawValue)")
    invariant(previous <= location, "diagnostics not sorted: \(previous) before \(location)")
    previous = location
    invariant(
      location.line >= 1 && location.column >= 1,
      "\(diagnostic.ruleID) at \(location) is not 1-based")
    // A file over the size limit is never read, so its first line is all there is to point at.
    guard diagnostic.rule != .fileTooLarge else { continue }
    guard let line = lines[location.line] else {
      invariant(false, "\(diagnostic.ruleID) at \(location) is past the last line")
      return
    }
    invariant(
      location.column <= line.unicodeScalars.count + 1,
      "\(diagnostic.ruleID) at \(location) is past the end of its line "
        + "(\(line.unicodeScalars.count) scalars)")
    let rendered = renderer.render(diagnostic, path: "fuzz.routes.yaml", lines: lines)
    invariant(
      rendered.hasPrefix(diagnostic.formatted(path: "fuzz.routes.yaml")),
      "rendered diagnostic does not start with its one-line form")
  }
}

private func checkCompiled(_ manifest: ResolvedManifest, _ first: EncodedTable) {
  // The pipeline packed this manifest once already: it must pack again, the same way.
  let second = try? RouteTableEncoder.encode(manifest)
  invariant(second.map { $0 == first } == true, "RouteTableEncoder.encode is not deterministic")
  // Where a URL goes is the manifest's: every base and every literal start of a URL template
  // names a host (and a port), never user info that would send it elsewhere.
  var origins = manifest.bases.map(\.url)
  for route in manifest.routes {
    for case let template? in route.variants.map({ $0?.url }) {
      if case .literal(let text)? = template.parts.first { origins.append(text) }
    }
  }
  for origin in origins {
    guard let separator = origin.range(of: "://") else { continue }
    let authority = origin[separator.upperBound...].prefix { !"/?#".contains($0) }
    invariant(
      BaseURLRules.authorityProblem(authority) == nil,
      "an accepted URL `\(origin)` has more than a host in its authority")
  }
  checkIntentNames(manifest)
  let generated = SwiftGenerator.generate(manifest, table: first, sourceName: "fuzz.routes.yaml")
  invariant(
    generated == SwiftGenerator.generate(manifest, table: first, sourceName: "fuzz.routes.yaml"),
    "SwiftGenerator.generate is not deterministic")
  invariant(!generated.utf8.contains(0), "generated Swift contains a NUL byte")
  _ = SwiftGenerator.generate(
    manifest, table: first, sourceName: "fuzz.routes.yaml", access: .internal)

  let table = first.runtimeTable
  invariant(
    table.variantNames == manifest.variants.map(\.name),
    "table variants \(table.variantNames) differ from the manifest's")
  invariant(
    table.pushTypes == manifest.routes.map(\.key),
    "table push types differ from the manifest's")
  invariant(
    table.defaultVariant == manifest.defaultVariant, "table default variant differs")
  invariant(
    table.baseNames == manifest.bases.map(\.name), "table base names differ from the manifest's")
  for (index, variant) in manifest.variants.enumerated() {
    for value in variant.remoteValues {
      invariant(
        table.variant(remoteValue: value) == index,
        "remote value `\(value)` does not pick variant \(variant.name)")
    }
  }
  for (index, route) in manifest.routes.enumerated() {
    for name in [route.key] + route.aliases {
      invariant(
        table.route(forPushType: name) == index, "push type `\(name)` does not find its route")
    }
  }
  for example in table.examplePayloads {
    checkExample(example, table: table, manifest: manifest)
  }
  // Screenless routes have examples of their own: an `app_action` route's resolves to its app
  // action, a reroute's carries a link that opens a screen through the route.
  for example in table.exampleAppActionPayloads {
    let route = manifest.routes[table.pushTypeEntries[example.pushType].route]
    let resolution = table.resolve(example.payload, variant: example.variant)
    guard case .appAction(let name)? = route.target else {
      invariant(false, "app-action example for `\(route.key)`, which has no app_action")
      continue
    }
    invariant(
      resolution.status == .appAction && resolution.appAction == name,
      "example for app action route `\(route.key)` resolved as \(resolution.status.rawValue)")
  }
  for example in table.exampleReroutePayloads {
    let route = manifest.routes[table.pushTypeEntries[example.pushType].route]
    let resolution = table.resolve(example.payload, variant: example.variant)
    invariant(
      resolution.status == .matched && resolution.reroutedFrom.first == route.key,
      "reroute example for `\(route.key)` resolved as \(resolution.status.rawValue)")
  }
}

private func checkExample(
  _ example: (pushType: Int, variant: Int, payload: Payload), table: RouteTable,
  manifest: ResolvedManifest
) {
  let entry = table.pushTypeEntries[example.pushType]
  let route = manifest.routes[entry.route]
  guard let effective = route.variants[example.variant] else {
    invariant(false, "example for `\(entry.name)` in a variant the route does not exist in")
    return
  }
  // Screenless routes have examples of their own.
  guard !route.isScreenless else {
    invariant(false, "example for `\(entry.name)`, which opens no screen of its own")
    return
  }
  for state in AppState.allCases {
    let resolution = table.resolve(example.payload, variant: example.variant, state: state)
    if resolution.status != .matched, mayHaveNoMatchingPayload(effective, manifest) {
      return
    }
    invariant(
      resolution.status == .matched,
      "example payload \(example.payload) for `\(entry.name)` in variant "
        + "\(manifest.variants[example.variant].name) resolved as \(resolution.status.rawValue) "
        + "\(resolution.errors)")
    invariant(resolution.route == route.key, "example resolved to another route")
    invariant(resolution.pushType == entry.name, "example carries another push type")
    invariant(
      resolution.destination?.index == effective.screen, "example resolved to another screen")
    invariant(resolution.tab?.index == effective.tab?.index, "example resolved to another tab")
    invariant(
      resolution.presentation == effective.presentation,
      "example resolved with another presentation")
    invariant(
      resolution.foregroundPolicy == (state == .foreground ? route.foreground : .navigate),
      "example resolved with the wrong foreground action")
    invariant(
      (resolution.url == nil) == (effective.url == nil),
      "example URL is \(resolution.url ?? "nil") for a route \(effective.url == nil ? "without" : "with") a template"
    )
  }
}

/// Routes no payload may match that the validator accepts: a parameter that reads a type key
/// path itself is handed the push type, which its type may reject (an `int` reading `type`), or
/// takes the push type's place. The example for such a route may not match, and that is not the
/// example builder's fault. Nested key paths, which can never match, are rejected by the
/// `overlapping-key-paths` rule (a finding of this fuzzer; docs/hardening.md).
private func mayHaveNoMatchingPayload(
  _ effective: ResolvedManifest.EffectiveRoute, _ manifest: ResolvedManifest
) -> Bool {
  effective.params.contains { source in
    guard case .payload(let path) = source else { return false }
    return manifest.typeKeys.contains(path)
  }
}

/// The intents' names: valid, visible identifiers, each type once and none App Intents',
/// each intent's properties distinct and none a member of the `AppIntent`, each enum's cases
/// distinct and none a member of `AppEnum`.
private func checkIntentNames(_ manifest: ResolvedManifest) {
  var types: Set<String> = [manifest.namespace + "Routes", manifest.namespace + "AppShortcuts"]
  func check(_ name: String, _ what: String) {
    invariant(IntentNames.isValid(name), "\(what) `\(name)` is not a valid Swift identifier")
  }
  for intent in manifest.intents {
    var owned = [intent.typeName]
    var properties: Set<String> = []
    for parameter in intent.parameters {
      let property = parameter.propertyName
      check(property, "the property of `\(parameter.key)`")
      invariant(
        properties.insert(property).inserted && IntentNames.intentMembers[property] == nil,
        "the property `\(property)` of intent `\(intent.key)` collides")
      guard let choices = parameter.choices else { continue }
      owned.append(parameter.enumName(in: intent.key))
      let cases = IntentNames.caseNames(choices)
      for name in cases { check(name, "a case of `\(parameter.key)`") }
      invariant(
        Set(cases).count == cases.count && Set(cases).isDisjoint(with: IntentNames.enumMembers),
        "the cases of `\(parameter.key)` of intent `\(intent.key)` collide")
    }
    for name in owned {
      check(name, "a type of intent `\(intent.key)`")
      invariant(
        !IntentNames.frameworkTypes.contains(name) && types.insert(name).inserted,
        "the type `\(name)` of intent `\(intent.key)` collides")
    }
  }
}
