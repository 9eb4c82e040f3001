import CompilerTestSupport
import Foundation
import Testing

@testable import RouteCompiler

/// The pipeline's contract with every command: a run that returns no manifest says why with at
/// least one error (the fuzzer found a feature manifest that linted clean and then failed to
/// generate with "0 errors"), and one that returns a manifest returns its table with it.
@Suite struct PipelineContractTests {
  /// Every manifest file under the fixture folders and `routes/`, each run alone.
  static let manifests: [URL] = {
    let root = Fixtures.folder.deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let folders = [
      Fixtures.folder, root.appendingPathComponent("Tests/RoutecEndToEndTests/Fixtures"),
      root.appendingPathComponent("routes"), root.appendingPathComponent("Examples"),
    ]
    return folders.flatMap { folder in
      let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
      return (files?.allObjects as? [URL] ?? []).filter {
        $0.lastPathComponent.hasSuffix(".routes.yaml")
          || $0.lastPathComponent.hasSuffix(".routes.yml")
      }
    }.sorted { $0.path < $1.path }
  }()

  static func check(_ output: ManifestPipeline.Output, _ label: String) {
    #expect(
      output.manifest != nil || output.hasErrors,
      "\(label): no manifest and no error: \(output.diagnostics.map(\.message))")
    #expect((output.manifest == nil) == (output.table == nil), "\(label)")
  }

  @Test func everyManifestAloneHasAManifestOrAnError() throws {
    #expect(Self.manifests.count > 100)
    var roles: Set<String> = []
    for url in Self.manifests {
      let bytes = [UInt8](try Data(contentsOf: url))
      switch ManifestRole(bytes: bytes) {
      case .standalone: roles.insert("single")
      case .feature: roles.insert("feature")
      case .app: roles.insert("app")
      }
      Self.check(ManifestPipeline.run(bytes: bytes, fileName: url.lastPathComponent), url.path)
    }
    #expect(roles == ["single", "feature", "app"])
  }

  /// Each folder that holds an app manifest, composed with every feature manifest beside it.
  @Test func everyCompositionHasAManifestOrAnError() throws {
    let byFolder = Dictionary(grouping: Self.manifests) { $0.deletingLastPathComponent() }
    var apps = 0
    for url in Self.manifests {
      let bytes = [UInt8](try Data(contentsOf: url))
      guard case .app = ManifestRole(bytes: bytes) else { continue }
      apps += 1
      let siblings = (byFolder[url.deletingLastPathComponent()] ?? []).filter { $0 != url }
      let features = try siblings.map { feature in
        ManifestPipeline.Input(
          bytes: [UInt8](try Data(contentsOf: feature)), fileName: feature.lastPathComponent,
          path: feature.lastPathComponent)
      }
      let app = ManifestPipeline.Input(
        bytes: bytes, fileName: url.lastPathComponent, path: url.lastPathComponent)
      Self.check(ManifestPipeline.run(app: app, features: features), url.path)
    }
    #expect(apps >= 4)
  }

  /// The fuzzer's finding: the feature `Profile` naming the app's screen `Profile`.
  @Test func aFeatureThatNoAppCanComposeIsALocatedError() throws {
    let output = lint(
      """
      manifest: 1
      feature: Profile
      screens:
        Settings: {}
      routes:
        prokile:
          screen: Profile

      """, fileName: "profile.routes.yaml")
    #expect(output.manifest == nil)
    #expect(brief(output.diagnostics) == ["7:13 swift-name-collision"])
  }
}
