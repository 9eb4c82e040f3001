import TestSupport
import Testing

/// The core runtime imports nothing but Foundation: no Observation, no Apple framework, not even
/// behind `#if canImport` (those belong in RouteTableNavigation).
@Suite struct RuntimeDependencyTests {
  @Test func importsOnlyFoundation() throws {
    let files = try SourceImports.files(of: "RouteTable")
    #expect(files.count > 20)
    for file in files {
      let imports = file.text.split(separator: "\n").filter {
        $0.trimmingCharacters(in: .whitespaces).hasPrefix("import ")
      }
      #expect(imports.allSatisfy { $0 == "import Foundation" }, "\(file.path): \(imports)")
    }
  }
}
