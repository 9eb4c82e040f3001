import Foundation
import Testing

/// The runtime is what apps link: it may import Foundation and nothing else, except Apple
/// frameworks inside `#if canImport(UIKit)` blocks, which never build on Linux.
@Suite struct RuntimeDependencyTests {
  static let sources = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Sources/RouteTable")

  @Test func importsOnlyFoundationOutsideUIKitBlocks() throws {
    let files = try #require(FileManager.default.enumerator(atPath: Self.sources.path))
      .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
    #expect(!files.isEmpty)
    for file in files {
      let text = try String(contentsOf: Self.sources.appendingPathComponent(file), encoding: .utf8)
      var uikitDepth = 0
      var depth = 0
      for line in text.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
        if line.hasPrefix("#if") {
          depth += 1
          if line.contains("canImport(UIKit)") && uikitDepth == 0 { uikitDepth = depth }
        } else if line.hasPrefix("#endif") {
          if uikitDepth == depth { uikitDepth = 0 }
          depth -= 1
        } else if line.hasPrefix("import ") || line.hasPrefix("@preconcurrency import ") {
          let module = line.split(separator: " ").last.map(String.init) ?? ""
          #expect(module == "Foundation" || uikitDepth > 0, "\(file) imports \(module)")
        }
      }
    }
  }
}
