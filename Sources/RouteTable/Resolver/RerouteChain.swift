/// The routes with `reroute` that carried a URL to the one being resolved, outermost first, by
/// `Route` record. Two at most (`Resolver.maximumReroutes`), held inline: a resolution routed
/// again allocates no array for its chain.
struct RerouteChain {
  private(set) var count = 0
  private var first = RouteTableWords.none
  private var second = RouteTableWords.none

  /// The chain with `record` added at its end; nil when it already holds `maximumReroutes`.
  func appending(_ record: Int) -> RerouteChain? {
    var chain = self
    switch count {
    case 0: chain.first = record
    case 1: chain.second = record
    default: return nil
    }
    chain.count += 1
    return chain
  }

  /// The record at `index` (`0..<count`).
  subscript(index: Int) -> Int {
    index == 0 ? first : second
  }
}
