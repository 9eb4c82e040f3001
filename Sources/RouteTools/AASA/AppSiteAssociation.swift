import RouteCompiler
import RouteTable

/// The `apple-app-site-association` file for a manifest's `links.hosts`: the `applinks` section
/// in the iOS 13+ form, `{"applinks": {"details": [{"appIDs": [...], "components": [...]}]}}`,
/// one component for each link pattern (two when it ends with a literal), in manifest order.
///
/// What a component claims, in Apple's pattern language: `*` any run of characters, `?` one
/// character, `?*` one or more; the path compared whole, case-sensitively (a pattern with
/// `case_sensitive: false` writes `"caseSensitive": false`, so the path, query values and
/// fragment compare ignoring case, which claims no less than ASCII folding); a `?` dictionary
/// requiring every listed query item (an absent one counts as empty) with all its occurrences
/// matching. The file's `defaults` set `percentEncoded` to false (iOS 14+), so the system
/// percent-decodes the URL before comparing and a pattern holds the decoded text: any spelling
/// of a literal (`caf%C3%A9`, `%63af%C3%A9`) matches, as it does in the resolver.
///
/// The file claims every https URL some pattern matches (with one trailing `/`, extra query
/// items and any fragment) and no URL whose first segment is a literal no pattern starts with.
/// Where the wildcards cannot say exactly what a pattern says, it claims more, and the app
/// resolves those URLs as `unknown_link`:
/// - `{param}`, `{param*}`, `{_}` and `{_*}` are `?*`, which also matches `/` and values not
///   valid for the parameter's type;
/// - a fragment pattern is the component's `#`: its path as for `/`, then `*` for a trailing
///   `/` and the fragment's query, whose items are not looked at;
/// - `!key` is left out: components cannot require an item to be absent; so is a bare `key`
///   (and a binding), since a listed item must have a non-empty value or counts as present
///   when absent;
/// - in literals, the wildcard characters `*` and `?`, and `$` before `(` (which would start a
///   substitution variable), are `?`, one character of any kind, `/` included;
/// - a literal holding `%2F` is compared with the decoded `/`, as if it were two segments, and
///   so is a URL that spells a `/` in a segment as `%2F`.
/// The last two are the exceptions to "no unknown first segment".
///
/// A pattern restricted to some hosts is claimed only in those hosts' files: when any pattern
/// is, each host serves a file of its own, written for `host`. A wildcard entry
/// (`*.shop.example`) is served by each subdomain it covers, and the file for one of them claims
/// the patterns of the wildcard and of the host's own entry. A pattern of any host
/// (`hosts: ["*"]`) is for URLs that reach the app from inside it, never a universal link: no
/// file claims it.
package enum AppSiteAssociation {
  package enum Failure: Error, Hashable, Sendable, CustomStringConvertible {
    /// Custom schemes are not universal links: only `links.hosts` can be claimed.
    case noHosts
    /// The app id and why it is malformed.
    case malformedAppID(String, problem: String)
    /// Some patterns apply to some hosts only, so the file depends on the host, which was not
    /// given; the hosts.
    case hostNeeded([String])
    /// `--host` names no host of `links.hosts` or that a wildcard of them covers; the host and
    /// the declared ones.
    case unknownHost(String, [String])
    /// `--host` is a wildcard or `*`, which serves nothing; a host it covers.
    case wildcardHost(String, example: String)

    package var description: String {
      switch self {
      case .noHosts:
        "no `links.hosts`: an apple-app-site-association file claims https URLs of the manifest's hosts, and custom schemes (`links.schemes`) cannot be universal links"
      case .malformedAppID(let id, let problem):
        "the app id `\(id)` \(problem); write TEAMID.BUNDLE_ID, like `ABCDE12345.com.example.app`"
      case .hostNeeded(let hosts):
        "some link patterns apply to some hosts only, so each host serves its own file: give --host, one of \(hosts.map { "`\($0)`" }.joined(separator: ", "))"
      case .unknownHost(let host, let hosts):
        "--host `\(host)` is not one of `links.hosts`, nor covered by a wildcard of them: \(hosts.map { "`\($0)`" }.joined(separator: ", "))"
      case .wildcardHost(let host, let example):
        "--host `\(host)` is a wildcard; the file is served on each host it covers: give one, like `\(example)`"
      }
    }
  }

  /// One component: a path pattern, the query items it requires, the fragment pattern (nil
  /// for any fragment), and what it was made from.
  package struct Component: Hashable, Sendable {
    package var path: String
    /// Query item name and value pattern, in the order the pattern writes them.
    package var query: [Pair]
    package var fragment: String? = nil
    /// False for a pattern with `case_sensitive: false`.
    package var caseSensitive = true
    package var comment: String

    package struct Pair: Hashable, Sendable {
      package var key: String
      package var value: String
    }
  }

  /// The file, as `routec aasa` prints it: keys sorted, two-space indentation, a final newline.
  /// `host` is the host that serves it, needed when a pattern is restricted to some hosts.
  package static func text(_ manifest: ResolvedManifest, appIDs: [String], host: String? = nil)
    throws(Failure) -> String
  {
    guard !manifest.linkHosts.isEmpty else { throw .noHosts }
    for id in appIDs {
      if let problem = appIDProblem(id) { throw .malformedAppID(id, problem: problem) }
    }
    if let host, host.contains("*") {
      throw .wildcardHost(
        host,
        example: LinkHostEntry.exampleHost(
          host.lowercased(), avoiding: manifest.linkHosts.filter(LinkHostEntry.isExact)))
    }
    if let host,
      !manifest.linkHosts.contains(where: { LinkHostEntry.covers($0, host: host.lowercased()) })
    {
      throw .unknownHost(host, manifest.linkHosts)
    }
    if host == nil, manifest.linkHosts.count > 1,
      manifest.routes.contains(where: {
        $0.links.contains { $0.hosts != nil && $0.hosts != [LinkHostEntry.anyHost] }
      })
    {
      throw .hostNeeded(manifest.linkHosts)
    }
    let components = self.components(manifest, host: host?.lowercased()).map {
      component -> JSONValue in
      var members: [String: JSONValue] = [
        "/": .string(component.path),
        "comment": .string(component.comment),
      ]
      if !component.query.isEmpty {
        members["?"] = .object(
          Dictionary(uniqueKeysWithValues: component.query.map { ($0.key, .string($0.value)) }))
      }
      if let fragment = component.fragment { members["#"] = .string(fragment) }
      if !component.caseSensitive { members["caseSensitive"] = .bool(false) }
      return .object(members)
    }
    let details: JSONValue = .object([
      "appIDs": .array(appIDs.map { .string($0) }),
      "components": .array(components),
    ])
    let applinks: JSONValue = .object([
      "defaults": .object(["percentEncoded": .bool(false)]),
      "details": .array([details]),
    ])
    return JSONWriter.text(.object(["applinks": applinks])) + "\n"
  }

  /// Why `id` is not `TEAMID.BUNDLE_ID` (a team id of 10 uppercase letters and digits, then a
  /// bundle id of letters, digits, `.` and `-`), or nil when it is.
  package static func appIDProblem(_ id: String) -> String? {
    guard let dot = id.firstIndex(of: ".") else {
      return "has no `.` between the team id and the bundle id"
    }
    let team = id[..<dot]
    let bundle = id[id.index(after: dot)...]
    let isTeamCharacter = { (scalar: Unicode.Scalar) in
      ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
    }
    guard team.unicodeScalars.count == 10, team.unicodeScalars.allSatisfy(isTeamCharacter) else {
      return "starts with `\(team)`, which is not a team id: 10 uppercase letters and digits"
    }
    guard !bundle.isEmpty else { return "has no bundle id after the `.`" }
    guard BundleID.isValid(bundle) else {
      return
        "ends with `\(bundle)`, which is not a bundle id: letters, digits, `.` and `-`"
    }
    return nil
  }

  /// The components for every pattern of every route (deprecated ones too: they still
  /// resolve), in manifest order, leaving out one that an earlier one already covers (the
  /// same path, and query items the earlier one requires too). Only a `?*` absorbs a trailing
  /// `/`, so a pattern ending with a literal is also written with one.
  /// With `host`, only the patterns that apply to it or to a wildcard that covers it; without,
  /// those that apply to an entry of `links.hosts` (never those of `*` alone).
  package static func components(_ manifest: ResolvedManifest, host: String? = nil) -> [Component] {
    var result: [Component] = []
    var queriesByPath: [String: [Set<Component.Pair>]] = [:]
    let entries =
      host.map { host in manifest.linkHosts.filter { LinkHostEntry.covers($0, host: host) } }
      ?? manifest.linkHosts
    for route in manifest.routes {
      for pattern in route.links where entries.contains(where: pattern.applies(toHost:)) {
        let query = pattern.conditions.map { Component.Pair(key: $0.key, value: literal($0.value)) }
        let comment = "\(route.key): \(pattern.text)"
        var paths = [path(pattern.segments)]
        if let last = pattern.segments.last, case .literal = last {
          paths.append(paths[0] + "/")
        }
        // A fragment pattern's path, then anything (a trailing `/`, its query).
        let fragment = pattern.fragment.map { path($0.segments) + "*" }
        for path in paths {
          // Keyed by path and fragment: a component with a fragment covers fewer URLs; and by
          // case, as one that ignores it covers more.
          let place =
            (pattern.caseSensitive ? "" : "(ignoring case)") + path
            + (fragment.map { "#" + $0 } ?? "")
          let required = Set(query)
          let earlier = queriesByPath[place, default: []]
          guard !earlier.contains(where: { $0.isSubset(of: required) }) else { continue }
          queriesByPath[place, default: []].append(required)
          result.append(
            Component(
              path: path, query: query, fragment: fragment, caseSensitive: pattern.caseSensitive,
              comment: comment))
        }
      }
    }
    return result
  }

  private static func path<Param>(_ segments: [LinkPattern<Param>.Segment]) -> String {
    guard !segments.isEmpty else { return "/" }
    return segments.map { segment -> String in
      switch segment {
      case .literal(let text): "/" + literal(text)
      case .param, .rest, .any, .anyRest: "/?*"
      // A prefix a value keeps is literal text all the same.
      case .affixed(let affixes, _): "/" + literal(affixes.prefix) + "?*" + literal(affixes.suffix)
      }
    }.joined()
  }

  /// A decoded literal as a pattern that matches at least that text: Apple documents no way
  /// to escape a wildcard, so each character that would act as one stands for any character.
  private static func literal(_ text: String) -> String {
    let scalars = Array(text.unicodeScalars)
    var result = String.UnicodeScalarView()
    for (index, scalar) in scalars.enumerated() {
      let startsVariable = scalar == "$" && index + 1 < scalars.count && scalars[index + 1] == "("
      result.append(scalar == "*" || scalar == "?" || startsVariable ? "?" : scalar)
    }
    return String(result)
  }
}
