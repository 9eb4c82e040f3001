import Foundation
import RouteCompiler
@_spi(Generated) import RouteTable
import Testing

/// The links part of the generated-code acceptance test: the driver resolves every example link
/// of the generated API and a list of URLs through `resolve(url:variant:)` in every variant,
/// checks that `link(for:variant:)` of each example's destination resolves back to it, and the
/// test compares every resolution with `routec resolve --url`.
enum GeneratedLinkChecks {
  /// A URL for each rule of link matching, written for `Fixtures/links.routes.yaml` (whose
  /// first host is `academy.example`, second `www.academy.example`, scheme `academy`); for
  /// another manifest the names are its own (`{host}`, `{host2}`, `{scheme}`, and `{HOST}`,
  /// `{SCHEME}` in capitals), so the URLs test the same rules on other paths.
  static let ruleURLs: [String] = [
    // Which URLs are links.
    "https://{host}/courses/42", "https://{host2}/courses/42", "https://{HOST}/courses/42",
    "HTTPS://{host}/courses/42", "{scheme}://courses/42", "{scheme}:///courses/42",
    "{scheme}:courses/42", "{SCHEME}://courses/42", "https://{host}:443/courses/42",
    "https://{host}:/courses/42", "https://me@{host}/courses/42", "http://{host}/courses/42",
    "https://evil.example/courses/42", "https://api.{host}/courses/42",
    "https:/{host}/courses/42", "{scheme}-beta://courses/42", "not a url", "",
    "mailto:someone@{host}",
    // Splitting and decoding.
    "https://{host}/courses/42/", "https://{host}/courses/42//", "https://{host}/courses//42",
    "https://{host}//courses/42", "{scheme}://courses//42", "https://{host}/%63ourses/new",
    "https://{host}/caf%C3%A9/1/2", "https://{host}/caf%c3%a9/1/2", "https://{host}/café/1/2",
    "https://{host}/cafe%CC%81/1/2", "https://{host}/courses/%34%32",
    "https://{host}/tags/caf%C3%A9s", "https://{host}/tags/%F0%9F%98%80",
    "https://{host}/open?%74o=%68ome", "https://{host}/search?q=caf%C3%A9%20bar%26co",
    "https://{host}/search?q=a=b", "https://{host}/tags/a%2Fb", "https://{host}/courses/a%2Fb/c",
    "https://{host}/courses/1%2Flessons%2F2", "https://{host}/tags/%ZZ",
    "https://{host}/tags/%E0%A4", "https://{host}/tags/%", "https://{host}/tags/%C0%AF",
    "https://{host}/search?q=%ZZ", "https://{host}/courses/42?utm=%", "https://{host}/tags/a+b",
    "https://{host}/search?q=a+b", "https://{host}/courses/42#reviews",
    "https://{host}/courses/42#%ZZ", "https://{host}/open#?to=home",
    // Typed segments.
    "https://{host}/courses/-7", "https://{host}/courses/007",
    "https://{host}/courses/99999999999999999999", "https://{host}/c/99999999999999999999",
    "https://{host}/courses/+7", "https://{host}/settings/notifications/1",
    "https://{host}/settings/notifications/yes", "https://{host}/settings/notifications/true",
    "https://{host}/prices/1e999", "https://{host}/prices/2.50", "https://{host}/prices/nan",
    "https://{host}/tags/abcde", "https://{host}/tags/abcdef",
    "https://{host}/courses/abcdefghij/abcdefghij/abcdefghij/abcdefg",
    "https://{host}/courses/abcdefghij/abcdefghij/abcdefghij/abcdefgh",
    "https://{host}/courses/a/b/c", "https://{host}/courses",
    // Dot segments, which URL parsers remove: no placeholder takes one, encoded or not.
    "https://{host}/search/..", "https://{host}/search/%2E%2E", "https://{host}/search/%2e",
    "https://{host}/search/.", "https://{host}/search/...", "https://{host}/search/a.",
    "https://{host}/files/a/../b", "https://{host}/files/a/%2E", "https://{host}/files/.../b",
    "https://{host}/files/a%2F..",
    // Query conditions and placeholders.
    "https://{host}/open", "https://{host}/open?to=away", "https://{host}/open?to=home&to=home",
    "https://{host}/open?to=home&to=away", "https://{host}/open?to",
    "https://{host}/search?q=swift", "https://{host}/search", "https://{host}/search?q=swift&q=ios",
    "https://{host}/search?q=", "https://{host}/search?q", "https://{host}/search?q=swift&page=x",
    "https://{host}/search?q=swift&exact=yes", "https://{host}/search?exact=2&page=1.5&q",
    "https://{host}/search?q=swift&page=2&exact=1",
    "https://{host}/courses/42?utm_source=mail&to=x",
    // Specificity.
    "https://{host}/courses/new", "https://{host}/courses/intro",
    "https://{host}/courses/1/lessons/2", "https://{host}/t/new/top", "https://{host}/t/abc/top",
    "https://{host}/open?to=courses&new=1", "https://{host}/open?to=courses&new=2",
    "https://{host}/open?to=courses",
    // Variants.
    "https://{host}/labs/7", "https://{host}/labs/x", "https://{host}/u/7", "https://{host}/u/ada",
    // The root.
    "https://{host}", "https://{host}/", "{scheme}://", "{scheme}:", "https://{host}//",
  ]

