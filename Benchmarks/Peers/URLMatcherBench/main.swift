import Foundation
import URLMatcher

// The peer of the link benchmark: URLNavigator's `URLMatcher` matching the same URLs against
// the same patterns, written in its syntax (`https://m.example.com/r1/<int:item_id>`). run.sh
// compiles this driver with ResolveBench's Measure.swift and the peer's unmodified sources from
// ../shared/peers/URLNavigator/Sources/URLMatcher; it is never part of the package.
//
//   URLMatcherBench --table PATTERNS FILE... --link-url SEGMENTS URL... [--batches N]
//                   [--batch-ms MS] [--only PREFIX]
//
// FILE holds one pattern per line (scripts/make-large-manifest.py --urlmatcher-patterns) and
// PATTERNS is their count; each URL is matched against each table as `peer.PATTERNS.SEGMENTS`,
// the way URLNavigator does it: `match(url, from: patterns)` over the whole list.

let options = Options(
  Array(CommandLine.arguments.dropFirst()), extraArity: ["--table": 2, "--link-url": 2])
let tables: [(count: Int, patterns: [String])] = options.extra.compactMap { option in
  guard option.option == "--table", let count = Int(option.values[0]),
    let text = try? String(contentsOfFile: option.values[1], encoding: .utf8)
  else { return nil }
  let patterns = text.split(separator: "\n").map(String.init)
  guard patterns.count == count else { fail("\(option.values[1]) has \(patterns.count) patterns") }
  return (count, patterns)
}
let linkURLs: [(segments: Int, url: String)] = options.extra.compactMap { option in
  guard option.option == "--link-url", let segments = Int(option.values[0]) else { return nil }
  return (segments, option.values[1])
}

let matcher = URLMatcher()
// The benchmarks below must measure what they say: every URL matches a pattern of its length
// and reads its `<int:item_id>`.
for link in linkURLs {
  for table in tables {
    guard let result = matcher.match(link.url, from: table.patterns),
      result.pattern.split(separator: "/").count == link.segments + 2,
      result.values["item_id"] as? Int == 42
    else { fail("URLMatcher did not match \(link.url) in the \(table.count)-pattern table") }
  }
}
for table in tables {
  for link in linkURLs {
    measure("peer.\(table.count).\(link.segments)", options) {
      blackHole(matcher.match(identity(link.url), from: table.patterns))
    }
  }
}
