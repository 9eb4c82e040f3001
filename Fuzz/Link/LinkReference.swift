// The links chapter's rules written as plainly as possible, independently of the runtime's trie
// and scratch buffers: the tests' reference matcher for splitting, matching and specificity,
// and here the typed value checks and the status of the winner's route. The fuzzer checks the
// runtime against it.

import RouteCompiler
@_spi(Generated) import RouteTable
import TestSupport

struct ReferenceMatcher {
  let manifest: ResolvedManifest
  /// Which URLs are links, how they split and decode, when a pattern matches and which wins:
  /// the tests' reference (Tests/CompilerTestSupport/ReferenceLinkMatcher.swift, compiled in).
  let links: ReferenceLinkMatcher

  init(_ manifest: ResolvedManifest) {
    self.manifest = manifest
    var links = ReferenceLinkMatcher(
      hosts: manifest.linkHostEntries, schemes: manifest.linkSchemes)
    links.hostAuthoritySchemes = manifest.hostAuthoritySchemes
    self.links = links
  }

  /// Whether `text` is a valid value of screen parameter `param`; for a case-insensitive
  /// pattern (`foldsCase`), one of its `choices` with ASCII letters folded.
  private func isValid(_ text: String, _ param: ResolvedManifest.Param, foldsCase: Bool) -> Bool {
    guard !text.isEmpty else { return false }
    switch param.type {
    case .string:
      if let choices = param.choices {
        let fold = LinkPattern<Int>.folded
        return choices.contains(text) || foldsCase && choices.contains { fold($0) == fold(text) }
      }
      return text.unicodeScalars.count <= param.maxLength
    case .query: return false  // a single text is never a query parameter's value
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
    _ pattern: LinkPattern<Int>, _ params: [ResolvedManifest.Param],
    _ parts: ReferenceLinkMatcher.Parts, through entry: String?
  ) -> Bool {
    ReferenceLinkMatcher.matches(pattern, parts, through: entry) { param, text in
      isValid(text, params[param], foldsCase: !pattern.caseSensitive)
    }
  }

  /// The most specific pattern that matches through `entry` (nil: a URL without a host).
  private func winner(
    _ url: String, _ parts: ReferenceLinkMatcher.Parts, through entry: String?, variant: Int
  ) -> (route: Int, pattern: Int)?? {
    var winner: (route: Int, pattern: Int)?
    for (routeIndex, route) in manifest.routes.enumerated() {
      guard let effective = effective(route, variant) else { continue }
      let params = manifest.params(of: effective.target)
      for (index, pattern) in effective.links.enumerated()
      where matches(pattern, params, parts, through: entry) {
        guard let best = winner else {
          winner = (routeIndex, index)
          continue
        }
        let current = manifest.routes[best.route].links[best.pattern]
        guard let wins = ReferenceLinkMatcher.beats(route.links[index], current) else {
          invariant(
            false,
            "\(url.debugDescription) matches two patterns that tie through "
              + "\(entry ?? "no host"): `\(current.text)` and `\(route.links[index].text)`")
          return nil
        }
        if wins { winner = (routeIndex, index) }
      }
    }
    return .some(winner)
  }

  /// The host entries covering the URL's host are tried most specific first, and the first
  /// with a matching pattern decides.
  func resolve(_ url: String, variant: Int) -> (status: ResolutionStatus, link: String?) {
    guard let parts = links.parts(of: url) else { return (.unknownLink, nil) }
    var winner: (route: Int, pattern: Int)?
    for entry in parts.host == nil ? [nil] : parts.entries.map(Optional.some) {
      guard let found = self.winner(url, parts, through: entry, variant: variant) else {
        return (.unknownLink, nil)
      }
      if let found {
        winner = found
        break
      }
    }
    guard let winner else { return (.unknownLink, nil) }
    let route = manifest.routes[winner.route]
    let link = route.links[winner.pattern].text
    guard let effective = route.variants[variant] else { return (.unavailable, link) }
    // An `app_action` route's patterns bind nothing: a match is its action.
    if case .appAction = effective.target { return (.appAction, link) }
    let params = manifest.params(of: effective.target)
    let pattern = effective.links[winner.pattern]
    var bound = Set<Int>()
    for segment in pattern.segments + (pattern.fragment?.segments ?? []) {
      if case .param(let param) = segment { bound.insert(param) }
      if case .affixed(_, let param?) = segment { bound.insert(param) }
      if case .rest(let param) = segment { bound.insert(param) }
    }
    // The query's items read the URL's query; the fragment's, the fragment's query.
    let readings =
      [(pattern.query, parts.query)]
      + (pattern.fragment.map { [($0.query, parts.fragment?.query ?? [])] } ?? [])
    for (items, query) in readings {
      for item in items {
        guard case .bind(let key, let param, _) = item else { continue }
        let values = query.filter { $0.key == key }.map(\.value)
        if values.isEmpty { continue }
        guard values.count == 1, let value = values[0],
          isValid(value, params[param], foldsCase: !pattern.caseSensitive)
        else {
          return (.invalidParams, link)
        }
        bound.insert(param)
      }
      for case .rest(let param) in items {
        // The items no other item names, the last value of a key winning; each key and value
        // within the length limit of strings.
        var passed: [String: String] = [:]
        for item in query
        where !items.contains(where: { other in
          if case .rest = other { false } else { other.key == item.key }
        }) {
          passed[item.key] = item.value ?? ""
        }
        let limit = ParamValue.defaultMaxLength
        guard
          passed.allSatisfy({
            ParamValue.fits($0.key, maxLength: limit)
              && ParamValue.fits($0.value, maxLength: limit)
          })
        else { return (.invalidParams, link) }
        bound.insert(param)
      }
    }
    for (index, param) in params.enumerated() where !bound.contains(index) {
      if case .constant = effective.params[index] { continue }
      if case .required = param.requirement { return (.invalidParams, link) }
    }
    return (.matched, link)
  }
}
