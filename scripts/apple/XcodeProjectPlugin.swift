// A stand-in for Xcode's `XcodeProjectPlugin` module, which ships only with Xcode, so that the
// build tool plugin's `#if canImport(XcodeProjectPlugin)` code is type-checked on Linux
// (scripts/check-xcode-plugin.sh). It is written from Apple's documentation of the module
// (developer.apple.com/documentation/xcodeprojectplugin) and declares only the members that
// documentation lists and the plugin uses; each declaration names the page it follows. It is
// never linked into anything: its bodies only throw.
import Foundation
import PackagePlugin

/// XcodeProjectPlugin › XcodeBuildToolPlugin: "a protocol you implement to define a build tool
/// plugin for Xcode projects", with `createBuildCommands(context:target:)`.
public protocol XcodeBuildToolPlugin {
  func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command]
}

/// XcodeProjectPlugin › XcodePluginContext: `xcodeProject`, `pluginWorkDirectoryURL` and
/// `tool(named:)`.
public struct XcodePluginContext {
  public let xcodeProject: XcodeProject
  public let pluginWorkDirectoryURL: URL
  public func tool(named name: String) throws -> PluginContext.Tool { throw StandInOnly() }
}

/// XcodeProjectPlugin › XcodeProject: `id`, `displayName`, `directoryURL` and `targets`.
public struct XcodeProject {
  public typealias ID = String
  public let id: ID
  public let displayName: String
  public let directoryURL: URL
  public let targets: [XcodeTarget]
}

/// XcodeProjectPlugin › XcodeTarget: `id`, `displayName`, `product` and `inputFiles`.
public struct XcodeTarget {
  public typealias ID = String
  public let id: ID
  public let displayName: String
  public let product: XcodeProduct?
  public let inputFiles: FileList
}

/// XcodeProjectPlugin › XcodeProduct: `id` and `name`.
public struct XcodeProduct {
  public typealias ID = String
  public let id: ID
  public let name: String
}

/// What every body of this stand-in throws: it is for the type checker only.
struct StandInOnly: Error {}
