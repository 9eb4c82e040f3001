import TestSupport
import Testing

/// The integration module may import Foundation and Observation, which ship with every Swift
/// toolchain, and an Apple framework only inside a `#if canImport(ThatFramework)` block, which
/// never builds where the framework is missing (Linux).
@Suite struct NavigationDependencyTests {
  static let everywhere: Set<String> = ["Foundation", "Observation", "RouteTable"]

  @Test func importsFrameworksOnlyInsideTheirCanImportBlocks() throws {
    let files = try SourceImports.files(of: "RouteTableNavigation")
    #expect(files.count > 10)
    for file in files {
      #expect(
        SourceImports.misplaced(in: file.text, allowed: Self.everywhere).isEmpty, "\(file.path)")
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
    #expect(
      SourceImports.misplaced(in: text, allowed: Self.everywhere)
        == ["AppKit", "UIKit", "UserNotifications"])
  }
}
