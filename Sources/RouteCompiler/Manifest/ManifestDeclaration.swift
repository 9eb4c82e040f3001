import RouteTable

/// The manifest as written: every field typed and located, nothing cross-checked yet.
///
/// The decoder fills this from the YAML tree after checking shapes, lexical rules and unknown
/// keys; the validator then checks references between fields and produces a `ResolvedManifest`.
/// Absent optional fields are nil so that the validator can tell "not written" from "empty".
package struct ManifestDeclaration: Sendable {
  package var rootLocation: SourceLocation = .start
  package var version: Located<Int>?
  package var namespace: Located<String>?
  package var typeKeys: [Located<String>]?
  package var remoteConfig: RemoteConfigDeclaration?
  package var variants: Located<[VariantDeclaration]>?
  package var tabs: Located<[Located<String>]>?
  package var bases: [BaseDeclaration] = []
  package var screens: [ScreenDeclaration] = []
  package var routes: [RouteDeclaration] = []
  package var fallback: Located<String>?
  /// Notification categories (values of `aps.category`) and their action buttons.
  package var categories: [CategoryDeclaration] = []
  /// Home Screen quick actions, in manifest order.
  package var shortcuts: [ShortcutDeclaration] = []
  /// User activity types, in manifest order.
  package var activities: [ActivityDeclaration] = []
  /// App Intents, in manifest order.
  package var intents: [IntentDeclaration] = []
  /// The top-level `links`: the hosts and schemes every route's link patterns apply to.
  package var links: LinksDeclaration?
  /// `app_files`: what the app's files declare for other code.
  package var appFiles: AppFilesDeclaration?
  /// The `requirements` routes can name in `requires`, in manifest order; nil when not written.
  package var requirements: Located<[RequirementDeclaration]>?
  /// `feature`: this is a feature manifest, and its name; nil for an app manifest.
  package var feature: Located<String>?
  /// `compose`: the features an app manifest composes, in order; nil when not written.
  package var compose: [Located<String>]?
  /// Names declared with a body too malformed to decode (a route written as a list, say). They
  /// still count as declared, so a reference to one reports nothing beyond the body's own error.
  package var undecoded = UndecodedNames()
}

/// What `ManifestDeclaration.undecoded` holds, by kind.
package struct UndecodedNames: Sendable {
  package var bases: Set<String> = []
  package var screens: Set<String> = []
  package var routes: Set<String> = []
  /// By screen name.
  package var params: [String: Set<String>] = [:]
  /// Variants whose `tabs` is missing or malformed (reported there).
  package var variantTabs: Set<String> = []
  /// Features of a composition whose manifests could not be read, or that were not given
  /// (reported there): any route may have been declared in them.
  package var features: Set<String> = []
  /// The features that were composed: with a feature missing (`features`), a screen of any
  /// other feature (`Feature.Screen`) may be the missing one's, under the name the app meant.
  package var composedFeatures: Set<String> = []

  /// Whether a reference to the screen `name` may be to one that was not read.
  package func mayDeclare(screen name: String) -> Bool {
    guard !screens.contains(name) else { return true }
    guard !features.isEmpty, let dot = name.firstIndex(of: ".") else { return false }
    return !composedFeatures.contains(String(name[..<dot]))
  }

  /// Whether a reference to the route `name` may be to one that was not read.
  package func mayDeclare(route name: String) -> Bool {
    routes.contains(name) || !features.isEmpty
  }
}

package struct RemoteConfigDeclaration: Sendable {
  package var keyLocation: SourceLocation
  package var variantKey: Located<String>?
  package var defaultVariant: Located<String>?
}

package struct VariantDeclaration: Sendable {
  package var name: Located<String>
  package var values: [Located<String>]
  package var tabs: [Located<String>]
  /// The `tabs` key, where a tab that several routes select but the variant lacks is reported.
  package var tabsLocation: SourceLocation?
}

package struct BaseDeclaration: Sendable {
  package var name: Located<String>
  package var url: YAMLScalar
  /// `allow_http: true`: this base's host has no https, and `insecure-url` stays quiet for it.
  package var allowsHTTP = false
}

package struct ScreenDeclaration: Sendable {
  package var name: Located<String>
  package var params: [ParamDeclaration]
}

package struct ParamDeclaration: Sendable {
  package var name: Located<String>
  package var type: Located<ParamType>
  package var defaultValue: YAMLScalar?
  package var isOptional: Bool
  package var maxLength: Located<Int>?
  /// `default: {}` of a `query` parameter: the one default a mapping can be.
  package var defaultsToNoItems = false
  /// `choices` of a string parameter, in the order written, repeats left out; nil without.
  package var choices: [Located<String>]?
  /// `prefix` of a string parameter: the text every value starts with; nil without.
  package var prefix: Located<String>? = nil
}

