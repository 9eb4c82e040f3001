import RouteTable

/// A problem with a link pattern's text.
package struct LinkSyntaxError: Error, Hashable, Sendable {
  /// Where in the pattern the problem is, counted in Unicode scalars from 0.
  package var offset: Int
  package var message: String

  package init(offset: Int, message: String) {
    self.offset = offset
    self.message = message
  }
}

/// The grammar of link patterns:
///
///     pattern  = path [ "?" query ] [ "#" fragment ]
///     fragment = path [ "?" query ]
///     path     = "/" | 1*( "/" segment )
///     segment = literal | [ literal ] "{" param "}" [ literal ] | "{" param "*}" | "{_}"
///             | [ literal ] "{_}" [ literal ] | "{_*}"
///     query   = item *( "&" item ) [ "&" rest ] | rest
///     item    = key "=" ( literal | "{" param "}" ) | key | "!" key
///     rest    = "{" param "*}"
///
/// A bare `key` holds when the URL has the item, with any value; `!key` when it has none. A
/// fragment's path and query are read like the pattern's own; a parameter is bound once in the
/// whole pattern, a key once per query, and a path that ends with `{name*}` has no fragment.
/// Literals are ASCII letters, digits, `-._~!$'()*+,;:@` and `%XX` octets that decode to
/// UTF-8. A query key is written once, and a parameter is bound once, per pattern: a second
/// binding or condition could only conflict with the first.
extension LinkPattern where Param == LinkPlaceholder {
  package init(parsing text: String) throws(LinkSyntaxError) {
    var parser = LinkPatternParser(text)
    self = try parser.pattern()
  }
}

private struct LinkPatternParser {
  let text: String
  let scalars: [Unicode.Scalar]
  var index = 0
  var boundParams: Set<String> = []

  init(_ text: String) {
    self.text = text
    scalars = Array(text.unicodeScalars)
  }

  mutating func pattern() throws(LinkSyntaxError) -> LinkPattern<LinkPlaceholder> {
    guard scalars.first == "/" else {
      let message =
        text.contains("://")
        ? "a link pattern is a path like `/courses/{id}`; hosts and schemes are listed once, under the top-level `links`"
        : "a link pattern starts with `/`, like `/courses/{id}`"
      throw LinkSyntaxError(offset: 0, message: message)
    }
    let hash = scalars.firstIndex(of: "#") ?? scalars.count
    let (segments, query) = try pathAndQuery(from: 0, end: hash, "a link pattern")
    guard hash < scalars.count else {
      return LinkPattern(text: text, segments: segments, query: query)
    }
    guard hash + 1 < scalars.count, scalars[hash + 1] == "/" else {
      throw LinkSyntaxError(
        offset: hash,
        message:
          "a fragment pattern is a path like `/#/room/{room_id}`: `#` must be followed by `/`")
    }
    if segments.last?.isRest == true {
      throw LinkSyntaxError(
        offset: hash,
        message:
          "`{name*}` takes the rest of the path, so a pattern with a fragment does not end its path with it"
      )
    }
    let (fragmentSegments, fragmentQuery) = try pathAndQuery(
      from: hash + 1, end: scalars.count, "a fragment pattern")
    return LinkPattern(
      text: text, segments: segments, query: query,
      fragment: .init(segments: fragmentSegments, query: fragmentQuery))
  }

  /// The path starting at `start` (a `/`) and its query, up to `end`.
  private mutating func pathAndQuery(from start: Int, end: Int, _ what: String)
    throws(LinkSyntaxError)
    -> ([LinkPattern<LinkPlaceholder>.Segment], [LinkPattern<LinkPlaceholder>.QueryItem])
  {
    var segments: [LinkPattern<LinkPlaceholder>.Segment] = []
    var restOffset: Int?
    index = start
    while index < end, scalars[index] == "/" {
      let slash = index
      index += 1
      let segmentStart = index
      while index < end, scalars[index] != "/", scalars[index] != "?" { index += 1 }
      if segmentStart == index {
        // `/` alone is the root, with or without a query.
        if slash == start, index == end || scalars[index] == "?" { break }
        throw LinkSyntaxError(
          offset: slash,
          message: index == end || scalars[index] == "?"
            ? "\(what) does not end with `/`; URLs match with or without one trailing `/`"
            : "\(what) has no empty segment (`//`)")
      }
      if let restOffset {
        throw restNotLast(restOffset)
      }
      let open = (segmentStart..<index).first { scalars[$0] == "{" }
      let close = (segmentStart..<index).first { scalars[$0] == "}" }
      if let open, let close, close > open, open > segmentStart || close + 1 < index {
        segments.append(try affixed(segmentStart, open: open, close: close, end: index))
      } else if scalars[segmentStart] == "{" {
        let (placeholder, isRest) = try self.placeholder(
          segmentStart, end: index, allowsRest: true)
        if let placeholder {
          segments.append(isRest ? .rest(placeholder) : .param(placeholder))
        } else {
          segments.append(isRest ? .anyRest : .any)
        }
        if isRest { restOffset = segmentStart }
      } else {
        segments.append(.literal(try literal(segmentStart, end: index, "a path segment")))
      }
    }
    var query: [LinkPattern<LinkPlaceholder>.QueryItem] = []
    if index < end, scalars[index] == "?" {
      query = try self.query(from: index + 1, end: end)
    }
    return (segments, query)
  }

