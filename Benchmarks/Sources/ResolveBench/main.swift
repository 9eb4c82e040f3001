import AllocationCounter
import LargeTable
import NavigationTable
import RouteTable
import RouteTableNavigation
import ShopTable

// Per-operation time and heap allocations of resolving a push payload through generated code,
// against the lookups apps use without RouteTable: a `[String: Route]` dictionary, and
// reflection by class name (`_typeByName`, what `NSClassFromString` does on Linux); and of
// resolving link URLs through the tables `run.sh` generates with 10 to 10,000 link patterns.
//
//   ResolveBench [--batches N] [--batch-ms MS] [--only PREFIX] [--large-type PUSH_TYPE]
//                [--link-url SEGMENTS URL]... [--profile NAME COUNT]
//
// See Measure.swift for how each benchmark is timed and reported. `--only link.` runs the link
// benchmarks alone (bench.py interleaves them with the URLMatcher peer's rounds);
// `--link-url 2 https://m.example.com/r1/42` is the URL of 2 segments each link table resolves.
// `--profile NAME COUNT` runs one benchmark's body COUNT times, untimed, for a profiler:
// `valgrind --tool=callgrind ResolveBench --profile shop.resolve.user_info 10000`.

let options = Options(
  Array(CommandLine.arguments.dropFirst()), extraArity: ["--large-type": 1, "--link-url": 2])
let largeType = options.extra.last { $0.option == "--large-type" }?.values[0] ?? "route_7778"
let linkURLs: [(segments: Int, url: String)] = options.extra.compactMap { option in
  guard option.option == "--link-url", let segments = Int(option.values[0]) else { return nil }
  return (segments, option.values[1])
}

// MARK: Inputs

/// A route as a hand-written table would hold it, for the dictionary peer.
struct Route {
  var screen: String
  var tab: Int?
  var url: String?
}

/// The dictionary an app would build at launch: every push type and alias of the namespace.
func dictionary<Routes: RouteNamespace>(_: Routes.Type) -> [String: Route] {
  var routes: [String: Route] = [:]
  for (index, pushType) in Routes.PushType.allCases.enumerated() {
    routes[pushType.rawValue] = Route(screen: "Screen\(index)", tab: index % 4, url: nil)
  }
  return routes
}

// Stand-ins for view controller classes an app would look up by name.
final class HomeViewController {}
final class GiftManagerViewController {}
final class LessonDetailViewController {}
final class BookReaderViewController {}

let shopType = "webview_full"
let shopUserInfo: [AnyHashable: Any] = [
  "aps": ["alert": "A new chapter is out"], "type": shopType, "id": "7", "chapter": "3",
]
let largeUserInfo: [AnyHashable: Any] = [
  "aps": ["alert": "A new chapter is out"], "type": largeType, "item_id": "abc", "ref": "push",
]
let shopPayload = Payload(userInfo: shopUserInfo)
let largePayload = Payload(userInfo: largeUserInfo)
let shopRoutes = dictionary(ShopRoutes.self)
let largeRoutes = dictionary(LargeRoutes.self)
let className = "ResolveBench.BookReaderViewController"
let missingClassName = "ResolveBench.BookReaderViewControler"

// The benchmarks below must measure what they say: check every input resolves as expected.
let shopResolution = ShopRoutes.resolve(shopUserInfo, variant: .v2)
guard shopResolution.status == .matched,
  shopResolution.destination == .bookReader(bookId: 7, hideCache: true, chapter: 3),
  shopResolution.url?.hasSuffix("id=7&hide_cache=1&chapter=3") == true
else { fail("the shop payload resolved as \(shopResolution.status)") }
let largeResolution = LargeRoutes.resolve(largeUserInfo, variant: .v2)
guard largeResolution.status == .matched, largeResolution.url?.hasSuffix("&ref=push") == true
else { fail("the large payload resolved as \(largeResolution.status)") }
for door in [
  ShopRoutes.resolve(shortcut: "last_book", shopPayload, variant: .v2),
  ShopRoutes.resolve(activity: "com.example.shop.book", shopPayload, variant: .v2),
] where door.destination != shopResolution.destination {
  fail("a door resolved as \(door.status), not as the push")
}
guard ShopRoutes.PushType(rawValue: shopType) != nil,
  LargeRoutes.PushType(rawValue: largeType) != nil,
  shopRoutes[shopType] != nil, largeRoutes[largeType] != nil
else { fail("a push type is missing from a lookup table") }
guard _typeByName(className) == BookReaderViewController.self, _typeByName(missingClassName) == nil
else { fail("_typeByName did not find \(className)") }

// MARK: Benchmarks

// The counter must see the one allocation an array of 8 Ints makes.
measure("check.one_allocation", options) { blackHole([Int](repeating: 1, count: identity(8))) }
measure("loop_overhead", options) { blackHole(identity(shopType)) }

measure("shop.resolve.user_info", options) {
  blackHole(ShopRoutes.resolve(identity(shopUserInfo), variant: .v2))
}
measure("shop.resolve.payload", options) {
  blackHole(ShopRoutes.resolve(identity(shopPayload), variant: .v2))
}
// The same route through the other doors: a quick action and a user activity whose `userInfo`
// is the push's payload (their routes read it the same way; the type key is not consulted).
measure("shop.resolve.shortcut", options) {
  blackHole(ShopRoutes.resolve(shortcut: identity("last_book"), identity(shopPayload), variant: .v2))
}
measure("shop.resolve.activity", options) {
  blackHole(
    ShopRoutes.resolve(activity: identity("com.example.shop.book"), identity(shopPayload), variant: .v2))
}
measure("shop.payload_from_user_info", options) {
  blackHole(Payload(userInfo: identity(shopUserInfo)))
}
measure("shop.lookup.generated", options) {
  blackHole(ShopRoutes.PushType(rawValue: identity(shopType)))
}
measure("shop.lookup.dictionary", options) { blackHole(shopRoutes[identity(shopType)]) }

