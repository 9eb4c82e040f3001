import CompilerTestSupport
import TestSupport
import Testing

@testable import RouteCompiler

/// `unreachable-when-present` looks an earlier list up by the subsets of a later one, so lint
/// stays linear in routes; on random manifests it must report exactly what the definition does,
/// checked here pairwise: a route whose list holds every key path of an earlier reachable
/// route's list is unreachable, and the message names the first such route.
@Suite struct WhenPresentReachabilityTests {
  @Test func subsetLookupAgreesWithThePairwiseDefinition() {
    var random = SplitMix64(seed: 7_056)
    let keys = ["a", "b", "c", "d.e", "f"]
    for _ in 0..<300 {
      let lists = (0..<Int.random(in: 1...12, using: &random)).map { _ in
        Set(
          (0..<Int.random(in: 1...4, using: &random)).map { _ in
            keys[Int.random(in: 0..<keys.count, using: &random)]
          })
      }
      var yaml = "manifest: 1\nscreens:\n  Home: {}\nroutes:\n"
      for (index, list) in lists.enumerated() {
        yaml +=
          "  r\(index):\n    screen: Home\n    when_present: [\(list.sorted().joined(separator: ", "))]\n"
      }
      var reachable: [(route: Int, list: Set<String>)] = []
      var expected: [String] = []
      for (index, list) in lists.enumerated() {
        if let first = reachable.first(where: { $0.list.isSubset(of: list) }) {
          expected.append("r\(index) after r\(first.route)")
        } else {
          reachable.append((index, list))
        }
      }
      let reported = lint(yaml).diagnostics.filter {
        $0.rule(as: RuleID.self) == .unreachableWhenPresent
      }
      .map { diagnostic in
        let route = diagnostic.message.split(separator: "`")[1]
        let earlier = diagnostic.message.components(separatedBy: "which route `")[1]
          .prefix { $0 != "`" }
        return "\(route) after \(earlier)"
      }
      #expect(reported == expected, "\(lists.map { $0.sorted() })")
    }
  }
}
