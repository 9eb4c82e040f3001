import CompilerTestSupport
import Foundation
@_spi(Generated) import RouteTable
import Testing

@testable import RouteCompiler

/// Random manifests split into an app and features (`SplitManifestGenerator`): the composition
/// lints clean whenever the whole manifest does, and every payload (each push type and alias in
/// every variant), action tap and link URL resolves exactly as in the whole manifest, a feature's
/// screen `Fk.Si` standing for `Si`.
@Suite struct CompositionPropertyTests {
  static let seeds: [UInt64] = Array(0..<300)

  /// A resolution as text, feature prefixes taken off screen names.
  static func describe(_ resolution: Resolution<ScreenInstance>) -> String {
    func screen(_ instance: ScreenInstance) -> String {
      let name = instance.name.split(separator: ".").last.map(String.init) ?? instance.name
      let values = instance.params.map { "\($0.name)=\($0.value.map { "\($0)" } ?? "nil")" }
      return "\(name)(\(values.joined(separator: ",")))"
    }
    return [
      "\(resolution.status)", resolution.route ?? "-", resolution.pushType ?? "-",
      resolution.destination.map(screen) ?? "-", resolution.tab.map { "\($0.name)" } ?? "-",
      resolution.url ?? "-", resolution.link ?? "-",
      resolution.stack.map(screen).joined(separator: ">"),
      "\(resolution.requires.positions)", "\(resolution.presentation.map { "\($0)" } ?? "-")",
    ].joined(separator: " | ")
  }

  @Test func splitsComposeToTheWholeManifest() throws {
    var checked = 0
    var resolutions = 0
    for seed in Self.seeds {
      let generator = SplitManifestGenerator(seed: seed)
      let wholeOutput = lint(generator.whole, fileName: "shop.routes.yaml")
      guard wholeOutput.diagnostics.isEmpty, let wholeManifest = wholeOutput.manifest else {
        continue
      }
      let split = generator.split
      let output = ManifestPipeline.run(
        app: .init(bytes: Array(split.app.utf8), fileName: "shop.routes.yaml", path: "app"),
        features: split.features.map {
          .init(bytes: Array($0.text.utf8), fileName: "\($0.name).routes.yaml", path: $0.name)
        })
      #expect(
        output.diagnostics.isEmpty,
        "seed \(seed): \(output.diagnostics)\n\(split.app)\n\(split.features.map(\.text))")
      guard let splitManifest = output.manifest else { continue }
      checked += 1
      let whole = RouteTableEncoder.table(for: wholeManifest)
      let composed = RouteTableEncoder.table(for: splitManifest)
      #expect(
        whole.pushTypeEntries.map(\.name).sorted() == composed.pushTypeEntries.map(\.name).sorted())
      for variant in whole.variantNames.indices {
        for entry in whole.pushTypeEntries {
          guard
            let payload = whole.examplePayload(
              route: entry.route, variant: variant, pushType: entry.name)
          else { continue }
          let expected = Self.describe(whole.resolve(payload, variant: variant, state: .background))
          let actual = Self.describe(
            composed.resolve(payload, variant: variant, state: .background))
          #expect(actual == expected, "seed \(seed), push \(entry.name), variant \(variant)")
          for category in generator.categories {
            var tap = payload.object
            tap["aps"] = .object(["category": .string(category.name)])
            let tapped = Payload(tap)
            #expect(
              Self.describe(composed.resolve(action: "open", tapped, variant: variant))
                == Self.describe(whole.resolve(action: "open", tapped, variant: variant)),
              "seed \(seed), action of \(category.name) on \(entry.name)")
          }
          resolutions += 1
        }
        for route in generator.routes {
          guard let link = route.link else { continue }
          let url = "https://x.example" + link.replacingOccurrences(of: "{id}", with: "42")
          #expect(
            Self.describe(composed.resolve(url: url, variant: variant))
              == Self.describe(whole.resolve(url: url, variant: variant)),
            "seed \(seed), \(url)")
          resolutions += 1
        }
      }
    }
    // Nearly every seed makes a valid manifest (300 of 300 when this was written).
    #expect(checked >= 250, "only \(checked) of \(Self.seeds.count) seeds made valid manifests")
    #expect(resolutions >= 4_000)
  }
}
