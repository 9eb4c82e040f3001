import Foundation
import Testing

/// The runtime is what apps link: it may import Foundation and nothing else, except an Apple
/// framework inside an `#if` that checks `canImport` of that very framework (the UIKit adapters,
/// the UserNotifications conversions), which never builds where the framework is missing.
@Suite struct RuntimeDependencyTests {
  static let sources = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Sources/RouteTable")

  @Test func importsOnlyFoundationOutsideBlocksThatCheckTheFramework() throws {
    let files = try #require(FileManager.default.enumerator(atPath: Self.sources.path))
      .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
    #expect(!files.isEmpty)
    for file in files {
      let text = try String(contentsOf: Self.sources.appendingPathComponent(file), encoding: .utf8)
      #expect(Self.unguardedImports(text) == [], "\(file)")
    }
  }

  @Test func anImportIsGuardedOnlyByACheckForItsOwnFramework() {
    let text = """
      import Foundation
      #if canImport(UIKit) && canImport(UserNotifications) && !os(tvOS)
        import UserNotifications
        #if DEBUG
          import UIKit
        #endif
      #endif
      #if canImport(UIKit)
        import UserNotifications
      #endif
      import Combine
      """
    #expect(Self.unguardedImports(text) == ["UserNotifications", "Combine"])
  }

  /// The modules `text` imports that are neither Foundation nor inside an `#if` whose condition
  /// checks `canImport` of that module.
  static func unguardedImports(_ text: String) -> [String] {
    var conditions: [String] = []
    var unguarded: [String] = []
    for line in text.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
      if line.hasPrefix("#if") {
        conditions.append(line)
      } else if line.hasPrefix("#endif") {
        _ = conditions.popLast()
      } else if line.hasPrefix("import ") || line.hasPrefix("@preconcurrency import ") {
        let module = line.split(separator: " ").last.map(String.init) ?? ""
        if module != "Foundation",
          !conditions.contains(where: { $0.contains("canImport(\(module))") })
        {
          unguarded.append(module)
        }
      }
    }
    return unguarded
  }
}
