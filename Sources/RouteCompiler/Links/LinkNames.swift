import RouteTable

/// The rules for the top-level `links.hosts` and `links.schemes`: each entry is exactly what a
/// URL's host or scheme is compared with, so nothing else (a scheme, port or path) may be in it.
enum LinkNames {
  /// Why `host` is not a lowercase DNS name, or nil when it is one.
  static func hostProblem(_ host: String) -> String? {
    let shown = "host `\(host)`"
    if let separator = host.range(of: "://") {
      let bare = host[separator.upperBound...].prefix { !"/:?#".contains($0) }
      return "\(shown) has a scheme; hosts are opened with https only: write `\(bare.lowercased())`"
    }
    if let address = ipAddressProblem(host) {
      return
        "\(shown) \(address); universal links need a domain name that serves `apple-app-site-association` over https, like `shop.example`"
    }
    if let slash = host.firstIndex(where: { "/?#".contains($0) }) {
      return
        "\(shown) has a path; link patterns hold the paths: write `\(host[..<slash].lowercased())`"
    }
    if let colon = host.firstIndex(of: ":") {
      return
        "\(shown) has a port; links use https on its default port: write `\(host[..<colon].lowercased())`"
    }
    if host != host.lowercased(), isDNSName(host.lowercased()) {
      return "\(shown) must be lowercase: write `\(host.lowercased())`"
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
