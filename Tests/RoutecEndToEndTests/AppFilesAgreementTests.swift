import Foundation
import RouteCompiler
import RoutecTestSupport
import Testing

/// The iOS example app's `project.yml` declares the Info.plist entries and entitlements that
/// `routec plist` and `routec entitlements` write for `routes/shop.routes.yaml`: each target's
/// `info.properties` and `entitlements.properties`, written out as the property lists XcodeGen
/// makes of them, pass `routec check-app --strict`.
@Suite struct AppFilesAgreementTests {
  /// A YAML node as the property list value XcodeGen writes for it (scalars as strings, which
  /// every key checked here is).
  static func propertyList(_ node: YAMLNode) -> Any {
    switch node {
    case .scalar(let scalar): scalar.value
    case .sequence(let sequence): sequence.items.map(propertyList)
    case .mapping(let mapping):
      Dictionary(
        mapping.entries.map { ($0.key.value, propertyList($0.value)) },
        uniquingKeysWith: { first, _ in first })
    }
  }

  static func mapping(_ node: YAMLNode?) -> YAMLMapping? {
    if case .mapping(let mapping)? = node { return mapping }
    return nil
  }

  @Test(arguments: ["ShopUIKit", "ShopSwiftUI"])
  func theExampleAppDeclaresWhatRoutecWrites(target: String) throws {
    let root = RoutecRunner.packageRoot
    let bytes = Array(
      try Data(contentsOf: root.appendingPathComponent("Examples/ShopiOSApp/project.yml")))
    var diagnostics = Diagnostics()
    let project = try #require(Self.mapping(YAMLReader.read(bytes, diagnostics: &diagnostics)))
    let targets = try #require(Self.mapping(project["targets"]?.value))
    let settings = try #require(Self.mapping(targets[target]?.value), "\(target)")
    let info = try #require(
      Self.mapping(Self.mapping(settings["info"]?.value)?["properties"]?.value))
    let entitlements = try #require(
      Self.mapping(Self.mapping(settings["entitlements"]?.value)?["properties"]?.value))

    let folder = try TemporaryFolder()
    for (name, mapping) in [("Info.plist", info), ("App.entitlements", entitlements)] {
      let data = try PropertyListSerialization.data(
        fromPropertyList: Self.propertyList(.mapping(mapping)), format: .xml, options: 0)
      try data.write(to: folder.url.appendingPathComponent(name))
    }
    // The target's build settings, as Xcode expands them in the Info.plist it builds.
    let buildSettings = try #require(Self.mapping(settings["settings"]?.value))
    let bundleID = try #require(
      buildSettings["PRODUCT_BUNDLE_IDENTIFIER"].flatMap {
        if case .scalar(let scalar) = $0.value { scalar.value } else { nil }
      })
    let result = try RoutecRunner.run(
      [
        "check-app", root.appendingPathComponent("routes/shop.routes.yaml").path,
        "--info-plist", "Info.plist", "--entitlements", "App.entitlements",
        "--setting", "PRODUCT_BUNDLE_IDENTIFIER=\(bundleID)", "--strict",
      ], in: folder.url)
    #expect(result.status == 0, "\(target): \(result)")
    #expect(
      result.stderrLines == ["routec check-app: Info.plist and entitlements checked, no problems"])
  }
}
