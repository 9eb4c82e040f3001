import RouteTable

// What real apps' routes add to a resolution, each beside the resolution it is an extra step
// of, in the same run: a push matched by `when_present` (the last of ten routes tried) against a
// typed push of the same route, and a link whose pattern is restricted to a host against one
// that is not, in a table of 1,000 patterns. Built and run by Benchmarks/Scripts/real-routes.sh;
// timed by ResolveBench's Measure.swift.

let options = Options(Array(CommandLine.arguments.dropFirst()), extraArity: [:])

let typed = Payload(userInfo: ["aps": ["alert": "New"], "type": "present_9", "k9": ["id": "7"]])
let present = Payload(userInfo: ["aps": ["alert": "New"], "k9": ["id": "7"]])
// Route 500 applies to every host; route 501 only to clicks.example.com.
let plainLink = "https://m.example.com/r500/p1/p2/42"
let restrictedLink = "https://clicks.example.com/r501/p1/p2/42"
// The plain link again, carried by a redirect.
let reroutedLink = "https://m.example.com/go?to=/r500/p1/p2/42"

// Check the inputs resolve as the benchmark says before timing them.
func check(_ condition: Bool, _ what: String) {
  if !condition { fail(what) }
}
check(RealRoutes.resolve(typed, variant: .default).route == "present_9", "typed push")
let presentResolution = RealRoutes.resolve(present, variant: .default)
check(
  presentResolution.route == "present_9" && presentResolution.matchedBy == .present,
  "when_present push")
check(RealRoutes.resolve(url: plainLink, variant: .default).route == "route_500", "plain link")
check(
  RealRoutes.resolve(url: restrictedLink, variant: .default).route == "route_501",
  "restricted link")
check(
  RealRoutes.resolve(url: "https://m.example.com/r501/p1/p2/42", variant: .default).status
    == .unknownLink, "restricted link on another host")
let rerouted = RealRoutes.resolve(url: reroutedLink, variant: .default)
check(rerouted.route == "route_500" && rerouted.reroutedFrom == ["redirect"], "rerouted link")

measure("real.push.typed", options) {
  blackHole(RealRoutes.resolve(identity(typed), variant: .default))
}
measure("real.push.when_present", options) {
  blackHole(RealRoutes.resolve(identity(present), variant: .default))
}
measure("real.link.every_host", options) {
  blackHole(RealRoutes.resolve(url: identity(plainLink), variant: .default))
}
measure("real.link.one_host", options) {
  blackHole(RealRoutes.resolve(url: identity(restrictedLink), variant: .default))
}
measure("real.link.rerouted", options) {
  blackHole(RealRoutes.resolve(url: identity(reroutedLink), variant: .default))
}
