import ArgumentParser
import Foundation
import RouteCompiler
import RouteTools
import RoutecCore

/// `routec examples`: the simulator kit, a payload file per route and per category action and a
/// script that pushes them to the booted simulator.
struct Examples: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract:
      "Write a push payload per route and per action button, and a script for the simulator.",
    discussion: """
      Writes into --output: ROUTE.apns for every route (its push type, example values for its \
      parameters and an `aps.alert` naming it) and ROUTE.CATEGORY.ACTION.apns for every \
      category action that opens a route (with `aps.category`), each a payload that \
      `routec resolve` gives back as that route (an action's with --action), at most 4096 bytes; \
      and simulator.sh, which runs `xcrun simctl push booted` for each file and \
      `xcrun simctl openurl booted` for an example URL of each link pattern (written with the \
      first of `links.schemes` when there is one: the simulator opens https links in Safari). \
      With --bundle-id, each payload names the app (`Simulator Target Bundle`) and the script \
      takes no argument; without it, run `simulator.sh BUNDLE_ID`. A payload can also be \
      dragged onto the simulator window. Files are overwritten; files of routes the manifest no \
      longer has are left in place. The output is byte-stable.

      Exit status: 0 when the kit is written; 1 when the manifest has errors or a route's \
      payload cannot be written (the error names the route); 2 on a usage or file problem.
      """
  )

  @Argument(help: "The app manifest.")
  var manifest: String

  @OptionGroup var features: FeatureOptions

  @Option(
    name: .shortAndLong, help: ArgumentHelp("The folder to write the kit into.", valueName: "DIR"))
  var output: String

  @Option(
    help: ArgumentHelp(
      "The app's bundle identifier, written into each payload as `Simulator Target Bundle`.",
      valueName: "ID"))
  var bundleID: String?

  func validate() throws {
    if let bundleID, !BundleID.isValid(bundleID) {
      throw ValidationError(
        "--bundle-id `\(ControlCharacters.escaped(bundleID))` is not a bundle identifier; write letters, digits, `-` and `.`, like `com.example.shop`"
      )
    }
  }

  func run() throws {
    let file = try ManifestFile.single(manifest, command: .examples)
    let compiled = try ManifestCompilation.compile(
      file, features: try features.files(), command: .examples)
    let kit: SimulatorKit
    do {
      kit = try SimulatorKit(
        compiled.manifest, table: compiled.table.runtimeTable, bundleID: bundleID)
    } catch {
      Output.error("\(file.displayPath): error: \(error)")
      throw ExitCode(1)
    }
    do {
      try FileIO.makeFolder(output)
    } catch {
      throw ToolError(message: "cannot create the folder \(output): \(error.reason)")
    }
    for kitFile in kit.files {
      let path = (output as NSString).appendingPathComponent(kitFile.name)
      try Generation.write(kitFile.text, to: path)
      if kitFile.name.hasSuffix(".sh") {
        try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
      }
    }
    Output.error(
      "routec examples: wrote \(counted(kit.files.count - 1, "payload")) and simulator.sh to \(output)"
    )
  }
}
