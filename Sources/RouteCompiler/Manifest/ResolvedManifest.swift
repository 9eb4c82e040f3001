import RouteTable

/// A manifest that passed validation, with every reference resolved to an index and every
/// route's effective form computed per variant. Later stages (the runtime tables `routec`
/// builds, the code generator) read only this.
package struct ResolvedManifest: Sendable {
  package struct Variant: Sendable, Hashable {
    package var name: String
    package var remoteValues: [String]
    package var tabs: [String]
  }

  package struct Screen: Sendable, Hashable {
    package var name: String
    package var params: [Param]
    /// Where the manifest declares the screen (its name): generated code says so on its
    /// `Destination` case.
    package var declaredAt = SourceLocation.start
  }

  /// What a route does when it resolves: open a screen, or, for a screenless route, hand the
  /// app an action or resolve a carried URL again.
  package enum RouteTarget: Sendable, Hashable {
    /// Opens the screen at this index of `screens`.
    case screen(Int)
    /// `app_action: NAME`: the app runs the action NAME; the route takes no parameters.
    case appAction(String)
    /// `reroute: PARAM`: the value of PARAM, a URL, is resolved again as a link; PARAM is the
    /// route's one parameter (`reroutedParam(_:)`).
    case reroute(String)
  }

  package struct Param: Sendable, Hashable {
    package enum Requirement: Sendable, Hashable {
      case required
      case defaulted(ParamValue)
      case optional
    }

    package var name: String
    package var type: ParamType
    package var requirement: Requirement
    /// Applies to strings only; the manifest language's default limit when not written.
    package var maxLength: Int
    /// A string parameter's `choices`, in the order written: the only values it takes.
    package var choices: [String]? = nil
    /// A string parameter's `prefix`: every value starts with it.
    package var prefix: String? = nil
  }

  /// Where a screen parameter's value comes from, for one route in one variant.
  package enum ParamSource: Sendable, Hashable {
    case payload(keyPath: [String])
    case constant(ParamValue)
  }

  package struct Tab: Sendable, Hashable {
    package var index: Int
    package var name: String
  }

  /// A route as it behaves in one variant, after that variant's overrides.
  ///
  /// Immutable and held in one shared allocation: the variants in which a route behaves the same
  /// (every variant without an override, when their tabs agree) hold one value, so a manifest's
  /// cost grows with its routes and overrides, and a copy or a comparison of equal forms is a
  /// pointer's.
  package struct EffectiveRoute: Sendable, Hashable {
    private final class Storage: Sendable {
      let target: RouteTarget
      let params: [ParamSource]
      let tab: Tab?
      let url: URLTemplate?
      let presentation: Presentation
      let links: [LinkPattern<Int>]
      let stack: [StackEntry]

      init(
        target: RouteTarget, params: [ParamSource], tab: Tab?, url: URLTemplate?,
        presentation: Presentation, links: [LinkPattern<Int>], stack: [StackEntry]
      ) {
        self.target = target
        self.params = params
        self.tab = tab
        self.url = url
        self.presentation = presentation
        self.links = links
        self.stack = stack
      }
    }

    private let storage: Storage

    package var target: RouteTarget { storage.target }
    /// The screen the route opens; nil for a screenless route.
    package var screen: Int? {
      if case .screen(let index) = storage.target { index } else { nil }
    }
    /// One source per parameter of the target (`ResolvedManifest.params(of:screens:)`), in its
    /// order.
    package var params: [ParamSource] { storage.params }
    package var tab: Tab? { storage.tab }
    package var url: URLTemplate? { storage.url }
    package var presentation: Presentation { storage.presentation }
    /// The route's link patterns, in the order written, each placeholder the index of its
    /// parameter in `screen`'s parameters.
    package var links: [LinkPattern<Int>] { storage.links }
    /// The screens beneath `screen`, bottom first.
    package var stack: [StackEntry] { storage.stack }

    package init(
      target: RouteTarget, params: [ParamSource], tab: Tab?, url: URLTemplate?,
      presentation: Presentation, links: [LinkPattern<Int>] = [], stack: [StackEntry] = []
    ) {
      storage = Storage(
        target: target, params: params, tab: tab, url: url, presentation: presentation,
        links: links, stack: stack)
    }

    package static func == (lhs: Self, rhs: Self) -> Bool {
      lhs.storage === rhs.storage
        || (lhs.target == rhs.target && lhs.params == rhs.params && lhs.tab == rhs.tab
          && lhs.url == rhs.url && lhs.presentation == rhs.presentation
          && lhs.links == rhs.links && lhs.stack == rhs.stack)
    }

    package func hash(into hasher: inout Hasher) {
      hasher.combine(target)
      hasher.combine(params)
      hasher.combine(tab)
      hasher.combine(url)
      hasher.combine(presentation)
      hasher.combine(links)
      hasher.combine(stack)
    }
  }

  /// A screen of a route's back stack, with where each of its parameters' values comes from.
  package struct StackEntry: Sendable, Hashable {
    package var screen: Int
    /// One per parameter of `screen`, in the screen's order.
    package var params: [StackValue]
  }

  package enum StackValue: Sendable, Hashable {
    /// The value of the route's screen's parameter at this index.
    case routeParam(Int)
    /// A constant, or the default of a parameter the entry leaves unbound.
    case constant(ParamValue)
    /// An optional parameter the entry leaves unbound.
    case absent
  }

  /// A condition routes can require, and the route shown while it does not hold.
  package struct Requirement: Sendable, Hashable {
    package var name: String
    /// The index of the route shown while the requirement does not hold.
    package var route: Int?
  }

  /// A Home Screen quick action: its `type`, the route it opens, and what a static item shows.
  package struct Shortcut: Sendable, Hashable {
    package var type: String
    package var route: Int
    package var isDynamic: Bool
    package var title: String?
    package var subtitle: String?
    package var icon: String?
    package var symbol: String?
    /// An image of the app's asset catalog (`UIApplicationShortcutItemIconFile`).
    package var iconFile: String? = nil
  }

  /// A user activity type and the route it opens.
  package struct Activity: Sendable, Hashable {
    package var type: String
    package var route: Int
  }

  /// An App Intent: an action of Siri, the Shortcuts app, Spotlight and the Action button that
  /// builds a payload from its parameters and opens its route with it.
  package struct Intent: Sendable, Hashable {
    package var key: String
    package var route: Int
    package var title: String
    package var description: String?
    package var parameters: [IntentParameter]
    /// `shortcut`: set when the intent is an App Shortcut.
    package var appShortcut: AppShortcut?

    /// The generated `AppIntent` (`IntentNames.typeName`).
    package var typeName: String { IntentNames.typeName(key) }
  }

  /// A value an intent asks for: the payload key its route reads, and the type of the screen
  /// parameter read from it.
  package struct IntentParameter: Sendable, Hashable {
    package var key: String
    package var title: String
    package var description: String?
    package var type: ParamType
    /// The screen parameter's `choices`: the intent parameter is then a generated `AppEnum`.
    package var choices: [String]?
    /// False when some variant's screen requires the value.
    package var isOptional: Bool

    /// The `@Parameter` property (`IntentNames.property`); the validator accepts no key
    /// without one.
    package var propertyName: String { IntentNames.property(key) ?? "_" }

    /// The generated `AppEnum` of a parameter with choices, for the intent `intent`.
    package func enumName(in intent: String) -> String {
      IntentNames.enumName(intent: intent, parameter: key)
    }
  }

  /// What makes an intent an App Shortcut.
  package struct AppShortcut: Sendable, Hashable {
    package var phrases: [[PhrasePart]]
    package var shortTitle: String
    package var symbol: String?
  }

  /// A piece of an App Shortcut phrase.
  package enum PhrasePart: Sendable, Hashable {
    case text(String)
    /// `${app}`: the app's name.
    case app
    /// `${NAME}`: the intent parameter at this index.
    case parameter(Int)
  }

  package struct Route: Sendable, Hashable {
    /// The route key: the name under `routes:`, the push type a payload names it by.
    package var key: String
    package var aliases: [String]
    package var foreground: ForegroundPolicy
    package var deprecation: String?
    package var description: String?
    /// Indexed like `variants`; nil where the route's `only` leaves the variant out.
    package var variants: [EffectiveRoute?]
    /// The link patterns as written, placeholders by parameter name; `variants` holds them
    /// resolved against each variant's screen.
    package var links: [LinkPattern<String>] = []
    /// Indexes into `requirements`, ascending: the order the manifest declares them.
    package var requires: [Int] = []
    /// The notification category the route's pushes carry (`category`), by name; nil when
    /// not written.
    package var category: String? = nil
    /// `when_present`: the key paths (each split into its keys) a payload without a declared
    /// type must hold for the route to open; empty when not written.
    package var whenPresent: [[String]] = []

    /// What the route does: its target in the first variant it exists in. A screenless route
    /// has the same target in every variant; a route that opens a screen may open another one
    /// in another variant (see `variants`).
    package var target: RouteTarget? { variants.lazy.compactMap { $0?.target }.first }
    /// True for a route that opens no screen (`app_action`, `reroute`).
    package var isScreenless: Bool {
      switch target {
      case .appAction?, .reroute?: true
      case .screen?, nil: false
      }
    }
  }

  /// A notification category: a value of `aps.category` and its action buttons.
  package struct Category: Sendable, Hashable {
    package var name: String
    package var actions: [Action]
    /// The index of the route a tap on a notification of the category opens when its payload
    /// gives no declared type and matches no `when_present` route; nil for none.
    package var route: Int? = nil
  }

  package struct Action: Sendable, Hashable {
    package var id: String
    package var title: String
    /// The index of the route the action opens; nil for an action the app handles in the
    /// background.
    package var route: Int?
    package var isDestructive: Bool
    package var requiresAuthentication: Bool
  }

  package static let defaultVariantName = "default"
  package static let defaultMaxLength = ParamValue.defaultMaxLength

  /// The one parameter of a `reroute` route: the URL it resolves again, a required string.
  package static func reroutedParam(_ name: String) -> Param {
    Param(name: name, type: .string, requirement: .required, maxLength: defaultMaxLength)
  }

  /// The parameters a target binds, in order: its screen's, the one a `reroute` follows, or
  /// none for an `app_action`.
  package static func params(of target: RouteTarget, screens: [Screen]) -> [Param] {
    switch target {
    case .screen(let index): screens.indices.contains(index) ? screens[index].params : []
    case .appAction: []
    case .reroute(let param): [reroutedParam(param)]
    }
  }

  /// The parameters `target` binds in this manifest.
  package func params(of target: RouteTarget) -> [Param] {
    Self.params(of: target, screens: screens)
  }

  package var namespace: String
  package var typeKeys: [[String]]
  /// Nil when the manifest declares no variants (one variant named `default`).
  package var variantKey: String?
  package var variants: [Variant]
  package var defaultVariant: Int
  package var bases: [(name: String, url: String)]
  package var screens: [Screen]
  package var routes: [Route]
  package var fallback: Int?
  package var categories: [Category] = []
  /// The `links.hosts` (opened with https; a wildcard `*.domain` as written) and
  /// `links.schemes` every link pattern applies to.
  package var linkHosts: [String] = []
  package var linkSchemes: [String] = []
  /// The schemes among `linkSchemes` whose URLs carry one of `linkHosts` as their authority.
  package var hostAuthoritySchemes: [String] = []

  /// Every host entry a pattern may apply to: `linkHosts`, then `*` when a pattern names it.
  package var linkHostEntries: [String] {
    routes.contains { $0.links.contains(where: \.appliesToAnyHost) }
      ? linkHosts + [LinkHostEntry.anyHost] : linkHosts
  }
  package var requirements: [Requirement] = []
  package var shortcuts: [Shortcut] = []
  package var activities: [Activity] = []
  package var intents: [Intent] = []
  /// `app_files`: the URL schemes and activity types the app's Info.plist keeps for other code,
  /// which `routec check-app` does not report as unrouted.
  package var otherSchemes: [String] = []
  package var otherActivityTypes: [String] = []
}

extension ResolvedManifest {
  /// The in-app default of the variant key: the first remote-config value of the default
  /// variant, which `Variant(remoteValue:)` maps back to it. Nil without variants. The generated
  /// `remoteConfigDefault` and `routec remote-config defaults` both write it.
  package var inAppVariantDefault: (key: String, value: String)? {
    guard let key = variantKey, variants.indices.contains(defaultVariant),
      let value = variants[defaultVariant].remoteValues.first
    else { return nil }
    return (key, value)
  }
}
