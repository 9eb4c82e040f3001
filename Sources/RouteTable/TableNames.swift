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

/// The names of a screen and its parameters: the screen's record in the table that resolved
/// it, or strings given to `ScreenInstance.init(index:name:params:)`.
enum ScreenNames: Sendable {
  case table(RouteTableImage, screenRecord: Int)
  case given(name: String, params: [String])

  var name: String {
    switch self {
    case .table(let image, let record): image.string(at: record) ?? ""
    case .given(let name, _): name
    }
  }

  /// The parameter names in the screen's order; `count` of them, "" where the table has none.
  func params(count: Int) -> [String] {
    switch self {
    case .table(let image, let record):
      image.read { reader in
        let paramsAt = reader.word(record + 3)
        return (0..<count).map {
          reader.string(at: paramsAt + $0 * RouteTableLayout.paramRecord)
        }
      }
    case .given(_, let params):
      (0..<count).map { params.indices.contains($0) ? params[$0] : "" }
    }
  }
}

extension RouteTableImage {
  /// The string reference at word `index`, or nil for `none`.
  func string(at index: Int) -> String? {
    index == RouteTableWords.none ? nil : read { $0.string(at: index) }
  }
}

/// A tab's name: its string reference in a table, or a string given to
/// `TabSelection.init(name:index:)`.
enum TabName: Sendable {
  case table(RouteTableImage, Int)
  case given(String)

  var name: String {
    switch self {
    case .table(let image, let reference): image.string(at: reference) ?? ""
    case .given(let name): name
    }
  }
}
