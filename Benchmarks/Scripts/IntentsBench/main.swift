import RouteTable

// An App Intent's resolution beside a push's for the same route, in the same run: the intent
// `open_500` with its parameter against the push of type `episode_500` carrying the same value,
// in a table of 1,000 routes, each with a push type and an intent. Built and run by
// Benchmarks/Scripts/intents.sh; timed by ResolveBench's Measure.swift.

let options = Options(Array(CommandLine.arguments.dropFirst()), extraArity: [:])

let push = Payload(userInfo: ["aps": ["alert": "New"], "type": "episode_500", "episode_id": 7])
let parameters = Payload(["episode_id": .integer(7)])

// Check the inputs resolve as the benchmark says before timing them.
func check(_ condition: Bool, _ what: String) {
  if !condition { fail(what) }
}
let pushed = IntentsRoutes.resolve(push, variant: .default)
let intended = IntentsRoutes.resolve(intent: "open_500", parameters, variant: .default)
check(pushed.route == "episode_500" && pushed.status == .matched, "push")
check(
  intended.route == "episode_500" && intended.status == .matched && intended.intent == "open_500"
    && intended.destination == pushed.destination, "intent")

measure("intents.push", options) {
  blackHole(IntentsRoutes.resolve(identity(push), variant: .default))
}
measure("intents.intent", options) {
  blackHole(
    IntentsRoutes.resolve(intent: identity("open_500"), identity(parameters), variant: .default))
}
