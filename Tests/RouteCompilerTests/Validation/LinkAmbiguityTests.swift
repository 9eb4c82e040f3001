import CompilerTestSupport
import Foundation
@_spi(Generated) import RouteTable
import TestSupport
import Testing

@testable import RouteCompiler

/// The ambiguity check against the reference matcher: every pair it reports has a URL matching
/// both with the same specificity, and every such pair is reported.
@Suite struct LinkAmbiguityTests {
  static func parse(_ texts: [String]) throws -> [LinkPattern<String>] {
    try texts.map { try LinkPattern(parsing: $0).mapParams(\.name) }
  }

  /// The texts between backquotes in a message.
  static func quoted(_ message: String) -> [String] {
    message.split(separator: "`", omittingEmptySubsequences: false).enumerated()
      .filter { $0.offset % 2 == 1 }.map { String($0.element) }
  }

  @Test func everyExampleURLInTheFixtureMatchesBothPatternsEqually() throws {
    let output = try lintFixture("rules/ambiguous-links.routes.yaml")
    let ties = output.diagnostics.filter { $0.rule == .ambiguousLinks }
    #expect(ties.count == 5)
    let matcher = ReferenceLinkMatcher(
      hosts: ["academy.example", "www.academy.example"], schemes: ["academy"])
    for diagnostic in ties {
      // `second` ties with `first` ... `url` ...
      let quoted = Self.quoted(diagnostic.message)
      let patterns = try Self.parse([quoted[1], quoted[0]])
      let url = try #require(quoted.first { $0.hasPrefix("https://") })
      #expect(matcher.matches(url, patterns) == [0, 1], "\(diagnostic.message)")
      #expect(ReferenceLinkMatcher.haveEqualSpecificity(patterns[0], patterns[1]))
    }
  }

