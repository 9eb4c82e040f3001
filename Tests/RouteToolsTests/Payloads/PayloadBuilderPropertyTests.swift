import CompilerTestSupport
import Foundation
import RouteCompiler
import RouteTable
import RouteTools
import Testing

/// `PayloadBuilder` over every route of every valid manifest in the repository: the payload
/// `routec payload ROUTE --example` writes, as APNs delivers it and as iOS receives it from the
/// FCM request, resolves as `matched`, to the route, with the same values, in every variant.
@Suite("PayloadBuilder: every route of every valid manifest")
struct PayloadBuilderPropertyTests {
  /// The folders (below the repository's root) whose `*.routes.yaml` files are app manifests.
  static let folders = [
    "routes", "Tests/RoutecEndToEndTests/Fixtures", "Tests/RoutecEndToEndTests/Fixtures/generate",
    "Tests/RoutecEndToEndTests/Fixtures/schema", "Tests/RoutecEndToEndTests/Reference",
    "Tests/RouteCompilerTests/Fixtures/valid", "Tests/RouteTableTests/Fixtures",
    "Tests/RouteTableNavigationTests/Fixtures", "Examples/ShopApp/Sources/ShopRouting",
    "Benchmarks/Manifests",
  ]

  /// The manifests among them that have errors, on purpose.
  static let withErrors: Set<String> = [
    "Tests/RoutecEndToEndTests/Fixtures/errors.routes.yaml",
    "Tests/RoutecEndToEndTests/Fixtures/mixed.routes.yaml",
    "Tests/RoutecEndToEndTests/Fixtures/snippet.routes.yaml",
  ]

  /// Every `*.routes.yaml` of `folders`, by path below the root.
  static let manifests: [String] = folders.flatMap { folder in
    let names =
      (try? FileManager.default.contentsOfDirectory(
        atPath: RuleExamples.root.appendingPathComponent(folder).path)) ?? []
    return names.filter { $0.hasSuffix(".routes.yaml") }.sorted().map { "\(folder)/\($0)" }
  }

  /// The manifest at `path`, compiled, and a builder for it.
  static func builder(_ path: String) throws -> PayloadBuilder {
    let bytes = [UInt8](try Data(contentsOf: RuleExamples.root.appendingPathComponent(path)))
    let output = ManifestPipeline.run(bytes: bytes, fileName: path)
    let errors = output.diagnostics.filter { $0.severity == .error }
    #expect(errors.isEmpty, "\(path): \(errors.map(\.message))")
    return PayloadBuilder(
      manifest: try #require(output.manifest, "\(path)"),
      table: try #require(output.table, "\(path)").runtimeTable)
  }

  @Test func theManifestsAreFound() {
    #expect(Self.manifests.count >= 30, "\(Self.manifests)")
    #expect(Self.manifests.contains("Tests/RoutecEndToEndTests/Fixtures/real-apps.routes.yaml"))
    #expect(Self.manifests.contains("routes/shop.routes.yaml"))
  }

  @Test(arguments: manifests.filter { !withErrors.contains($0) })
  func everyExamplePayloadOpensItsRoute(manifest: String) throws {
    let builder = try Self.builder(manifest)
    let table = builder.table
    var checked = 0
    for route in builder.manifest.routes where !route.isScreenless {
      for (variant, effective) in route.variants.enumerated() {
        guard let effective else { continue }
        let variantName = builder.manifest.variants[variant].name
        let context = "\(manifest) \(route.key) in \(variantName)"
        // A required parameter only a user activity gives (`from: $title`): no push opens it.
        let activityOnly = zip(builder.manifest.params(of: effective.target), effective.params)
          .contains { param, source in
            guard param.requirement == .required, case .payload(let path) = source else {
              return false
            }
            return path.first?.hasPrefix("$") == true
          }
        if activityOnly {
          #expect(throws: PayloadBuildError.self, "\(context)") {
            try builder.build(route: route.key, values: [], example: true, variant: variantName)
          }
          continue
        }
        let built = try builder.build(
          route: route.key, values: [], example: true, variant: variantName)
        #expect(built.route == route.key, "\(context)")
        #expect(built.variant == variant, "\(context)")
        #expect(built.json == .object(built.payload.object.mapValues(JSONValue.init)))
        #expect(JSONWriter.compactText(built.json).utf8.count <= SimulatorKit.maximumPayloadSize)
        let apns = table.resolve(built.payload, variant: variant)
        #expect(apns.status == .matched, "\(context)")
        #expect(apns.route == route.key, "\(context)")
        #expect(apns.destination == built.screen, "\(context)")
        try checkFCM(builder, route, effective, variant: variantName, opens: built, context)
        try checkAliases(builder, route, variant: variantName, opens: built, context)
        try checkGivenValues(builder, route, effective, variant: variantName, opens: built, context)
        checked += 1
      }
    }
    let pushed = builder.manifest.routes.filter { !$0.isScreenless }
    #expect(pushed.isEmpty || checked > 0, "\(manifest)")
  }

