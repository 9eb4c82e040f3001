@_spi(Generated) import RouteTable

/// Stage 5 of the pipeline: `ResolvedManifest` -> the packed `EncodedTable` the runtime
/// reads. `routec resolve` runs the resolver on this image, and generated code embeds the same
/// two strings, so both resolve through one format and one resolver.
///
/// Records that are equal word for word are written once (key paths, values, URL templates,
/// parameter sources, effective routes, per-variant lists), and a route that behaves the same
/// in every variant has one effective route instead of one per variant: 20 variants without
/// overrides cost about what one does.
///
/// The output is deterministic: the same manifest always gives the same strings.
package enum RouteTableEncoder {
  /// Why a manifest cannot be packed: a number or a size beyond what a word holds.
  /// `ManifestPipeline` reports it as `table-too-large`.
  package enum TableTooLarge: Error, Hashable, Sendable, CustomStringConvertible {
    /// A string parameter's `max_length` at or above `RouteTableWords.none`.
    case maxLength(screen: String, param: String, value: Int)
    /// More words than a word can address.
    case words(count: Int)
    /// More text bytes than a word can address.
    case text(bytes: Int)

    /// The largest number, count or offset a table holds.
    package static let limit = RouteTableWords.none - 1

    package var description: String {
      switch self {
      case .maxLength(let screen, let param, let value):
        "`max_length` of parameter `\(param)` of screen `\(screen)` is \(value); the compiled table holds numbers up to \(Self.limit)"
      case .words(let count):
        "the compiled table needs \(count) words, more than its format addresses (\(Self.limit)); split the manifest"
      case .text(let bytes):
        "the compiled table needs \(bytes) bytes of text, more than its format addresses (\(Self.limit)); split the manifest"
      }
    }
  }

  /// Packs `manifest`. `ManifestPipeline` calls it once per run and hands the result on in its
  /// output; nothing else in the compiler or routec encodes.
  package static func encode(_ manifest: ResolvedManifest) throws(TableTooLarge) -> EncodedTable {
    var writer = TableWordWriter()
    try writer.write(manifest)
    let (words, text) = try writer.finish()
    return EncodedTable(words: words, text: text)
  }

  /// The runtime table of a manifest that did not come from a pipeline run with its table (one
  /// that tests, fuzzers and property tests build or split themselves). One that does not fit
  /// gives an empty table, in which every payload resolves as `missing_type`.
  package static func table(for manifest: ResolvedManifest) -> RouteTable {
    ((try? encode(manifest)) ?? EncodedTable(words: "", text: "")).runtimeTable
  }
}

extension TableWordWriter {
  /// Writes every section of `manifest`, header first.
  mutating func write(_ manifest: ResolvedManifest) throws(RouteTableEncoder.TableTooLarge) {
    words = Array(repeating: 0, count: Layout.Header.allCases.count)
    set(.version, Layout.version)
    baseIndexes = Dictionary(
      manifest.bases.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
    let tableScreens = TableScreens(manifest)
    screenParams = tableScreens.screens.map { screen in
      Dictionary(
        screen.params.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
    }
    set(.variantCount, manifest.variants.count)
    set(.defaultVariant, manifest.defaultVariant)
    if let key = manifest.variantKey {
      let (offset, length) = string(key)
      set(.variantKeyOffset, offset)
      set(.variantKeyLength, length)
    } else {
      set(.variantKeyOffset, RouteTableWords.none)
      set(.variantKeyLength, RouteTableWords.none)
    }
    writeVariants(manifest.variants)
    try writeScreens(tableScreens.screens)
    writeRoutes(manifest, screens: tableScreens)
    writeLookup(
      .pushTypeCount, .pushTypesAt,
      manifest.routes.enumerated().flatMap { index, route in
        ([route.key] + route.aliases).map { ($0, index) }
      })
    writeLookup(
      .remoteValueCount, .remoteValuesAt,
      manifest.variants.enumerated().flatMap { index, variant in
        variant.remoteValues.map { ($0, index) }
      })
    set(.fallbackRoute, manifest.fallback ?? RouteTableWords.none)
    set(.typeKeyCount, manifest.typeKeys.count)
    let typeKeys = manifest.typeKeys.map { keyPath($0) }
    set(.typeKeysAt, words.count)
    words.append(contentsOf: typeKeys)
    set(.baseCount, manifest.bases.count)
    set(.basesAt, words.count)
    for base in manifest.bases {
      var record = Record<Layout.Base>()
      record.set(.name, string(base.name))
      record.set(.url, string(base.url))
      append(record)
    }
    writeCategories(manifest.categories)
    writePresentRoutes(manifest.routes)
    writeLinks(manifest)
    writeDoors(manifest)
    set(.requirementCount, manifest.requirements.count)
    set(.requirementsAt, words.count)
    for requirement in manifest.requirements {
      var record = Record<Layout.RequirementEntry>()
      record.set(.name, string(requirement.name))
      record[.route] = requirement.route ?? RouteTableWords.none
      append(record)
    }
  }
}
