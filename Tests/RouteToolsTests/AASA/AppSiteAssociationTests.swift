import CompilerTestSupport
import Foundation
@_spi(Generated) import RouteTable
import TestSupport
import Testing

@testable import RouteCompiler
@testable import RouteTools

/// `routec aasa`'s file, read with Apple's documented matching (`AppleLinkMatcher`): it claims
/// every https URL a pattern matches and no URL whose first segment is a literal no pattern
/// starts with.
@Suite struct AppSiteAssociationTests {
  static let appID = "ABCDE12345.com.example.app"

  static func manifest(_ yaml: String) throws -> ResolvedManifest {
    let output = lint(yaml)
    return try #require(output.manifest, "\(output.diagnostics.map(\.message))")
  }

  static let small = """
    manifest: 1
    links:
      hosts: [academy.example, www.academy.example]
      schemes: [academy]
    screens:
      Home: {}
      Lesson:
        params:
          id: int
      Files:
        params:
          path: string
    routes:
      home:
        screen: Home
        links: [/, "/open?to=home"]
      lesson:
        screen: Lesson
        deprecated: lessons open from their course now
        links:
          - /courses/{id}
          - "/courses/{id}?v=full"
          - /l/caf%C3%A9/{id}
      lesson_new:
        screen: Lesson
        params:
          id: { value: 0 }
        links: [/courses/new]
      files:
        screen: Files
        links:
          - /files/{path*}
          - /f*%3F$(x)/{path*}

    """

