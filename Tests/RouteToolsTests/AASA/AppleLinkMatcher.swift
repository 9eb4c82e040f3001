import CompilerTestSupport
import Foundation
import TestSupport

/// Which https URLs an `apple-app-site-association` file lets an app open, following Apple's
/// documentation of `applinks` (iOS 13+ `components`) and written independently of the
/// generator, so tests can check what `routec aasa` prints against it:
///
/// - The components of every `details` entry listing the app are tried in order; the first
///   that matches decides, and claims the URL unless it has `exclude: true`. None: not claimed.
/// - A component matches when its `/` pattern matches the URL's path, its `?` matches the query
///   and its `#` the fragment; a key left out is `*`, which matches everything.
/// - In a pattern, `*` matches any run of characters (empty too), `?` exactly one, so `?*`
///   matches one or more; the whole text must match. `$(name)` is a substitution variable;
///   of the predefined ones, those standing for one character (`$(digit)`, `$(alpha)`,
///   `$(upper)`, `$(lower)`, `$(alnum)`, `$(xdigit)`) match one character of their set.
/// - `?` may be a dictionary: every listed query item name must have a value matching its
///   pattern, in every occurrence of the name; an absent item, or one without a value, counts
///   as the empty string. Other items are ignored.
/// - `caseSensitive` (default true): compare letters in any case when false.
/// - `percentEncoded` (default true): when false, the URL's path, query item names and values
///   and fragment are percent-decoded before comparing, and patterns hold decoded text.
/// - Both may be set in `applinks.defaults`, a `details` entry's `defaults` or the component;
///   the more specific wins.
struct AppleLinkMatcher {
  struct Component {
    enum Query {
      case whole(String)
      case items([String: String])
    }

    var path: String?
    var query: Query?
    var fragment: String?
    var exclude = false
    var caseSensitive = true
    var percentEncoded = true
  }

  struct Malformed: Error, CustomStringConvertible {
    var description: String
  }

  var components: [Component] = []

  /// The components that apply to `appID` in the file `json`, in the order they are tried.
  init(json: String, appID: String) throws {
    let root = try JSONLike(json: JSONSerialization.jsonObject(with: Data(json.utf8)))
    guard case .object(let top) = root, case .object(let applinks)? = top["applinks"],
      case .array(let details)? = applinks["details"]
    else { throw Malformed(description: "no applinks.details") }
    let domain = Self.flags(applinks["defaults"], over: (true, true))
    for case .object(let detail) in details {
      var ids: [String] = []
      if case .array(let list)? = detail["appIDs"] {
        ids = list.compactMap { if case .string(let id) = $0 { id } else { nil } }
      }
      if case .string(let id)? = detail["appID"] { ids.append(id) }
      guard ids.contains(appID), case .array(let list)? = detail["components"] else { continue }
      let app = Self.flags(detail["defaults"], over: domain)
      for case .object(let members) in list {
        var component = Component()
        if case .string(let path)? = members["/"] { component.path = path }
        if case .string(let fragment)? = members["#"] { component.fragment = fragment }
        switch members["?"] {
        case .string(let query)?: component.query = .whole(query)
        case .object(let items)?:
          component.query = .items(
            items.compactMapValues { if case .string(let value) = $0 { value } else { nil } })
        default: break
        }
        if case .bool(let exclude)? = members["exclude"] { component.exclude = exclude }
        (component.caseSensitive, component.percentEncoded) = Self.flags(
          .object(members), over: app)
        components.append(component)
      }
    }
  }

  private static func flags(_ value: JSONLike?, over base: (Bool, Bool)) -> (Bool, Bool) {
    guard case .object(let members)? = value else { return base }
    var result = base
    if case .bool(let flag)? = members["caseSensitive"] { result.0 = flag }
    if case .bool(let flag)? = members["percentEncoded"] { result.1 = flag }
    return result
  }

