import Foundation
import RouteTable

/// The rules for matching a URL against link patterns (which URLs are links at all, how the path
/// and query are split and decoded, when a pattern matches), written as plainly as possible and
/// independently of the compiler, so tests can check the compiler's ambiguity check against it.
/// Not shipped: the runtime will have its own matcher.
struct ReferenceLinkMatcher {
  struct Parts: Equatable {
    var segments: [String]
    var query: [(key: String, value: String?)]

    static func == (lhs: Parts, rhs: Parts) -> Bool {
      lhs.segments == rhs.segments && lhs.query.map(\.key) == rhs.query.map(\.key)
        && lhs.query.map(\.value) == rhs.query.map(\.value)
    }
  }

  var hosts: [String]
  var schemes: [String]
  /// Whether a decoded value is valid for the named parameter; by default any non-empty text,
  /// which is what `1` stands for in every type.
  var isValid: (String, String) -> Bool = { _, value in !value.isEmpty }

  /// The indexes of the patterns that match `url`.
  func matches(_ url: String, _ patterns: [LinkPattern<String>]) -> [Int] {
    guard let parts = parts(of: url) else { return [] }
    return patterns.indices.filter { matches(patterns[$0], parts) }
  }

  /// The path segments and query items of a URL of a declared host or scheme, decoded; nil for
  /// any other URL and for one that no pattern can match (an empty segment, bad encoding).
  func parts(of url: String) -> Parts? {
    guard let colon = url.firstIndex(of: ":") else { return nil }
    let scheme = url[..<colon].lowercased()
    var rest = String(url[url.index(after: colon)...])
    if let hash = rest.firstIndex(of: "#") { rest = String(rest[..<hash]) }
    var query = ""
    if let question = rest.firstIndex(of: "?") {
      query = String(rest[rest.index(after: question)...])
      rest = String(rest[..<question])
    }
    var path: String
    if scheme == "https" {
      guard rest.hasPrefix("//") else { return nil }
      let afterSlashes = rest.dropFirst(2)
      let authority = afterSlashes.prefix { $0 != "/" }
      guard !authority.contains("@"), !authority.contains(":"),
        hosts.contains(authority.lowercased())
      else { return nil }
      path = String(afterSlashes.dropFirst(authority.count))
    } else if schemes.contains(scheme) {
      if rest.hasPrefix("//") {
        // The authority is the first segment: `academy://courses/42`.
        let afterSlashes = rest.dropFirst(2)
        let authority = afterSlashes.prefix { $0 != "/" }
        path = (authority.isEmpty ? "" : "/" + authority) + afterSlashes.dropFirst(authority.count)
      } else {
        path = rest
      }
    } else {
      return nil
    }
    if path.hasPrefix("/") { path.removeFirst() }
    var raw = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    if raw.last == "" { raw.removeLast() }
    var segments: [String] = []
    for segment in raw {
      guard !segment.isEmpty, let decoded = segment.removingPercentEncoding else { return nil }
      segments.append(decoded)
    }
    var items: [(key: String, value: String?)] = []
    for item in query.split(separator: "&") {
      let pieces = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      guard let key = pieces[0].removingPercentEncoding else { return nil }
      if pieces.count == 2 {
        guard let value = pieces[1].removingPercentEncoding else { return nil }
        items.append((key, value))
      } else {
        items.append((key, nil))
      }
    }
    return Parts(segments: segments, query: items)
  }

  func matches(_ pattern: LinkPattern<String>, _ parts: Parts) -> Bool {
    let segments = pattern.segments
    if case .rest? = segments.last {
      guard parts.segments.count >= segments.count else { return false }
    } else {
      guard parts.segments.count == segments.count else { return false }
    }
    for (position, segment) in segments.enumerated() {
      switch segment {
      case .literal(let text):
        guard parts.segments[position] == text else { return false }
      case .param(let name):
        guard isValid(name, parts.segments[position]) else { return false }
      case .rest(let name):
        guard isValid(name, parts.segments[position...].joined(separator: "/")) else {
          return false
        }
      }
    }
    for condition in pattern.conditions {
      let values = parts.query.filter { $0.key == condition.key }.map(\.value)
      guard !values.isEmpty, values.allSatisfy({ $0 == condition.value }) else { return false }
    }
    return true
  }

  /// Whether neither pattern wins over the other (both matching one URL): the same segment kinds
  /// at every position and as many query conditions.
  static func haveEqualSpecificity<Param>(_ a: LinkPattern<Param>, _ b: LinkPattern<Param>) -> Bool
  {
    func kinds(_ pattern: LinkPattern<Param>) -> [Int] {
      pattern.segments.map { segment in
        switch segment {
        case .literal: 0
        case .param: 1
        case .rest: 2
        }
      }
    }
    return kinds(a) == kinds(b) && a.conditions.count == b.conditions.count
  }
}