  @Test func exampleURLUsesTheFirstSchemeWithoutHosts() throws {
    let output = lint(
      """
      manifest: 1
      links:
        schemes: [academy, other]
      screens:
        Folder:
          params:
            path: string
      routes:
        folder:
          screen: Folder
          links:
            - "/f%2Fx/{path*}?v=1"
            - "/f%2Fx/{name*}?w=caf%C3%A9"
            - /
            - "/?a=1"
            - "/?b=2"

      """)
    #expect(
      output.diagnostics.filter { $0.rule == .ambiguousLinks }.map(\.message) == [
        "the link `/f%2Fx/{name*}?w=caf%C3%A9` ties with `/f%2Fx/{path*}?v=1` (line 12): `academy://f%2Fx/1?v=1&w=caf%C3%A9` matches both and neither is more specific; make one of them more specific or remove it",
        "the link `/?b=2` ties with `/?a=1` (line 15): `academy://?a=1&b=2` matches both and neither is more specific; make one of them more specific or remove it",
      ])
    let matcher = ReferenceLinkMatcher(hosts: [], schemes: ["academy", "other"])
    let patterns = try Self.parse(["/f%2Fx/{path*}?v=1", "/f%2Fx/{name*}?w=caf%C3%A9"])
    #expect(matcher.matches("academy://f%2Fx/1?v=1&w=caf%C3%A9", patterns) == [0, 1])
    #expect(matcher.matches("ACADEMY:///f%2Fx/1/2?v=1&w=caf%C3%A9#x", patterns) == [0, 1])
    #expect(
      try matcher.matches("academy://?a=1&b=2", Self.parse(["/", "/?a=1", "/?b=2"])) == [0, 1, 2])
  }

  @Test func tiesWaitForAValidHostOrScheme() {
    let output = lint(
      """
      manifest: 1
      links:
        hosts: [Academy.Example]
      screens:
        Home: {}
      routes:
        home:
          screen: Home
          links: [/home, /home]
          aliases: [start]

      """)
    #expect(brief(output.diagnostics) == ["3:11 invalid-link-host", "9:20 duplicate-item"])
    let tied = lint(
      """
      manifest: 1
      links:
        hosts: [Academy.Example]
      screens:
        Home: {}
      routes:
        home:
          screen: Home
          links: [/home]
        start:
          screen: Home
          links: [/home]

      """)
    #expect(brief(tied.diagnostics) == ["3:11 invalid-link-host"])
  }

  @Test func referenceMatcherFollowsTheMatchingRules() throws {
    let matcher = ReferenceLinkMatcher(hosts: ["academy.example"], schemes: ["academy"])
    let patterns = try Self.parse(["/courses/{id}", "/courses/new", "/open?to=home", "/f/{p*}"])
    #expect(matcher.matches("https://academy.example/courses/42", patterns) == [0])
    #expect(matcher.matches("https://ACADEMY.example/courses/new/", patterns) == [0, 1])
    #expect(matcher.matches("https://academy.example:8443/courses/42", patterns) == [])
    #expect(matcher.matches("https://user@academy.example/courses/42", patterns) == [])
    #expect(matcher.matches("http://academy.example/courses/42", patterns) == [])
    #expect(matcher.matches("https://academy.example/courses//42", patterns) == [])
    #expect(matcher.matches("https://academy.example/courses/%zz", patterns) == [])
    #expect(matcher.matches("academy://courses/42", patterns) == [0])
    #expect(matcher.matches("academy:///courses/42", patterns) == [0])
    #expect(matcher.matches("academy://open?to=home&x=1", patterns) == [2])
    #expect(matcher.matches("academy://open?to=home&to=away", patterns) == [])
    #expect(matcher.matches("academy://f/a%2Fb/c", patterns) == [3])
  }

  // MARK: - Random pattern sets

  /// A random pattern over a small alphabet, so that ties and near-ties are frequent.
  /// `letterCase`: literals and `k`'s values in either letter case (`A`, `x`, `X`), for
  /// patterns that may ignore it; without, the patterns of the plain alphabet, as before.
  static func randomPattern(_ random: inout SplitMix64, letterCase: Bool = false) -> String {
    var segments: [String] = []
    let count = Int.random(in: 0...3, using: &random)
    for position in 0..<count {
      if position == count - 1, random.chance(20) {
        segments.append("{r*}")
      } else {
        segments.append(
          random.pick(
            (letterCase ? ["a", "A"] : ["a"]) + ["b", "{p\(position)}", "{p\(position)}"]))
      }
    }
    var items: [String] = []
    for key in random.sample(["k", "m"], Int.random(in: 0...2, using: &random)) {
      // `{req_…}` binds a required parameter: `parseMarking` marks it as presence.
      // `k` takes letters, which a case-insensitive pattern folds.
      let values = letterCase && key == "k" ? ["x", "X"] : ["1", "2"]
      items.append(
        random.pick([
          "\(key)=\(values[0])", "\(key)=\(values[1])", "\(key)={v\(key)}",
          "\(key)={req_\(key)}", key, "!\(key)",
        ]))
    }
    var fragment = ""
    // A fragment pattern of at most one segment, after a path of at most two that does not end
    // with `{r*}`: `universe` holds a URL for every tie among those.
    if random.chance(30), segments.count <= 2, segments.last != "{r*}" {
      fragment = "#/" + (random.chance(50) ? "" : random.pick([letterCase ? "A" : "a", "{f0}"]))
      if random.chance(30) {
        fragment += "?" + random.pick([letterCase ? "k=X" : "k=1", "k", "!k"])
      }
    }
    return "/" + segments.joined(separator: "/")
      + (items.isEmpty ? "" : "?" + items.joined(separator: "&")) + fragment
  }

  /// Parses random patterns, marking the bindings of `{req_…}` placeholders as presence, as the
  /// validator marks those of required parameters.
  static func parseMarking(_ texts: [String]) throws -> [LinkPattern<String>] {
    try parse(texts).map { pattern in
      pattern.markingPresence(
        of: Set(
          pattern.query.compactMap { item in
            if case .bind(let key, let param, _) = item, param.hasPrefix("req_") {
              key
            } else {
              nil
            }
          }))
    }
  }

  /// Every URL the random patterns can tell apart: paths of up to four segments over `a`, `b`
  /// and `1` (and of up to three, the length of a random path, over `A` too), with `k` absent,
  /// 1, 2, x, X or without a value and `m` absent, 1, 2 or without a value; and those of up to
  /// two segments with a fragment of up to one segment, `a`, `A` or `1`, with `k=1`, `k=x`,
  /// `k=X`, `k` or no query.
  static let universe: [String] = {
    var paths = [""]
    var frontier = [""]
    for length in 1...4 {
      let letters = length < 4 ? ["a", "A", "b", "1"] : ["a", "b", "1"]
      frontier = frontier.flatMap { path in letters.map { path + "/" + $0 } }
      paths += frontier
    }
    var urls: [String] = []
    for path in paths {
      var fragments = [""]
      if path.split(separator: "/").count <= 2 {
        for fragment in ["#/", "#/a", "#/A", "#/1"] {
          fragments += ["", "?k=1", "?k=x", "?k=X", "?k"].map { fragment + $0 }
        }
      }
      for k in [nil, "=1", "=2", "=x", "=X", ""] {
        for m in [nil, "=1", "=2", ""] {
          let items = [k.map { "k\($0)" }, m.map { "m\($0)" }].compactMap { $0 }
          for fragment in fragments {
            urls.append(
              "https://a.example" + (path.isEmpty ? "/" : path)
                + (items.isEmpty ? "" : "?" + items.joined(separator: "&")) + fragment)
          }
        }
      }
    }
    return urls
  }()

  @Test(arguments: 0..<150)
  func reportedPairsAreExactlyTheTiesTheMatcherFinds(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    let texts = (0..<Int.random(in: 2...6, using: &random)).map { _ in
      Self.randomPattern(&random, letterCase: true)
    }
    // About one pattern in four ignores letter case; the messages mark it `(i)`.
    let folding = texts.map { _ in random.chance(25) }
    var patterns = try Self.parseMarking(texts)
    for index in patterns.indices { patterns[index].caseSensitive = !folding[index] }
    let labels = zip(texts, folding).map { $0 + ($1 ? " (i)" : "") }
    let matcher = ReferenceLinkMatcher(hosts: ["a.example"], schemes: [])
    // Pairs some URL matches with equal specificity.
    var tied: Set<[Int]> = []
    for url in Self.universe {
      let matched = matcher.matches(url, patterns)
      for first in matched {
        for second in matched
        where first < second
          && ReferenceLinkMatcher.haveEqualSpecificity(patterns[first], patterns[second])
        {
          tied.insert([first, second])
        }
      }
    }
    let reported = LinkAmbiguity.ties(patterns)
    for second in patterns.indices {
      let earliest = (0..<second).first { tied.contains([$0, second]) }
      let found = reported.filter { $0.second == second }.map(\.first)
      #expect(found == (earliest.map { [$0] } ?? []), "seed \(seed): \(labels)")
    }
    for tie in reported {
      let url = LinkAmbiguity.exampleURL(
        patterns[tie.first], patterns[tie.second], host: "a.example", scheme: nil)
      let matched = matcher.matches(url, patterns)
      #expect(matched.contains(tie.first) && matched.contains(tie.second), "seed \(seed): \(url)")
    }
  }

  // MARK: - Scale

  /// Time is measured in Benchmarks/Scripts/hostile_lint.py, not asserted here.
  @Test func tenThousandPatternsAreChecked() throws {
    let texts = (0..<10_000).map { index -> String in
      switch index % 4 {
      case 0: "/c\(index)/{id}"
      case 1: "/c/{id}/x\(index)"
      // One shape and one key for 2,500 patterns: they differ only in a condition's value.
      case 2: "/s/{id}?k=v\(index)"
      default: "/t\(index)?a=\(index)&b={x}"
      }
    }
    let patterns = try Self.parse(texts)
    let ties = LinkAmbiguity.ties(patterns)
    #expect(ties.isEmpty)
    // The same patterns twice over: each second copy ties with its first.
    let doubled = LinkAmbiguity.ties(patterns + patterns)
    #expect(doubled.count == 10_000)
    #expect(doubled.allSatisfy { $0.first + 10_000 == $0.second })
  }
}
