import Foundation

/// A compiled manifest the app (through generated code) or `routec` resolves payloads against.
///
/// It is a thin view over a `RouteTableImage`: creating one does no work proportional to the
/// table, and a resolution reads only the records it needs, so the first resolution after a cold
/// start costs what the hundredth does.
public struct RouteTable: Sendable {
  package let image: RouteTableImage
  /// Base URLs the app replaced at run time (a staging host, say), by base name.
  package private(set) var baseOverrides: [String: String] = [:]

  @_spi(Generated) public init(image: RouteTableImage) {
    self.image = image
  }

  package enum BaseOverrideError: Error, Hashable, Sendable, CustomStringConvertible {
    case unknownBase(String)
    case invalidURL(base: String, url: String)

    package var description: String {
      switch self {
      case .unknownBase(let name): "the manifest declares no base `\(name)`"
      case .invalidURL(let base, let url):
        "`\(url)` cannot replace base `\(base)`: it must be an absolute URL like https://host/path whose authority is a host and an optional port (no user info), without query, fragment or trailing `/`"
      }
    }
  }

  /// Replaces a base URL for this table, for example to point at a staging server. An override
  /// must be an absolute URL with scheme and host (and an optional port, but no user info), no
  /// query, fragment or trailing slash, and not a `javascript:`/`data:`/`file:` URL; a bad one is
  /// rejected and the table is unchanged.
  package mutating func overrideBase(_ name: String, with url: String) throws(BaseOverrideError) {
    guard baseNames.contains(name) else { throw .unknownBase(name) }
    guard BaseURLRules.isAcceptable(url) else { throw .invalidURL(base: name, url: url) }
    baseOverrides[name] = url
  }

  // MARK: Variants

  package var variantNames: [String] {
    image.read { $0.names(.variantCount, .variantsAt, RouteTableLayout.Variant.name) }
  }

  package var defaultVariant: Int {
    image.read { $0.header(.defaultVariant) }
  }

  /// The remote-config parameter that picks the variant, or nil without variants.
  package var variantKey: String? {
    image.read { reader in
      reader.header(.variantKeyOffset) == RouteTableWords.none
        ? nil : reader.string(at: RouteTableLayout.Header.variantKeyOffset.rawValue)
    }
  }

  /// The variant a remote-config value picks; the default when the value is nil or unknown.
  package func variant(remoteValue: String?) -> Int {
    image.read { reader in
      guard let remoteValue,
        let variant = reader.lookup(
          remoteValue, count: reader.header(.remoteValueCount), at: reader.header(.remoteValuesAt))
      else { return reader.header(.defaultVariant) }
      return variant
    }
  }

  /// The index of a variant by name, or nil.
  package func variant(named name: String) -> Int? {
    variantNames.firstIndex(of: name)
  }

  /// Every tab of every variant, in the order the manifest first names them: the generated
  /// `Tab`'s cases.
  package var tabNames: [String] {
    Self.tabUnion((0..<variantNames.count).map { tabNames(variant: $0) })
  }

  /// The tab bar of variant `variant`, in order.
  package func tabNames(variant: Int) -> [String] {
    image.read { reader in
      guard (0..<reader.header(.variantCount)).contains(variant) else { return [] }
      typealias Variant = RouteTableLayout.Variant
      let record = reader.variantRecord(variant)
      let tabsAt = reader.word(record, Variant.tabsAt)
      return (0..<reader.count(record, Variant.tabCount)).map {
        reader.string(
          reader.record($0, of: RouteTableLayout.Name.self, at: tabsAt), RouteTableLayout.Name.text)
      }
    }
  }

  /// Every name of the lists, each once, in the order first seen: how the variants' tab bars
  /// make the one `Tab` type (the compiler's generator and the runtime both call this).
  package static func tabUnion(_ lists: [[String]]) -> [String] {
    var seen: Set<String> = []
    return lists.joined().filter { seen.insert($0).inserted }
  }

  package var baseNames: [String] {
    image.read { $0.names(.baseCount, .basesAt, RouteTableLayout.Base.name) }
  }
}
