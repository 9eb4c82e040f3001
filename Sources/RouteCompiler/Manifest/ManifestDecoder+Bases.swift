import RouteTable

/// Decoding of `bases`: the URL prefixes URL templates start with.
extension ManifestDecoder {
  mutating func bases(_ node: YAMLNode, undecoded: inout Set<String>) -> [BaseDeclaration] {
    guard let mapping = mapping(node, "`bases`") else { return [] }
    return mapping.entries.compactMap { entry in
      let name = entry.located
      checkName(name, "base name")
      let what = "base `\(name.value)`"
      guard case .mapping(let spec) = entry.value else {
        guard let url = scalar(entry.value, what) else {
          undecoded.insert(name.value)
          return nil
        }
        return BaseDeclaration(name: name, url: url)
      }
      checkKeys(
        spec, allowed: ["url", "allow_http"], required: ["url"], in: what, owner: name.location)
      guard let node = spec["url"]?.value, let url = scalar(node, "`url` of \(what)") else {
        undecoded.insert(name.value)
        return nil
      }
      var base = BaseDeclaration(name: name, url: url)
      if let node = spec["allow_http"]?.value {
        base.allowsHTTP = bool(node, "`allow_http` of \(what)")?.value ?? false
      }
      return base
    }
  }
}
