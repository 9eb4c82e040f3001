import RouteTable

/// Decoding of the UI variants: `remote_config`, `variants` and the tab lists they and `tabs` name.
extension ManifestDecoder {
  mutating func remoteConfig(_ node: YAMLNode, key: SourceLocation)
    -> RemoteConfigDeclaration?
  {
    guard let mapping = mapping(node, "`remote_config`") else { return nil }
    checkKeys(mapping, allowed: ["variant_key", "default_variant"], in: "`remote_config`")
    var config = RemoteConfigDeclaration(keyLocation: key)
    if let node = mapping["variant_key"]?.value {
      config.variantKey = string(node, "`remote_config.variant_key`")
      if let variantKey = config.variantKey, variantKey.value.isEmpty {
        diagnostics.report(
          .emptyCollection, at: variantKey.location, "`remote_config.variant_key` must not be empty"
        )
      }
    }
    if let node = mapping["default_variant"]?.value {
      config.defaultVariant = string(node, "`remote_config.default_variant`")
    }
    return config
  }

  mutating func variants(_ node: YAMLNode, undecodedTabs: inout Set<String>)
    -> [VariantDeclaration]?
  {
    guard let mapping = nonEmptyMapping(node, "`variants`", of: "variant") else { return nil }
    var result: [VariantDeclaration] = []
    for entry in mapping.entries {
      let name = entry.located
      checkName(name, "variant name")
      let what = "variant `\(name.value)`"
      guard let body = self.mapping(entry.value, what) else { continue }
      checkKeys(
        body, allowed: ["values", "tabs"], required: ["values", "tabs"], in: what,
        owner: name.location)
      let values = body["values"].flatMap {
        stringList($0.value, "`values` of \(what)", nonEmpty: true)
      }
      let tabs = body["tabs"].flatMap { tabList($0.value, "`tabs` of \(what)", nonEmpty: true) }
      if tabs == nil { undecodedTabs.insert(name.value) }
      result.append(
        VariantDeclaration(
          name: name, values: values ?? [], tabs: tabs ?? [],
          tabsLocation: body["tabs"]?.key.location))
    }
    return result
  }

  mutating func tabList(_ node: YAMLNode, _ what: String, nonEmpty: Bool) -> [Located<
    String
  >]? {
    guard let tabs = stringList(node, what, nonEmpty: nonEmpty) else { return nil }
    for tab in tabs { checkName(tab, "tab name") }
    return tabs
  }
}
