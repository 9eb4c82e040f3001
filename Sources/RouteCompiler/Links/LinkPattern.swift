import RouteTable

/// A link pattern of a route: the path and query of the URLs that open it, such as
/// `/courses/{id}`, `/search?q={query}&sort=new` or `/discover?{filters*}`.
///
/// The compiler parses patterns to check them and the runtime will match URLs with them, with
/// this one grammar, so a pattern that lints is a pattern that matches. `Param` is how a
/// placeholder names its parameter: a `Placeholder` (name and offset) straight from the parser,
/// a name, or an index into a screen's parameters once the screen is known.
package struct LinkPattern<Param: Hashable & Sendable>: Hashable, Sendable {
  package enum Segment: Hashable, Sendable {
    /// Compared with the URL's segment after both are percent-decoded; holds the decoded text.
    case literal(String)
    /// `{param}`: one whole segment.
    case param(Param)
    /// `{param*}`: the last segment, taking one or more remaining segments.
    case rest(Param)
    /// `{_}`: one whole segment of any value, binding nothing; ranks like `{param}`.
    case any
    /// `{_*}`: the last segment, taking one or more remaining segments and binding nothing.
    case anyRest

    /// Whether the segment takes every remaining segment (`{param*}` or `{_*}`).
    package var isRest: Bool {
      switch self {
      case .rest, .anyRest: true
      case .literal, .param, .any: false
      }
    }
  }

  package enum QueryItem: Hashable, Sendable {
    /// `key=literal`: every occurrence of the key must have exactly this (decoded) value.
    case condition(key: String, value: String)
    /// `key={param}`: the item's value binds the parameter.
    case bind(key: String, param: Param)
    /// `!key`: the URL has no item `key`.
    case absent(key: String)
    /// `{name*}`, the last item: binds a `query` parameter to the items no other item binds or
    /// tests.
    case rest(param: Param)

    /// The item's key; empty for `{name*}`, which takes every other key (a written key is
    /// never empty).
    package var key: String {
      switch self {
      case .condition(let key, _), .bind(let key, _), .absent(let key): key
      case .rest: ""
      }
    }
  }

  /// The pattern exactly as written in the manifest.
  package var text: String
  /// Empty for the root, `/`.
  package var segments: [Segment]
  package var query: [QueryItem]
  /// The `links.hosts` entries the pattern is restricted to (a pattern written as a mapping
  /// with `hosts`), in the order written, or `["*"]` for any https host; nil for every entry of
  /// `links.hosts`.
  package var hosts: [String]?
  /// The `links.schemes` the pattern is restricted to, in the order written; nil for every
  /// scheme.
  package var schemes: [String]?

  package init(
    text: String, segments: [Segment], query: [QueryItem], hosts: [String]? = nil,
    schemes: [String]? = nil
  ) {
    self.text = text
    self.segments = segments
    self.query = query
    self.hosts = hosts
    self.schemes = schemes
  }

  /// Whether the pattern applies to URLs through the host entry `host` (an entry of
  /// `links.hosts`, or `*`): https, or a scheme whose authority is a host. A pattern of every
  /// host applies to every entry of `links.hosts`, never to `*`.
  package func applies(toHost host: String) -> Bool {
    hosts.map { $0.contains(host) } ?? (host != LinkHostEntry.anyHost)
  }

  /// Whether the pattern takes https URLs of any host (`hosts: ["*"]`).
  package var appliesToAnyHost: Bool {
    applies(toHost: LinkHostEntry.anyHost)
  }

  /// Whether the pattern applies to URLs of the custom scheme `scheme`.
  package func applies(toScheme scheme: String) -> Bool {
    schemes.map { $0.contains(scheme) } ?? true
  }

  /// The query conditions `key=literal` as key and value, in the order written.
  package var conditions: [(key: String, value: String)] {
    query.compactMap { item in
      if case .condition(let key, let value) = item { (key, value) } else { nil }
    }
  }

  /// The keys of the `!key` conditions, in the order written.
  package var absentKeys: [String] {
    query.compactMap { item in
      if case .absent(let key) = item { key } else { nil }
    }
  }

  /// How many query items are conditions (`key=literal` or `!key`): what ranks patterns whose
  /// paths tie.
  package var conditionCount: Int {
    query.count { item in
      switch item {
      case .condition, .absent: true
      case .bind, .rest: false
      }
    }
  }

  /// Every placeholder, in the order written.
  package var params: [Param] {
    segments.compactMap { segment in
      switch segment {
      case .literal, .any, .anyRest: nil
      case .param(let param), .rest(let param): param
      }
    }
      + query.compactMap { item in
        switch item {
        case .bind(_, let param), .rest(let param): param
        case .condition, .absent: nil
        }
      }
  }

  /// The same pattern with each placeholder's parameter replaced.
  package func mapParams<Other>(_ transform: (Param) throws -> Other) rethrows -> LinkPattern<Other>
  {
    LinkPattern<Other>(
      text: text,
      segments: try segments.map { segment in
        switch segment {
        case .literal(let text): .literal(text)
        case .param(let param): .param(try transform(param))
        case .rest(let param): .rest(try transform(param))
        case .any: .any
        case .anyRest: .anyRest
        }
      },
      query: try query.map { item in
        switch item {
        case .condition(let key, let value): .condition(key: key, value: value)
        case .bind(let key, let param): .bind(key: key, param: try transform(param))
        case .absent(let key): .absent(key: key)
        case .rest(let param): .rest(param: try transform(param))
        }
      }, hosts: hosts, schemes: schemes)
  }
}

/// A placeholder as the parser reads it: the parameter's name and where `{` is in the pattern.
package struct LinkPlaceholder: Hashable, Sendable {
  package var name: String
  /// Counted in Unicode scalars from 0, like `URLTemplate.SyntaxError.offset`.
  package var offset: Int

  package init(name: String, offset: Int) {
    self.name = name
    self.offset = offset
  }
}
