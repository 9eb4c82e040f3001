import RouteTable
import ShopTable

// LaunchLarge with routes/shop.routes.yaml (5 routes) instead of 10,000 routes: the difference
// between the two is whatever launch work grows with the table.
let clock = ContinuousClock()
let start = clock.now
let arguments = CommandLine.arguments
let pushType = arguments.count > 1 ? arguments[1] : "webview_full"
let resolution = ShopRoutes.resolve(
  ["aps": ["alert": "A new chapter is out"], "type": pushType, "id": "7", "chapter": "3"],
  variant: .v2)
let elapsed = start.duration(to: clock.now)
guard resolution.status == .matched else { fatalError("\(pushType): \(resolution.status)") }
if arguments.contains("--report") {
  let (seconds, attoseconds) = elapsed.components
  print(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
}
