import ArgumentParser

/// `routec`: the command-line face of the route compiler. Each subcommand is a thin shell over
/// `RouteCompiler`; all behaviour worth testing lives in the library.
struct Routec: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "routec",
    abstract: "Checks route manifests and compiles them to Swift.",
    version: "0.1.0",
    subcommands: [
      Lint.self, Resolve.self, Generate.self, Graph.self, Diff.self, Schema.self, RemoteConfig.self,
      AASA.self,
    ]
  )
}