  /// The URLs the driver resolves besides the examples: the rule URLs in the manifest's names,
  /// and variations of every example link; two for a manifest without links.
  static func urls(for manifest: ResolvedManifest) -> [String] {
    guard manifest.routes.contains(where: { !$0.links.isEmpty }) else {
      return ["not a url", "https://example.com/"]
    }
    let host = manifest.linkHosts.first ?? "no-host.invalid"
    let host2 = manifest.linkHosts.dropFirst().first ?? host
    let scheme = manifest.linkSchemes.first ?? "no-scheme"
    var urls = ruleURLs.map { url in
      url.replacingOccurrences(of: "{host}", with: host)
        .replacingOccurrences(of: "{host2}", with: host2)
        .replacingOccurrences(of: "{HOST}", with: host.uppercased())
        .replacingOccurrences(of: "{scheme}", with: scheme)
        .replacingOccurrences(of: "{SCHEME}", with: scheme.uppercased())
    }
    let table = RouteTableEncoder.table(for: manifest)
    for example in table.exampleLinks + table.exampleRerouteLinks {
      urls += variations(of: example.url, schemes: manifest.linkSchemes)
    }
    var seen: Set<String> = []
    return urls.filter { seen.insert($0).inserted }
  }

  /// URLs next to `url` (a link as `exampleLinks` writes it: `https://HOST/...` or
  /// `SCHEME://...`) that the matching rules each treat differently: other hosts, ports, user
  /// info and schemes, the authority forms of a custom scheme, trailing and empty segments, a
  /// fragment, extra, repeated, emptied and missing query items, bad and needless percent
  /// encoding, and changed, added and replaced last segments.
  static func variations(of url: String, schemes: [String]) -> [String] {
    guard let colon = url.firstIndex(of: ":") else { return [] }
    let scheme = String(url[..<colon])
    var rest = url[url.index(after: colon)...]
    var query: String?
    if let question = rest.firstIndex(of: "?") {
      query = String(rest[rest.index(after: question)...])
      rest = rest[..<question]
    }
    guard rest.hasPrefix("//") else { return [] }
    rest = rest.dropFirst(2)
    let authority = String(rest.prefix { $0 != "/" })
    let afterAuthority = rest.dropFirst(authority.count)
    // The path's segments as written, without a leading `/`, and what comes before them.
    let path: String
    let prefix: String
    if scheme == "https" {
      path = String(afterAuthority.dropFirst())
      prefix = "https://\(authority)/"
    } else {
      path = authority.isEmpty ? String(afterAuthority.dropFirst()) : authority + afterAuthority
      prefix = "\(scheme):///"
    }
    let q = query.map { "?" + $0 } ?? ""
    var result: [String] = []
    if scheme == "https" {
      result += [
        "https://\(authority.uppercased())/\(path)\(q)", "https://\(authority):443/\(path)\(q)",
        "https://me@\(authority)/\(path)\(q)", "http://\(authority)/\(path)\(q)",
        "https://evil.example/\(path)\(q)",
      ]
      // Each scheme with the host as its authority: a link only for a scheme declared with
      // `authority: host`, and only where the pattern applies to it.
      result += schemes.map { "\($0)://\(authority)/\(path)\(q)" }
    }
    if let custom = scheme == "https" ? schemes.first : scheme {
      result += [
        "\(custom)://\(path)\(q)", "\(custom.uppercased()):///\(path)\(q)", "\(custom):\(path)\(q)",
      ]
    }
    let segments = path.split(separator: "/", omittingEmptySubsequences: false)
    let allButLast = segments.dropLast().map { $0 + "/" }.joined()
    result += [
      "\(prefix)\(path)/\(q)", "\(prefix)\(path)//\(q)", "\(prefix)/\(path)\(q)",
      "\(prefix)\(path)\(q)#reviews", "\(prefix)\(path)#?\(query ?? "to=home")",
      "\(prefix)\(path)\(q.isEmpty ? "?" : q + "&")utm_source=mail&&flag",
      "\(prefix)\(path)%ZZ\(q)", "\(prefix)\(encodingLettersAndDigits(path))\(q)",
      "\(prefix)\(path)x\(q)", "\(prefix)\(path)/x\(q)",
      "\(prefix)\(allButLast)99999999999999999999\(q)", "\(prefix)\(allButLast)-7\(q)",
    ]
    if let query {
      let emptied = query.split(separator: "&").map { item in
        (item.split(separator: "=", maxSplits: 1).first ?? "") + "="
      }.joined(separator: "&")
      result += [
        "\(prefix)\(path)", "\(prefix)\(path)?\(query)&\(query)", "\(prefix)\(path)?\(emptied)",
        "\(prefix)\(path)?\(query.uppercased())",
      ]
    }
    return result
  }

