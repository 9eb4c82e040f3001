import Foundation
import RouteCompiler
@_spi(Generated) import RouteTable

/// URL templates of every shape that can put something right behind a template's fixed text (a
/// base, or its own `scheme://host`): parts that may expand to nothing, expressions, literals,
/// query items passed through. The tests expand them with hostile values and the payload fuzzer
/// (`scripts/fuzz.sh` compiles this file into it) with its input, and both check what expansion
/// promises whatever the template and the values: the URL keeps the fixed text's scheme, host,
/// port and path, and never writes a query key twice that the template writes itself.
package enum URLTemplateShapes {
  /// The bases `{web}` and `{api}` stand for.
  package static let bases = ["web": "https://m.example.com", "api": "https://api.example.com/v1"]

  /// How a template starts: a base, or its own authority written out.
  package static let starts: [URLTemplate.Part] = [
    .variable("web"), .variable("api"), .literal("https://h.example"),
    .literal("https://h.example:8443"),
  ]

  /// What may follow. `q`, `sort`, `r`, `path` and `id` take text, `f` query items.
  package static let pieces: [URLTemplate.Part] = [
    .query(.question, ["q"]), .query(.question, ["sort"]), .reserved("path"), .variable("id"),
    .query(.ampersand, ["r"]), .literal(".json"), .literal("/x"), .literal("x/y"),
    .passThrough(.question, "f"), .passThrough(.ampersand, "f"), .literal("#top"),
    .literal("?c=ctrl&sort=new"), .literal("/p?c=1"), .query(.ampersand, ["sort", "q"]),
  ]

  /// The template `choices` picks: its first byte the start, each later one a piece (at most
  /// six).
  package static func template(_ choices: some Sequence<UInt8>) -> URLTemplate {
    var iterator = choices.makeIterator()
    let first = Int(iterator.next() ?? 0)
    var parts = [starts[first % starts.count]]
    while parts.count < 7, let choice = iterator.next() {
      parts.append(pieces[Int(choice) % pieces.count])
    }
    return URLTemplate(parts: parts)
  }

  /// Expands `template` through the runtime's engine: `text` gives each text parameter's
  /// value (nil: absent), `items` the query items of `f` (nil: absent).
  package static func expand(
    _ template: URLTemplate, text: (String) -> String?, items: [String: String]?
  ) -> String? {
    URLExpansion.expand(
      template,
      base: { handle in
        template.withUTF8(handle) { bases[String(decoding: $0, as: UTF8.self)] }.map {
          .string($0)
        }
      },
      value: { handle in
        let name = template.withUTF8(handle) { String(decoding: $0, as: UTF8.self) }
        if name == "f" { return items.map { .query($0) } }
        return text(name).map { .string($0) }
      }
    ).url
  }

  /// What is wrong with `url`, expanded from `template`, or nil: a scheme, host, port, user or
  /// path prefix other than the fixed text's, or a query item passed through (told apart by
  /// its value, `itemValue`, which no other value of the expansion has) under a key the
  /// template writes itself.
  package static func problem(
    _ url: String, of template: URLTemplate, itemValue: String? = nil
  ) -> String? {
    let fixed: String
    switch template.parts.first {
    case .variable(let base)?: fixed = bases[base] ?? ""
    case .literal(let text)?: fixed = text
    default: return "no fixed start"
    }
    guard let origin = URLComponents(string: fixed) else { return "`\(fixed)` is no URL" }
    guard let components = URLComponents(string: url) else { return "`\(url)` is no URL" }
    guard
      components.scheme == origin.scheme && components.host == origin.host
        && components.port == origin.port && components.user == nil
        && components.password == nil
    else {
      return "`\(url)` left \(fixed)"
    }
    let prefix = origin.percentEncodedPath
    let path = components.percentEncodedPath
    if !prefix.isEmpty, path != prefix, !path.hasPrefix(prefix + "/") {
      return "`\(url)` changed the path prefix `\(prefix)`"
    }
    guard let itemValue else { return nil }
    var own: Set<String> = []
    // Keys stop at the first `#`: what follows is the fragment's.
    for part in template.parts {
      switch part {
      case .query(_, let names): own.formUnion(names)
      case .literal(let text):
        for piece in text.split(separator: "#", omittingEmptySubsequences: false)[0]
          .split(whereSeparator: { $0 == "?" || $0 == "&" }).dropFirst()
        {
          own.insert(String(piece.split(separator: "=", maxSplits: 1).first ?? piece))
        }
      default: break
      }
      if case .literal(let text) = part, text.contains("#") { break }
    }
    let passed = (components.percentEncodedQueryItems ?? []).filter { $0.value == itemValue }
    if let item = passed.first(where: { own.contains($0.name) }) {
      return "`\(url)` passed `\(item.name)` through, a key the template writes itself"
    }
    return nil
  }
}
