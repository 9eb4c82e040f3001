import AllocationCounter
import LargeTable
import RouteTable
import ShopTable

// Per-operation time and heap allocations of resolving a push payload through generated code,
// against the lookups apps use without RouteTable: a `[String: Route]` dictionary, and
// reflection by class name (`_typeByName`, what `NSClassFromString` does on Linux).
//
//   ResolveBench [--batches N] [--batch-ms MS] [--large-type PUSH_TYPE] [--profile NAME COUNT]
//
// Each benchmark is calibrated to about MS milliseconds per batch, run N batches, and reported
// as the fastest and the median batch's time per operation; allocations are counted over one
// more batch with the counter on. One JSON object per line on standard output.
// `--profile NAME COUNT` runs one benchmark's body COUNT times, untimed, for a profiler:
// `valgrind --tool=callgrind ResolveBench --profile shop.resolve.user_info 10000`.

var batches = 15
var batchMilliseconds = 20
var largeType = "route_7778"
var profile: (name: String, count: Int)?
var arguments = CommandLine.arguments.dropFirst()
while let option = arguments.popFirst() {
  switch option {
  case "--batches": batches = arguments.popFirst().flatMap { Int($0) } ?? batches
  case "--batch-ms":
    batchMilliseconds = arguments.popFirst().flatMap { Int($0) } ?? batchMilliseconds
  case "--large-type": largeType = arguments.popFirst() ?? largeType
  case "--profile":
    guard let name = arguments.popFirst(), let count = arguments.popFirst().flatMap({ Int($0) })
    else { fail("--profile needs a benchmark name and a count") }
    profile = (name, count)
  default: fail("unknown option \(option)")
  }
}

// MARK: Measuring

/// Consumes a value so the optimizer cannot drop the work that produced it.
@_optimize(none) @inline(never)
func blackHole<T>(_ value: T) {}

/// Returns its argument through a call the optimizer cannot see through, so inputs are not
/// constant-folded.
@_optimize(none) @inline(never)
func identity<T>(_ value: T) -> T { value }

func fail(_ message: String) -> Never {
  print("{\"error\": \"\(message)\"}")
  fatalError(message)
}

func nanoseconds(_ duration: Duration) -> Double {
  let (seconds, attoseconds) = duration.components
  return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
}

@MainActor func measure(_ name: String, _ body: () -> Void) {
  if let profile {
    if profile.name == name {
      for _ in 0..<profile.count { body() }
    }
    return
  }
  let clock = ContinuousClock()
  let batchTarget = Double(batchMilliseconds) * 1e6
  // Calibrate: double the count until a run takes a quarter of a batch, then scale.
  var iterations = 1
  while true {
    let start = clock.now
    for _ in 0..<iterations { body() }
    let elapsed = nanoseconds(start.duration(to: clock.now))
    if elapsed >= batchTarget / 4 || iterations >= 1 << 28 {
      iterations = max(1, Int(Double(iterations) * batchTarget / max(elapsed, 1)))
      break
    }
    iterations *= 2
  }
  var samples: [Double] = []
  for _ in 0..<batches {
    let start = clock.now
    for _ in 0..<iterations { body() }
    samples.append(nanoseconds(start.duration(to: clock.now)) / Double(iterations))
  }
  samples.sort()
  let counted = min(iterations, 10_000)
  allocation_counter_start()
  for _ in 0..<counted { body() }
  let allocations = allocation_counter_stop()
  let perOperation =
    allocation_counter_available() != 0 ? "\(Double(allocations) / Double(counted))" : "null"
  print(
    "{\"name\": \"\(name)\", \"ns_min\": \(samples[0]), \"ns_median\": \(samples[samples.count / 2]),"
      + " \"allocations\": \(perOperation), \"iterations\": \(iterations), \"batches\": \(batches)}"
  )
}

// MARK: Inputs

/// A route as a hand-written table would hold it, for the dictionary peer.
struct Route {
  var screen: String
  var tab: Int?
  var url: String?
}

/// The dictionary an app would build at launch: every push type and alias of the table.
func dictionary(_ table: RouteTable) -> [String: Route] {
  var routes: [String: Route] = [:]
  for entry in table.pushTypeEntries {
    routes[entry.name] = Route(screen: "Screen\(entry.route)", tab: entry.route % 4, url: nil)
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
let shopRoutes = dictionary(ShopRoutes.table)
let largeRoutes = dictionary(LargeRoutes.table)
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
guard ShopRoutes.PushType(rawValue: shopType) != nil,
  LargeRoutes.PushType(rawValue: largeType) != nil,
  shopRoutes[shopType] != nil, largeRoutes[largeType] != nil
else { fail("a push type is missing from a lookup table") }
guard _typeByName(className) == BookReaderViewController.self, _typeByName(missingClassName) == nil
else { fail("_typeByName did not find \(className)") }

// MARK: Benchmarks

// The counter must see the one allocation an array of 8 Ints makes.
measure("check.one_allocation") { blackHole([Int](repeating: 1, count: identity(8))) }
measure("loop_overhead") { blackHole(identity(shopType)) }

measure("shop.resolve.user_info") {
  blackHole(ShopRoutes.resolve(identity(shopUserInfo), variant: .v2))
}
measure("shop.resolve.payload") {
  blackHole(ShopRoutes.resolve(identity(shopPayload), variant: .v2))
}
measure("shop.payload_from_user_info") { blackHole(Payload(userInfo: identity(shopUserInfo))) }
measure("shop.lookup.generated") { blackHole(ShopRoutes.PushType(rawValue: identity(shopType))) }
measure("shop.lookup.dictionary") { blackHole(shopRoutes[identity(shopType)]) }

measure("large.resolve.user_info") {
  blackHole(LargeRoutes.resolve(identity(largeUserInfo), variant: .v2))
}
measure("large.resolve.payload") {
  blackHole(LargeRoutes.resolve(identity(largePayload), variant: .v2))
}
measure("large.lookup.generated") { blackHole(LargeRoutes.PushType(rawValue: identity(largeType))) }
measure("large.lookup.dictionary") { blackHole(largeRoutes[identity(largeType)]) }

measure("reflection.hit") { blackHole(_typeByName(identity(className))) }
measure("reflection.miss") { blackHole(_typeByName(identity(missingClassName))) }