  @Test func theFileForASmallManifest() throws {
    let text = try AppSiteAssociation.text(
      Self.manifest(Self.small), appIDs: [Self.appID, "ABCDE12345.com.example.app-beta"])
    // `/courses/{id}?v=full` claims nothing `/courses/{id}` does not: it has no component.
    #expect(
      text == """
        {
          "applinks": {
            "defaults": {
              "percentEncoded": false
            },
            "details": [
              {
                "appIDs": [
                  "ABCDE12345.com.example.app",
                  "ABCDE12345.com.example.app-beta"
                ],
                "components": [
                  {
                    "/": "/",
                    "comment": "home: /"
                  },
                  {
                    "/": "/open",
                    "?": {
                      "to": "home"
                    },
                    "comment": "home: /open?to=home"
                  },
                  {
                    "/": "/open/",
                    "?": {
                      "to": "home"
                    },
                    "comment": "home: /open?to=home"
                  },
                  {
                    "/": "/courses/?*",
                    "comment": "lesson: /courses/{id}"
                  },
                  {
                    "/": "/l/café/?*",
                    "comment": "lesson: /l/caf%C3%A9/{id}"
                  },
                  {
                    "/": "/courses/new",
                    "comment": "lesson_new: /courses/new"
                  },
                  {
                    "/": "/courses/new/",
                    "comment": "lesson_new: /courses/new"
                  },
                  {
                    "/": "/files/?*",
                    "comment": "files: /files/{path*}"
                  },
                  {
                    "/": "/f???(x)/?*",
                    "comment": "files: /f*%3F$(x)/{path*}"
                  }
                ]
              }
            ]
          }
        }

        """)
    let hosts = ["academy.example", "www.academy.example"]
    let apple = try AppleLinkMatcher(json: text, appID: Self.appID)
    for url in [
      "https://academy.example/", "https://www.academy.example/open/?x=1&to=home#top",
      "https://academy.example/courses/42/", "https://academy.example/courses/new",
      "https://academy.example/%63ourses/new/", "https://academy.example/l/caf%c3%a9/7",
      "https://academy.example/files/a%2Fb/c", "https://academy.example/f*%3F$(x)/p",
    ] {
      #expect(apple.claims(url, hosts: hosts), "\(url)")
    }
    for url in [
      "https://academy.example/open", "https://academy.example/open?to=home&to=away",
      "https://academy.example/Courses/42", "https://academy.example/courses",
      "https://academy.example/course/42", "https://academy.example/files",
      "https://academy.example/l/cafe/7", "https://academy.example//courses/1",
      "https://other.example/courses/42",
    ] {
      #expect(!apple.claims(url, hosts: hosts), "\(url)")
    }
    #expect(try AppleLinkMatcher(json: text, appID: "ZZZZZ99999.other").components.isEmpty)
  }

  /// The file claims more than the resolver matches exactly where docs/manifest.md says so;
  /// each documented case is claimed here and resolves as `unknown_link`.
  /// (The two cases Apple leaves undocumented, a URL the system cannot decode and a repeated
  /// query key, resolve as `unknown_link` whatever the system does with them.)
  @Test(arguments: [
    ("https://academy.example/courses/abc", true), ("https://academy.example/courses/1/2", true),
    ("https://academy.example/courses%2F42", true), ("https://academy.example/courses/..", true),
    ("https://academy.example/courses/%zz", false),
    ("https://academy.example/open?to=home&to=evil", false),
  ])
  func theDocumentedOverClaims(url: String, documentedAsClaimed: Bool) throws {
    let manifest = try Self.manifest(Self.small)
    let text = try AppSiteAssociation.text(manifest, appIDs: [Self.appID])
    let apple = try AppleLinkMatcher(json: text, appID: Self.appID)
    if documentedAsClaimed {
      #expect(apple.claims(url, hosts: manifest.linkHosts))
    }
    let table = RouteTableEncoder.table(for: manifest)
    #expect(table.resolve(url: url, variant: 0).status == .unknownLink)
  }

  @Test func noHostsAndMalformedAppIDsAreRefused() throws {
    let schemesOnly = try Self.manifest(
      Self.small.replacingOccurrences(
        of: "  hosts: [academy.example, www.academy.example]\n", with: ""))
    #expect(throws: AppSiteAssociation.Failure.noHosts) {
      try AppSiteAssociation.text(schemesOnly, appIDs: [Self.appID])
    }
    let manifest = try Self.manifest(Self.small)
    let problems: [(String, String)] = [
      (
        "com.example.app",
        "starts with `com`, which is not a team id: 10 uppercase letters and digits"
      ),
      (
        "abcde12345.com.example.app",
        "starts with `abcde12345`, which is not a team id: 10 uppercase letters and digits"
      ),
      (
        "ABCDE1234.com.example.app",
        "starts with `ABCDE1234`, which is not a team id: 10 uppercase letters and digits"
      ),
      ("ABCDE12345", "has no `.` between the team id and the bundle id"),
      ("ABCDE12345.", "has no bundle id after the `.`"),
      (
        "ABCDE12345.com.example_app",
        "ends with `com.example_app`, which is not a bundle id: letters, digits, `.` and `-`"
      ),
    ]
    for (id, problem) in problems {
      #expect(AppSiteAssociation.appIDProblem(id) == problem, "\(id)")
      #expect(throws: AppSiteAssociation.Failure.malformedAppID(id, problem: problem)) {
        try AppSiteAssociation.text(manifest, appIDs: [Self.appID, id])
      }
    }
    #expect(AppSiteAssociation.appIDProblem("ABCDE12345.com.Example-App.2") == nil)
  }

  /// The real apps' routes (RoutecEndToEndTests' `real-apps.routes.yaml`), whose patterns
  /// `email_click` and `legacy_home` list the hosts they apply to: each host serves a file of its
  /// own, which claims only the patterns that apply to it, so the file needs its host.
  @Test func aPatternRestrictedToSomeHostsIsClaimedOnlyInTheirFiles() throws {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("RoutecEndToEndTests/Fixtures/real-apps.routes.yaml")
    let manifest = try Self.manifest(try String(contentsOf: url, encoding: .utf8))
    let hosts = ["shop.example", "clicks.shop.example"]
    #expect(throws: AppSiteAssociation.Failure.hostNeeded(hosts)) {
      try AppSiteAssociation.text(manifest, appIDs: [Self.appID])
    }
    #expect(throws: AppSiteAssociation.Failure.unknownHost("evil.example", hosts)) {
      try AppSiteAssociation.text(manifest, appIDs: [Self.appID], host: "evil.example")
    }
    func paths(_ host: String) throws -> [String?] {
      let text = try AppSiteAssociation.text(manifest, appIDs: [Self.appID], host: host)
      return try AppleLinkMatcher(json: text, appID: Self.appID).components.map(\.path)
    }
    // The discover and search patterns, on every host: a `{name*}` query item claims no query.
    let passThrough = [
      "/discover", "/discover/", "/discover/advanced", "/discover/advanced/", "/search",
      "/search/",
    ]
    #expect(
      try paths("shop.example") == [
        "/blog/?*", "/sync", "/sync/", "/go", "/go/", "/projects/?*/?*", "/files/?*", "/settings",
        "/settings/",
      ] + passThrough)
    #expect(
      try paths("clicks.shop.example") == [
        "/blog/?*", "/sync", "/sync/", "/go", "/go/", "/projects/?*/?*", "/files/?*", "/?*",
        "/settings", "/settings/",
      ] + passThrough)
    // The host is read in any case.
    #expect(try paths("Clicks.Shop.Example") == paths("clicks.shop.example"))
  }

  /// RoutecEndToEndTests' `wildcard-hosts.routes.yaml`: a file is served on each subdomain a
  /// wildcard covers and claims the patterns of every entry covering that host; a wildcard
  /// or `*` serves no file, and `/read/{path*}` of any host (`*`) is in none.
  @Test func aWildcardsFileIsServedOnEachSubdomainAndAnyHostIsNeverClaimed() throws {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("RoutecEndToEndTests/Fixtures/wildcard-hosts.routes.yaml")
    let manifest = try Self.manifest(try String(contentsOf: url, encoding: .utf8))
    let hosts = ["shop.example", "*.shop.example", "*.eu.shop.example", "www.shop.example"]
    #expect(throws: AppSiteAssociation.Failure.hostNeeded(hosts)) {
      try AppSiteAssociation.text(manifest, appIDs: [Self.appID])
    }
    #expect(throws: AppSiteAssociation.Failure.unknownHost("news.example", hosts)) {
      try AppSiteAssociation.text(manifest, appIDs: [Self.appID], host: "news.example")
    }
    #expect(
      throws: AppSiteAssociation.Failure.wildcardHost("*.shop.example", example: "app.shop.example")
    ) {
      try AppSiteAssociation.text(manifest, appIDs: [Self.appID], host: "*.shop.example")
    }
    #expect(
      AppSiteAssociation.Failure.wildcardHost("*.shop.example", example: "app.shop.example")
        .description
        == "--host `*.shop.example` is a wildcard; the file is served on each host it covers: give one, like `app.shop.example`"
    )
    func paths(_ host: String) throws -> [String?] {
      let text = try AppSiteAssociation.text(manifest, appIDs: [Self.appID], host: host)
      return try AppleLinkMatcher(json: text, appID: Self.appID).components.map(\.path)
    }
    #expect(try paths("shop.example") == ["/", "/p/?*"])
    #expect(try paths("a.shop.example") == ["/", "/p/?*", "/deals", "/deals/"])
    #expect(try paths("eu.shop.example") == ["/", "/p/?*", "/deals", "/deals/"])
    // The longer wildcard's `/p/{id}` and the shorter one's, one component.
    #expect(try paths("de.eu.shop.example") == ["/", "/p/?*", "/deals", "/deals/"])
    #expect(try paths("WWW.shop.example") == ["/", "/p/?*", "/?*", "/deals", "/deals/"])
  }

  // MARK: - The test's matcher

  /// The matcher against the examples in Apple's documentation, so that the properties below
  /// are checked against Apple's rules rather than against the generator's reading of them.
  /// A fragment pattern's fragment is the component's `#`: its path's wildcards, then `*` for
  /// a trailing `/` and the fragment's query. The file claims the URLs the pattern matches and,
  /// under a path no other pattern claims, no other fragment.
  @Test func aFragmentPatternIsTheComponentsFragment() throws {
    let manifest = try Self.manifest(
      """
      manifest: 1
      links:
        hosts: [chat.example]
      screens:
        Room:
          params:
            room_id: string
      routes:
        room:
          screen: Room
          links: ["/#/room/{room_id}?via=a", "/r/{room_id}#/"]

      """)
    #expect(
      AppSiteAssociation.components(manifest).map { [$0.path, $0.fragment ?? "-"] } == [
        ["/", "/room/?**"], ["/r/?*", "/*"],
      ])
    let apple = try AppleLinkMatcher(
      json: try AppSiteAssociation.text(manifest, appIDs: [Self.appID]), appID: Self.appID)
    for (url, claimed) in [
      ("https://chat.example/#/room/!abc:chat.example?via=a", true),
      ("https://chat.example/#/room/!abc/", true), ("https://chat.example/#/lobby", false),
      ("https://chat.example/", false), ("https://chat.example/r/1#/", true),
      ("https://chat.example/r/1#/anything", true), ("https://chat.example/r/1", false),
    ] {
      #expect(apple.claims(url, hosts: ["chat.example"]) == claimed, "\(url)")
    }
  }

  /// Literal text around a placeholder, and a parameter's prefix, are written as literals
  /// around `?*`.
  @Test func literalTextAroundAPlaceholderIsWrittenAsALiteral() throws {
    let manifest = try Self.manifest(
      """
      manifest: 1
      links:
        hosts: [chat.example]
      screens:
        Talk:
          params:
            title: string
        Room:
          params:
            room_id: { type: string, prefix: "!" }
      routes:
        talk:
          screen: Talk
          links: ["/wiki/Talk:{title}", "/files/{title}.pdf"]
        room:
          screen: Room
          links: ["/#/{room_id}"]

      """)
    #expect(
      AppSiteAssociation.components(manifest).map { [$0.path, $0.fragment ?? "-"] } == [
        ["/wiki/Talk:?*", "-"], ["/files/?*.pdf", "-"], ["/", "/!?**"],
      ])
  }

  /// A link with `case_sensitive: false` writes `"caseSensitive": false` on its components, so
  /// the file claims its URLs in any letter case; an exact pattern of the same path keeps its own
  /// component.
  @Test func aCaseInsensitiveLinkIsClaimedInAnyCase() throws {
    let manifest = try Self.manifest(
      """
      manifest: 1
      links:
        hosts: [news.example]
      screens:
        About: {}
        Room:
          params:
            id: string
      routes:
        about:
          screen: About
          links: [{ path: "/About?view=Full", case_sensitive: false }, /team]
        room:
          screen: Room
          links: [{ path: "/#/Room/{id}", case_sensitive: false }]

      """)
    let text = try AppSiteAssociation.text(manifest, appIDs: [Self.appID])
    #expect(
      text == """
        {
          "applinks": {
            "defaults": {
              "percentEncoded": false
            },
            "details": [
              {
                "appIDs": [
                  "ABCDE12345.com.example.app"
                ],
                "components": [
                  {
                    "/": "/About",
                    "?": {
                      "view": "Full"
                    },
                    "caseSensitive": false,
                    "comment": "about: /About?view=Full"
                  },
                  {
                    "/": "/About/",
                    "?": {
                      "view": "Full"
                    },
                    "caseSensitive": false,
                    "comment": "about: /About?view=Full"
                  },
                  {
                    "/": "/team",
                    "comment": "about: /team"
                  },
                  {
                    "/": "/team/",
                    "comment": "about: /team"
                  },
                  {
                    "#": "/Room/?**",
                    "/": "/",
                    "caseSensitive": false,
                    "comment": "room: /#/Room/{id}"
                  }
                ]
              }
            ]
          }
        }

        """)
    let apple = try AppleLinkMatcher(json: text, appID: Self.appID)
    for (url, claimed) in [
      ("https://news.example/ABOUT?view=full", true),
      ("https://news.example/about/?view=FULL", true),
      ("https://news.example/#/room/1", true), ("https://news.example/team", true),
      ("https://news.example/Team", false),
    ] {
      #expect(apple.claims(url, hosts: ["news.example"]) == claimed, "\(url)")
    }
  }

  @Test func theMatcherFollowsApplesDocumentedExamples() throws {
    let file = """
      {"applinks": {"details": [{"appIDs": ["\(Self.appID)"], "components": [
        {"#": "no_universal_links", "exclude": true},
        {"/": "/buy/*", "?": {"articleNumber": "????"}, "exclude": true},
        {"/": "/buy/*"},
        {"/": "/help/website/*", "exclude": true},
        {"/": "/help/*", "?": {"articleNumber": "????", "name": "?*"}},
        {"/": "/sourdough/?*", "caseSensitive": false},
        {"/": "/caf\u{E9}/?*", "percentEncoded": false},
        {"/": "/q", "?": "a=?*"}
      ]}]}}
      """
    let apple = try AppleLinkMatcher(json: file, appID: Self.appID)
    let claims = { (path: String) in apple.claims("https://h.example" + path, hosts: ["h.example"])
    }
    #expect(claims("/buy/"))
    #expect(claims("/buy/a/b?x=1#f"))
    #expect(!claims("/buy/1?articleNumber=1234"))
    #expect(claims("/buy/1?articleNumber=12345"))
    #expect(!claims("/buy/1#no_universal_links"))
    #expect(!claims("/help/website/1?articleNumber=1234&name=x"))
    #expect(claims("/help/x?articleNumber=1234&name=x"))
    #expect(!claims("/help/x?articleNumber=1234"))
    #expect(!claims("/help/x?articleNumber=1234&name"))
    #expect(!claims("/help/x?articleNumber=1234&articleNumber=12&name=x"))
    #expect(claims("/SourDough/x"))
    #expect(!claims("/sourdough/"))
    #expect(claims("/caf%C3%A9/1"))
    #expect(!claims("/caf%C3%A9"))
    #expect(claims("/q?a=1"))
    #expect(!claims("/q?a="))
    #expect(!claims("/other"))
    #expect(AppleLinkMatcher.glob("a*b", "ab") && AppleLinkMatcher.glob("a*b", "a/x/b"))
    #expect(!AppleLinkMatcher.glob("a?b", "ab") && AppleLinkMatcher.glob("a?*", "a/"))
    #expect(!AppleLinkMatcher.glob("a?*", "a") && !AppleLinkMatcher.glob("A", "a"))
    #expect(AppleLinkMatcher.glob("/$(digit)$(lower)", "/7x"))
    #expect(!AppleLinkMatcher.glob("/$(digit)", "/$(digit)"))
  }

  // MARK: - Random manifests

  /// Literals as written in patterns: plain, percent-encoded, with the characters AASA reads as
  /// wildcards (`*`, `%3F`, `$(`), and with an encoded `/`.
  static let literals = [
    "a", "b", "courses", "new", "caf%C3%A9", "x-y_z.~", "A1", "(1)", "it's", "a+b", "@me",
    "a;b,c:d!", "l*st", "q%3Fb", "sp%20ace", "w%2Fb", "v$(digit)", "%E2%9C%93",
  ]
  static let queryValues = ["1", "v", "l*st", "caf%C3%A9", "a+b", "x%26y"]
  static let queryKeys = ["k", "m", "q%20k"]
  /// Every screen parameter, all optional so any pattern binds enough, by type.
  static let params = [("n", "int"), ("s", "string"), ("f", "bool"), ("d", "double")]
  static let values = [
    "int": ["0", "42", "-7"], "string": ["hello", "café", "a b", "x/y", "42", "?&="],
    "bool": ["true", "false", "1", "0"], "double": ["1.5", "-0.25", "3"],
  ]

  static func randomPattern(_ random: inout SplitMix64) -> String {
    var names = params.map(\.0).shuffled(using: &random)
    var segments: [String] = []
    let count = Int.random(in: 0...3, using: &random)
    for position in 0..<count {
      if position == count - 1, random.chance(15) {
        segments.append("{tail*}")
      } else if random.chance(position == 0 ? 8 : 35), let name = names.popLast() {
        segments.append("{\(name)}")
      } else {
        segments.append(random.pick(literals))
      }
    }
    var items: [String] = []
    for key in random.sample(queryKeys, Int.random(in: 0...2, using: &random)) {
      if random.chance(40), let name = names.popLast() {
        items.append("\(key)={\(name)}")
      } else {
        items.append("\(key)=" + random.pick(queryValues))
      }
    }
    return "/" + segments.joined(separator: "/")
      + (items.isEmpty ? "" : "?" + items.joined(separator: "&"))
  }

  /// A manifest of up to five routes on one screen, their patterns random but never tied.
  static func randomManifest(_ random: inout SplitMix64) throws -> (String, [String]) {
    var texts: [(route: Int, text: String)] = []
    let routeCount = Int.random(in: 1...5, using: &random)
    for route in 0..<routeCount {
      for _ in 0..<Int.random(in: 1...4, using: &random) {
        texts.append((route, randomPattern(&random)))
      }
    }
    let parsed = try texts.map { try LinkPattern(parsing: $0.text).mapParams(\.name) }
    let tied = Set(LinkAmbiguity.ties(parsed).map(\.second))
    let kept = texts.indices.filter { !tied.contains($0) }.map { texts[$0] }
    var yaml = """
      manifest: 1
      links:
        hosts: [a.example, www.a.example]
        schemes: [app]
      screens:
        S:
          params:
            tail: { type: string, optional: true }

      """
    for (name, type) in params {
      yaml += "      \(name): { type: \(type), optional: true }\n"
    }
    yaml += "routes:\n"
    for route in 0..<routeCount {
      yaml += "  r\(route):\n    screen: S\n"
      if random.chance(20) { yaml += "    deprecated: true\n" }
      let patterns = kept.filter { $0.route == route }.map(\.text)
      if !patterns.isEmpty {
        yaml += "    links:\n" + patterns.map { "      - \"\($0)\"\n" }.joined()
      }
    }
    return (yaml, kept.map(\.text))
  }

  /// `text` (decoded) as a URL writes it: each byte as itself when it may be, or `%XX` in
  /// either case of hex digit, at random.
  static func spell(_ text: String, _ random: inout SplitMix64) -> String {
    var result = ""
    for byte in text.utf8 {
      let scalar = Unicode.Scalar(byte)
      if byte < 0x80, ByteSet.linkLiteral.contains(scalar), random.chance(70) {
        result.unicodeScalars.append(scalar)
      } else {
        let hex = String(byte, radix: 16, uppercase: random.chance(50))
        result += "%" + (hex.count == 1 ? "0" : "") + hex
      }
    }
    return result
  }

  /// A URL the pattern matches: its literals and conditions spelled at random, each
  /// placeholder a valid value of its type, an optional query binding present or not, and at
  /// random one trailing `/`, extra query items (one a repeat of a condition) and a fragment.
  static func exampleURL(
    _ pattern: LinkPattern<String>, host: String, _ random: inout SplitMix64
  ) -> String {
    let types = Dictionary(uniqueKeysWithValues: params + [("tail", "string")])
    let value = { (name: String, random: inout SplitMix64) -> String in
      spell(random.pick(values[types[name] ?? "string"] ?? ["1"]), &random)
    }
    var path = ""
    for segment in pattern.segments {
      switch segment {
      case .literal(let text): path += "/" + spell(text, &random)
      case .param(let name): path += "/" + value(name, &random)
      case .rest(let name):
        for _ in 0..<Int.random(in: 1...3, using: &random) { path += "/" + value(name, &random) }
      case .any: path += "/" + value("any", &random)
      case .affixed(let affixes, _):
        path +=
          "/" + spell(affixes.prefix, &random) + value("any", &random)
          + spell(affixes.suffix, &random)
      case .anyRest:
        for _ in 0..<Int.random(in: 1...3, using: &random) { path += "/" + value("any", &random) }
      }
    }
    if path.isEmpty || random.chance(30) { path += "/" }
    var items: [String] = []
    for item in pattern.query {
      switch item {
      case .condition(let key, let text):
        items.append(spell(key, &random) + "=" + spell(text, &random))
        if random.chance(15) { items.append(spell(key, &random) + "=" + spell(text, &random)) }
      case .bind(let key, let name, let isPresence):
        if isPresence || random.chance(70) {
          items.append(spell(key, &random) + "=" + value(name, &random))
        }
      case .present(let key):
        items.append(spell(key, &random) + (random.chance(50) ? "" : "=" + value(key, &random)))
      case .absent:
        continue
      case .rest:
        if random.chance(50) { items.append("pass=" + value("pass", &random)) }
      }
    }
    if random.chance(40) { items += random.sample(["zz=1", "flag", "empty=", "k2=a+b"], 2) }
    items.shuffle(using: &random)
    let query = items.isEmpty ? "" : "?" + items.joined(separator: "&")
    let fragment = random.chance(30) ? random.pick(["#top", "#", "#a?b/c"]) : ""
    return "https://\(host)\(path)\(query)\(fragment)"
  }

  // Every random choice comes from the seed: lists are walked in order, dictionaries only
  // looked up, so a failing seed fails again.
  @Test(arguments: 0..<200)
  func randomManifestsClaimWhatTheyMatchAndNoUnknownFirstSegment(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    let (yaml, texts) = try Self.randomManifest(&random)
    let manifest = try Self.manifest(yaml)
    let patterns = manifest.routes.flatMap(\.links)
    #expect(patterns.map(\.text) == texts, "seed \(seed)")
    let text = try AppSiteAssociation.text(manifest, appIDs: [Self.appID])
    let apple = try AppleLinkMatcher(json: text, appID: Self.appID)
    let hosts = manifest.linkHosts
    let reference = ReferenceLinkMatcher(hosts: hosts, schemes: manifest.linkSchemes)

    // Every pattern's URLs, on every host.
    var matching: [String] = []
    for (index, pattern) in patterns.enumerated() {
      for host in hosts {
        for _ in 0..<6 {
          let url = Self.exampleURL(pattern, host: host, &random)
          #expect(reference.matches(url, patterns).contains(index), "seed \(seed): \(url)")
          #expect(apple.claims(url, hosts: hosts), "seed \(seed): \(url) for \(pattern.text)")
          matching.append(url)
        }
      }
    }

    // Random URLs over the patterns' own pieces: every one the reference matcher matches.
    let pieces =
      Self.literals + ["zzz", "", "a%2F", "%2Fb"] + Self.params.flatMap { Self.values[$0.1] ?? [] }
    for _ in 0..<150 {
      var url = "https://" + random.pick(hosts)
      for _ in 0..<Int.random(in: 0...4, using: &random) {
        let piece = random.pick(pieces)
        url += "/" + Self.spell(piece.removingPercentEncoding ?? piece, &random)
      }
      if url.hasSuffix(".example") || random.chance(20) { url += "/" }
      var items: [String] = []
      for _ in 0..<Int.random(in: 0...3, using: &random) {
        let key = random.pick(Self.queryKeys + ["zz"])
        let value = random.pick(Self.queryValues + ["2"])
        items.append(
          Self.spell(key.removingPercentEncoding ?? key, &random)
            + (random.chance(10)
              ? "" : "=" + Self.spell(value.removingPercentEncoding ?? value, &random)))
      }
      if !items.isEmpty { url += "?" + items.joined(separator: "&") }
      if random.chance(20) { url += "#f" }
      if !reference.matches(url, patterns).isEmpty {
        #expect(apple.claims(url, hosts: hosts), "seed \(seed): \(url)")
        matching.append(url)
      }
    }
    #expect(matching.count >= patterns.count * hosts.count * 6)

    // URLs whose first segment is a literal no pattern starts with. A pattern starting with a
    // placeholder claims every first segment. As documented, a first literal holding `*`, `?`,
    // `$(` or an encoded `/` claims first segments that start with its text before that
    // character: the file has `?` there, any character, `/` included.
    let firstLiterals = patterns.compactMap { pattern -> String? in
      if case .literal(let text)? = pattern.segments.first { text } else { nil }
    }
    guard firstLiterals.count == patterns.filter({ !$0.segments.isEmpty }).count else { return }
    let looseHeads = firstLiterals.compactMap { literal -> String? in
      let scalars = Array(literal.unicodeScalars)
      let special = scalars.indices.first { index in
        "*?/".unicodeScalars.contains(scalars[index])
          || (scalars[index] == "$" && index + 1 < scalars.count && scalars[index + 1] == "(")
      }
      return special.map { String(String.UnicodeScalarView(scalars[..<$0])) }
    }
    let candidates = [
      "zzz", "course", "coursesx", "Courses", "news", "A", "a1", "cafe", "café", "l1st", "b b",
      "sp", "newer", "ab", "%", "q", "w", "wb", "v1", "v(digit)", "lst",
    ]
    for _ in 0..<30 {
      let candidate =
        random.chance(50)
        ? random.pick(candidates)
        : String((0..<Int.random(in: 1...4, using: &random)).map { _ in random.pick(Array("abn")) })
      guard !firstLiterals.contains(candidate),
        !looseHeads.contains(where: { candidate.hasPrefix($0) })
      else { continue }
      var url = "https://\(random.pick(hosts))/" + Self.spell(candidate, &random)
      for _ in 0..<Int.random(in: 0...2, using: &random) {
        url += "/" + Self.spell(random.pick(pieces).removingPercentEncoding ?? "x", &random)
      }
      if random.chance(30) { url += "/" }
      if random.chance(50) {
        url += "?" + random.pick(["k=1", "m=v", "q%20k=l*st", "zz=1"])
      }
      #expect(!apple.claims(url, hosts: hosts), "seed \(seed): \(url)")
    }
  }
}
