/// A link pattern of a route: the path and query of the URLs that open it, such as
/// `/courses/{id}` or `/search?q={query}&sort=new`.
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
  }

  package enum QueryItem: Hashable, Sendable {
    /// `key=literal`: every occurrence of the key must have exactly this (decoded) value.
    case condition(key: String, value: String)
    /// `key={param}`: the item's value binds the parameter.
    case bind(key: String, param: Param)
  }

  /// The pattern exactly as written in the manifest.
  package var text: String
  /// Empty for the root, `/`.
  package var segments: [Segment]
  package var query: [QueryItem]

  package init(text: String, segments: [Segment], query: [QueryItem]) {
    self.text = text
    self.segments = segments
    self.query = query
  }

  /// The query conditions as key and value, in the order written.
  package var conditions: [(key: String, value: String)] {
    query.compactMap { item in
      if case .condition(let key, let value) = item { (key, value) } else { nil }
    }
  }

  /// Every placeholder, in the order written.
  package var params: [Param] {
    segments.compactMap { segment in
      switch segment {
      case .literal: nil
      case .param(let param), .rest(let param): param
      }
    }
      + query.compactMap { item in
        if case .bind(_, let param) = item { param } else { nil }
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
        }
      },
      query: try query.map { item in
        switch item {
        case .condition(let key, let value): .condition(key: key, value: value)
        case .bind(let key, let param): .bind(key: key, param: try transform(param))
        }
      })
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
