import CompilerTestSupport
import Foundation
@_spi(Generated) import RouteTable
import TestSupport

@testable import RouteCompiler

/// Whether a link pattern can express a destination, decided without the runtime's link
/// building or matching: the URL is written from the pattern with every byte but letters,
/// digits and `-._~` percent-encoded, split and matched by `ReferenceLinkMatcher`, the most
/// specific matching pattern picked by comparing segment kinds from the left and then the
/// number of conditions, and that pattern's route resolved by the rules of links (constants,
/// path and query values, the items `{name*}` passes, defaults; a query item bound to a
/// parameter that is repeated, empty or without `=` is invalid). A pattern cannot express a destination when a path placeholder
/// has no value, when the written URL splits into other segments than the values (an empty
/// value or rest segment), when a more specific pattern takes the URL, or when the route's
/// resolution differs (an unbound required parameter, a constant or default that is not the
/// destination's value).
struct LinkExpressibility {
  let manifest: ResolvedManifest

  /// The pattern that the URL written from the first pattern able to express the destination
  /// resolves to (it may be another pattern of a route that gives the same destination), or nil
  /// when none can.
  func firstExpressible(screen: Int, values: [ParamValue?], variant: Int) -> String? {
    for route in manifest.routes {
      guard let effective = route.variants[variant], effective.screen == screen else { continue }
      for pattern in route.links {
        if let winner = winner(ofURLFrom: pattern, effective, values, variant) {
          return winner
        }
      }
    }
    return nil
  }

  private func winner(
    ofURLFrom pattern: LinkPattern<String>, _ effective: ResolvedManifest.EffectiveRoute,
    _ values: [ParamValue?], _ variant: Int
  ) -> String? {
    let params = manifest.params(of: effective.target)
    func value(_ name: String) -> ParamValue?? {
      params.firstIndex { $0.name == name }.map { values[$0] }
    }
    // The URL, and the segments it should split into.
    var path = ""
    var expected: [String] = []
    for segment in pattern.segments {
      switch segment {
      case .literal(let text):
        path += "/" + Self.encoded(text)
        expected.append(text)
      case .param(let name):
        guard let text = value(name)??.formatted else { return nil }
        path += "/" + Self.encoded(text)
        expected.append(text)
      case .rest(let name):
        guard let text = value(name)??.formatted else { return nil }
        let parts = text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        path += "/" + parts.map(Self.encoded).joined(separator: "/")
        expected += parts
      case .any, .anyRest:
        path += "/-"
        expected.append("-")
      case .affixed(let affixes, let name):
        let text: String
        if let name {
          guard let value = value(name)??.formatted, !value.isEmpty else { return nil }
          text = affixes.keepsPrefix ? value : affixes.prefix + value + affixes.suffix
        } else {
          text = affixes.prefix + "-" + affixes.suffix
        }
        path += "/" + Self.encoded(text)
        expected.append(text)
      }
    }
    var items: [String] = []
    for item in pattern.query {
      switch item {
      case .condition(let key, let text):
        items.append(Self.encoded(key) + "=" + Self.encoded(text))
      case .bind(let key, let name, let isPresence):
        if let text = value(name)??.formatted {
          items.append(Self.encoded(key) + "=" + Self.encoded(text))
        } else if isPresence {
          return nil
        }
      case .present(let key):
        items.append(Self.encoded(key))
      case .absent:
        continue
      case .rest(let name):
        guard case .query(let passed)?? = value(name) else { continue }
        // A key another item names would be read by that item, not passed through.
        guard passed.keys.allSatisfy({ key in !pattern.query.contains { Self.names(key, $0) } })
        else { return nil }
        items += passed.keys.sorted().map { key in
          Self.encoded(key) + "=" + Self.encoded(passed[key] ?? "")
        }
      }
    }
    let url =
      (manifest.linkHosts.first.map { "https://\($0)" } ?? "\(manifest.linkSchemes[0]):")
      + (path.isEmpty ? "/" : path) + (items.isEmpty ? "" : "?" + items.joined(separator: "&"))

    guard let parts = reference.parts(of: url), parts.segments == expected,
      let best = winner(parts, variant: variant),
      let bestEffective = best.route.variants[variant],
      bestEffective.screen == effective.screen,
      resolve(best.pattern, bestEffective, parts) == values
    else { return nil }
    return best.pattern.text
  }

  var reference: ReferenceLinkMatcher {
    ReferenceLinkMatcher(hosts: manifest.linkHostEntries, schemes: manifest.linkSchemes)
  }

  /// The most specific of the patterns that match, each typed by its route's screen in this
  /// variant (or in the first variant that has the route).
  private func winner(_ parts: ReferenceLinkMatcher.Parts, variant: Int) -> (
    pattern: LinkPattern<String>, route: ResolvedManifest.Route
  )? {
    var matching: [(pattern: LinkPattern<String>, route: ResolvedManifest.Route)] = []
    for route in manifest.routes {
      guard let typing = route.variants[variant] ?? route.variants.compactMap({ $0 }).first
      else { continue }
      let typed = manifest.params(of: typing.target)
      var matcher = reference
      matcher.isValid = { name, text in
        guard let param = typed.first(where: { $0.name == name }) else { return false }
        return Self.coerce(text, param) != nil
      }
      for candidate in route.links where matcher.matches(candidate, parts) {
        matching.append((candidate, route))
      }
    }
    return matching.first { candidate in
      !matching.contains { Self.isMoreSpecific($0.pattern, than: candidate.pattern) }
    }
  }

