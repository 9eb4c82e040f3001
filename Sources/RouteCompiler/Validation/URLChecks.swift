import RouteTable

/// The rules that keep URLs pointing where the manifest says: bases are plain absolute URLs, and
/// a template's scheme and host are fixed text, never payload data.
enum URLChecks {
  struct Problem {
    var rule: RuleID
    var message: String
    var offset = 0
  }

  /// The problem with a base URL, or nil when it is a valid one (a plain `http` base gives a
  /// warning-level problem).
  static func baseProblem(_ url: String) -> Problem? {
    if url.contains("{") || url.contains("}") {
      return Problem(
        rule: .invalidBaseURL,
        message: "a base is a plain URL; `{…}` expressions belong in the route's `url`")
    }
    if let problem = absoluteURLProblem(url, requireEnd: true) {
      return problem
    }
    if url.contains("?") {
      return Problem(
        rule: .invalidBaseURL, message: "a base has no query; put `?…` in the route's `url`")
    }
    if url.contains("#") {
      return Problem(
        rule: .invalidBaseURL, message: "a base has no fragment; put `#…` in the route's `url`")
    }
    if url.hasSuffix("/") {
      return Problem(
        rule: .invalidBaseURL,
        message:
          "a base has no trailing `/`; templates add it (`{base}/path`): write `\(url.dropLast())`")
    }
    if url.lowercased().hasPrefix("http:") {
      return Problem(
        rule: .insecureURL,
        message:
          "`\(url)` uses plain http; use https (for a host without https, write the base as `{ url: \(url), allow_http: true }`)"
      )
    }
    return nil
  }

  /// Checks that `text` starts with `scheme://host`; when `requireEnd` is false the host may be
  /// followed by more of a template. Returns the problem or nil.
  /// `shown` is what messages quote: the whole template when `text` is only its first literal.
  static func absoluteURLProblem(_ text: String, requireEnd: Bool, shown: String? = nil) -> Problem?
  {
    let shown = shown ?? text
    guard let schemeEnd = text.firstIndex(of: ":"), BaseURLRules.isScheme(text[..<schemeEnd]),
      text[schemeEnd...].hasPrefix("://")
    else {
      return Problem(
        rule: requireEnd ? .invalidBaseURL : .urlNotAbsolute,
        message: "`\(shown)` is not an absolute URL; write it like `https://m.example.com`")
    }
    let scheme = text[..<schemeEnd].lowercased()
    if BaseURLRules.forbiddenSchemes.contains(scheme) {
      return Problem(
        rule: requireEnd ? .invalidBaseURL : .urlNotAbsolute,
        message: "the `\(scheme):` scheme is not allowed; use https, http or the app's own scheme")
    }
    let authority = text[text.index(schemeEnd, offsetBy: 3)...].prefix { !"/?#".contains($0) }
    if authority.isEmpty {
      return Problem(
        rule: requireEnd ? .invalidBaseURL : .urlNotAbsolute,
        message: "`\(shown)` has no host after `\(scheme)://`")
    }
    let authorityStart = text.unicodeScalars.distance(from: text.startIndex, to: schemeEnd) + 3
    switch BaseURLRules.authorityProblem(authority) {
    case nil: break
    case .userInfo(let offset)?:
      let user = String(String.UnicodeScalarView(authority.unicodeScalars.prefix(offset)))
      let host = String(String.UnicodeScalarView(authority.unicodeScalars.dropFirst(offset + 1)))
      let goes = host.isEmpty ? "leaves the URL without a host" : "sends the URL to `\(host)`"
      return Problem(
        rule: requireEnd ? .invalidBaseURL : .urlSyntax,
        message:
          "`@` in `\(shown)` makes `\(user)` a user name and \(goes); write only the host (and a port) after `\(scheme)://`",
        offset: authorityStart + offset)
    case .character(let scalar, let offset)?:
      let why =
        scalar == "%"
        ? "a host has no percent escapes"
        : scalar.isASCII
          ? "a host is letters, digits, `-` and `.`, with an optional `:port`"
          : "write the host in ASCII, in its punycode form (`xn--…`)"
      return Problem(
        rule: requireEnd ? .invalidBaseURL : .urlSyntax,
        message:
          "`\(scalar.isASCII && scalar.value > 0x20 ? String(scalar) : scalar.escaped(asASCII: true))` cannot appear in the host of `\(shown)`: \(why)",
        offset: authorityStart + offset)
    case .port(let offset)?:
      return Problem(
        rule: requireEnd ? .invalidBaseURL : .urlSyntax,
        message: "the port of `\(shown)` is not a number from 1 to 65535",
        offset: authorityStart + offset + 1)
    }
    if let bad = text.unicodeScalars.first(where: { $0.value <= 0x20 || $0.value == 0x7F }) {
      return Problem(
        rule: requireEnd ? .invalidBaseURL : .urlSyntax,
        message:
          "`\(shown)` contains U+\(String(bad.value, radix: 16, uppercase: true)); percent-encode it"
      )
    }
    return nil
  }

