import LargeTable
import RouteTable

// Launch cost with a 10,000-route table linked in: start, resolve one push payload through the
// generated API, exit. run.sh times many launches of this against LaunchEmpty (same libraries,
// no table) and LaunchSmall (a 5-route table). `LaunchLarge PUSH_TYPE --report` prints the
// in-process time of that first resolution in nanoseconds.
let clock = ContinuousClock()
let start = clock.now
let arguments = CommandLine.arguments
let pushType = arguments.count > 1 ? arguments[1] : "route_7778"
let resolution = LargeRoutes.resolve(
  ["aps": ["alert": "A new chapter is out"], "type": pushType, "item_id": "abc", "ref": "push"],
  variant: .v2)
let elapsed = start.duration(to: clock.now)
guard resolution.status == .matched else { fatalError("\(pushType): \(resolution.status)") }
if arguments.contains("--report") {
  let (seconds, attoseconds) = elapsed.components
  print(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
}