  /// `text` with every ASCII letter and digit that is not part of a `%XX` escape
  /// percent-encoded, which must not change a match.
  static func encodingLettersAndDigits(_ text: String) -> String {
    var result = ""
    var escapeDigits = 0
    for scalar in text.unicodeScalars {
      if escapeDigits > 0 || scalar == "%" {
        escapeDigits = scalar == "%" ? 2 : escapeDigits - 1
        result.unicodeScalars.append(scalar)
      } else if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
        result += "%" + String(scalar.value, radix: 16, uppercase: true)
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// The driver's `checkLinks(_:)`: one `linkexample` line per example link (its pattern,
  /// variant, URL, status, matched pattern, destination, and what `link(for:variant:)` of that
  /// destination gives), then one `link` line per URL and variant with the canonical
  /// resolution, and the `URL` entry point's when it differs.
  static let driverFunction = #"""
    func checkLinks(_ given: [String]) {
      let variants: [Routes.Variant] = Routes.Variant.allCases
      var urls: [String] = []
      var seen: Set<String> = []
      for example in Routes.exampleLinks + Routes.exampleRerouteLinks {
        let resolution = Routes.resolve(url: example.url, variant: example.variant)
        var back = "-"
        if let destination = resolution.destination {
          if let link = Routes.link(for: destination, variant: example.variant) {
            let again = Routes.resolve(url: link, variant: example.variant)
            let same = again.status == .matched && again.destination == destination
            back = same ? "ok " + link.absoluteString : "differs " + link.absoluteString + " " + canonical(again)
          } else {
            back = "nil"
          }
        }
        print([
          "linkexample", example.link, example.variant.name, example.url.absoluteString,
          resolution.status.rawValue, resolution.link ?? "-",
          resolution.destination.map(describe) ?? "-", back,
        ].joined(separator: "\t"))
        if seen.insert(example.url.absoluteString).inserted { urls.append(example.url.absoluteString) }
      }
      for url in given where seen.insert(url).inserted { urls.append(url) }
      for url in urls {
        for variant in variants {
          let line = canonical(Routes.resolve(url: url, variant: variant))
          var fields = ["link", url, variant.name, line]
          // Foundation keeps most URL texts as they are; for those the URL entry point agrees.
          if let parsed = URL(string: url), parsed.absoluteString == url {
            let viaURL = canonical(Routes.resolve(url: parsed, variant: variant))
            if viaURL != line { fields.append(viaURL) }
          }
          print(fields.joined(separator: "\t"))
        }
      }
    }
    """#

  /// Checks the driver's link lines against the manifest and `routec resolve --url`.
  static func check(
    _ lines: [[String]], urls: [String], manifest: ResolvedManifest, manifestURL: URL,
    features: [URL] = [], relativePath: String
  ) async throws {
    // Every pattern of a route that opens a screen has an example in every variant its route
    // exists in, and each resolves, matched, to its own pattern; `link(for:)` of its
    // destination resolves back to it. A pattern of a route with `reroute` has one
    // (`exampleRerouteLinks`) where a URL of those examples can be carried: it opens, matched,
    // the screen of the URL it carries.
    let rerouting = Set(
      manifest.routes.filter { $0.isScreenless }.flatMap { $0.links.map(\.text) })
    let examples = lines.filter { $0.first == "linkexample" }
    for example in examples where rerouting.contains(example[1]) {
      try #require(example.count == 8, "\(example)")
      #expect(example[4] == "matched", "example \(example[3]) of \(example[1]) is \(example[4])")
      #expect(example[6] != "-", "example \(example[3]) of \(example[1]) has no destination")
    }
    // `link(for:)` writes no wildcard or `*`: a pattern of those alone and no scheme writes no
    // URL (another pattern of the screen may).
    let exact = manifest.linkHosts.filter(LinkHostEntry.isExact)
    func writable(_ pattern: LinkPattern<String>) -> Bool {
      let hasHost = exact.contains(where: pattern.applies(toHost:))
      return hasHost
        || manifest.linkSchemes.contains {
          pattern.applies(toScheme: $0) && !manifest.hostAuthoritySchemes.contains($0)
        }
    }
    let unwritable = Set(
      manifest.routes.flatMap(\.links).filter { !writable($0) }.map(\.text))
    for example in examples where !rerouting.contains(example[1]) {
      try #require(example.count == 8, "\(example)")
      let label = "example \(example[3]) of \(example[1]) in \(example[2])"
      #expect(example[4] == "matched", "\(label) is \(example[4])")
      #expect(example[5] == example[1], "\(label) matches \(example[5])")
      #expect(example[6] != "-", "\(label) has no destination")
      #expect(
        example[7].hasPrefix("ok ") || (unwritable.contains(example[1]) && example[7] == "nil"),
        "\(label): link(for: \(example[6])) is \(example[7])")
    }
    var expected: [[String]] = []
    for route in manifest.routes {
      for pattern in route.links {
        for (index, effective) in route.variants.enumerated() where effective != nil {
          expected.append([pattern.text, manifest.variants[index].name])
        }
      }
    }
    let screens = examples.filter { !rerouting.contains($0[1]) }.map { [$0[1], $0[2]] }
    let expectedScreens = expected.filter { !rerouting.contains($0[0]) }
    #expect(
      Set(screens) == Set(expectedScreens) && screens.count == expectedScreens.count,
      "\(relativePath): examples \(screens), patterns \(expectedScreens)")
    #expect(Set(examples.map { [$0[1], $0[2]] }).isSubset(of: Set(expected)))

    // Every URL in every variant, resolved as routec resolves it.
    let cases = lines.filter { $0.first == "link" }
    for line in cases {
      #expect(line.count == 4, "the URL entry point differs: \(line)")
    }
    let variants = manifest.variants.map(\.name)
    let resolved = Set(cases.map { [$0[1], $0[2]] })
    let given = Set(urls.flatMap { url in variants.map { [url, $0] } })
    #expect(given.isSubset(of: resolved) && resolved.count == cases.count)
    let routecLines = try await RoutecResolutions.urlLines(
      for: cases.map { ($0[1], $0[2]) }, manifest: manifestURL, features: features,
      resolved: manifest)
    var mismatches: [String] = []
    for (line, routecLine) in zip(cases, routecLines) where line[3] != routecLine {
      mismatches.append(
        "URL \(line[1]) variant \(line[2])\n  generated: \(line[3])\n  routec:    \(routecLine)")
    }
    #expect(
      mismatches.isEmpty,
      "\(mismatches.count) of \(cases.count) URLs resolve differently in \(relativePath):\n\(mismatches.prefix(10).joined(separator: "\n"))"
    )

    // The URLs reach every status links can give in this manifest.
    let statuses = Set(cases.map { $0[3].components(separatedBy: " | ")[0] })
    var expectedStatuses: Set<String> = ["unknown_link"]
    let linked = manifest.routes.filter { !$0.links.isEmpty }
    if !linked.isEmpty { expectedStatuses.insert("matched") }
    if linked.contains(where: { $0.variants.contains(nil) }) {
      expectedStatuses.insert("unavailable")
    }
    if linked.contains(where: { route in
      route.links.contains { pattern in
        pattern.query.contains { if case .bind = $0 { true } else { false } }
      }
    }) {
      expectedStatuses.insert("invalid_params")
    }
    #expect(statuses == expectedStatuses, "\(relativePath)")
  }
}