  /// `scheme://` and nothing more, with a scheme `absoluteURLProblem` accepts.
  static func isSchemeAndSlashes(_ text: String) -> Bool {
    guard text.hasSuffix("://") else { return false }
    let scheme = text.dropLast(3)
    return BaseURLRules.isScheme(scheme)
      && !BaseURLRules.forbiddenSchemes.contains(scheme.lowercased())
  }

  /// The problem with what follows a template's fixed text (`fixed`: a base, or the host of
  /// the template's own `scheme://host`), or nil. The URL must go on with `/`, `?` or `#`:
  /// anything else extends the host or the base's path. Parts that may expand to nothing
  /// (`{?a}`, and `{+path}`, whose value must start with `/`) leave the next part right behind
  /// the fixed text, so it is checked as if it came first; only a literal after a `{+path}`
  /// is left to expansion, which refuses an empty value there.
  static func authorityEndProblem(
    after fixed: String, _ parts: ArraySlice<(part: URLTemplate.Part, offset: Int)>
  ) -> Problem? {
    // The parts before this one that may expand to nothing, as the message names them.
    var empty: [String] = []
    var afterReserved = false
    for (part, offset) in parts {
      let when =
        empty.isEmpty
        ? ""
        : " when \(Suggestions.all(empty)) \(empty.count == 1 ? "expands" : "expand") to nothing"
      switch part {
      case .literal(let text):
        if text.hasPrefix("/") || text.hasPrefix("?") || text.hasPrefix("#") || afterReserved {
          return nil
        }
        return Problem(
          rule: .urlSyntax,
          message:
            "after \(fixed) the URL must go on with `/`, `?` or `#`, so the host stays the template's\(when)",
          offset: offset)
      case .query(.question, _), .passThrough(.question, _):
        empty.append("`\(part.spelling)`")
      case .reserved:
        afterReserved = true
        empty.append("`\(part.spelling)`")
      case .variable, .query, .passThrough:
        return Problem(
          rule: .urlDynamicHost,
          message:
            "`\(part.spelling)` would stand right after \(fixed)\(when), so a payload could change the host; add `/` before it",
          offset: offset)
      }
    }
    return nil
  }

