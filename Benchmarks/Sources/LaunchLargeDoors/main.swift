import LargeDoorsTable
import RouteTable

// LaunchLarge's program with 1,000 quick actions and activity types added to its table: start,
// resolve one push payload through the generated API, exit. run.sh times its launches against
// LaunchLarge's: the doors' lookup tables are read in place, so they should add nothing.
let clock = ContinuousClock()
let start = clock.now
let arguments = CommandLine.arguments
let pushType = arguments.count > 1 ? arguments[1] : "route_7778"
let resolution = LargeDoorsRoutes.resolve(
  ["aps": ["alert": "A new chapter is out"], "type": pushType, "item_id": "abc", "ref": "push"],
  variant: .v2)
let elapsed = start.duration(to: clock.now)
guard resolution.status == .matched else { fatalError("\(pushType): \(resolution.status)") }
if arguments.contains("--report") {
  let (seconds, attoseconds) = elapsed.components
  print(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
}
