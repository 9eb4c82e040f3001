import ArgumentParser
import Foundation
import RouteCompiler
import RoutecCore

// ArgumentParser exits 64 on usage errors; routec promises 2 for usage and I/O problems and 1
// only for problems found in manifests.
do {
  var command = try Routec.parseAsRoot()
  try command.run()
} catch {
  if let status = Output.exitStatus(for: error) { exit(status) }
  if Routec.exitCode(for: error) == .validationFailure {
    Output.error(Routec.fullMessage(for: error))
    exit(2)
  }
  Routec.exit(withError: error)
}
