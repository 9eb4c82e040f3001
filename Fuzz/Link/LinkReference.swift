// The links chapter's matching rules written as plainly as possible, on the URL's bytes and
// arrays of decoded strings, independently of the runtime's trie and scratch buffers: which URLs
// are links, how they split and decode, when a pattern matches, which match wins, and the
// status of the winner's route. The fuzzer checks the runtime against it.

import RouteCompiler
import RouteTable

struct ReferenceMatcher {
  let manifest: ResolvedManifest

  init(_ manifest: ResolvedManifest) {
    self.manifest = manifest
  }

  struct Parts {
    var segments: [String]
    var items: [(key: String, value: String?)]
  }

  /// Nil for a URL that is not a link of a declared host or scheme, or that no pattern can match
  /// (an empty segment, bad percent-encoding).
  func parts(of url: String) -> Parts? {
    var bytes = Array(url.utf8)
    if let hash = bytes.firstIndex(of: UInt8(ascii: "#")) { bytes = Array(bytes[..<hash]) }
    guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0 else { return nil }
    let scheme = lowercased(bytes[..<colon])
    var rest = Array(bytes[(colon + 1)...])
    var query: [UInt8] = []
    if let question = rest.firstIndex(of: UInt8(ascii: "?")) {
      query = Array(rest[(question + 1)...])
      rest = Array(rest[..<question])
    }
    let slash = UInt8(ascii: "/")
    let hasAuthority = rest.count >= 2 && rest[0] == slash && rest[1] == slash
    var pieces: [[UInt8]] = []
    var path: [UInt8]
    if scheme == "https" {
      guard hasAuthority else { return nil }
      let authority = Array(rest.dropFirst(2).prefix { $0 != slash })
      guard !authority.contains(UInt8(ascii: "@")), !authority.contains(UInt8(ascii: ":")),
        manifest.linkHosts.contains(lowercased(authority[...]))
      else { return nil }
      path = Array(rest.dropFirst(2 + authority.count))
    } else if manifest.linkSchemes.contains(scheme) {
      path = rest
      if hasAuthority {
        let authority = Array(rest.dropFirst(2).prefix { $0 != slash })
        if !authority.isEmpty { pieces.append(authority) }
        path = Array(rest.dropFirst(2 + authority.count))
      }
    } else {
      return nil
    }
    if path.first == slash { path.removeFirst() }
    var split = path.split(separator: slash, omittingEmptySubsequences: false).map(Array.init)
    if split.last == [] { split.removeLast() }
    pieces += split
    var segments: [String] = []
    for piece in pieces {
      guard !piece.isEmpty, let decoded = decode(piece[...]) else { return nil }
      segments.append(decoded)
    }
    var items: [(key: String, value: String?)] = []
    for item in query.split(separator: UInt8(ascii: "&")) {
      guard let equals = item.firstIndex(of: UInt8(ascii: "=")) else {
        guard let key = decode(item) else { return nil }
        items.append((key, nil))
        continue
      }
      guard let key = decode(item[..<equals]), let value = decode(item[(equals + 1)...]) else {
        return nil
      }
      items.append((key, value))
    }
    return Parts(segments: segments, items: items)
  }

  private func lowercased(_ bytes: ArraySlice<UInt8>) -> String {
    String(decoding: bytes.map { (65...90).contains($0) ? $0 + 32 : $0 }, as: UTF8.self)
  }

  /// Percent-decoded text; nil for a `%` without two hex digits or bytes that are not UTF-8.
  private func decode(_ bytes: ArraySlice<UInt8>) -> String? {
    var decoded: [UInt8] = []
    var index = bytes.startIndex
    while index < bytes.endIndex {
      if bytes[index] == UInt8(ascii: "%") {
        guard index + 2 < bytes.endIndex,
          let value = UInt8(
            String(decoding: bytes[(index + 1)...(index + 2)], as: UTF8.self), radix: 16),
          bytes[(index + 1)...(index + 2)].allSatisfy({
            $0 != UInt8(ascii: "+") && $0 != UInt8(ascii: "-")
          })
        else { return nil }
        decoded.append(value)
        index += 3
      } else {
        decoded.append(bytes[index])
        index += 1
      }
    }
    return String(validating: decoded, as: UTF8.self)
  }

