import Foundation

extension RouteTable {
  /// Resolves a universal link or custom-scheme URL by the manifest's link patterns: the most
  /// specific matching pattern's route is resolved in `variant` like a push (`matched`,
  /// `invalid_params` or `unavailable`, with `link` set to the pattern); any other URL is
  /// `unknown_link`. A link is opened by the user, so `action` is always `navigate`.
  ///
  /// `variant` is an index into `variantNames`; an index out of range uses the default variant.
  @usableFromInline
  package func resolve(url: String, variant: Int) -> Resolution<ScreenInstance> {
    image.read { reader in
      Resolver(image: image, reader: reader, baseOverrides: baseOverrides, state: .background)
        .resolve(url: url, variant: variant)
    }
  }

  /// Resolves `url.absoluteString`; see `resolve(url:variant:)` for a string.
  package func resolve(url: URL, variant: Int) -> Resolution<ScreenInstance> {
    resolve(url: url.absoluteString, variant: variant)
  }

  /// The web hosts links are claimed for, opened with https: the entries of `links.hosts`, a
  /// wildcard as written (`*.shop.example`).
  public var linkHosts: [String] {
    image.read { $0.names(.linkHostCount, .linkHostsAt, RouteTableLayout.Name.text) }
      .filter { $0 != LinkHostEntry.anyHost }
  }

  /// The custom URL schemes links are claimed for.
  public var linkSchemes: [String] {
    image.read { $0.names(.linkSchemeCount, .linkSchemesAt, RouteTableLayout.Name.text) }
  }
}
