// libFuzzer harness: arbitrary bytes as link URLs, resolved against a fixed link table (every
// kind of segment, query conditions, bindings and items passed through, every parameter type,
// a route limited to one variant) in every variant, and against random link tables the input
// builds: patterns from a small vocabulary and raw input text, hosts with wildcards, patterns
// restricted to them or to any host (`*`), some ignoring letter case (`case_sensitive: false`,
// tried with URLs in other letter case), through ManifestPipeline and RouteTableEncoder.
//
// Beyond "does not crash", the resolver must agree with `ReferenceMatcher` (LinkReference.swift,
// the links chapter's rules written plainly) on the status and on which pattern wins, resolving
// the same URL twice must give the same answer, no URL may match two patterns that tie through
// one host entry (the compiler must have rejected them), a route that opens has links, and a
// URL of a host that no entry covers opens nothing.
//
// Input: the first byte picks the mode. Even: the rest is one URL for the fixed table. Odd: the
// rest is a recipe for a random table (see `RandomTable`), then the URLs to try on it.

import RouteCompiler
@_spi(Generated) import RouteTable

private struct Compiled {
  var manifest: ResolvedManifest
  var table: RouteTable
  var reference: ReferenceMatcher
}

private func compile(_ text: String, name: String) -> Compiled? {
  let output = ManifestPipeline.run(bytes: Array(text.utf8), fileName: name)
  guard let manifest = output.manifest else { return nil }
  return Compiled(
    manifest: manifest, table: RouteTableEncoder.table(for: manifest),
    reference: ReferenceMatcher(manifest))
}

private let fixedManifest = """
  manifest: 1
  remote_config:
    variant_key: version
    default_variant: v2
  variants:
    v1: { values: ["1"], tabs: [home] }
    v2: { values: ["2"], tabs: [home] }
  links:
    hosts: [academy.example, www.academy.example]
    schemes: [academy, academy-beta.v2]
  screens:
    Home: {}
    Lesson:
      params:
        id: int
        section: { type: string, optional: true, max_length: 4 }
        mode: { type: string, default: read }
    Search:
      params:
        query: string
        sort: { type: string, optional: true }
        page: { type: int, default: 1 }
        extra: { type: query, optional: true }
    Flags:
      params:
        on: bool
        ratio: { type: double, optional: true }
    Folder:
      params:
        path: { type: string, max_length: 12 }
  routes:
    home:
      screen: Home
      tab: home
      links: [/, "/open?to=home", "/open?to=start&x=1"]
    lesson:
      screen: Lesson
      tab: home
      links:
        - /courses/{id}
        - /c/{id}/{section}
        - "/courses/{id}?view=full&mode={mode}"
        - /l/caf%C3%A9-(1)~!$'*+,;:@/{id}
        - /u/{id}/x
    lesson_new:
      screen: Lesson
      tab: home
      params:
        id: { value: 0 }
      links: [/courses/new, "/u/new/{section}"]
    search:
      screen: Search
      only: [v1]
      links:
        - "/search?q={query}&sort={sort}&page={page}&{extra*}"
        - /search/{query}
    flags:
      screen: Flags
      links:
        - "/f/{on}?ratio={ratio}"
        - /f/{on}/{ratio}
    folder:
      screen: Folder
      links:
        - /files/{path*}
        - /files/shared/{path*}
        - /{path*}
  """

