import RouteTable

/// The variants section: each variant's name and tab bar.
extension TableWordWriter {
  mutating func writeVariants(_ variants: [ResolvedManifest.Variant]) {
    let records = reserve(variants.count * Layout.Variant.width)
    set(.variantsAt, records)
    for (index, variant) in variants.enumerated() {
      var record = Record<Layout.Variant>()
      record.set(.name, string(variant.name))
      record[.tabCount] = variant.tabs.count
      record[.tabsAt] = words.count
      for tab in variant.tabs { appendString(tab) }
      put(record, at: records + index * Layout.Variant.width)
    }
  }
}
