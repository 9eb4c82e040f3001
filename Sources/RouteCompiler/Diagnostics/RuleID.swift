/// The stable identifier of every rule the compiler reports: about manifests (the tools that
/// check other files against one have their own, `DiagnosticRule`s in RouteTools).
///
/// Ids are part of the package contract (editors, CI filters and SARIF reports key on them):
/// never rename one, only add. `docs/rules.md` lists them with the same summaries.
package enum RuleID: String, CaseIterable, Hashable, Sendable, DiagnosticRule {
  // Input and YAML
  case fileTooLarge = "file-too-large"
  case invalidUTF8 = "invalid-utf8"
  case nulByte = "nul-byte"
  case yamlSyntax = "yaml-syntax"
  case duplicateKey = "duplicate-key"
  case yamlAnchor = "yaml-anchor"
  case yamlAlias = "yaml-alias"
  case yamlTag = "yaml-tag"
  case multipleDocuments = "multiple-documents"
  case complexKey = "complex-key"
  case tooDeep = "too-deep"
  case emptyManifest = "empty-manifest"

  // Structure and values
  case unknownKey = "unknown-key"
  case missingKey = "missing-key"
  case typeMismatch = "type-mismatch"
  case invalidBool = "invalid-bool"
  case invalidInt = "invalid-int"
  case invalidValue = "invalid-value"
  case unsupportedVersion = "unsupported-version"
  case invalidName = "invalid-name"
  case invalidNamespace = "invalid-namespace"
  case invalidPushType = "invalid-push-type"
  case invalidKeyPath = "invalid-key-path"
  case unknownArrivalValue = "unknown-arrival-value"
  case emptyCollection = "empty-collection"
  case duplicateItem = "duplicate-item"
  case conflictingKeys = "conflicting-keys"
  case invalidMaxLength = "invalid-max-length"
  case invalidChoices = "invalid-choices"
  case invalidParamPrefix = "invalid-param-prefix"
  case paramValueType = "param-value-type"
  case invalidActionID = "invalid-action-id"
  case emptyTitle = "empty-title"

  // References and uniqueness
  case unknownVariant = "unknown-variant"
  case unknownScreen = "unknown-screen"
  case unknownParam = "unknown-param"
  case unknownTab = "unknown-tab"
  case unknownRoute = "unknown-route"
  case unknownBase = "unknown-base"
  case tabOutOfRange = "tab-out-of-range"
  case incompleteTabMap = "incomplete-tab-map"
  case variantNotAvailable = "variant-not-available"
  case duplicatePushType = "duplicate-push-type"
  case duplicateRemoteValue = "duplicate-remote-value"
  case swiftNameCollision = "swift-name-collision"
  case overlappingKeyPaths = "overlapping-key-paths"

  // URLs
  case invalidBaseURL = "invalid-base-url"
  case urlSyntax = "url-syntax"
  case urlNotAbsolute = "url-not-absolute"
  case urlDynamicHost = "url-dynamic-host"
  case urlParamType = "url-param-type"
  case urlOptionalPathParam = "url-optional-path-param"

  // Links
  case linkSyntax = "link-syntax"
  case unknownLinkParam = "unknown-link-param"
  case linkParamType = "link-param-type"
  case unboundLinkParam = "unbound-link-param"
  case invalidLinkHost = "invalid-link-host"
  case invalidHostWildcard = "invalid-host-wildcard"
  case invalidLinkScheme = "invalid-link-scheme"
  case linksWithoutHosts = "links-without-hosts"
  case ambiguousLinks = "ambiguous-links"
  case unknownLinkTarget = "unknown-link-target"
  case linkReachesNothing = "link-reaches-nothing"
  case unreachableWhenPresent = "unreachable-when-present"

  // Requirements and back stacks
  case unknownRequirement = "unknown-requirement"
  case requirementCycle = "requirement-cycle"
  case requirementRouteUnavailable = "requirement-route-unavailable"
  case requirementRouteParam = "requirement-route-param"
  case stackTooLong = "stack-too-long"
  case stackOwnScreen = "stack-own-screen"
  case unboundStackParam = "unbound-stack-param"
  case stackParamType = "stack-param-type"

  // Home Screen quick actions and user activities
  case invalidDoorType = "invalid-door-type"
  case shortcutNeedsValue = "shortcut-needs-value"
  case unknownShortcutIcon = "unknown-shortcut-icon"
  case invalidShortcutTitle = "invalid-shortcut-title"
  case shortcutUnavailable = "shortcut-unavailable"

  // App Intents
  case invalidIntentParameter = "invalid-intent-parameter"
  case invalidIntentText = "invalid-intent-text"
  case intentNeedsValue = "intent-needs-value"
  case invalidShortcutPhrase = "invalid-shortcut-phrase"
  case tooManyAppShortcuts = "too-many-app-shortcuts"

  // Which pushes carry which category
  case unknownCategory = "unknown-category"
  case actionNeedsValue = "action-needs-value"

  // Feature modules
  case appKeyInFeature = "app-key-in-feature"
  case unknownFeature = "unknown-feature"

  // The compiled table
  case tableTooLarge = "table-too-large"

  // Warnings
  case insecureURL = "insecure-url"
  case deprecatedRoute = "deprecated-route"
  case fallbackUnavailable = "fallback-unavailable"
  case unusedRequirement = "unused-requirement"
  case tooManyShortcuts = "too-many-shortcuts"

  /// What the rule checks, in one line, for docs and report formats.
  package var summary: String {
    switch self {
    case .fileTooLarge: "The manifest is larger than 16 MiB."
    case .invalidUTF8: "The manifest is not valid UTF-8."
    case .nulByte: "The manifest contains a NUL byte."
    case .yamlSyntax: "libyaml could not parse the file."
    case .duplicateKey: "A mapping has the same key twice."
    case .yamlAnchor: "YAML anchors (&name) are not allowed."
    case .yamlAlias: "YAML aliases (*name) are not allowed."
    case .yamlTag: "YAML tags (!tag, !!str) are not allowed; values are typed by the manifest."
    case .multipleDocuments: "The file holds more than one YAML document."
    case .complexKey: "A mapping key is a sequence or mapping instead of a plain value."
    case .tooDeep: "Collections are nested deeper than 64 levels."
    case .emptyManifest: "The file holds no YAML document."
    case .unknownKey: "A key that the manifest language does not define at that place."
    case .missingKey: "A required key is absent."
    case .typeMismatch: "A value has the wrong shape (mapping, list or single value)."
    case .invalidBool: "A boolean field holds something other than true or false."
    case .invalidInt: "An integer field holds something other than a decimal integer."
    case .invalidValue: "A field that takes one of a fixed set of words holds another."
    case .unsupportedVersion: "`manifest` names a language version this routec does not know."
    case .invalidName:
      "A variant, tab, base, screen, parameter or intent name breaks its naming pattern."
    case .invalidNamespace: "The namespace is not an UpperCamelCase Swift identifier."
    case .invalidPushType:
      "A route key or alias is empty, too long or has characters outside A-Z a-z 0-9 _ . : -."
    case .invalidKeyPath:
      "A payload key path has an empty segment or whitespace, or starts with `$`."
    case .unknownArrivalValue:
      "A parameter's `from` names a `$` value no arrival carries (only `$webpage_url` and `$title`, a user activity's)."
    case .emptyCollection: "A list or mapping that must have entries is empty."
    case .duplicateItem: "A list holds the same entry twice."
    case .conflictingKeys: "Two keys that cannot be used together."
    case .invalidMaxLength:
      "`max_length` is not a positive integer or is set on a non-string parameter."
    case .invalidChoices:
      "`choices` on a parameter that is not a string, or an entry that is empty, longer than 64 characters, or past the 100th."
    case .invalidParamPrefix:
      "`prefix` on a parameter that is not a string, an empty one, or a `choices` entry that does not start with it."
    case .paramValueType: "A parameter's default or constant value does not match its type."
    case .invalidActionID:
      "A notification category or action id is empty, too long or has characters outside A-Z a-z 0-9 _ . : -."
    case .emptyTitle: "A notification action's title is empty."
    case .unknownVariant: "A variant name that `variants` does not declare."
    case .unknownScreen: "A screen name that `screens` does not declare."
    case .unknownParam: "A parameter name that the route's screen does not declare."
    case .unknownTab: "A tab name that the variant's `tabs` does not list."
    case .unknownRoute:
      "`fallback`, a notification action or a requirement names a push type that `routes` does not declare."
    case .unknownBase: "A URL template starts with a base that `bases` does not declare."
    case .tabOutOfRange: "A tab index past the end of the variant's tab list."
    case .incompleteTabMap: "A per-variant tab map misses a variant the route exists in."
    case .variantNotAvailable: "An override or tab for a variant the route's `only` excludes."
    case .duplicatePushType: "A route key or alias is used twice in the manifest."
    case .duplicateRemoteValue: "A remote-config value picks more than one variant."
    case .swiftNameCollision: "Two names that become the same Swift identifier."
    case .overlappingKeyPaths:
      "A route reads one payload key path inside another, or around every type key, so no payload matches."
    case .invalidBaseURL:
      "A base is not an absolute URL with scheme and host, or has a query, fragment or trailing slash."
    case .urlSyntax: "A URL template is malformed or uses an unsupported RFC 6570 feature."
    case .urlNotAbsolute: "A URL template starts with neither a base nor an absolute URL."
    case .urlDynamicHost: "A URL template puts an expression in the scheme or host."
    case .urlParamType:
      "A URL template writes a `query` parameter other than as `{?name*}`, or `{?name*}` names another type."
    case .urlOptionalPathParam:
      "A URL template's path has an optional parameter, which leaves an empty or cut-short segment when absent."
    case .linkSyntax:
      "A link pattern is malformed: a bad character or percent-encoding, an empty or misplaced segment, or a parameter or query key used twice."
    case .unknownLinkParam: "A link placeholder names no parameter of the route's screen."
    case .linkParamType:
      "A placeholder binds a parameter of the wrong type: `{name*}` in the path a non-string, `?{name*}` a non-`query`, or any other placeholder a `query` parameter."
    case .unboundLinkParam:
      "A link pattern does not bind a required parameter of the route's screen."
    case .invalidLinkHost:
      "A link host is not a lowercase DNS name, or has a scheme, port or path."
    case .invalidHostWildcard:
      "A host wildcard is not `*.` before two labels or more, or `*` (any host) is in `links.hosts` or beside other hosts."
    case .invalidLinkScheme:
      "A link scheme is not a lowercase custom scheme, or is http or https."
    case .linksWithoutHosts: "A route has links, but the manifest declares no link host or scheme."
    case .ambiguousLinks:
      "Two link patterns tie: a URL matches both with the same specificity."
    case .unknownLinkTarget:
      "A link's `hosts` or `schemes` names a host or scheme that `links` does not declare."
    case .linkReachesNothing:
      "A link's `hosts` and `schemes` leave it no host and no scheme, so no URL opens it."
    case .unreachableWhenPresent:
      "A route's `when_present` lists every key path of an earlier route's, so that route always wins first."
    case .appKeyInFeature:
      "A feature manifest declares a key that belongs to the app manifest that composes it."
    case .unknownFeature: "`compose` names a feature whose manifest was not given."
    case .unknownRequirement: "`requires` names a requirement that `requirements` does not declare."
    case .requirementCycle:
      "A requirement's route requires that requirement itself, directly or through its own requirements."
    case .requirementRouteUnavailable:
      "A requirement's route does not exist in every variant (it has `only`)."
    case .requirementRouteParam:
      "A requirement's route opens a screen with a required parameter that the route does not give as a constant."
    case .stackTooLong: "A route's `stack` holds more than 8 screens."
    case .stackOwnScreen: "A route's `stack` holds the screen the route opens."
    case .unboundStackParam:
      "A required parameter of a stack screen is bound to nothing."
    case .stackParamType:
      "A stack screen's parameter is bound to a route parameter of another type, or to one that may be absent."
    case .tableTooLarge:
      "A number or the whole table exceeds what the compiled table's format can hold."
    case .insecureURL: "A base or URL uses plain http."
    case .deprecatedRoute: "A route is marked deprecated."
    case .fallbackUnavailable: "The fallback route does not exist in every variant."
    case .unusedRequirement: "A requirement that no route requires."
    case .invalidDoorType:
      "A quick action or activity type is empty, longer than 128 characters, or has a character outside A-Z a-z 0-9 _ . : -."
    case .shortcutNeedsValue:
      "A static quick action opens a route whose screen needs a value the item's `userInfo` cannot give."
    case .unknownShortcutIcon: "A quick action's `icon` is not a system icon name."
    case .invalidShortcutTitle:
      "A quick action's title, subtitle, symbol or icon file holds a control character (a line break, an escape, a bidirectional control) or a noncharacter Info.plist cannot hold."
    case .tooManyShortcuts: "More than four static quick actions: the Home Screen shows four."
    case .invalidIntentText:
      "An intent's or App Shortcut's title, description, phrase, short title or symbol holds a control character (a line break, an escape, a bidirectional control) or a noncharacter, which Siri and Shortcuts cannot show."
    case .invalidIntentParameter:
      "An intent's parameter is not a payload key its route reads a screen parameter from, or the route reads it as different types."
    case .intentNeedsValue:
      "An intent opens a route whose screen needs a value that is neither a constant of the route nor a parameter of the intent."
    case .invalidShortcutPhrase:
      "An App Shortcut phrase lacks `${app}`, names something other than a parameter with `choices`, or an App Shortcut has more than 10 phrases."
    case .tooManyAppShortcuts: "More than 10 intents are App Shortcuts: iOS ignores the rest."
    case .unknownCategory:
      "A route's `category` names no category of `categories`."
    case .actionNeedsValue:
      "An action button's route needs a value that the pushes carrying its category do not send."
    case .shortcutUnavailable:
      "A static quick action's route does not exist in every variant: there the Home Screen shows an item that opens nothing."
    }
  }

  /// Whether the rule reports an error or a warning.
  package var severity: Diagnostic.Severity {
    switch self {
    case .insecureURL, .deprecatedRoute, .fallbackUnavailable, .unusedRequirement,
      .tooManyShortcuts:
      .warning
    default: .error
    }
  }
}