  /// The FCM request of the same payload: iOS receives a payload that opens the same screen,
  /// for every route (objects travel in `apns.payload`, scalars in `data` as strings).
  func checkFCM(
    _ builder: PayloadBuilder, _ route: ResolvedManifest.Route,
    _ effective: ResolvedManifest.EffectiveRoute, variant: String,
    opens built: PayloadBuilder.Built,
    _ context: String
  ) throws {
    let fcm = try builder.build(
      route: route.key, values: [], example: true, variant: variant, fcm: true)
    #expect(fcm.payload == built.payload, "\(context)")
    guard case .object(let request) = fcm.json.payloadValue else {
      Issue.record("\(context): the FCM request is not an object")
      return
    }
    let received = try FCMMessage.receivedPayload(request)
    let resolution = builder.table.resolve(received, variant: built.variant)
    #expect(resolution.status == .matched, "\(context) through FCM")
    #expect(resolution.route == route.key, "\(context) through FCM")
    #expect(resolution.destination == built.screen, "\(context) through FCM")
  }

  /// Each alias of the route: a payload of that type, opening the same screen.
  func checkAliases(
    _ builder: PayloadBuilder, _ route: ResolvedManifest.Route, variant: String,
    opens built: PayloadBuilder.Built, _ context: String
  ) throws {
    for alias in route.aliases {
      let aliased = try builder.build(
        route: alias, values: [], example: true, variant: variant)
      let resolution = builder.table.resolve(aliased.payload, variant: aliased.variant)
      #expect(resolution.pushType == alias, "\(context) as \(alias)")
      #expect(resolution.route == route.key, "\(context) as \(alias)")
      #expect(aliased.screen == built.screen, "\(context) as \(alias)")
    }
  }

  /// The example's values given back as `--param` text (a `query` as a JSON object), without
  /// `--example`, open the same screen: for routes that read each parameter at a key path of
  /// its own, not a type key.
  func checkGivenValues(
    _ builder: PayloadBuilder, _ route: ResolvedManifest.Route,
    _ effective: ResolvedManifest.EffectiveRoute, variant: String,
    opens built: PayloadBuilder.Built,
    _ context: String
  ) throws {
    var values: [(name: String, text: String)] = []
    var paths: Set<[String]> = Set(builder.manifest.typeKeys)
    for (index, source) in effective.params.enumerated() {
      guard case .payload(let keyPath) = source else { continue }
      guard paths.insert(keyPath).inserted else { return }
      guard built.payload.value(atKeyPath: keyPath) != nil,
        let value = built.screen.values[index]
      else { continue }
      let text =
        if case .query(let items) = value {
          JSONWriter.compactText(.object(items.mapValues(JSONValue.string)))
        } else {
          value.formatted
        }
      values.append((built.screen.params[index].name, text))
    }
    let given = try builder.build(route: route.key, values: values, variant: variant)
    #expect(given.screen == built.screen, "\(context) with \(values)")
    #expect(given.payload == built.payload, "\(context) with \(values)")
  }
}
