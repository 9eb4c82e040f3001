import ArgumentParser
import Foundation
import RouteCompiler
import RouteTools
import RoutecCore

/// `routec plist`: the Info.plist entries the manifest implies.
struct Plist: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract:
      "Print the Info.plist entries the manifest's links, quick actions and activities need.",
    discussion: """
      Prints one property list dictionary: `CFBundleURLTypes` (one URL type whose \
      `CFBundleURLSchemes` are `links.schemes`), `UIApplicationShortcutItems` (the static \
      quick actions, in manifest order) and `NSUserActivityTypes` (the activity types, in \
      manifest order). A key with nothing to list is left out. Copy the entries into the app's \
      Info.plist, or give them as build settings where Xcode generates the file (docs/app-files.md); \
      `routec check-app` checks the app's file against the same values. The output is \
      byte-stable: keys sorted, tab indentation in XML, a newline at the end.

      Exit status: 0 when the list is printed; 1 when the manifest has errors (they are written \
      to standard error as `routec lint` writes them); 2 on a usage or file problem.
      """
  )

  @OptionGroup var options: PropertyListOptions

  func run() throws {
    try options.print(command: .plist, AppPropertyLists.infoPlist)
  }
}

/// `routec entitlements`: the entitlements the manifest's link hosts need.
struct Entitlements: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Print the entitlements the manifest's universal links need.",
    discussion: """
      Prints the entitlements property list: `com.apple.developer.associated-domains` with \
      `applinks:HOST` for each of `links.hosts` (an empty dictionary when the manifest has \
      none). Each host must also serve the file `routec aasa` writes. The output is byte-stable.

      Exit status: 0 when the list is printed; 1 when the manifest has errors; 2 on a usage or \
      file problem.
      """
  )

  @OptionGroup var options: PropertyListOptions

  func run() throws {
    try options.print(command: .entitlements, AppPropertyLists.entitlements)
  }
}

/// The options `plist` and `entitlements` share, and how both print.
struct PropertyListOptions: ParsableArguments {
  enum Format: String, CaseIterable, ExpressibleByArgument {
    case xml, json
  }

  @Argument(help: "The app manifest.")
  var manifest: String

  @OptionGroup var features: FeatureOptions

  @Option(help: "xml (the form Xcode writes) or json.")
  var format: Format = .xml

  @Option(name: .shortAndLong, help: "Write the list here instead of standard output.")
  var output: String?

  func print(command: CommandName, _ list: (ResolvedManifest) -> PropertyList) throws {
    let file = try ManifestFile.single(manifest, command: command)
    let resolved = try ManifestCompilation.compile(
      file, features: try features.files(), command: command
    ).manifest
    let text: String
    switch format {
    case .xml:
      do {
        text = try list(resolved).xml()
      } catch {
        Output.error("\(file.displayPath): error: \(error)")
        throw ExitCode(1)
      }
    case .json:
      text = JSONWriter.text(list(resolved).json) + "\n"
    }
    if let output {
      try Generation.write(text, to: output)
    } else {
      FileHandle.standardOutput.write(Data(text.utf8))
    }
  }
}
