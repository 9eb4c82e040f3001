import RouteCompiler
import RouteTable

/// Compares two versions of a manifest from the side of whoever sends the pushes: which
/// payloads that worked before fail or change meaning now (breaking), and what is merely new.
///
/// Routes are matched by push type or alias, variants and remote-config values by name; what a
/// route needs from a payload is compared per variant, and one change seen in several variants
/// is reported once, naming them.
package enum ManifestDiff {
  package struct Version: Sendable {
    package let manifest: ResolvedManifest
    package let declaration: ManifestDeclaration
    /// Where each top-level key is written (`ManifestPipeline.Output.topLevelKeys`).
    package let topLevelKeys: [String: SourceLocation]
    /// The feature manifests of a composition (`ManifestPipeline.Output.features`).
    package let features: [String: ManifestPipeline.FeatureFile]
    /// Each route name (push type or alias) to the first route that has it, in the resolved
    /// manifest and in the declaration, and each screen name to its declaration: built once,
    /// because the comparisons look routes up by name, and a scan per look-up made `diff`
    /// quadratic in the number of routes.
    private let resolvedRoutes: [String: Int]
    private let declaredRoutes: [String: Int]
    private let declaredScreens: [String: Int]

    package init(
      manifest: ResolvedManifest, declaration: ManifestDeclaration,
      topLevelKeys: [String: SourceLocation] = [:],
      features: [String: ManifestPipeline.FeatureFile] = [:]
    ) {
      self.manifest = manifest
      self.declaration = declaration
      self.topLevelKeys = topLevelKeys
      self.features = features
      func firstIndex(_ names: [[String]]) -> [String: Int] {
        var index: [String: Int] = [:]
        for (position, list) in names.enumerated() {
          for name in list where index[name] == nil { index[name] = position }
        }
        return index
      }
      resolvedRoutes = firstIndex(manifest.routes.map { [$0.pushType] + $0.aliases })
      declaredRoutes = firstIndex(
        declaration.routes.map { [$0.pushType.value] + $0.aliases.map(\.value) })
      declaredScreens = firstIndex(declaration.screens.map { [$0.name.value] })
    }

    /// The first route that answers to one of `names`, in manifest order.
    func route(answeringTo names: [String]) -> ResolvedManifest.Route? {
      names.compactMap { resolvedRoutes[$0] }.min().map { manifest.routes[$0] }
    }

    private func declaredRoute(_ name: String) -> RouteDeclaration? {
      declaredRoutes[name].map { declaration.routes[$0] }
    }

    /// Where the push type or alias `name` is written, else the start of the manifest.
    func pushTypeLocation(_ name: String) -> SourceLocation {
      declaration.pushTypeLocation(name, in: declaredRoute(name))
    }

    /// Where the link patterns of the route with push type `route` are written, in order.
    func linkLocations(route: String) -> [SourceLocation] {
      declaration.linkLocations(of: declaredRoute(route))
    }

    /// The `links` key of the route with push type `route` when it lists a pattern, else the
    /// route's key, else nil.
    func routeLinksLocation(route: String) -> SourceLocation? {
      declaration.routeLinksLocation(of: declaredRoute(route))
    }

    /// Where the route sets the parameter's source in `variant`, else where the screen declares
    /// it, else the route's key.
    func paramLocation(route: String, param: String, variant: String, screen: String)
      -> SourceLocation
    {
      declaration.paramLocation(
        route: declaredRoute(route), param: param, variant: variant,
        screenLocation: screenParamLocation(screen: screen, param: param))
    }

    /// Where the screen named `screen` declares `param`, else nil.
    func screenParamLocation(screen: String, param: String) -> SourceLocation? {
      declaredScreens[screen].flatMap { declaration.screens[$0].params }?
        .first { $0.name.value == param }?.name.location
    }

    /// The `requires` key of the route with push type `route`, else the route's key.
    func requiresLocation(route: String) -> SourceLocation {
      declaredRoute(route)?.requires?.location ?? pushTypeLocation(route)
    }

    /// The `stack` key that applies to the route with push type `route` in `variant` (an
    /// override's, else the route's), else the route's key.
    func stackLocation(route: String, variant: String) -> SourceLocation {
      let declared = declaredRoute(route)
      let override = declared?.overrides.first { $0.variant.value == variant }?.body.stack
      return override?.location ?? declared?.body.stack?.location ?? pushTypeLocation(route)
    }

    /// The `routes:` key, where a removed route is reported.
    var routesLocation: SourceLocation {
      topLevelKeys["routes"] ?? declaration.rootLocation
    }

    /// Where a route that `old` declared at `oldLocation` is reported removed: in the feature
    /// manifest of the same name when a feature declared it (its `routes:` key, else its
    /// `feature:` key), else at `routesLocation`.
    func routesLocation(forRouteAt oldLocation: SourceLocation, in old: Version) -> SourceLocation {
      guard let name = old.features.first(where: { $0.value.file == oldLocation.file })?.key,
        let keys = features[name]?.topLevelKeys,
        let location = keys["routes"] ?? keys["feature"]
      else { return routesLocation }
      return location
    }
  }

  /// Every change, each located in the new version (see `ManifestChange`), by position.
  package static func compare(old: Version, new: Version) -> [ManifestChange] {
    var changes = Changes(
      showsVariants: old.manifest.variantKey != nil || new.manifest.variantKey != nil)
    compareVariants(old, new, &changes)
    compareRemoteConfig(old, new, &changes)
    compareTypeKeys(old, new, &changes)
    compareNames(old, new, &changes)
    compareRoutes(old, new, &changes)
    compareCategories(old, new, &changes)
    compareLinkTargets(old, new, &changes)
    compareLinks(old, new, &changes)
    return changes.result
  }

  // MARK: Notification categories

  /// A server sends `aps.category`; a category or action the app no longer registers shows
  /// the notification without that button.
  private static func compareCategories(_ old: Version, _ new: Version, _ changes: inout Changes) {
    let newCategories = Dictionary(
      new.manifest.categories.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    let oldCategories = Dictionary(
      old.manifest.categories.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    for category in old.manifest.categories {
      guard let survivor = newCategories[category.name] else {
        changes.add(
          .removedCategory, new.declaration.categoriesLocation(new.topLevelKeys),
          "notification category `\(category.name)` was removed",
          oldLocation: old.declaration.categoryLocation(category.name))
        continue
      }
      let newIDs = Set(survivor.actions.map(\.id))
      for action in category.actions where !newIDs.contains(action.id) {
        changes.add(
          .removedAction, new.declaration.categoryLocation(category.name),
          "action `\(action.id)` of notification category `\(category.name)` was removed",
          oldLocation: old.declaration.actionLocation(category: category.name, id: action.id))
      }
    }
    for category in new.manifest.categories {
      guard let previous = oldCategories[category.name] else {
        changes.add(
          .addedCategory, new.declaration.categoryLocation(category.name),
          "notification category `\(category.name)` was added")
        continue
      }
      let oldIDs = Set(previous.actions.map(\.id))
      for action in category.actions where !oldIDs.contains(action.id) {
        changes.add(
          .addedAction, new.declaration.actionLocation(category: category.name, id: action.id),
          "action `\(action.id)` of notification category `\(category.name)` was added")
      }
    }
  }

  // MARK: Variants and remote config

  private static func compareRemoteConfig(_ old: Version, _ new: Version, _ changes: inout Changes)
  {
    let oldKey = old.manifest.variantKey
    let newKey = new.manifest.variantKey
    if oldKey != newKey, oldKey != nil {
      let describe = { (key: String?) in key.map { "`\($0)`" } ?? "none" }
      changes.add(
        .changedVariantKey, new.declaration.variantKeyLocation,
        "the remote-config key that picks the variant changed from \(describe(oldKey)) to \(describe(newKey))",
        oldLocation: newKey == nil ? old.declaration.variantKeyLocation : nil)
    }
    let oldDefault = old.manifest.variants[old.manifest.defaultVariant].name
    let newDefault = new.manifest.variants[new.manifest.defaultVariant].name
    if oldKey != nil, newKey != nil, oldDefault != newDefault {
      changes.add(
        .changedDefaultVariant, new.declaration.defaultVariantLocation,
        "unknown remote-config values now pick `\(newDefault)` instead of `\(oldDefault)`")
    }
    let oldValues = remoteValues(old.manifest)
    let newValues = remoteValues(new.manifest)
    for (value, variant) in oldValues {
      guard let now = newValues.first(where: { $0.value == value })?.variant else {
        // The variant it picked, if that is still there.
        changes.add(
          .removedRemoteValue, new.declaration.variantLocation(variant),
          "remote-config value `\(value)` no longer picks a variant (it picked `\(variant)`)",
          oldLocation: old.declaration.remoteValueLocation(value))
        continue
      }
      if now != variant {
        changes.add(
          .changedRemoteValue, new.declaration.remoteValueLocation(value),
          "remote-config value `\(value)` now picks `\(now)` instead of `\(variant)`")
      }
    }
    for (value, variant) in newValues where !oldValues.contains(where: { $0.value == value }) {
      changes.add(
        .addedRemoteValue, new.declaration.remoteValueLocation(value),
        "remote-config value `\(value)` picks `\(variant)`")
    }
  }

  private static func remoteValues(_ manifest: ResolvedManifest) -> [(
    value: String, variant: String
  )] {
    manifest.variants.flatMap { variant in variant.remoteValues.map { ($0, variant.name) } }
  }

  private static func compareVariants(_ old: Version, _ new: Version, _ changes: inout Changes) {
    let oldNames = old.manifest.variants.map(\.name)
    let newNames = new.manifest.variants.map(\.name)
    // A manifest without variants has one implicit `default`; adding or dropping `variants`
    // shows up as remote-config changes, not as a variant named `default`.
    guard old.manifest.variantKey != nil || new.manifest.variantKey != nil else { return }
    for name in oldNames where !newNames.contains(name) && old.manifest.variantKey != nil {
      changes.add(
        .removedVariant, new.declaration.variantsLocation, "variant `\(name)` was removed",
        oldLocation: old.declaration.variantLocation(name))
    }
    for name in newNames where !oldNames.contains(name) && new.manifest.variantKey != nil {
      changes.add(
        .addedVariant, new.declaration.variantLocation(name), "variant `\(name)` was added")
    }
  }

  private static func compareTypeKeys(_ old: Version, _ new: Version, _ changes: inout Changes) {
    let oldKeys = old.manifest.typeKeys.map { $0.joined(separator: ".") }
    let newKeys = new.manifest.typeKeys.map { $0.joined(separator: ".") }
    for key in oldKeys where !newKeys.contains(key) {
      changes.add(
        .changedTypeKeys, new.declaration.typeKeysLocation,
        "the push type is no longer read from `\(key)`; payloads carrying it there stop resolving")
    }
    for key in newKeys where !oldKeys.contains(key) {
      changes.add(
        .addedTypeKey, new.declaration.typeKeysLocation,
        "the push type is also read from `\(key)`")
    }
  }

  // MARK: Push types and aliases

  private static func compareNames(_ old: Version, _ new: Version, _ changes: inout Changes) {
    let newNames = Set(new.manifest.routes.flatMap { [$0.pushType] + $0.aliases })
    let oldNames = Set(old.manifest.routes.flatMap { [$0.pushType] + $0.aliases })
    for route in old.manifest.routes {
      let deprecated = route.deprecation != nil
      if !newNames.contains(route.pushType) {
        changes.add(
          deprecated ? .removedDeprecatedRoute : .removedPushType,
          new.routesLocation(forRouteAt: old.pushTypeLocation(route.pushType), in: old),
          "push type `\(route.pushType)` was removed" + (deprecated ? " (it was deprecated)" : ""),
          oldLocation: old.pushTypeLocation(route.pushType))
      }
      // An alias is reported at its route when the route is still there under another name.
      let survivor = matchingRoute(route, in: new)
      let aliasLocation =
        survivor.map { new.pushTypeLocation($0.pushType) }
        ?? new.routesLocation(forRouteAt: old.pushTypeLocation(route.pushType), in: old)
      for alias in route.aliases where !newNames.contains(alias) {
        changes.add(
          deprecated ? .removedDeprecatedRoute : .removedAlias, aliasLocation,
          "alias `\(alias)` of `\(route.pushType)` was removed"
            + (deprecated ? " (the route was deprecated)" : ""),
          oldLocation: old.pushTypeLocation(alias))
      }
    }
    for route in new.manifest.routes {
      if !oldNames.contains(route.pushType) {
        changes.add(
          .addedPushType, new.pushTypeLocation(route.pushType),
          "push type `\(route.pushType)` was added")
      }
      for alias in route.aliases where !oldNames.contains(alias) {
        changes.add(
          .addedAlias, new.pushTypeLocation(alias),
          "alias `\(alias)` of `\(route.pushType)` was added")
      }
    }
  }

  // MARK: What each route reads from a payload

  private struct Input: Equatable {
    var param: String
    var type: ParamType
    var required: Bool
    var maxLength: Int
  }

  /// The payload values a route reads in one variant, by dotted key path.
  private static func inputs(_ manifest: ResolvedManifest, _ route: ResolvedManifest.EffectiveRoute)
    -> [(keyPath: String, input: Input)]
  {
    guard manifest.screens.indices.contains(route.screen) else { return [] }
    let screen = manifest.screens[route.screen]
    return zip(screen.params, route.params).compactMap { param, source in
      guard case .payload(let keyPath) = source else { return nil }
      let required = param.requirement == .required
      return (
        keyPath.joined(separator: "."),
        Input(
          param: param.name, type: param.type, required: required, maxLength: param.maxLength)
      )
    }
  }

  static func screenName(_ manifest: ResolvedManifest, _ index: Int) -> String {
    manifest.screens.indices.contains(index) ? manifest.screens[index].name : ""
  }

  /// The route of `version` that answers to one of `route`'s names (push type or alias).
  static func matchingRoute(_ route: ResolvedManifest.Route, in version: Version)
    -> ResolvedManifest.Route?
  {
    version.route(answeringTo: [route.pushType] + route.aliases)
  }

  /// Each variant of the new version, whether the old one has a variant of that name, and the
  /// route's effective form in each (nil where it, or the variant, does not exist).
  static func variantPairs(
    _ old: Version, _ new: Version, _ oldRoute: ResolvedManifest.Route,
    _ newRoute: ResolvedManifest.Route
  ) -> [(
    variant: String, inOld: Bool, before: ResolvedManifest.EffectiveRoute?,
    after: ResolvedManifest.EffectiveRoute?
  )] {
    new.manifest.variants.enumerated().map { newIndex, variant in
      let oldIndex = old.manifest.variants.firstIndex { $0.name == variant.name }
      let before = oldIndex.flatMap {
        oldRoute.variants.indices.contains($0) ? oldRoute.variants[$0] : nil
      }
      let after = newRoute.variants.indices.contains(newIndex) ? newRoute.variants[newIndex] : nil
      return (variant.name, oldIndex != nil, before, after)
    }
  }

  private static func compareRoutes(_ old: Version, _ new: Version, _ changes: inout Changes) {
    for oldRoute in old.manifest.routes {
      guard let newRoute = matchingRoute(oldRoute, in: new) else { continue }
      let name = newRoute.pushType
      let routeLocation = new.pushTypeLocation(name)
      if oldRoute.deprecation == nil, let reason = newRoute.deprecation {
        changes.add(
          .deprecatedRoute, routeLocation,
          "route `\(name)` is now deprecated" + (reason.isEmpty ? "" : ": \(reason)"))
      }
      compareNavigation(old, new, oldRoute, newRoute, &changes)
      for pair in variantPairs(old, new, oldRoute, newRoute) {
        switch (pair.before, pair.after) {
        case (nil, nil): continue
        case (.some, nil):
          changes.add(
            .routeUnavailable, routeLocation, "push type `\(name)` no longer resolves",
            variant: pair.variant)
        case (nil, .some):
          if pair.inOld {
            changes.add(
              .routeAvailable, routeLocation, "push type `\(name)` now resolves",
              variant: pair.variant)
          }
        case (.some(let before), .some(let after)):
          compareInputs(
            inputs(old.manifest, before), inputs(new.manifest, after),
            routes: (oldRoute.pushType, name), variant: pair.variant, old: old, new: new,
            screens: (
              screenName(old.manifest, before.screen), screenName(new.manifest, after.screen)
            ),
            &changes)
        }
      }
    }
  }

  private static func compareInputs(
    _ before: [(keyPath: String, input: Input)], _ after: [(keyPath: String, input: Input)],
    routes: (old: String, new: String), variant: String, old: Version, new: Version,
    screens: (old: String, new: String), _ changes: inout Changes
  ) {
    let route = routes.new
    func newLocation(_ param: String) -> SourceLocation {
      new.paramLocation(
        route: routes.new, param: param, variant: variant, screen: screens.new)
    }
    // By key path and by parameter, first of each: a route that reads thousands of values would
    // otherwise search the other version's list once per value.
    func index(_ inputs: [(keyPath: String, input: Input)], by key: (String, Input) -> String)
      -> [String: (keyPath: String, input: Input)]
    {
      var index: [String: (keyPath: String, input: Input)] = [:]
      for entry in inputs where index[key(entry.keyPath, entry.input)] == nil {
        index[key(entry.keyPath, entry.input)] = entry
      }
      return index
    }
    let beforeByKeyPath = index(before) { keyPath, _ in keyPath }
    let beforeByParam = index(before) { _, input in input.param }
    let afterByKeyPath = index(after) { keyPath, _ in keyPath }
    let afterByParam = index(after) { _, input in input.param }
    for (keyPath, input) in after {
      let previous = beforeByKeyPath[keyPath]?.input
      let moved = beforeByParam[input.param].flatMap { $0.keyPath != keyPath ? $0 : nil }
      if let previous {
        changes.addTypeChange(
          "route `\(route)` reads `\(keyPath)`", from: previous.type, to: input.type,
          maxLength: input.maxLength, at: newLocation(input.param), variant: variant)
      }
      if previous == nil, let moved {
        changes.add(
          .changedKeyPath, newLocation(input.param),
          "route `\(route)` reads `\(input.param)` from `\(keyPath)` instead of `\(moved.keyPath)`",
          variant: variant)
      } else if input.required, previous?.required != true {
        changes.add(
          .addedRequiredParam, newLocation(input.param),
          "route `\(route)` now requires `\(keyPath)` (parameter `\(input.param)`)",
          variant: variant)
      } else if previous == nil {
        changes.add(
          .addedOptionalParam, newLocation(input.param),
          "route `\(route)` now reads the optional `\(keyPath)` (parameter `\(input.param)`)",
          variant: variant)
      }
    }
    for (keyPath, input) in before where afterByKeyPath[keyPath] == nil {
      guard afterByParam[input.param] == nil else { continue }
      changes.add(
        .removedParam, new.pushTypeLocation(routes.new),
        "route `\(route)` no longer reads `\(keyPath)`", variant: variant,
        oldLocation: old.paramLocation(
          route: routes.old, param: input.param, variant: variant, screen: screens.old))
    }
  }
}

extension ManifestDiff {
  /// Changes as they are found; the same change in several variants becomes one, naming them.
  struct Changes {
    private struct Key: Hashable {
      var kind: ManifestChange.Kind
      var location: SourceLocation
      var oldLocation: SourceLocation?
      var message: String
    }

    let showsVariants: Bool
    private var order: [Key] = []
    private var variants: [Key: [String]] = [:]

    init(showsVariants: Bool) {
      self.showsVariants = showsVariants
    }

    mutating func add(
      _ kind: ManifestChange.Kind, _ location: SourceLocation, _ message: String,
      variant: String? = nil, oldLocation: SourceLocation? = nil
    ) {
      let key = Key(kind: kind, location: location, oldLocation: oldLocation, message: message)
      if variants[key] == nil {
        order.append(key)
        variants[key] = []
      }
      if let variant { variants[key, default: []].append(variant) }
    }

    /// A value that `reader` (such as "route `lesson` reads `page`") read as `old` and now reads
    /// as `new`: widened when `new` accepts every value `old` did, else breaking.
    /// `location` is asked only when the type changed.
    mutating func addTypeChange(
      _ reader: String, from old: ParamType, to new: ParamType, maxLength: Int,
      at location: @autoclosure () -> SourceLocation, variant: String
    ) {
      guard old != new else { return }
      let location = location()
      let change = "\(reader) as \(new.rawValue), not \(old.rawValue)"
      if ParamTypeWidening.accepts(new, maxLength: maxLength, everyValueOf: old) {
        add(
          .widenedParamType, location, change + ", which accepts every value \(old.rawValue) did",
          variant: variant)
      } else {
        add(.changedParamType, location, change, variant: variant)
      }
    }

    var result: [ManifestChange] {
      let changes = order.map { key -> ManifestChange in
        let names = variants[key] ?? []
        var message = key.message
        if showsVariants, !names.isEmpty {
          let list = names.map { "`\($0)`" }.joined(separator: ", ")
          message += names.count == 1 ? " in variant \(list)" : " in variants \(list)"
        }
        return ManifestChange(key.kind, at: key.location, message, oldLocation: key.oldLocation)
      }
      // By position in the new version; changes at one place keep the order they were found in.
      return changes.enumerated().sorted { lhs, rhs in
        if lhs.element.location != rhs.element.location {
          return lhs.element.location < rhs.element.location
        }
        return lhs.offset < rhs.offset
      }.map(\.element)
    }
  }
}