  /// Whether the file claims `url`, an `https` URL of one of `hosts`, for the app.
  func claims(_ url: String, hosts: [String]) -> Bool {
    guard url.lowercased().hasPrefix("https://") else { return false }
    var rest = Substring(url.dropFirst("https://".count))
    let authority = rest.prefix { !"/?#".contains($0) }
    guard hosts.contains(authority.lowercased()) else { return false }
    rest = rest.dropFirst(authority.count)
    var fragment = ""
    if let hash = rest.firstIndex(of: "#") {
      fragment = String(rest[rest.index(after: hash)...])
      rest = rest[..<hash]
    }
    var query = ""
    if let question = rest.firstIndex(of: "?") {
      query = String(rest[rest.index(after: question)...])
      rest = rest[..<question]
    }
    // Text a component cannot decode matches that component in no way.
    for component in components
    where matches(component, path: String(rest), query: query, fragment: fragment) == true {
      return !component.exclude
    }
    return false
  }

  /// Nil when the URL cannot be decoded as the component asks.
  private func matches(_ component: Component, path: String, query: String, fragment: String)
    -> Bool?
  {
    let decode = { (text: String) -> String? in
      component.percentEncoded ? text : text.removingPercentEncoding
    }
    guard let path = decode(path), let fragment = decode(fragment) else { return nil }
    let fits = { (pattern: String, text: String) in
      Self.glob(pattern, text, caseSensitive: component.caseSensitive)
    }
    if let pattern = component.path, !fits(pattern, path) { return false }
    if let pattern = component.fragment, !fits(pattern, fragment) { return false }
    switch component.query {
    case nil:
      return true
    case .whole(let pattern):
      guard let query = decode(query) else { return nil }
      return fits(pattern, query)
    case .items(let patterns):
      var items: [(name: String, value: String)] = []
      for item in query.split(separator: "&") {
        let pieces = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        guard let name = decode(String(pieces[0])),
          let value = decode(pieces.count == 2 ? String(pieces[1]) : "")
        else { return nil }
        items.append((name, value))
      }
      for (name, pattern) in patterns {
        let values = items.filter { $0.name == name }.map(\.value)
        guard (values.isEmpty ? [""] : values).allSatisfy({ fits(pattern, $0) }) else {
          return false
        }
      }
      return true
    }
  }

  /// Whether `pattern` matches all of `text`: `*` any run of characters, `?` one character,
  /// and a predefined substitution variable of one character (`$(digit)`, `$(alpha)`, ...) one
  /// character of its set.
  static func glob(_ pattern: String, _ text: String, caseSensitive: Bool = true) -> Bool {
    let pattern = tokens(caseSensitive ? pattern : pattern.lowercased())
    let text = Array((caseSensitive ? text : text.lowercased()).unicodeScalars)
    // matched[j]: the pattern so far matches text[..<j].
    var matched = [true] + Array(repeating: false, count: text.count)
    for token in pattern {
      var next = Array(repeating: false, count: text.count + 1)
      for end in 0...text.count {
        switch token {
        case .star: next[end] = matched[end] || (end > 0 && next[end - 1])
        case .one(let accepts): next[end] = end > 0 && matched[end - 1] && accepts(text[end - 1])
        }
      }
      matched = next
    }
    return matched[text.count]
  }

  private enum Token {
    case star
    case one((Unicode.Scalar) -> Bool)
  }

  private static let variables: [String: @Sendable (Unicode.Scalar) -> Bool] = [
    "alpha": { ("a"..."z").contains($0) || ("A"..."Z").contains($0) },
    "upper": { ("A"..."Z").contains($0) },
    "lower": { ("a"..."z").contains($0) },
    "alnum": { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) },
    "digit": { ("0"..."9").contains($0) },
    "xdigit": { ("0"..."9").contains($0) || ("a"..."f").contains($0) || ("A"..."F").contains($0) },
  ]

  private static func tokens(_ pattern: String) -> [Token] {
    let scalars = Array(pattern.unicodeScalars)
    var result: [Token] = []
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      if scalar == "$", index + 1 < scalars.count, scalars[index + 1] == "(",
        let close = scalars[(index + 2)...].firstIndex(of: ")"),
        let accepts = variables[String(String.UnicodeScalarView(scalars[(index + 2)..<close]))]
      {
        result.append(.one(accepts))
        index = close + 1
        continue
      }
      switch scalar {
      case "*": result.append(.star)
      case "?": result.append(.one { _ in true })
      default: result.append(.one { $0 == scalar })
      }
      index += 1
    }
    return result
  }
}