  /// `PREFIX{param}SUFFIX` in `start..<end`, with the placeholder at `open...close`.
  private mutating func affixed(_ start: Int, open: Int, close: Int, end: Int)
    throws(LinkSyntaxError) -> LinkPattern<LinkPlaceholder>.Segment
  {
    if close > open + 1, scalars[close - 1] == "*" {
      throw LinkSyntaxError(
        offset: open,
        message:
          "`{name*}` takes whole segments, so no literal text stands beside it in its segment")
    }
    let prefix = try literal(start, end: open, "a path segment")
    let suffix = try literal(close + 1, end: end, "a path segment")
    let (placeholder, _) = try self.placeholder(open, end: close + 1, allowsRest: false)
    return .affixed(LinkAffixes(prefix: prefix, suffix: suffix), placeholder)
  }

  private func restNotLast(_ offset: Int) -> LinkSyntaxError {
    LinkSyntaxError(
      offset: offset,
      message: "`{name*}` takes every remaining segment, so it must be the last segment")
  }

  private mutating func query(from start: Int, end queryEnd: Int) throws(LinkSyntaxError)
    -> [LinkPattern<LinkPlaceholder>.QueryItem]
  {
    var items: [LinkPattern<LinkPlaceholder>.QueryItem] = []
    var keys: Set<String> = []
    var itemStart = start
    while true {
      var end = itemStart
      while end < queryEnd, scalars[end] != "&" { end += 1 }
      guard itemStart < end else {
        throw LinkSyntaxError(
          offset: itemStart - 1,
          message: "`\(scalars[itemStart - 1])` must be followed by a query item `key=value`")
      }
      if scalars[itemStart] == "{", !(itemStart..<end).contains(where: { scalars[$0] == "=" }) {
        items.append(try passThrough(itemStart, end: end, queryEnd: queryEnd))
        return items
      }
      if scalars[itemStart] == "!" {
        let key = try absentKey(itemStart, end: end)
        guard keys.insert(key).inserted else { throw keyTwice(key, at: itemStart) }
        items.append(.absent(key: key))
        guard end < queryEnd else { return items }
        itemStart = end + 1
        continue
      }
      guard let equals = (itemStart..<end).first(where: { scalars[$0] == "=" }) else {
        // `key` alone: the URL must have the item, with any value.
        let key = try literal(itemStart, end: end, "a query key")
        guard keys.insert(key).inserted else { throw keyTwice(key, at: itemStart) }
        items.append(.present(key: key))
        guard end < queryEnd else { return items }
        itemStart = end + 1
        continue
      }
      guard equals > itemStart else {
        throw LinkSyntaxError(offset: itemStart, message: "a query item needs a key before `=`")
      }
      if scalars[itemStart] == "{" {
        throw LinkSyntaxError(
          offset: itemStart, message: "a query key is literal text; only its value can be `{param}`"
        )
      }
      let key = try literal(itemStart, end: equals, "a query key")
      guard keys.insert(key).inserted else { throw keyTwice(key, at: itemStart) }
      let valueStart = equals + 1
      if valueStart == end {
        throw LinkSyntaxError(
          offset: equals, message: "`\(key)=` needs a value: literal text or `{param}`")
      }
      if scalars[valueStart] == "{" {
        guard case (let placeholder?, _) = try placeholder(valueStart, end: end, allowsRest: false)
        else {
          throw LinkSyntaxError(
            offset: valueStart,
            message:
              "`{_}` stands for a path segment; a query item that may hold anything is left out of the pattern"
          )
        }
        items.append(.bind(key: key, param: placeholder))
      } else {
        items.append(
          .condition(key: key, value: try literal(valueStart, end: end, "a query value")))
      }
      guard end < queryEnd else { return items }
      itemStart = end + 1
    }
  }

  /// `{name*}` filling `start..<end`, which must be the pattern's last query item.
  private mutating func passThrough(_ start: Int, end: Int, queryEnd: Int)
    throws(LinkSyntaxError)
    -> LinkPattern<LinkPlaceholder>.QueryItem
  {
    let (placeholder, isRest) = try placeholder(start, end: end, allowsRest: true)
    guard isRest else {
      throw LinkSyntaxError(
        offset: start,
        message:
          "a query item is `key={param}`; `{name*}`, as the last item, passes every other item to a `query` parameter"
      )
    }
    guard let placeholder else {
      throw LinkSyntaxError(
        offset: start,
        message: "`{_*}` passes nothing; leave it out: a pattern ignores the items it does not name"
      )
    }
    guard end == queryEnd else {
      throw LinkSyntaxError(
        offset: start,
        message: "`{\(placeholder.name)*}` takes every other query item, so it must be the last"
      )
    }
    return .rest(param: placeholder)
  }

