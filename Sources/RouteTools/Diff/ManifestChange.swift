import RouteCompiler

/// One difference between two versions of a manifest that matters to whoever sends pushes.
///
/// Every change is located in the new version, because that is the file a reviewer has open
/// and CI annotates: what changed, or for something removed, the nearest thing still there
/// (the `routes:` key for a removed route, the route for a removed alias or parameter, the
/// `variants:` key for a removed variant, the variant for a removed remote-config value).
/// Where a removed thing was in the old version is `oldLocation`.
package struct ManifestChange: Sendable, Hashable {
  package var kind: Kind
  package var location: SourceLocation
  /// For a removal, where the removed thing was declared in the old version.
  package var oldLocation: SourceLocation?
  package var message: String

  package init(
    _ kind: Kind, at location: SourceLocation, _ message: String,
    oldLocation: SourceLocation? = nil
  ) {
    self.kind = kind
    self.location = location
    self.oldLocation = oldLocation
    self.message = message
  }

  /// The message as reports print it: for a removal, followed by where it was in the old
  /// version, `oldName` being how the old version is named (`HEAD:routes/shop.routes.yaml`).
  package func text(oldName: String) -> String {
    text(oldNames: [0: oldName])
  }

  /// `text(oldName:)` for an old version made of files (an app manifest and its features),
  /// named by `oldLocation.file`.
  package func text(oldNames: [Int: String]) -> String {
    guard let oldLocation else { return message }
    let name = oldNames[oldLocation.file] ?? oldNames[0] ?? ""
    return "\(message) (was at \(name):\(oldLocation.line))"
  }

  package var isBreaking: Bool { kind.isBreaking }

  /// The classes of change `routec diff` reports. Breaking ones make a payload that worked with
  /// the old manifest fail (or go elsewhere) with the new one; the ids are stable.
  package enum Kind: String, CaseIterable, Sendable, Hashable {
    case removedPushType = "removed-push-type"
    case removedAlias = "removed-alias"
    case routeUnavailable = "route-unavailable"
    case addedRequiredParam = "added-required-param"
    case changedParamType = "changed-param-type"
    case changedKeyPath = "changed-key-path"
    case changedTypeKeys = "changed-type-keys"
    case removedVariant = "removed-variant"
    case removedRemoteValue = "removed-remote-value"
    case changedRemoteValue = "changed-remote-value"
    case changedVariantKey = "changed-variant-key"
    case removedCategory = "removed-category"
    case removedAction = "removed-action"
    case removedLink = "removed-link"
    case removedLinkHost = "removed-link-host"
    case removedLinkScheme = "removed-link-scheme"
    case removedShortcut = "removed-shortcut"
    case removedActivity = "removed-activity"
    case changedDoorRoute = "changed-door-route"
    case narrowedLink = "narrowed-link"
    case changedLinkScheme = "changed-link-scheme"
    case removedWhenPresent = "removed-when-present"
    case removedReroute = "removed-reroute"
    case removedCategoryRoute = "removed-category-route"
    case removedChoice = "removed-choice"
    case removedIntent = "removed-intent"
    case removedAppShortcut = "removed-app-shortcut"
    case changedIntentParameter = "changed-intent-parameter"

    case addedPushType = "added-push-type"
    case addedAlias = "added-alias"
    case removedDeprecatedRoute = "removed-deprecated-route"
    case deprecatedRoute = "deprecated-route"
    case routeAvailable = "route-available"
    case addedOptionalParam = "added-optional-param"
    case widenedParamType = "widened-param-type"
    case removedParam = "removed-param"
    case addedTypeKey = "added-type-key"
    case addedVariant = "added-variant"
    case addedRemoteValue = "added-remote-value"
    case changedDefaultVariant = "changed-default-variant"
    case addedCategory = "added-category"
    case addedAction = "added-action"
    case addedLink = "added-link"
    case addedLinkHost = "added-link-host"
    case addedLinkScheme = "added-link-scheme"
    case changedRequirements = "changed-requirements"
    case changedStack = "changed-stack"
    case addedShortcut = "added-shortcut"
    case addedActivity = "added-activity"
    case removedStaticShortcut = "removed-static-shortcut"
    case changedRouteCategory = "changed-route-category"
    case addedWhenPresent = "added-when-present"
    case addedCategoryRoute = "added-category-route"
    case addedChoice = "added-choice"
    case addedIntent = "added-intent"
    case addedAppShortcut = "added-app-shortcut"

    package var isBreaking: Bool {
      switch self {
      case .removedPushType, .removedAlias, .routeUnavailable, .addedRequiredParam,
        .changedParamType, .changedKeyPath, .changedTypeKeys, .removedVariant,
        .removedRemoteValue, .changedRemoteValue, .changedVariantKey, .removedCategory,
        .removedAction, .removedLink, .removedLinkHost, .removedLinkScheme, .removedShortcut,
        .removedActivity, .changedDoorRoute, .narrowedLink, .changedLinkScheme,
        .removedWhenPresent, .removedReroute, .removedCategoryRoute, .removedChoice,
        .removedIntent,
        .removedAppShortcut, .changedIntentParameter:
        true
      default: false
      }
    }

    package var summary: String {
      switch self {
      case .removedPushType: "A push type that was not deprecated is gone (removed or renamed)."
      case .removedAlias: "An alias of a route that was not deprecated is gone."
      case .routeUnavailable: "A route no longer exists in a variant it existed in."
      case .addedRequiredParam: "A route now needs a payload value it did not need."
      case .changedParamType:
        "A payload value or link placeholder a route reads has a type that rejects values the old one accepted."
      case .changedKeyPath: "A route reads a parameter from another payload key path."
      case .changedTypeKeys: "A key path the push type was read from is no longer read."
      case .removedVariant: "A variant is gone."
      case .removedRemoteValue: "A remote-config value no longer picks a variant."
      case .changedRemoteValue: "A remote-config value picks another variant."
      case .changedVariantKey: "The remote-config key that picks the variant changed."
      case .removedCategory:
        "A notification category is gone: notifications sent with it lose their action buttons."
      case .removedAction: "An action button of a notification category is gone."
      case .removedLink:
        "A link pattern of a route that was not deprecated is gone: URLs shared with it no longer open the route."
      case .removedLinkHost:
        "A link host is gone while routes have links: https URLs of it no longer open the app."
      case .removedLinkScheme:
        "A link scheme is gone while routes have links: URLs with it no longer open the app."
      case .removedShortcut:
        "A dynamic quick action's type is gone: items the app added before an update no longer open anything."
      case .removedActivity:
        "An activity type is gone: activities advertised or saved for restoration no longer open anything."
      case .changedDoorRoute:
        "A dynamic quick action, an activity type or an intent opens another route, which reads its userInfo differently."
      case .narrowedLink:
        "A link pattern of a route that was not deprecated applies to fewer hosts or schemes, or no longer ignores letter case: URLs of the others, or in other letter case, no longer open the route."
      case .changedLinkScheme:
        "A link scheme reads its URLs' authority differently (`authority: host` added or removed): URLs shared with it open other routes or none."
      case .removedWhenPresent:
        "A route no longer opens for every payload that held its `when_present` keys: the list is gone or names more keys."
      case .removedReroute:
        "A route no longer resolves the URL it carries again: the links and pushes that carried one open the route's screen or app action instead."
      case .removedCategoryRoute:
        "A notification category's `route` is gone or opens another route: default taps of its notifications that named no route open something else."
      case .removedChoice:
        "A string parameter no longer takes a value it took: a choice is gone, or `choices` is new."
      case .removedIntent:
        "An App Intent is gone: shortcuts users built with it in the Shortcuts app stop working."
      case .removedAppShortcut:
        "An intent is no longer an App Shortcut: its phrases no longer run it."
      case .changedIntentParameter:
        "An intent's parameter is gone (removed or renamed) or has another type: shortcuts users built with it in the Shortcuts app stop working."
      case .addedIntent: "A new App Intent."
      case .addedAppShortcut: "An intent became an App Shortcut."
      case .addedWhenPresent: "A route also opens for payloads that hold new `when_present` keys."
      case .addedCategoryRoute:
        "A notification category opens a route on default taps that name none."
      case .addedChoice:
        "A string parameter takes more values: a new choice, or `choices` is gone."
      case .addedShortcut: "A new quick action."
      case .addedActivity: "A new activity type."
      case .removedStaticShortcut:
        "A static quick action is gone: it leaves the Home Screen with the update that removes it."
      case .changedRouteCategory:
        "A route's pushes carry another notification category (`category`): servers send the new `aps.category`; the old one still shows its own buttons."
      case .addedPushType: "A new push type."
      case .addedAlias: "A new alias."
      case .removedDeprecatedRoute: "A deprecated route (or its alias or link pattern) was removed."
      case .deprecatedRoute: "A route is newly deprecated."
      case .routeAvailable: "A route now exists in a variant it did not exist in."
      case .addedOptionalParam: "A route reads a new optional payload value."
      case .widenedParamType:
        "A payload value or link placeholder a route reads has a type that accepts every value the old one did."
      case .removedParam: "A route no longer reads a payload value."
      case .addedTypeKey: "The push type is also read from a new key path."
      case .addedVariant: "A new variant."
      case .addedRemoteValue: "A new remote-config value."
      case .changedDefaultVariant: "Unknown remote-config values pick another variant."
      case .addedCategory: "A new notification category."
      case .addedAction: "A new action button in a notification category."
      case .addedLink: "A new link pattern."
      case .addedLinkHost: "A new link host."
      case .addedLinkScheme: "A new link scheme."
      case .changedRequirements:
        "A route requires other conditions before its screen is shown; payloads stay the same."
      case .changedStack: "A route builds another back stack beneath its screen."
      }
    }
  }
}