  /// Whether some URL opens `pattern` of `route` in `variant`, searched over every combination
  /// of a few texts per placeholder (a rest also takes two and three segments): a pattern that
  /// more specific ones cover entirely has no example of its own.
  func someURLOpens(_ pattern: LinkPattern<String>, of route: ResolvedManifest.Route, variant: Int)
    -> Bool
  {
    let single = ["e", "s", "q", "x", "zz", "example", "1", "0", "-3", "true", "false", "1.5"]
    var texts: [[String]] = [[]]
    for segment in pattern.segments {
      switch segment {
      case .literal(let text): texts = texts.map { $0 + [text] }
      case .param, .any: texts = texts.flatMap { prefix in single.map { prefix + [$0] } }
      case .rest, .anyRest:
        let rests = single.map { [$0] } + [["e", "s"], ["e", "s", "q"], ["1", "2"]]
        texts = texts.flatMap { prefix in rests.map { prefix + $0 } }
      case .affixed(let affixes, _):
        texts = texts.flatMap { prefix in
          single.map {
            prefix + [affixes.prefix + $0 + (affixes.keepsPrefix ? "" : affixes.suffix)]
          }
        }
      }
    }
    let query = pattern.conditions.map { Self.encoded($0.key) + "=" + Self.encoded($0.value) }
    let suffix = query.isEmpty ? "" : "?" + query.joined(separator: "&")
    let start =
      manifest.linkHosts.first.map { "https://" + LinkHostEntry.exampleHost($0) }
      ?? "\(manifest.linkSchemes[0]):"
    return texts.contains { segments in
      let url = start + "/" + segments.map(Self.encoded).joined(separator: "/") + suffix
      guard let parts = reference.parts(of: url), let best = winner(parts, variant: variant)
      else { return false }
      return best.pattern == pattern && best.route.key == route.key
    }
  }

  /// The parameter values the route gives for a URL its pattern matches, or nil for
  /// `invalid_params`.
  private func resolve(
    _ pattern: LinkPattern<String>, _ effective: ResolvedManifest.EffectiveRoute,
    _ parts: ReferenceLinkMatcher.Parts
  ) -> [ParamValue?]? {
    var result: [ParamValue?] = []
    for (index, param) in manifest.params(of: effective.target).enumerated() {
      if case .constant(let constant) = effective.params[index] {
        result.append(constant)
        continue
      }
      var text: String?
      for (position, segment) in pattern.segments.enumerated() {
        switch segment {
        case .param(param.name): text = parts.segments[position]
        case .rest(param.name):
          text = parts.segments[position...].joined(separator: "/")
        case .affixed(let affixes, param.name):
          let whole = Array(parts.segments[position].utf8)
          text =
            affixes.keepsPrefix
            ? parts.segments[position]
            : String(
              decoding: whole.dropFirst(affixes.prefix.utf8.count).dropLast(
                affixes.suffix.utf8.count), as: UTF8.self)
        default: continue
        }
      }
      for case .bind(let key, param.name, _) in pattern.query {
        let given = parts.query.filter { $0.key == key }
        if given.count > 1 { return nil }
        if let item = given.first {
          guard let value = item.value, !value.isEmpty else { return nil }
          text = value
        }
      }
      if case .rest(param.name)? = pattern.query.last {
        // The items no other item names, the last value of a repeated key winning.
        var passed: [String: String] = [:]
        for item in parts.query where !pattern.query.contains(where: { Self.names(item.key, $0) }) {
          passed[item.key] = item.value ?? ""
        }
        if !passed.isEmpty || param.requirement == .required {
          result.append(.query(passed))
          continue
        }
      } else if let text {
        guard let value = Self.coerce(text, param) else { return nil }
        result.append(value)
        continue
      }
      switch param.requirement {
      case .required: return nil
      case .optional: result.append(nil)
      case .defaulted(let value): result.append(value)
      }
    }
    return result
  }

  /// Whether `item` reads the URL's items of `key`: any item but `{name*}`, by its key.
  static func names(_ key: String, _ item: LinkPattern<String>.QueryItem) -> Bool {
    if case .rest = item { false } else { item.key == key }
  }

  static func coerce(_ text: String, _ param: ResolvedManifest.Param) -> ParamValue? {
    guard !text.isEmpty else { return nil }
    return ParamValue.coerce(.string(text), to: param.type, maxLength: param.maxLength)
  }

  /// Rule 4: at the first position where the segment kinds differ, a literal beats literal
  /// text around a placeholder (more text first), which beats `{name}`, which beats `{name*}`;
  /// with the same kinds, more conditions win.
  static func isMoreSpecific(_ a: LinkPattern<String>, than b: LinkPattern<String>) -> Bool {
    func kind(_ segment: LinkPattern<String>.Segment) -> Int {
      switch segment {
      case .literal: 0
      case .affixed(let affixes, _): 1_000_000 - affixes.literalLength
      case .param, .any: 2_000_000
      case .rest, .anyRest: 3_000_000
      }
    }
    for (x, y) in zip(a.segments, b.segments) where kind(x) != kind(y) {
      return kind(x) < kind(y)
    }
    return a.conditionCount > b.conditionCount
  }

  /// Every byte but ASCII letters, digits and `-._~` percent-encoded.
  static func encoded(_ text: String) -> String {
    var result = ""
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
        UInt8(ascii: "_"), UInt8(ascii: "~"):
        result.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        result += String(format: "%%%02X", byte)
      }
    }
    return result
  }
}
