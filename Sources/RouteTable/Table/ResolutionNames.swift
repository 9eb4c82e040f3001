/// The names a resolution reports (variant, route, link pattern), kept as string references
/// into the table that resolved it and made `String`s only when read.
///
/// An app switches on the destination and rarely reads the names, which are for logs and
/// tools; making them on every resolution was about 7% of a link resolution's instructions,
/// and the pattern is usually long enough to need a heap allocation. A resolution made by hand (a test's fake
/// resolver) gives its names as strings.
@usableFromInline
struct ResolutionNames: Sendable {
  @usableFromInline
  enum Storage: Sendable {
    /// Word indexes of string references in `image`; `RouteTableWords.none` for an absent name.
    case table(RouteTableImage, variant: Int, route: Int, link: Int)
    case given(variant: String, route: String?, link: String?)
  }

  @usableFromInline
  var storage: Storage

  init(image: RouteTableImage, variant: Int, route: Int = RouteTableWords.none) {
    storage = .table(image, variant: variant, route: route, link: RouteTableWords.none)
  }

  /// No names, for `map` to swap the resolution's names into without copying them.
  @inlinable
  init() {
    storage = .given(variant: "", route: nil, link: nil)
  }

  @usableFromInline
  init(variant: String, route: String?, link: String?) {
    storage = .given(variant: variant, route: route, link: link)
  }

  var variant: String {
    switch storage {
    case .table(let image, let variant, _, _): image.string(at: variant) ?? ""
    case .given(let variant, _, _): variant
    }
  }

  var route: String? {
    switch storage {
    case .table(let image, _, let route, _): image.string(at: route)
    case .given(_, let route, _): route
    }
  }

  var link: String? {
    switch storage {
    case .table(let image, _, _, let link): image.string(at: link)
    case .given(_, _, let link): link
    }
  }

  /// Records the matched pattern's text reference (a table resolution only).
  mutating func setLink(reference: Int) {
    if case .table(let image, let variant, let route, _) = storage {
      storage = .table(image, variant: variant, route: route, link: reference)
    }
  }
}