measure("large.resolve.user_info", options) {
  blackHole(LargeRoutes.resolve(identity(largeUserInfo), variant: .v2))
}
measure("large.resolve.payload", options) {
  blackHole(LargeRoutes.resolve(identity(largePayload), variant: .v2))
}
measure("large.lookup.generated", options) {
  blackHole(LargeRoutes.PushType(rawValue: identity(largeType)))
}
measure("large.lookup.dictionary", options) { blackHole(largeRoutes[identity(largeType)]) }

// MARK: Requirements and back stacks

// `tracking` requires `signed_in` and `onboarded` and builds a three-screen back stack.
let trackingUserInfo: [AnyHashable: Any] = [
  "aps": ["alert": "Your parcel is on its way"], "type": "tracking", "order_id": "42",
  "parcel": "P-7",
]
let trackingPayload = Payload(userInfo: trackingUserInfo)
let everyRequirement = RequirementSet(NavigationRoutes.Requirement.allCases)
let tracking = NavigationRoutes.resolve(trackingPayload, variant: .default)
guard tracking.status == .matched, tracking.requires == everyRequirement,
  tracking.stack == [
    .orderList(filter: "open"), .orderDetail(orderId: 42), .shipment(orderId: 42, parcel: "P-7"),
  ],
  tracking.unmet(satisfied: RequirementSet()) == everyRequirement,
  NavigationRoutes.resolve(requirement: .signedIn, variant: .default)?.destination == .signIn
else { fail("the tracking payload resolved as \(tracking.status)") }

/// A router whose root is ready, navigating into nothing, and how many resolutions reached it.
func navigationRouter() -> (
  RouteTableRouter<NavigationRoutes.Variant, NavigationRoutes.Destination>, Counter
) {
  let delivered = Counter()
  let router = RouteTableRouter<NavigationRoutes.Variant, NavigationRoutes.Destination>(
    routes: NavigationRoutes.self, maxAge: nil, onAppAction: { _, _, _ in })
  router.rootIsReady(variant: .default) { resolution in
    blackHole(resolution)
    delivered.increment()
  }
  return (router, delivered)
}

/// Counts deliveries; the router calls `navigate` on the thread that delivers.
final class Counter: @unchecked Sendable {
  private(set) var value = 0
  func increment() { value += 1 }
}

// A held tap shows the sign-in route, and opens once both requirements are met.
let (heldRouter, heldDelivered) = navigationRouter()
heldRouter.didTap(userInfo: trackingUserInfo)
heldRouter.setSatisfiedRequirements(everyRequirement)
guard heldDelivered.value == 2, !heldRouter.hasHeldNavigation else {
  fail("the held tap was delivered \(heldDelivered.value) times")
}
heldRouter.setSatisfiedRequirements(RequirementSet())
let (metRouter, _) = navigationRouter()
metRouter.setSatisfiedRequirements(everyRequirement)

measure("navigation.resolve.payload", options) {
  blackHole(NavigationRoutes.resolve(identity(trackingPayload), variant: .default))
}
measure("navigation.unmet", options) {
  blackHole(identity(tracking).unmet(satisfied: identity(RequirementSet())))
}
measure("navigation.resolve.requirement", options) {
  blackHole(NavigationRoutes.resolve(requirement: identity(.signedIn), variant: .default))
}
// Requirements met: the tap is resolved and delivered through the router's gate.
measure("navigation.router.deliver", options) {
  metRouter.didTap(userInfo: identity(trackingUserInfo))
}
// Signed out: the tap is held and the sign-in route delivered; signing in releases it, resolved
// again and delivered; signing out resets for the next round.
measure("navigation.router.hold_release", options) {
  heldRouter.didTap(userInfo: identity(trackingUserInfo))
  heldRouter.setSatisfiedRequirements(everyRequirement)
  heldRouter.setSatisfiedRequirements(RequirementSet())
}

measure("reflection.hit", options) { blackHole(_typeByName(identity(className))) }
measure("reflection.miss", options) { blackHole(_typeByName(identity(missingClassName))) }

// MARK: Links

/// One of the link tables run.sh generates (`LinkTables.swift`, beside this file): its pattern
/// count, the generated `resolve(url:variant:)` in `v2` to check what it gives, and the same
/// with the result consumed, to time.
struct LinkBenchTable: Sendable {
  var patterns: Int
  var check: @Sendable (String) -> Resolution<Void>
  var resolve: @Sendable (String) -> Void
}

// Routes 1, 4 and 7 of every generated link table have `int` screens and patterns of 2, 4 and
// 8 segments (scripts/make-large-manifest.py); their URL template is `{web}/items/{item_id}`.
for link in linkURLs {
  for entry in linkTables {
    let resolution = entry.check(link.url)
    guard resolution.status == .matched, resolution.url == "https://m.example.com/items/42",
      resolution.link?.split(separator: "/").count == link.segments
    else {
      fail("\(link.url) resolved as \(resolution.status) in the \(entry.patterns)-pattern table")
    }
  }
}
for entry in linkTables {
  for link in linkURLs {
    measure("link.\(entry.patterns).\(link.segments)", options) {
      entry.resolve(identity(link.url))
    }
  }
}
