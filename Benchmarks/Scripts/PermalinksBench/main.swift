import RouteTable

// Links of the newer pattern kinds against plain ones, in the same run: the same routes,
// screens and URL templates, 1,000 link patterns each, written by
// `scripts/make-large-manifest.py` plainly (`PlainRoutes`) and with `--permalinks`
// (`PermalinksRoutes`: fragments, literal text around a placeholder, a string prefix, a wildcard
// host, `hosts: ["*"]`, a bare query key, a link that ignores letter case). Each case resolves a
// URL through both tables, one after the other, and checks both open the same route and URL
// first. Built and run by Benchmarks/Scripts/permalinks.sh; timed by ResolveBench's
// Measure.swift (`plain.CASE` and `new.CASE`).

let options = Options(Array(CommandLine.arguments.dropFirst()), extraArity: [:])

/// A case: the route, its URL through the plain table's pattern, and through the new one's.
struct Case {
  var name: String
  var route: Int
  var plain: String
  var new: String
}

let plainHost = "https://m.example.com"
// A host the links' one entry, `*.m.example.com`, covers.
let newHost = "https://a.m.example.com"
let eight = "p1/p2/p3/p4/p5/p6"
let cases: [Case] = [
  // `int` screens (URL template `{web}/items/{item_id}`), 2, 4 and 8 segments.
  Case(name: "fragment.int.2", route: 1, plain: "/r1/42", new: "/r1#/42"),
  Case(name: "fragment.int.4", route: 4, plain: "/r4/p1/p2/42", new: "/r4#/p1/p2/42"),
  Case(name: "fragment.int.8", route: 7, plain: "/r7/\(eight)/42", new: "/r7#/\(eight)/42"),
  Case(name: "prefix_text.int.2", route: 10, plain: "/r10/42", new: "/r10/Talk:42"),
  Case(name: "prefix_text.int.4", route: 13, plain: "/r13/p1/p2/42", new: "/r13/p1/p2/Talk:42"),
  Case(
    name: "prefix_text.int.8", route: 16, plain: "/r16/\(eight)/42", new: "/r16/\(eight)/Talk:42"),
  Case(name: "suffix_text.int.2", route: 19, plain: "/r19/42", new: "/r19/42.pdf"),
  Case(name: "suffix_text.int.4", route: 22, plain: "/r22/p1/p2/42", new: "/r22/p1/p2/42.pdf"),
  Case(
    name: "suffix_text.int.8", route: 25, plain: "/r25/\(eight)/42", new: "/r25/\(eight)/42.pdf"),
  // Screens whose `item_id` is a string (with `prefix: "!"` in the new table) and `?page=`
  // (template `{web}/s{s}/{item_id}?p={page}{&ref}`).
  Case(name: "fragment.prefixed.2", route: 2, plain: "/r2/!abc?page=3", new: "/r2#/!abc?page=3"),
  Case(
    name: "fragment.prefixed.4", route: 5, plain: "/r5/p1/p2/!abc?page=3",
    new: "/r5#/p1/p2/!abc?page=3"),
  Case(
    name: "fragment.prefixed.8", route: 8, plain: "/r8/\(eight)/!abc?page=3",
    new: "/r8#/\(eight)/!abc?page=3"),
  Case(
    name: "prefix_text.prefixed.2", route: 11, plain: "/r11/!abc?page=3",
    new: "/r11/Talk:!abc?page=3"),
  Case(
    name: "prefix_text.prefixed.4", route: 14, plain: "/r14/p1/p2/!abc?page=3",
    new: "/r14/p1/p2/Talk:!abc?page=3"),
  Case(
    name: "prefix_text.prefixed.8", route: 17, plain: "/r17/\(eight)/!abc?page=3",
    new: "/r17/\(eight)/Talk:!abc?page=3"),
  Case(
    name: "suffix_text.prefixed.2", route: 20, plain: "/r20/!abc?page=3",
    new: "/r20/!abc.pdf?page=3"),
  Case(
    name: "suffix_text.prefixed.4", route: 23, plain: "/r23/p1/p2/!abc?page=3",
    new: "/r23/p1/p2/!abc.pdf?page=3"),
  Case(
    name: "suffix_text.prefixed.8", route: 26, plain: "/r26/\(eight)/!abc?page=3",
    new: "/r26/\(eight)/!abc.pdf?page=3"),
  // Route 31 ignores letter case; route 44 also needs the bare key `full`.
  Case(name: "case_insensitive.int.4", route: 31, plain: "/r31/p1/p2/42", new: "/R31#/P1/p2/42"),
  Case(
    name: "bare_key.prefixed.8", route: 44, plain: "/r44/\(eight)/!abc?page=3&full",
    new: "/r44/\(eight)/Talk:!abc?page=3&full"),
]
// Route 49 applies to any host: one no entry covers, and one the wildcard covers, whose
// patterns are tried first.
let anyHost = [
  Case(
    name: "any_host.other.4", route: 49, plain: "/r49/p1/p2/42",
    new: "https://example.net/r49/p1/p2/42.pdf"),
  Case(
    name: "any_host.covered.4", route: 49, plain: "/r49/p1/p2/42",
    new: "\(newHost)/r49/p1/p2/42.pdf"),
]

// Check the inputs resolve as the benchmark says before timing them.
let urls =
  cases.map { ($0, plainHost + $0.plain, newHost + $0.new) }
  + anyHost.map { ($0, plainHost + $0.plain, $0.new) }
for (entry, plainURL, newURL) in urls {
  let plain = PlainRoutes.resolve(url: plainURL, variant: .v2)
  let new = PermalinksRoutes.resolve(url: newURL, variant: .v2)
  guard plain.status == .matched, plain.route == "route_\(entry.route)", plain.url != nil,
    new.status == .matched, new.route == plain.route, new.url == plain.url,
    new.link != plain.link
  else {
    fail(
      "\(entry.name): \(plainURL) resolved as \(plain.status) \(plain.route ?? "-"), \(newURL) as \(new.status) \(new.route ?? "-")"
    )
  }
}

for (entry, plainURL, newURL) in urls {
  measure("plain.\(entry.name)", options) {
    blackHole(PlainRoutes.resolve(url: identity(plainURL), variant: .v2))
  }
  measure("new.\(entry.name)", options) {
    blackHole(PermalinksRoutes.resolve(url: identity(newURL), variant: .v2))
  }
}
