import ArgumentParser
import RouteTools
import RoutecCore

/// `routec`: the command-line face of the route compiler. Each subcommand is a thin shell over
/// `RouteCompiler`; all behaviour worth testing lives in the library.
struct Routec: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "routec",
    abstract: "Checks route manifests and compiles them to Swift.",
    // One place for the version (RouteTools' `Release`), checked against CHANGELOG.md.
    version: Release.version,
    subcommands: [
      Lint.self, Resolve.self, Generate.self, Graph.self, Diff.self, Schema.self, RemoteConfig.self,
      AASA.self, Plist.self, Entitlements.self, CheckApp.self, CheckPayloads.self, Examples.self,
      PayloadCommand.self,
    ]
  )

  /// `routec` alone names no command: the help on standard error and exit status 2, like any
  /// other usage error, so a CI step that forgot its subcommand fails.
  func run() throws {
    Output.error(Routec.helpMessage())
    throw ExitCode(2)
  }
}
