import RouteCompiler

/// The entitlements' `applinks:` domains against `links.hosts`.
extension AppFileChecker {
  /// Every host of `links.hosts` has an `applinks:` associated domain without a mode
  /// (`applinks:*.DOMAIN` covers its subdomains).
  mutating func linkHosts(_ entitlements: PropertyListNode) {
    let hosts = manifest.linkHosts
    guard !hosts.isEmpty else { return }
    let key = Keys.associatedDomainsKey
    guard let domainsEntry = entitlements.entry(key) else {
      report(
        .linkHostMissing, .entitlements, nil,
        "the entitlements have no `\(key)`, so links of \(Self.few(hosts)) open Safari, not the app; add the key with \(Self.few(hosts.map(AppPropertyLists.appLinksDomain))) (`routec entitlements` writes it)"
      )
      return
    }
    guard let values = strings(domainsEntry, in: .entitlements) else { return }
    var exact: Set<String> = []
    var wildcards: Set<String> = []
    var moded: [String: Value] = [:]
    var modedWildcards: [String: Value] = [:]
    var others: [Value] = []
    for value in values {
      guard !AppCheck.holdsBuildSetting(value.text), value.text.hasPrefix("applinks:") else {
        others.append(value)
        continue
      }
      let rest = value.text.dropFirst("applinks:".count)
      let domain = String(rest.prefix { $0 != "?" }).lowercased()
      let suffix = rest.dropFirst(domain.count)
      if !suffix.isEmpty {
        let mode = suffix.hasPrefix("?mode=") ? String(suffix.dropFirst("?mode=".count)) : nil
        guard let mode, AppCheck.appLinksModes.contains(mode) else {
          report(
            .malformedEntry, .entitlements, value.node.location,
            "\(Self.quoted(value.text)) ends in \(Self.quoted(String(suffix))), which is no mode of an associated domain; write `applinks:\(domain)`, or add `?mode=developer`, `?mode=managed` or `?mode=developer+managed`"
          )
          continue
        }
        if domain.hasPrefix("*.") {
          modedWildcards[String(domain.dropFirst())] =
            modedWildcards[String(domain.dropFirst())] ?? value
        } else {
          moded[domain] = moded[domain] ?? value
        }
        continue
      }
      if domain.hasPrefix("*.") {
        wildcards.insert(String(domain.dropFirst()))
      } else {
        exact.insert(domain)
      }
    }
    /// What covers `host`: the exact domain, or `*.` and one of its dot-suffixes.
    func covering<T>(_ host: String, _ exact: (String) -> T?, _ wildcard: (String) -> T?) -> T? {
      if let found = exact(host) { return found }
      var suffix = Substring(host)
      while let dot = suffix.dropFirst().firstIndex(of: ".") {
        suffix = suffix[dot...]
        if let found = wildcard(String(suffix)) { return found }
      }
      return nil
    }
    var unfound: [String] = []
    for host in hosts {
      let lowered = host.lowercased()
      let plain = covering(
        lowered, { exact.contains($0) ? true : nil }, { wildcards.contains($0) ? true : nil })
      guard plain == nil else { continue }
      if let modedEntry = covering(lowered, { moded[$0] }, { modedWildcards[$0] }) {
        report(
          .linkHostMissing, .entitlements, modedEntry.node.location,
          "`\(modedEntry.text)` associates `\(host)` only on devices in developer mode or under a management that approves it, so on customers' devices its links open Safari, not the app; add `applinks:\(host)` without a mode"
        )
        continue
      }
      unfound.append(AppPropertyLists.appLinksDomain(host))
    }
    let settled = settle(
      others, in: .entitlements, key: key, expected: unfound, ignoringCase: true)
    let routed = Set(hosts.map { $0.lowercased() })
    for domain in settled.missing {
      let host = String(domain.dropFirst("applinks:".count))
      // A typo is a plain entry that covers nothing: not a wildcard, a mode, a setting or a
      // host of the manifest. The service may be the misspelt part (`applink:HOST`), so an
      // entry of any service is a candidate.
      let near = values.filter {
        !$0.text.contains("*") && !$0.text.contains("?") && !AppCheck.holdsBuildSetting($0.text)
          && !($0.text.hasPrefix("applinks:")
            && routed.contains(String($0.text.dropFirst("applinks:".count)).lowercased()))
      }
      let typo = suggestions.nearest(
        to: domain, in: near.map { $0.text.lowercased() })
      let place = typo.flatMap { typo in near.first { $0.text.lowercased() == typo } }
      report(
        .linkHostMissing, .entitlements, place?.node.location ?? domainsEntry.keyLocation,
        "`\(key)` has no `applinks:\(host)`, so links of `\(host)` open Safari, not the app"
          + (place.map { "; did you mean `applinks:\(host)` for `\($0.text)`?" }
            ?? "; add it (`routec entitlements` writes the list)")
      )
    }
  }
}