/// Start-up work, not input: the fixed manifest must compile, or the harness is broken.
private let fixed: Compiled = {
  guard let compiled = compile(fixedManifest, name: "fixed.routes.yaml") else {
    invariant(false, "the fixed link manifest does not compile")
    fatalError("unreachable")
  }
  return compiled
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLinks(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = inputBytes(data, size)
  guard let mode = bytes.first else { return 0 }
  let rest = Array(bytes.dropFirst())
  if mode % 2 == 0 {
    check(String(decoding: rest, as: UTF8.self), fixed, "fixed")
  } else {
    var recipe = RandomTable(rest)
    guard let compiled = compile(recipe.manifest(), name: "random.routes.yaml") else { return 0 }
    for url in recipe.urls(for: compiled.manifest) {
      check(url, compiled, "random")
    }
  }
  return 0
}

/// Resolves `url` in every variant, and one index on each side of the range (the default).
private func check(_ url: String, _ compiled: Compiled, _ name: String) {
  let count = compiled.manifest.variants.count
  for requested in -1...count {
    let variant = (0..<count).contains(requested) ? requested : compiled.manifest.defaultVariant
    let resolution = compiled.table.resolve(url: url, variant: requested)
    let again = compiled.table.resolve(url: url, variant: requested)
    invariant(
      resolution.status == again.status && resolution.link == again.link
        && resolution.url == again.url && resolution.destination == again.destination,
      "\(name): resolving \(url.debugDescription) twice gave different results")
    invariant(
      resolution.foregroundPolicy == nil || resolution.foregroundPolicy == .navigate,
      "a link did not navigate")
    let expected = compiled.reference.resolve(url, variant: variant)
    invariant(
      resolution.status == expected.status,
      "\(name): \(url.debugDescription) in variant \(variant) resolved as "
        + "\(resolution.status.rawValue) (\(resolution.link ?? "no pattern")), the reference "
        + "says \(expected.status.rawValue) (\(expected.link ?? "no pattern"))")
    invariant(
      resolution.link == expected.link,
      "\(name): \(url.debugDescription) in variant \(variant) matched "
        + "\(resolution.link ?? "no pattern"), the reference says \(expected.link ?? "none")")
    if let route = resolution.route {
      invariant(
        compiled.manifest.routes.contains { $0.key == route && !$0.links.isEmpty },
        "\(name): \(url.debugDescription) opened `\(route)`, a route without links")
    }
    if resolution.status != .unknownLink, let parts = compiled.reference.links.parts(of: url) {
      invariant(
        parts.host == nil || !parts.entries.isEmpty,
        "\(name): \(url.debugDescription) opened a route from a host no entry covers")
    }
    invariant(
      (resolution.status == .appAction) == (resolution.appAction != nil),
      "\(name): \(url.debugDescription) is \(resolution.status.rawValue) with app action "
        + (resolution.appAction ?? "nil"))
    invariant(
      (resolution.status == .matched) == (resolution.destination != nil),
      "\(name): \(url.debugDescription) is \(resolution.status.rawValue) with destination "
        + "\(resolution.destination.map { "\($0)" } ?? "nil")")
  }
}

/// A random link table and URLs for it, read from the input as a stream of choices.
private struct RandomTable {
  var input: [UInt8]
  var position = 0
  /// Texts the recipe takes whole from the input, separated by newlines.
  var rawTexts: [String]

  init(_ bytes: [UInt8]) {
    // The part after the first NUL is raw texts (patterns and URLs); before it, choices.
    let split = bytes.firstIndex(of: 0) ?? bytes.count
    input = Array(bytes[..<split])
    rawTexts = bytes[min(split + 1, bytes.count)...].split(separator: UInt8(ascii: "\n")).map {
      String(decoding: $0, as: UTF8.self)
    }
  }

  mutating func next(_ bound: Int) -> Int {
    guard position < input.count, bound > 0 else { return 0 }
    defer { position += 1 }
    return Int(input[position]) % bound
  }

  static let segments = [
    "a", "b", "c%20d", "caf%C3%A9", "{id}", "{flag}", "{name}", "{ratio}", "{path*}", "1", "new",
    "{_}", "{_*}", "A", "New", "{kind}", "Talk:{name}", "{id}.pdf", "a{flag}", "{ratio}b",
    "x{_}", "{room}", "!{path}", "!{_}", "tALK:{_}",
  ]
  static let queries = [
    "q={name}", "sort=new", "sort=old", "x={id}", "r={ratio}", "on=1", "f={flag}", "!sort", "!on",
    "!q", "{more*}", "q", "on", "x", "sort=NEW", "k={kind}", "Q",
  ]
  /// The placeholder a segment binds, as `{name}` (the form query items bind in), or nil for
  /// none or `{_}`.
  static func placeholder(in segment: String) -> String? {
    guard let open = segment.firstIndex(of: "{"), let close = segment.firstIndex(of: "}") else {
      return nil
    }
    let name = segment[segment.index(after: open)..<close].replacingOccurrences(of: "*", with: "")
    return name == "_" ? nil : "{\(name)}"
  }

  /// What a link written as a mapping may restrict it to.
  static let restrictions = [
    "hosts: [academy.example]", "hosts: []", "schemes: []", "schemes: [x-app.v2]",
    "hosts: [a.example], schemes: [academy]", "hosts: [\"*\"]", "hosts: [\"*\"], schemes: []",
    "hosts: [\"*.academy.example\"]", "hosts: [\"*.b.academy.example\", a.example]",
    "hosts: [\"*.academy.example\", academy.example], schemes: [x-app.v2]",
  ]
  /// Two hosts, a wildcard over the first and a longer wildcard inside it.
  static let hosts = [
    "academy.example", "a.example", "\"*.academy.example\"", "\"*.b.academy.example\"",
  ]

  /// A manifest of up to six routes, one pattern each, over two screens and two variants; about
  /// one route in five is an `app_action` route, whose patterns bind nothing.
  mutating func manifest() -> String {
    var text = """
      manifest: 1
      remote_config:
        variant_key: version
        default_variant: v1
      variants:
        v1: { values: ["1"], tabs: [home] }
        v2: { values: ["2"], tabs: [home] }
      links:
        hosts: [\(Self.hosts.joined(separator: ", "))]
        schemes: [academy, { name: x-app.v2, authority: host }]
      screens:
        Any:
          params:
            id: { type: int, optional: true }
            flag: { type: bool, default: false }
            name: { type: string, optional: true, max_length: 4 }
            path: { type: string, optional: true }
            ratio: { type: double, optional: true }
            more: { type: query, optional: true }
            room: { type: string, optional: true, prefix: "!" }
            kind: { type: string, optional: true, choices: [new, Old] }
        Req:
          params:
            name: { type: string, max_length: 4 }
            id: { type: int, optional: true }
      routes:

      """
    var raw = rawTexts.makeIterator()
    let routeCount = 1 + next(6)
    for route in 0..<routeCount {
      let isAppAction = next(5) == 0
      // What an `app_action` route's pattern may hold: literals, `{_}`, `{_*}`, conditions.
      func binds(_ part: String) -> Bool {
        isAppAction && part.contains("{") && !part.hasPrefix("{_")
      }
      let pattern: String
      if next(4) == 0, let text = raw.next() {
        pattern = text
      } else {
        var used = Set<String>()
        var parts: [String] = []
        for _ in 0..<next(5) {
          let segment = Self.segments[next(Self.segments.count)]
          guard !binds(segment) else { continue }
          guard Self.placeholder(in: segment).map({ used.insert($0).inserted }) ?? true else {
            continue
          }
          parts.append(segment)
          if segment.hasSuffix("*}") { break }
        }
        var items: [String] = []
        for _ in 0..<next(3) {
          let item = Self.queries[next(Self.queries.count)]
          guard !binds(item) else { continue }
          let param = item.split(separator: "=").last.map(String.init) ?? ""
          guard !param.hasPrefix("{") || used.insert(param).inserted else { continue }
          items.append(item)
        }
        // `{more*}` passes every other item, so it comes last.
        items.sort { $1.hasPrefix("{") && !$0.hasPrefix("{") }
        var text =
          "/" + parts.joined(separator: "/") + (items.isEmpty ? "" : "?")
          + items.joined(separator: "&")
        // A fragment pattern, after a path that does not end with `{name*}`.
        if next(3) == 0, parts.last?.hasSuffix("*}") != true {
          var fragment: [String] = []
          for _ in 0..<next(4) {
            let segment = Self.segments[next(Self.segments.count)]
            guard !binds(segment) else { continue }
            guard Self.placeholder(in: segment).map({ used.insert($0).inserted }) ?? true else {
              continue
            }
            fragment.append(segment)
            if segment.hasSuffix("*}") { break }
          }
          var fragmentItems: [String] = []
          for _ in 0..<next(2) {
            let item = Self.queries[next(Self.queries.count)]
            let param = item.split(separator: "=").last.map(String.init) ?? ""
            guard !binds(item), !param.hasPrefix("{") || used.insert(param).inserted else {
              continue
            }
            fragmentItems.append(item)
          }
          text +=
            "#/" + fragment.joined(separator: "/") + (fragmentItems.isEmpty ? "" : "?")
            + fragmentItems.joined(separator: "&")
        }
        pattern = text
      }
      text += "  r\(route):\n"
      if isAppAction {
        text += "    app_action: act\(route)\n"
      } else {
        text += "    screen: \(next(3) == 0 ? "Req" : "Any")\n"
        text += "    tab: home\n"
      }
      if next(4) == 0 { text += "    only: [v\(1 + next(2))]\n" }
      let restriction = next(3) == 0 ? Self.restrictions[next(Self.restrictions.count)] : nil
      let foldsCase = next(4) == 0
      if restriction != nil || foldsCase {
        let keys = [restriction, foldsCase ? "case_sensitive: false" : nil].compactMap { $0 }
        text +=
          "    links: [{ path: \(Self.yamlQuoted(pattern)), \(keys.joined(separator: ", ")) }]\n"
      } else {
        text += "    links: [\(Self.yamlQuoted(pattern))]\n"
      }
    }
    return text
  }

  /// The input's raw texts, and for each pattern an example URL with values and an address
  /// picked by the input.
  mutating func urls(for manifest: ResolvedManifest) -> [String] {
    let values = [
      "1", "-1", "abc", "true", "0", "1.5", "x%2Fy", "%C3%A9", "", "12345", "1e3", "%zz", "NEW",
      "old", "Old", "nEw",
    ]
    // A literal as written, or in other letter case (case-insensitive patterns must still match).
    func recased(_ text: String) -> String {
      switch next(5) {
      case 1: text.uppercased()
      case 2: text.lowercased()
      case 3: text.prefix(1).uppercased() + text.dropFirst()
      default: text
      }
    }
    let prefixes = [
      "https://academy.example", "HTTPS://A.EXAMPLE", "academy:/", "academy://", "X-APP.V2:",
      "https://academy.example:443", "http://academy.example", "academy:///",
      "x-app.v2://academy.example", "X-APP.V2://A.EXAMPLE", "x-app.v2://evil.example",
      "https://www.academy.example", "HTTPS://X.B.Academy.Example", "https://b.academy.example",
      "https://evil.example", "https://.academy.example", "x-app.v2://www.academy.example",
      "x-app.v2://c.b.academy.example", "https://evilacademy.example",
    ]
    var urls = rawTexts
    for route in manifest.routes {
      for pattern in route.links {
        var path = ""
        for segment in pattern.segments {
          switch segment {
          case .literal(let text):
            path += "/" + recased(PercentEncoding.encoded(text, keeping: .linkLiteral))
          case .param, .rest, .any, .anyRest:
            path += "/" + values[next(values.count)]
          case .affixed(let affixes, _):
            path +=
              "/" + PercentEncoding.encoded(affixes.prefix, keeping: .linkLiteral)
              + values[next(values.count)]
              + PercentEncoding.encoded(affixes.suffix, keeping: .linkLiteral)
            if next(3) == 0 { path += "/" + values[next(values.count)] }
          }
        }
        if next(4) == 0 { path += "/" }
        var items = pattern.query.map { item -> String in
          switch item {
          case .condition(let key, let value):
            // Keys compare exactly: one in other letter case must not hold.
            (next(8) == 0 ? recased(key) : PercentEncoding.encoded(key, keeping: .linkLiteral))
              + "=" + recased(PercentEncoding.encoded(value, keeping: .linkLiteral))
          case .bind(let key, _, _):
            // Left out at times: a required parameter's binding must then not match.
            next(5) == 0
              ? ""
              : PercentEncoding.encoded(key, keeping: .linkLiteral) + "="
                + values[next(values.count)]
          case .present(let key):
            // With a value, without one, or absent (the pattern must then not match).
            [
              "", PercentEncoding.encoded(key, keeping: .linkLiteral),
              PercentEncoding.encoded(key, keeping: .linkLiteral) + "="
                + values[next(values.count)],
            ][next(3)]
          case .absent(let key):
            // Present at random: the pattern must then not match.
            next(2) == 0 ? PercentEncoding.encoded(key, keeping: .linkLiteral) + "=1" : ""
          case .rest:
            // Items to pass through, a key repeated, or a key another item names.
            ["k=" + values[next(values.count)], "k=1&k=2", "flag", "sort=new", ""][next(5)]
          }
        }
        if next(3) == 0, let first = items.first { items.append(first) }
        if next(4) == 0 { items.append(["sort=new", "x", "&", "q="][next(4)]) }
        let query = items.isEmpty ? "" : "?" + items.joined(separator: "&")
        var fragment = ["", "#f", "#/", "#/a", "#/a/%zz", "#//a", "#/1?q=x"][next(7)]
        if let pattern = pattern.fragment, next(4) != 0 {
          // The fragment pattern's own path and query, with values picked by the input.
          fragment = "#"
          for segment in pattern.segments {
            switch segment {
            case .literal(let text):
              fragment += "/" + recased(PercentEncoding.encoded(text, keeping: .linkLiteral))
            case .param, .rest, .any, .anyRest:
              fragment += "/" + values[next(values.count)]
            case .affixed(let affixes, _):
              fragment +=
                "/" + PercentEncoding.encoded(affixes.prefix, keeping: .linkLiteral)
                + values[next(values.count)]
                + PercentEncoding.encoded(affixes.suffix, keeping: .linkLiteral)
            }
          }
          if pattern.segments.isEmpty || next(4) == 0 { fragment += "/" }
          let fragmentItems = pattern.query.map { item -> String in
            switch item {
            case .condition(let key, let value): key + "=" + recased(value)
            case .bind(let key, _, _), .present(let key): key + "=" + values[next(values.count)]
            case .absent(let key): next(2) == 0 ? key + "=1" : ""
            case .rest: "k=" + values[next(values.count)]
            }
          }
          if !fragmentItems.isEmpty { fragment += "?" + fragmentItems.joined(separator: "&") }
        }
        urls.append(prefixes[next(prefixes.count)] + path + query + fragment)
      }
    }
    return urls
  }

  /// A YAML double-quoted scalar of any text.
  static func yamlQuoted(_ text: String) -> String {
    var quoted = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": quoted += "\\\""
      case "\\": quoted += "\\\\"
      case _
      where scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value):
        quoted +=
          "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
          + String(scalar.value, radix: 16)
      default: quoted.unicodeScalars.append(scalar)
      }
    }
    return quoted + "\""
  }
}
