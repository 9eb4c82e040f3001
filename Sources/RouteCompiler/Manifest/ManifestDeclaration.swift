import RouteTable

/// The manifest as written: every field typed and located, nothing cross-checked yet.
///
/// The decoder fills this from the YAML tree after checking shapes, lexical rules and unknown
/// keys; the validator then checks references between fields and produces a `ResolvedManifest`.
/// Absent optional fields are nil so that the validator can tell "not written" from "empty".
public struct ManifestDeclaration: Sendable {
  public var rootLocation: SourceLocation = .start
  public var version: Located<Int>?
  public var namespace: Located<String>?
  public var typeKeys: [Located<String>]?
  public var remoteConfig: RemoteConfigDeclaration?
  public var variants: Located<[VariantDeclaration]>?
  public var tabs: Located<[Located<String>]>?
  public var bases: [BaseDeclaration] = []
  public var screens: [ScreenDeclaration] = []
  public var routes: [RouteDeclaration] = []
  public var fallback: Located<String>?
  /// Notification categories (values of `aps.category`) and their action buttons.
  public var categories: [CategoryDeclaration] = []
  /// The top-level `links`: the hosts and schemes every route's link patterns apply to.
  public var links: LinksDeclaration?
  /// Names declared with a body too malformed to decode (a route written as a list, say). They
  /// still count as declared, so a reference to one reports nothing beyond the body's own error.
  public var undecoded = UndecodedNames()
}

/// What `ManifestDeclaration.undecoded` holds, by kind.
public struct UndecodedNames: Sendable {
  public var bases: Set<String> = []
  public var screens: Set<String> = []
  public var routes: Set<String> = []
  /// By screen name.
  public var params: [String: Set<String>] = [:]
}

public struct RemoteConfigDeclaration: Sendable {
  public var keyLocation: SourceLocation
  public var variantKey: Located<String>?
  public var defaultVariant: Located<String>?
}

public struct VariantDeclaration: Sendable {
  public var name: Located<String>
  public var values: [Located<String>]
  public var tabs: [Located<String>]
}

public struct BaseDeclaration: Sendable {
  public var name: Located<String>
  public var url: YAMLScalar
  /// `allow_http: true`: this base's host has no https, and `insecure-url` stays quiet for it.
  public var allowsHTTP = false
}

public struct ScreenDeclaration: Sendable {
  public var name: Located<String>
  public var params: [ParamDeclaration]
}

public struct ParamDeclaration: Sendable {
  public var name: Located<String>
  public var type: Located<ParamType>
  public var defaultValue: YAMLScalar?
  public var isOptional: Bool
  public var maxLength: Located<Int>?
}

public struct RouteDeclaration: Sendable {
  public var pushType: Located<String>
  public var body: RouteBodyDeclaration
  public var only: [Located<String>]?
  public var overrides: [(variant: Located<String>, body: RouteBodyDeclaration)]
  public var aliases: [Located<String>]
  public var foreground: Located<ForegroundPolicy>?
  /// The message, or an empty string for `deprecated: true`.
  public var deprecation: Located<String>?
  public var description: String?
  /// The route's link patterns that parsed, located at the `links` key; nil when not written.
  public var links: Located<[LinkDeclaration]>?
}

public struct LinksDeclaration: Sendable {
  public var keyLocation: SourceLocation
  /// The `hosts` and `schemes` keys, where they are written.
  public var hostsLocation: SourceLocation?
  public var schemesLocation: SourceLocation?
  /// The valid hosts and schemes; invalid ones were reported where they are written.
  public var hosts: [Located<String>] = []
  public var schemes: [Located<String>] = []
  /// Whether any host or scheme is written, valid or not: a route's links then have somewhere
  /// to apply, and only the invalid entry is an error.
  public var declaresTargets = false
}

/// A link pattern of a route, parsed, with the scalar it was written in (to locate problems
/// inside it).
public struct LinkDeclaration: Sendable {
  public var scalar: YAMLScalar
  package var pattern: LinkPattern<LinkPlaceholder>
}

/// The fields a per-variant override may replace.
public struct RouteBodyDeclaration: Sendable {
  public var location: SourceLocation
  public var screen: Located<String>?
  public var params: [ParamSourceDeclaration]?
  public var tab: TabDeclaration?
  public var url: YAMLScalar?
  public var presentation: Located<Presentation>?
}

public struct ParamSourceDeclaration: Sendable {
  public enum Source: Sendable {
    case keyPath(Located<String>)
    case constant(YAMLScalar)
  }

  public var name: Located<String>
  public var source: Source
}

public enum TabReference: Hashable, Sendable {
  case name(String)
  case index(Int)
}

public enum TabDeclaration: Sendable {
  case single(Located<TabReference>)
  case perVariant(Located<[(variant: Located<String>, tab: Located<TabReference>)]>)
}

public struct CategoryDeclaration: Sendable {
  public var name: Located<String>
  public var actions: [ActionDeclaration]
}

/// An action button of a notification category.
public struct ActionDeclaration: Sendable {
  public var id: Located<String>
  public var title: Located<String>?
  /// A route's push type or alias; nil for an action the app handles in the background.
  public var route: Located<String>?
  public var isDestructive = false
  public var requiresAuthentication = false
}