extension ParamDeclaration {
  /// The declaration a constant written at `location` for `param` is checked against: its type,
  /// length limit and choices.
  init(
    constantFor param: ResolvedManifest.Param, name: Located<String>, at location: SourceLocation
  ) {
    self.init(
      name: name, type: Located(param.type, at: location), defaultValue: nil, isOptional: false,
      maxLength: Located(param.maxLength, at: location),
      choices: param.choices?.map { Located($0, at: location) },
      prefix: param.prefix.map { Located($0, at: location) })
  }
}

package struct RouteDeclaration: Sendable {
  /// The route key, where it is written under `routes:`.
  package var key: Located<String>
  package var body: RouteBodyDeclaration
  package var only: [Located<String>]?
  package var overrides: [(variant: Located<String>, body: RouteBodyDeclaration)]
  package var aliases: [Located<String>]
  package var foreground: Located<ForegroundPolicy>?
  /// The message, or an empty string for `deprecated: true`.
  package var deprecation: Located<String>?
  package var description: String?
  /// The route's link patterns that parsed, located at the `links` key; nil when not written.
  package var links: Located<[LinkDeclaration]>?
  /// The requirement names of `requires`, each once, located at the key; nil when not written.
  package var requires: Located<[Located<String>]>?
  /// `category`: the notification category the route's pushes carry in `aps.category`.
  package var category: Located<String>? = nil
  /// `when_present`: the key paths a payload without a declared type must hold to open the
  /// route, located at the key; nil when not written.
  package var whenPresent: Located<[Located<String>]>? = nil
  /// `app_action`: the app action the route hands the app instead of a screen; nil when not
  /// written.
  package var appAction: Located<String>? = nil
  /// `reroute`: the route's one parameter holds a URL resolved again as a link; nil when not
  /// written.
  package var reroute: Located<String>? = nil
}

package struct LinksDeclaration: Sendable {
  package var keyLocation: SourceLocation
  /// The `hosts` and `schemes` keys, where they are written.
  package var hostsLocation: SourceLocation?
  package var schemesLocation: SourceLocation?
  /// The valid hosts and schemes; invalid ones were reported where they are written.
  package var hosts: [Located<String>] = []
  package var schemes: [Located<String>] = []
  /// The schemes written `{ name: NAME, authority: host }`: their URLs' authority is one of
  /// `hosts`, not a path segment.
  package var hostAuthoritySchemes: [String] = []
  /// Whether any host or scheme is written, valid or not: a route's links then have somewhere
  /// to apply, and only the invalid entry is an error.
  package var declaresTargets = false
}

/// A link pattern of a route, parsed, with the scalar it was written in (to locate problems
/// inside it).
package struct LinkDeclaration: Sendable {
  package var scalar: YAMLScalar
  package var pattern: LinkPattern<LinkPlaceholder>
  /// The `hosts` and `schemes` of a link written as a mapping, each name located; nil when not
  /// written (every host or scheme).
  package var hosts: [Located<String>]? = nil
  package var schemes: [Located<String>]? = nil
  /// Where the link is written: its mapping, or its pattern.
  package var location: SourceLocation

  package init(scalar: YAMLScalar, pattern: LinkPattern<LinkPlaceholder>) {
    self.scalar = scalar
    self.pattern = pattern
    location = scalar.location
  }
}

/// The fields a per-variant override may replace.
package struct RouteBodyDeclaration: Sendable {
  package var location: SourceLocation
  package var screen: Located<String>?
  package var params: [ParamSourceDeclaration]?
  package var tab: TabDeclaration?
  package var url: YAMLScalar?
  package var presentation: Located<Presentation>?
  /// The screens beneath the route's screen, bottom first, located at the `stack` key.
  package var stack: Located<[StackEntryDeclaration]>?
}

package struct ParamSourceDeclaration: Sendable {
  package enum Source: Sendable {
    case keyPath(Located<String>)
    case constant(YAMLScalar)
  }

  package var name: Located<String>
  package var source: Source
}

package enum TabReference: Hashable, Sendable {
  case name(String)
  case index(Int)
}

package enum TabDeclaration: Sendable {
  case single(Located<TabReference>)
  case perVariant(Located<[(variant: Located<String>, tab: Located<TabReference>)]>)
}

package struct CategoryDeclaration: Sendable {
  package var name: Located<String>
  package var actions: [ActionDeclaration]
  /// `route`: what a tap on a notification of this category opens when its payload gives no
  /// declared push type and matches no `when_present` route.
  package var route: Located<String>? = nil
}

/// An action button of a notification category.
package struct ActionDeclaration: Sendable {
  package var id: Located<String>
  package var title: Located<String>?
  /// A route key or alias; nil for an action the app handles in the background.
  package var route: Located<String>?
  package var isDestructive = false
  package var requiresAuthentication = false
}
