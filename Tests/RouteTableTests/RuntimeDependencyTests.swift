import Foundation
import Testing

/// The runtime is what apps link: it may import Foundation and Observation, which ship with every
/// Swift toolchain, and an Apple framework only inside a `#if canImport(ThatFramework)` block,
/// which never builds where the framework is missing (Linux).
@Suite struct RuntimeDependencyTests {
  static let sources = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Sources/RouteTable")

  static let everywhere: Set<String> = ["Foundation", "Observation"]

  @Test func importsFrameworksOnlyInsideTheirCanImportBlocks() throws {
    let files = try #require(FileManager.default.enumerator(atPath: Self.sources.path))
      .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
    #expect(!files.isEmpty)
    for file in files {
      let text = try String(contentsOf: Self.sources.appendingPathComponent(file), encoding: .utf8)
      #expect(Self.misplacedImports(in: text).isEmpty, "\(file)")
    }
  }

  @Test func aFrameworkOutsideItsBlockIsFound() {
    let text = """
      import Foundation
      import Observation
      #if canImport(UIKit) && canImport(UserNotifications)
        import UserNotifications
        #if canImport(SwiftUI)
          import SwiftUI
        #else
          import AppKit
        #endif
      #endif
      import UIKit
      #if canImport(UIKit)
        import UserNotifications
      #endif
      """
    #expect(Self.misplacedImports(in: text) == ["AppKit", "UIKit", "UserNotifications"])
  }

  /// The modules `text` imports outside the `#if canImport` blocks that guard them.
  static func misplacedImports(in text: String) -> [String] {
    var conditions: [String] = []
    var misplaced: [String] = []
    for line in text.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
      if line.hasPrefix("#if") {
        conditions.append(line)
      } else if line.hasPrefix("#else") || line.hasPrefix("#elseif") {
        // The other branch of a `canImport` test runs where the framework is missing.
        if !conditions.isEmpty { conditions[conditions.count - 1] = line }
      } else if line.hasPrefix("#endif") {
        _ = conditions.popLast()
      } else if line.hasPrefix("import ") || line.hasPrefix("@preconcurrency import ") {
        let module = line.split(separator: " ").last.map(String.init) ?? ""
        let guarded = conditions.contains {
          $0.contains("canImport(\(module))") && !$0.contains("!canImport(\(module))")
        }
        if !everywhere.contains(module) && !guarded { misplaced.append(module) }
      }
    }
    return misplaced
  }
}
