import LargeTableStatic
import RouteTable

// LaunchLarge linked against LargeTableStatic: the same generated table with its two literals
// typed `as StaticString`, so the runtime reads them in place instead of copying them into
// arrays on first use. Not what routec writes today; it shows what that fix changes.
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