  /// Whether `text` is a valid value of screen parameter `param`.
  private func isValid(_ text: String, _ param: ResolvedManifest.Param) -> Bool {
    guard !text.isEmpty else { return false }
    switch param.type {
    case .string: return text.unicodeScalars.count <= param.maxLength
    case .int:
      let digits = text.hasPrefix("-") ? text.dropFirst() : text[...]
      return !digits.isEmpty && digits.allSatisfy { ("0"..."9").contains($0) } && Int(text) != nil
    case .bool: return ["true", "false", "1", "0"].contains(text)
    case .double:
      var rest = text.unicodeScalars[...]
      func digits() -> Int {
        let count = rest.prefix { ("0"..."9").contains($0) }.count
        rest = rest.dropFirst(count)
        return count
      }
      if rest.first == "-" { rest = rest.dropFirst() }
      guard digits() > 0 else { return false }
      if rest.first == "." {
        rest = rest.dropFirst()
        guard digits() > 0 else { return false }
      }
      if rest.first == "e" || rest.first == "E" {
        rest = rest.dropFirst()
        if rest.first == "+" || rest.first == "-" { rest = rest.dropFirst() }
        guard digits() > 0 else { return false }
      }
      return rest.isEmpty && Double(text)?.isFinite == true
    }
  }

  /// The screen a route's placeholders are typed by in `variant`: its own there, else the first
  /// variant's that has the route (whether a URL matches never depends on `only`).
  private func effective(_ route: ResolvedManifest.Route, _ variant: Int)
    -> ResolvedManifest.EffectiveRoute?
  {
    route.variants[variant] ?? route.variants.compactMap { $0 }.first
  }

  private func matches(
    _ pattern: LinkPattern<Int>, _ screen: ResolvedManifest.Screen, _ parts: Parts
  ) -> Bool {
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
      case .param(let param):
        guard isValid(parts.segments[position], screen.params[param]) else { return false }
      case .rest(let param):
        let joined = parts.segments[position...].joined(separator: "/")
        guard isValid(joined, screen.params[param]) else { return false }
      }
    }
    for condition in pattern.conditions {
      let values = parts.items.filter { $0.key == condition.key }.map(\.value)
      guard !values.isEmpty, values.allSatisfy({ $0 == condition.value }) else { return false }
    }
    return true
  }

  /// Segment kinds, for specificity: a literal (0) beats `{param}` (1), which beats `{param*}`.
  private func kinds<Param>(_ pattern: LinkPattern<Param>) -> [Int] {
    pattern.segments.map { segment in
      switch segment {
      case .literal: 0
      case .param: 1
      case .rest: 2
      }
    }
  }

  /// Whether `a` wins over `b`; nil when they tie.
  private func beats<Param>(_ a: LinkPattern<Param>, _ b: LinkPattern<Param>) -> Bool? {
    for (x, y) in zip(kinds(a), kinds(b)) where x != y { return x < y }
    if a.conditions.count != b.conditions.count { return a.conditions.count > b.conditions.count }
    return nil
  }

  func resolve(_ url: String, variant: Int) -> (status: ResolutionStatus, link: String?) {
    guard let parts = parts(of: url) else { return (.unknownLink, nil) }
    var winner: (route: Int, pattern: Int)?
    for (routeIndex, route) in manifest.routes.enumerated() {
      guard let effective = effective(route, variant) else { continue }
      let screen = manifest.screens[effective.screen]
      for (index, pattern) in effective.links.enumerated() where matches(pattern, screen, parts) {
        guard let best = winner else {
          winner = (routeIndex, index)
          continue
        }
        let current = manifest.routes[best.route].links[best.pattern]
        guard let wins = beats(route.links[index], current) else {
          invariant(
            false,
            "\(url.debugDescription) matches two patterns that tie: `\(current.text)` and "
              + "`\(route.links[index].text)`")
          return (.unknownLink, nil)
        }
        if wins { winner = (routeIndex, index) }
      }
    }
    guard let winner else { return (.unknownLink, nil) }
    let route = manifest.routes[winner.route]
    let link = route.links[winner.pattern].text
    guard let effective = route.variants[variant] else { return (.unavailable, link) }
    let screen = manifest.screens[effective.screen]
    let pattern = effective.links[winner.pattern]
    var bound = Set<Int>()
    for segment in pattern.segments {
      if case .param(let param) = segment { bound.insert(param) }
      if case .rest(let param) = segment { bound.insert(param) }
    }
    for item in pattern.query {
      guard case .bind(let key, let param) = item else { continue }
      let values = parts.items.filter { $0.key == key }.map(\.value)
      if values.isEmpty { continue }
      guard values.count == 1, let value = values[0], isValid(value, screen.params[param]) else {
        return (.invalidParams, link)
      }
      bound.insert(param)
    }
    for (index, param) in screen.params.enumerated() where !bound.contains(index) {
      if case .constant = effective.params[index] { continue }
      if case .required = param.requirement { return (.invalidParams, link) }
    }
    return (.matched, link)
  }
}
