import RouteTable

/// The rules for the top-level `links.hosts` and `links.schemes`: each entry is exactly what a
/// URL's host or scheme is compared with, so nothing else (a scheme, port or path) may be in it.
/// A host entry may be a wildcard, `*.` before a domain of two labels or more.
enum LinkNames {
  /// Why the entry `host` of `links.hosts` or of a pattern's `hosts` is neither a lowercase DNS
  /// name nor a wildcard over one, with the rule it breaks; nil when it is one. `*` alone is
  /// reported: where it is allowed (a pattern's `hosts`), the caller checks it first.
  static func hostEntryProblem(_ host: String) -> (rule: RuleID, message: String)? {
    guard host.contains("*") else {
      return hostProblem(host).map { (rule: .invalidLinkHost, message: $0) }
    }
    let shown = "host `\(host)`"
    if host == LinkHostEntry.anyHost {
      return (
        rule: .invalidHostWildcard,
        message:
          "`*` (any https host) is not a host to claim, so it may stand only in a link's own `hosts`, alone: list the app's hosts here, and write `{ path: ..., hosts: [\"*\"] }` for the links that take URLs of any host"
      )
    }
    guard host.hasPrefix("*."), !host.dropFirst().contains("*") else {
      let rest = host.drop { $0 == "*" || $0 == "." }
      if host.hasPrefix("*"), !rest.contains("*"), rest.split(separator: ".").count >= 2 {
        return (
          rule: .invalidHostWildcard,
          message:
            "\(shown): `*` must be a whole label followed by `.`: write `*.\(rest.lowercased())`, which covers every host below `\(rest.lowercased())`"
        )
      }
      return (
        rule: .invalidHostWildcard,
        message:
          "\(shown): `*` may stand only as the whole first label, followed by a domain, like `*.example.org` (every host below `example.org`)"
      )
    }
    let domain = String(host.dropFirst(2))
    if let problem = hostProblem(domain, prefix: "*.") {
      return (rule: .invalidLinkHost, message: problem)
    }
    guard domain.split(separator: ".").count >= 2 else {
      return (
        rule: .invalidHostWildcard,
        message:
          "\(shown) would cover every host of a top-level domain; a wildcard needs two labels or more after `*.`, like `*.\(domain == "example" ? "shop" : "example").\(domain)`"
      )
    }
    return nil
  }

  /// Why `host` is not a lowercase DNS name, or nil when it is one. `prefix` (`*.` for a
  /// wildcard's domain) goes before the host in the message and in the fix.
  static func hostProblem(_ host: String, prefix: String = "") -> String? {
    let shown = "host `\(prefix)\(host)`"
    if let separator = host.range(of: "://") {
      let bare = host[separator.upperBound...].prefix { !"/:?#".contains($0) }
      return
        "\(shown) has a scheme; hosts are opened with https only: write `\(prefix)\(bare.lowercased())`"
    }
    if let address = ipAddressProblem(host) {
      return
        "\(shown) \(address); universal links need a domain name that serves `apple-app-site-association` over https, like `shop.example`"
    }
    if let slash = host.firstIndex(where: { "/?#".contains($0) }) {
      return
        "\(shown) has a path; link patterns hold the paths: write `\(prefix)\(host[..<slash].lowercased())`"
    }
    if let colon = host.firstIndex(of: ":") {
      return
        "\(shown) has a port; links use https on its default port: write `\(prefix)\(host[..<colon].lowercased())`"
    }
    if host != host.lowercased(), isDNSName(host.lowercased()) {
      return "\(shown) must be lowercase: write `\(prefix)\(host.lowercased())`"
    }
    if !isDNSName(host) {
      return
        "\(shown) is not a DNS name: dot-separated labels of a-z, 0-9 and `-`, like `academy.example`"
    }
    return nil
  }

  /// What `host` is when it is an IP address (`[::1]`, `127.0.0.1`) or names this device
  /// (`localhost`), which Apple's associated domains never verify; nil for anything else.
  static func ipAddressProblem(_ host: String) -> String? {
    let lowercased = host.lowercased()
    if lowercased == "localhost" || lowercased.hasSuffix(".localhost") {
      return "names this device"
    }
    if host.hasPrefix("[") || host.filter({ $0 == ":" }).count > 1 {
      return "is an IPv6 address"
    }
    let labels = host.split(separator: ".", omittingEmptySubsequences: false)
    if labels.count == 4, labels.allSatisfy({ !$0.isEmpty && $0.allSatisfy { "0"..."9" ~= $0 } }) {
      return "is an IPv4 address"
    }
    return nil
  }

  /// Why `scheme` is not a custom scheme a manifest may claim, or nil.
  static func schemeProblem(_ scheme: String) -> String? {
    let shown = "scheme `\(scheme)`"
    if let colon = scheme.firstIndex(of: ":") {
      return "\(shown): write the scheme alone, like `\(scheme[..<colon].lowercased())`"
    }
    let lowercased = scheme.lowercased()
    if lowercased == "http" || lowercased == "https" {
      return
        "`\(scheme)` is not a custom scheme; list the web hosts under `links.hosts`, which are opened with https"
    }
    if BaseURLRules.forbiddenSchemes.contains(lowercased) {
      return "the `\(lowercased)` scheme runs code or reads local data; it is never a link"
    }
    if scheme != lowercased, isScheme(lowercased) {
      return "\(shown) must be lowercase: write `\(lowercased)`"
    }
    if !isScheme(scheme) {
      return "\(shown) must match [a-z][a-z0-9+.-]*, like `academy`"
    }
    return nil
  }

  private static func isScheme(_ text: String) -> Bool {
    guard let first = text.unicodeScalars.first, ("a"..."z").contains(first) else { return false }
    return text.unicodeScalars.allSatisfy {
      ("a"..."z").contains($0) || ("0"..."9").contains($0) || "+.-".unicodeScalars.contains($0)
    }
  }

  /// Lowercase labels of 1 to 63 letters, digits and inner `-`, 253 characters in all.
  private static func isDNSName(_ text: String) -> Bool {
    guard !text.isEmpty, text.utf8.count <= 253 else { return false }
    return text.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { label in
      !label.isEmpty && label.utf8.count <= 63 && label.first != "-" && label.last != "-"
        && label.unicodeScalars.allSatisfy {
          ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-"
        }
    }
  }
}