  /// The problems with expressions in a template's path (a `{name}` or `{+name}` before the
  /// query or fragment starts) of a parameter in `optional`, which may be absent: an absent
  /// value expands to nothing and leaves an empty segment (`/flights//status`). One such
  /// expression is allowed: the last of the path when no `/` stands right before it
  /// (`{web}{+path}`, `{web}/docs{+page}`), which writes no empty segment when absent. The first
  /// part (the base or `scheme://host`) is not checked.
  static func optionalPathProblems(
    _ parts: [(part: URLTemplate.Part, offset: Int)], optional: Set<String>
  ) -> [Problem] {
    var problems: [Problem] = []
    for index in parts.indices.dropFirst() {
      let (part, offset) = parts[index]
      let name: String
      switch part {
      case .literal(let text):
        if text.contains(where: { $0 == "?" || $0 == "#" }) { return problems }
        continue
      case .query, .passThrough: return problems
      case .variable(let variable), .reserved(let variable): name = variable
      }
      guard optional.contains(name) else { continue }
      let endsPath =
        switch parts.indices.contains(index + 1) ? parts[index + 1].part : nil {
        case nil, .query?, .passThrough?: true
        case .literal(let text)?: text.hasPrefix("?") || text.hasPrefix("#")
        case .variable?, .reserved?: false
        }
      let afterSlash =
        if case .literal(let text) = parts[index - 1].part { text.hasSuffix("/") } else { false }
      if endsPath && !afterSlash { continue }
      problems.append(
        Problem(
          rule: .urlOptionalPathParam,
          message:
            "`\(part.spelling)` is in the URL's path, but `\(name)` is optional, and an absent value would leave an empty or cut-short path segment; make `\(name)` required, give it a `default`, or move it into the query (`{?\(name)}`)",
          offset: offset))
    }
    return problems
  }
}

extension Validation {
  /// Checks a route's URL template against its effective screen; returns the parsed template
  /// when it is valid.
  /// `origin` follows a message that names the screen, when a variant's override chose it.
  /// `sources` are the route's parameter sources, by screen parameter: a constant is never
  /// absent.
  mutating func checkURL(
    _ scalar: YAMLScalar, screen: ResolvedManifest.Screen,
    sources: [ResolvedManifest.ParamSource], origin: String = ""
  ) -> URLTemplate? {
    let parts: [(part: URLTemplate.Part, offset: Int)]
    do {
      parts = try URLTemplate.parse(scalar.value)
    } catch {
      diagnostics.report(
        .urlSyntax, at: scalar.location(ofOffset: error.offset), "URL template: \(error.message)")
      return nil
    }
    var valid = true
    func report(_ rule: RuleID, _ offset: Int, _ message: String) {
      diagnostics.report(rule, at: scalar.location(ofOffset: offset), message)
      if rule.severity == .error { valid = false }
    }
    let paramNames = screen.params.map(\.name)
    // Looked up once per name of the template: a set, so a `{?…}` of many names stays linear.
    let params = Set(paramNames)
    var names = parts.dropFirst()[...]
    switch parts.first {
    case nil:
      report(
        .urlNotAbsolute, 0,
        "the URL template is empty; start it with a base like `{web}` or an absolute URL")
    case (.variable(let name), let offset)?:
      if baseNames.contains(name) {
        if let problem = URLChecks.authorityEndProblem(
          after: "the base `{\(name)}`", parts.dropFirst())
        {
          report(problem.rule, problem.offset, problem.message)
        }
      } else if params.contains(name) {
        report(
          .urlDynamicHost, offset,
          "the URL starts with the parameter `{\(name)}`, so a payload would choose the scheme and host; start with a base or an absolute URL"
        )
        names = parts[...]
      } else {
        report(
          .unknownBase, offset,
          "the URL starts with `{\(name)}`, which is not a base" + baseSuggestion(name))
        names = parts[...].dropFirst()
      }
    case (.reserved(let name), let offset)?:
      report(
        .urlDynamicHost, offset,
        "the URL starts with `{+\(name)}`, so a payload would choose the scheme and host; start with a base or an absolute URL"
      )
    case (.query, let offset)?, (.passThrough, let offset)?:
      report(
        .urlNotAbsolute, offset,
        "the URL template starts with a query; start it with a base like `{web}` or an absolute URL"
      )
    case (.literal(let text), _)?:
      if let next = parts.dropFirst().first, URLChecks.isSchemeAndSlashes(text) {
        // `https://{host}/…`: the host is missing because an expression stands in for it.
        report(
          .urlDynamicHost, next.offset,
          "an expression in the host would let a payload change where the URL points; write the host as text, like `https://m.example.com/{id}`"
        )
      } else if let problem = URLChecks.absoluteURLProblem(
        text, requireEnd: false, shown: scalar.value)
      {
        report(problem.rule, problem.offset, problem.message)
      } else if let colon = text.firstIndex(of: ":") {
        // absoluteURLProblem checked that `://` follows the scheme.
        let hostEnds = text[colon...].dropFirst(3).contains { "/?#".contains($0) }
        if !hostEnds,
          let problem = URLChecks.authorityEndProblem(after: "the host", parts.dropFirst())
        {
          report(problem.rule, problem.offset, problem.message)
        }
        if text.lowercased().hasPrefix("http:") {
          report(
            .insecureURL, 0,
            "the URL uses plain http; use https (for a host without https, start the URL with a base that has `allow_http: true`)"
          )
        }
      }
    }
    for (part, offset) in names {
      let referenced: [String] =
        switch part {
        case .literal: []
        case .variable(let name), .reserved(let name), .passThrough(_, let name): [name]
        case .query(_, let list): list
        }
      checkQueryParams(part, offset, screen: screen, report: report)
      // A parameter whose declaration was malformed was reported there.
      let undecoded = manifest.undecoded.params[screen.name] ?? []
      for name in referenced where !params.contains(name) && !undecoded.contains(name) {
        report(
          .unknownParam, offset,
          "the URL uses `\(name)`, which is not a parameter of screen `\(screen.name)`" + origin
            + diagnostics.suggestions.parameterHint(name, in: paramNames))
      }
    }
    // A `query` parameter in the path is already `url-param-type`: one mistake, one error.
    let optional = zip(screen.params, sources).compactMap { param, source in
      if case .constant = source { return nil as String? }
      return param.requirement == .optional && param.type != .query ? param.name : nil
    }
    for problem in URLChecks.optionalPathProblems(parts, optional: Set(optional)) {
      report(problem.rule, problem.offset, problem.message)
    }
    return valid ? URLTemplate(parts: parts.map(\.part)) : nil
  }

