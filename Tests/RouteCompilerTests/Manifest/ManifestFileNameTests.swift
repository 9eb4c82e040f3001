import CompilerTestSupport
import Testing

@testable import RouteCompiler

@Suite struct ManifestFileNameTests {
  @Test func bothSuffixesAreManifests() {
    #expect(ManifestFileName.isManifest("shop.routes.yaml"))
    #expect(ManifestFileName.isManifest("shop.routes.yml"))
    #expect(!ManifestFileName.isManifest("shop.yml"))
    #expect(!ManifestFileName.isManifest("shop.routes.yaml.bak"))
    #expect(!ManifestFileName.isManifest(".routes.yml"))
    #expect(ManifestFileName.patterns == "*.routes.yaml or *.routes.yml")
  }

  @Test func aRoutesYmlFileNamesItsNamespace() {
    let output = lint(minimalManifest, fileName: "gift_shop.routes.yml")
    #expect(output.diagnostics.isEmpty)
    #expect(output.manifest?.namespace == "GiftShop")
  }
}