  private func keyTwice(_ key: String, at offset: Int) -> LinkSyntaxError {
    LinkSyntaxError(
      offset: offset,
      message: "the query key `\(key)` is written twice; a key appears once in a pattern")
  }

  /// The key of `!key` filling `start..<end`.
  private func absentKey(_ start: Int, end: Int) throws(LinkSyntaxError) -> String {
    guard start + 1 < end else {
      throw LinkSyntaxError(
        offset: start, message: "`!` needs the key that must be absent, like `!token`")
    }
    if let equals = ((start + 1)..<end).first(where: { scalars[$0] == "=" }) {
      throw LinkSyntaxError(
        offset: equals,
        message: "`!key` says the URL has no item `key`, so it takes no value")
    }
    return try literal(start + 1, end: end, "a query key")
  }

  /// `{name}`, `{name*}`, `{_}` or `{_*}` filling `start..<end`; nil for `{_}` and `{_*}`,
  /// which bind nothing (and so may repeat).
  private mutating func placeholder(_ start: Int, end: Int, allowsRest: Bool)
    throws(LinkSyntaxError) -> (LinkPlaceholder?, isRest: Bool)
  {
    guard let close = (start..<end).first(where: { scalars[$0] == "}" }) else {
      throw LinkSyntaxError(offset: start, message: "`{` is never closed")
    }
    if close + 1 < end {
      throw LinkSyntaxError(
        offset: close + 1,
        message: "a placeholder is a whole segment or query value; nothing follows its `}`")
    }
    var nameEnd = close
    let isRest = close > start + 1 && scalars[close - 1] == "*"
    if isRest {
      guard allowsRest else {
        throw LinkSyntaxError(
          offset: close - 1,
          message:
            "`*` applies to a path segment or a whole query item (`?{name*}`), not to a query value"
        )
      }
      nameEnd -= 1
    }
    guard start + 1 < nameEnd else {
      throw LinkSyntaxError(offset: start, message: "a placeholder is missing a parameter name")
    }
    var name = String.UnicodeScalarView()
    for position in (start + 1)..<nameEnd {
      let scalar = scalars[position]
      guard ByteSet.nameCharacters.contains(scalar) else {
        throw LinkSyntaxError(
          offset: position, message: "`\(scalar)` cannot appear in a parameter name")
      }
      name.append(scalar)
    }
    if name.count == 1, name.first == "_" { return (nil, isRest) }
    let placeholder = LinkPlaceholder(name: String(name), offset: start)
    guard boundParams.insert(placeholder.name).inserted else {
      throw LinkSyntaxError(
        offset: start,
        message: "`\(placeholder.name)` is bound twice; a pattern binds each parameter once")
    }
    return (placeholder, isRest)
  }

  /// The decoded text of the literal `start..<end`.
  private func literal(_ start: Int, end: Int, _ what: String) throws(LinkSyntaxError) -> String {
    var bytes: [UInt8] = []
    var position = start
    while position < end {
      let scalar = scalars[position]
      if scalar == "%" {
        guard let byte = HexDigit.escapedByte(in: scalars, at: position, end: end) else {
          throw LinkSyntaxError(
            offset: position, message: "`%` must start a percent-encoding like `%20`")
        }
        bytes.append(byte)
        position += 3
        continue
      }
      if scalar == "{" || scalar == "}" {
        throw LinkSyntaxError(
          offset: position,
          message: what == "a path segment"
            ? "a segment holds one placeholder, alone or with literal text around it, like `/{id}` or `/wiki/Talk:{title}`"
            : "a placeholder is a whole segment or query value, like `/{id}` or `q={query}`")
      }
      guard ByteSet.linkLiteral.contains(scalar) else {
        let encoded = PercentEncoding.encoded(String(scalar), keeping: .linkLiteral)
        throw LinkSyntaxError(
          offset: position,
          message: scalar.value < 0x21 || scalar.value == 0x7F
            ? "U+\(String(scalar.value, radix: 16, uppercase: true)) is not allowed in \(what); write it as `\(encoded)`"
            : "`\(scalar)` is not allowed in \(what); write it as `\(encoded)`")
      }
      bytes.append(UInt8(scalar.value))
      position += 1
    }
    guard let decoded = String(validating: bytes, as: UTF8.self) else {
      throw LinkSyntaxError(
        offset: start, message: "the percent-encoded octets of \(what) are not UTF-8")
    }
    return decoded
  }
}
