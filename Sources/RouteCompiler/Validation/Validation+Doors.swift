/// `shortcuts` and `activities`: each type once, its route declared, and what a static quick
/// action shows.
extension Validation {
  /// The `UIApplicationShortcutIcon.IconType` cases, as a manifest names them (`icon: search`).
  static let shortcutIcons = [
    "add", "alarm", "audio", "bookmark", "capturePhoto", "captureVideo", "cloud", "compose",
    "confirmation", "contact", "date", "favorite", "home", "invitation", "location", "love",
    "mail", "markLocation", "message", "pause", "play", "prohibit", "search", "share", "shuffle",
    "task", "taskCompleted", "time", "update",
  ]
  /// How many static quick actions the Home Screen shows.
  static let shownShortcuts = 4

  mutating func checkShortcuts(_ routes: [ResolvedManifest.Route]) -> [ResolvedManifest.Shortcut] {
    var result: [ResolvedManifest.Shortcut] = []
    var staticCount = 0
    for shortcut in manifest.shortcuts {
      let what = "shortcut `\(shortcut.type.value)`"
      if !shortcut.isDynamic {
        staticCount += 1
        if staticCount == Self.shownShortcuts + 1 {
          diagnostics.report(
            .tooManyShortcuts, at: shortcut.type.location,
            "\(what) is the fifth static shortcut; the Home Screen shows \(Self.shownShortcuts), so make the others `dynamic: true` and add the ones that matter at run time"
          )
        }
      }
      checkShortcutLook(shortcut, what)
      guard let name = shortcut.route,
        let route = routeIndex(of: name, from: what, "opens the push type")
      else {
        continue
      }
      if !shortcut.isDynamic {
        checkOpensWithoutValues(routes[route], at: name.location, what)
        checkInEveryVariant(routes[route], at: name.location, what)
      }
      result.append(
        ResolvedManifest.Shortcut(
          type: shortcut.type.value, route: route, isDynamic: shortcut.isDynamic,
          title: shortcut.title?.value, subtitle: shortcut.subtitle?.value,
          icon: shortcut.icon?.value, symbol: shortcut.symbol?.value,
          iconFile: shortcut.iconFile?.value))
    }
    return result
  }

  mutating func checkActivities(_ routes: [ResolvedManifest.Route]) -> [ResolvedManifest.Activity] {
    manifest.activities.compactMap { activity in
      let what = "activity type `\(activity.type.value)`"
      guard let name = activity.route,
        let route = routeIndex(of: name, from: what, "opens the push type")
      else {
        return nil
      }
      return ResolvedManifest.Activity(type: activity.type.value, route: route)
    }
  }

  /// `icon`, `symbol` and `icon_file` exclude each other; a dynamic item, whose icon the app
  /// sets at run time, has none. (A static item's missing `title` is reported where it is
  /// decoded.)
  private mutating func checkShortcutLook(_ shortcut: ShortcutDeclaration, _ what: String) {
    let icons = [
      ("icon", shortcut.icon), ("symbol", shortcut.symbol), ("icon_file", shortcut.iconFile),
    ]
    .compactMap { key, value in value.map { (key, $0) } }
    if shortcut.isDynamic {
      for (key, value) in icons {
        diagnostics.report(
          .conflictingKeys, at: value.location,
          "\(what) is dynamic: the app sets its icon when it adds the item; remove `\(key)`")
      }
      return
    }
    if icons.count > 1 {
      diagnostics.report(
        .conflictingKeys, at: icons[0].1.location,
        "\(what) has both \(Suggestions.all(icons.map { "`\($0.0)`" })); keep one: `icon` is a system icon, `symbol` an SF Symbol, `icon_file` an image of the app's asset catalog"
      )
    } else if let icon = shortcut.icon, !Self.shortcutIcons.contains(icon.value) {
      diagnostics.report(
        .unknownShortcutIcon, at: icon.location,
        "`icon` of \(what) is `\(icon.value)`, which is not a system icon"
          + (diagnostics.suggestions.nearest(to: icon.value, in: Self.shortcutIcons).map {
            "; did you mean `\($0)`?"
          } ?? "; use `symbol:` for an SF Symbol name"))
    }
  }

  /// A static item is in Info.plist, so the Home Screen shows it in every variant: its route
  /// must exist in each, or the item opens nothing there (`unavailable`).
  private mutating func checkInEveryVariant(
    _ route: ResolvedManifest.Route, at location: SourceLocation, _ what: String
  ) {
    let missing = zip(route.variants, variants).filter { $0.0 == nil }.map(\.1.name)
    guard !missing.isEmpty else { return }
    diagnostics.report(
      .shortcutUnavailable, at: location,
      "\(what) is static, so the Home Screen shows it in every variant, but route `\(route.key)` does not exist in \(missing.count == 1 ? "variant" : "variants") \(Suggestions.all(missing.map { "`\($0)`" })), where it opens nothing; give the route to every variant, or make the shortcut `dynamic: true` and add it only where the route exists"
    )
  }

  /// A static item carries no `userInfo`, so every required parameter of its route's screen is
  /// a constant of the route, in every variant.
  private mutating func checkOpensWithoutValues(
    _ route: ResolvedManifest.Route, at location: SourceLocation, _ what: String
  ) {
    let needed = valuesNeededWithoutPayload(route)
    guard let first = needed.params.first else { return }
    // Name the variants when only some of those the route exists in need a value.
    let inVariants =
      needed.variants.count < route.variants.compactMap({ $0 }).count
      ? " in \(needed.variants.count == 1 ? "variant" : "variants") \(Suggestions.all(needed.variants.map { "`\($0)`" }))"
      : ""
    diagnostics.report(
      .shortcutNeedsValue, at: location,
      "\(what) is static, so it opens route `\(route.key)` with no `userInfo`, but the route needs \(Suggestions.all(needed.params.map { "`\($0)`" }))\(inVariants); give \(needed.params.count == 1 ? "it" : "each") a constant in the route (`params: { \(first): { value: ... } }`), or make the shortcut `dynamic: true` and give the value when the app adds it"
    )
  }
}
