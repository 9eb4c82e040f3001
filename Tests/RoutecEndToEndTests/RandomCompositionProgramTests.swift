import CompilerTestSupport
import Foundation
import RouteCompiler
import RoutecTestSupport
import Testing

/// Random manifests split into an app and features (`SplitManifestGenerator`, as the compiler's
/// composition property test draws them), each feature's generated code compiled into a module
/// of its own and the app's against them: the compiled code resolves every payload, action tap
/// and URL as `routec resolve --feature` says (`GeneratedProgram.check`).
@Suite("Random compositions: compiled across modules, resolve like routec")
struct RandomCompositionProgramTests {
  /// The first seeds whose split composes at least two features and lints clean.
  static let seeds: [UInt64] = {
    var found: [UInt64] = []
    var seed: UInt64 = 1
    while found.count < 3, seed < 500 {
      defer { seed += 1 }
      let split = SplitManifestGenerator(seed: seed).split
      guard split.features.count >= 2 else { continue }
      let output = ManifestPipeline.run(
        app: .init(bytes: Array(split.app.utf8), fileName: "app.routes.yaml", path: "app"),
        features: split.features.map {
          .init(bytes: Array($0.text.utf8), fileName: "\($0.name).routes.yaml", path: $0.name)
        })
      if output.manifest != nil && output.diagnostics.isEmpty { found.append(seed) }
    }
    return found
  }()

  @Test func threeSeedsAreFound() {
    #expect(Self.seeds.count == 3)
  }

  @Test(arguments: seeds)
  func compiledCompositionResolvesLikeRoutec(_ seed: UInt64) async throws {
    let split = SplitManifestGenerator(seed: seed).split
    let folder = try TemporaryFolder()
    try folder.write("app.routes.yaml", split.app)
    for feature in split.features {
      try folder.write("\(feature.name).routes.yaml", feature.text)
    }
    try await GeneratedProgram.check(
      manifestAt: folder.url.appendingPathComponent("app.routes.yaml"),
      features: split.features.map { folder.url.appendingPathComponent("\($0.name).routes.yaml") },
      access: .public)
  }
}
