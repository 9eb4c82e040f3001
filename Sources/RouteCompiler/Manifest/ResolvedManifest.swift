import RouteTable

/// A manifest that passed validation, with every reference resolved to an index and every
/// route's effective form computed per variant. Later stages (the runtime tables `routec`
/// builds, the code generator) read only this.
public struct ResolvedManifest: Sendable {
  public struct Variant: Sendable, Hashable {
    public var name: String
    public var remoteValues: [String]
    public var tabs: [String]
  }

  public struct Screen: Sendable, Hashable {
    public var name: String
    public var params: [Param]
  }

  public struct Param: Sendable, Hashable {
    public enum Requirement: Sendable, Hashable {
      case required
      case defaulted(ParamValue)
      case optional
    }

    public var name: String
    public var type: ParamType
    public var requirement: Requirement
    /// Applies to strings only; the manifest language's default limit when not written.
    public var maxLength: Int
  }

  /// Where a screen parameter's value comes from, for one route in one variant.
  public enum ParamSource: Sendable, Hashable {
    case payload(keyPath: [String])
    case constant(ParamValue)
  }

  public struct Tab: Sendable, Hashable {
    public var index: Int
    public var name: String
  }

  /// A route as it behaves in one variant, after that variant's overrides.
  public struct EffectiveRoute: Sendable, Hashable {
    public var screen: Int
    /// One source per parameter of the screen, in the screen's order.
    public var params: [ParamSource]
    public var tab: Tab?
    package var url: URLTemplate?
    public var presentation: Presentation
    /// The route's link patterns, in the order written, each placeholder the index of its
    /// parameter in `screen`'s parameters.
    package var links: [LinkPattern<Int>] = []
  }

  public struct Route: Sendable, Hashable {
    public var pushType: String
    public var aliases: [String]
    public var foreground: ForegroundPolicy
    public var deprecation: String?
    public var description: String?
    /// Indexed like `variants`; nil where the route's `only` leaves the variant out.
    public var variants: [EffectiveRoute?]
    /// The link patterns as written, placeholders by parameter name; `variants` holds them
    /// resolved against each variant's screen.
    package var links: [LinkPattern<String>] = []
  }

  /// A notification category: a value of `aps.category` and its action buttons.
  public struct Category: Sendable, Hashable {
    public var name: String
    public var actions: [Action]
  }

  public struct Action: Sendable, Hashable {
    public var id: String
    public var title: String
    /// The index of the route the action opens; nil for an action the app handles in the
    /// background.
    public var route: Int?
    public var isDestructive: Bool
    public var requiresAuthentication: Bool
  }

  public static let defaultVariantName = "default"
  public static let defaultMaxLength = ParamValue.defaultMaxLength

  public var namespace: String
  public var typeKeys: [[String]]
  /// Nil when the manifest declares no variants (one variant named `default`).
  public var variantKey: String?
  public var variants: [Variant]
  public var defaultVariant: Int
  public var bases: [(name: String, url: String)]
  public var screens: [Screen]
  public var routes: [Route]
  public var fallback: Int?
  public var categories: [Category] = []
  /// The `links.hosts` (opened with https) and `links.schemes` every link pattern applies to.
  public var linkHosts: [String] = []
  public var linkSchemes: [String] = []
}
