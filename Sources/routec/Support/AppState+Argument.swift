import ArgumentParser
import RouteTable
import RoutecCore

// `--state` takes the runtime's own states, so the CLI cannot drift from what apps resolve with.
extension AppState: ExpressibleByArgument {}