  /// A `query` parameter is expanded by `{?name*}` or `{&name*}` and by nothing else, and those
  /// expand only a `query` parameter.
  private func checkQueryParams(
    _ part: URLTemplate.Part, _ offset: Int, screen: ResolvedManifest.Screen,
    report: (RuleID, Int, String) -> Void
  ) {
    let names: [String]
    switch part {
    case .literal: return
    case .passThrough(let op, let name):
      guard let param = screen.params.first(where: { $0.name == name }), param.type != .query
      else { return }
      report(
        .urlParamType, offset,
        "`{\(op.rawValue)\(name)*}` writes a `query` parameter's items, but `\(name)` of screen `\(screen.name)` is \(param.type == .int ? "an" : "a") \(param.type.rawValue); write `{\(op.rawValue)\(name)}`"
      )
      return
    case .variable(let name), .reserved(let name): names = [name]
    case .query(_, let list): names = list
    }
    for name in names where screen.params.contains(where: { $0.name == name && $0.type == .query })
    {
      report(
        .urlParamType, offset,
        "`\(name)` of screen `\(screen.name)` is a `query` parameter, a map of query items; write it as `{?\(name)*}`, or `{&\(name)*}` after another query item"
      )
    }
  }

  private func baseSuggestion(_ name: String) -> String {
    let bases = manifest.bases.map(\.name.value)
    if let nearest = diagnostics.suggestions.nearest(to: name, in: bases) {
      return "; did you mean `\(nearest)`?"
    }
    return bases.isEmpty
      ? "; declare it under `bases`" : "; the bases are \(Suggestions.list(bases))"
  }
}
