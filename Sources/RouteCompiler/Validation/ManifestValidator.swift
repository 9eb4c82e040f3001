/// Stage 4 of the pipeline: `ManifestDeclaration` -> `ResolvedManifest`, or diagnostics. The
/// rules live in the `Validation+*` extensions, one file per subject.
///
/// Checks every reference between parts of the manifest and validates each route once per
/// variant it exists in, with that variant's overrides applied, so a route that is fine in v2 but
/// points at a missing tab in v1 is caught.
package enum ManifestValidator {
  /// `fileName` names the namespace when the manifest does not.
  package static func validate(
    _ manifest: ManifestDeclaration, fileName: String, diagnostics: inout Diagnostics
  ) -> ResolvedManifest? {
    var validation = Validation(manifest: manifest, diagnostics: diagnostics)
    let resolved = validation.run(fileName: fileName)
    diagnostics = validation.diagnostics
    return diagnostics.hasErrors ? nil : resolved
  }
}

/// The state of one validation run; its steps live in extensions by subject.
struct Validation {
  let manifest: ManifestDeclaration
  var diagnostics: Diagnostics

  var variants: [ResolvedManifest.Variant] = []
  var variantIndex: [String: Int] = [:]
  /// Variants declared past `maximumVariants` (reported once): references to them are not
  /// reported again, and routes are not checked in them.
  var variantsPastLimit: Set<String> = []
  /// Where each variant's `tabs` (or the top-level `tabs`) is written, by variant index.
  var tabsLocations: [SourceLocation?] = []
  /// The tab names routes select that their variants lack, reported together once every route
  /// is checked (`reportMissingTabs`): one mistake, one error.
  var missingTabs: [MissingTab] = []
  /// Every declared base, including those whose name or URL is invalid (reported once, where
  /// they are declared).
  var baseNames: Set<String> = []
  var screenIndex: [String: Int] = [:]
  var screens: [ResolvedManifest.Screen] = []
  /// Every declared requirement by name, its index in `requirements` order.
  var requirementIndex: [String: Int] = [:]
  /// Every route's key and aliases, and the route each names (`indexRouteNames`).
  var routeNames: [String: Int] = [:]
  var routeNameOrder: [String] = []
  /// Per route key, per link: what the route's screens add to it (`recordLinkRefinements`),
  /// for the ambiguity check.
  var linkRefinements: [String: [LinkRefinement]] = [:]

  /// The type key paths, split once; `typeKeysAreWellFormed` is false when one of them is
  /// malformed (`invalid-key-path` reports it, and checks that read them stand down).
  let typeKeyPaths: [[String]]
  let typeKeysAreWellFormed: Bool

  init(manifest: ManifestDeclaration, diagnostics: Diagnostics) {
    self.manifest = manifest
    self.diagnostics = diagnostics
    let written = manifest.typeKeys?.map(\.value) ?? ["type"]
    typeKeyPaths = written.map { $0.split(separator: ".").map(String.init) }
    typeKeysAreWellFormed = written.allSatisfy(NamePatterns.isKeyPath)
  }

  mutating func run(fileName: String) -> ResolvedManifest? {
    let namespace = namespace(fileName: fileName)
    checkVersion()
    let (variantKey, defaultVariant) = checkVariants()
    let bases = checkBases()
    checkScreens()
    checkRequirementNames()
    let routes = checkRoutes()
    indexRouteNames(routes)
    let requirements = checkRequirements(routes)
    let fallback = checkFallback(routes)
    let categories = checkCategories(routes)
    checkCarriedCategories(routes, categories)
    let shortcuts = checkShortcuts(routes)
    let activities = checkActivities(routes)
    let intents = checkIntents(routes, namespace: namespace)
    checkLinkAmbiguity()
    checkWhenPresent()
    guard let namespace, let defaultVariant else { return nil }
    return ResolvedManifest(
      namespace: namespace,
      typeKeys: typeKeyPaths,
      variantKey: variantKey, variants: variants, defaultVariant: defaultVariant, bases: bases,
      screens: screens, routes: routes, fallback: fallback, categories: categories,
      linkHosts: manifest.links?.hosts.map(\.value) ?? [],
      linkSchemes: manifest.links?.schemes.map(\.value) ?? [],
      hostAuthoritySchemes: manifest.links?.hostAuthoritySchemes ?? [], requirements: requirements,
      shortcuts: shortcuts, activities: activities, intents: intents,
      otherSchemes: manifest.appFiles?.otherSchemes.map(\.value) ?? [],
      otherActivityTypes: manifest.appFiles?.otherActivityTypes.map(\.value) ?? [])
  }

  private mutating func namespace(fileName: String) -> String? {
    if let namespace = manifest.namespace {
      return namespace.value
    }
    let stem = ManifestFileName.stem(fileName)
    let derived = SwiftName.upperCamel(stem)
    // A letter outside ASCII would vanish from the name (`über-app` would give `BerAppRoutes`):
    // ask for the name instead of guessing it.
    if let letter = stem.first(where: { !$0.isASCII && $0.isLetter }) {
      diagnostics.report(
        .invalidNamespace, at: manifest.rootLocation,
        "the file name `\(fileName)` has `\(letter)`, which a Swift namespace made from it would drop; add `namespace: Name` (UpperCamelCase, ASCII)"
      )
      return nil
    }
    guard NamePatterns.isUpperCamel(derived) else {
      diagnostics.report(
        .invalidNamespace, at: manifest.rootLocation,
        "cannot make a Swift namespace from the file name `\(fileName)`; add `namespace: Name` (UpperCamelCase)"
      )
      return nil
    }
    return derived
  }

  private mutating func checkVersion() {
    if let version = manifest.version, version.value != 1 {
      diagnostics.report(
        .unsupportedVersion, at: version.location,
        "this routec reads manifest version 1, found `manifest: \(version.value)`")
    }
  }

  /// The parameters an effective route's sources fill, in order (its target's).
  func params(of effective: ResolvedManifest.EffectiveRoute) -> [ResolvedManifest.Param] {
    ResolvedManifest.params(of: effective.target, screens: screens)
  }

  /// Runs one of the decoder's value checks on a value validation put together (a constant
  /// checked against the parameter it fills) and keeps what it reports.
  mutating func withDecoder(_ body: (inout ManifestDecoder) -> Void) {
    var decoder = ManifestDecoder(diagnostics: Diagnostics())
    body(&decoder)
    for diagnostic in decoder.diagnostics.all {
      diagnostics.append(diagnostic)
    }
  }

  /// Reports names that become the same Swift identifier; identical names are duplicates, which
  /// other rules report.
  /// Two names of `kind` that become one Swift name, or a name that becomes a member the
  /// generated type `reserved.type` declares itself (`GeneratedMembers`).
  mutating func checkCollisions(
    _ names: [Located<String>], _ kind: String, convert: (String) -> String,
    reserved: (type: String, members: [String: String]) = ("", [:])
  ) {
    var first: [String: Located<String>] = [:]
    for name in names {
      let swiftName = convert(name.value)
      if let member = reserved.members[swiftName] {
        diagnostics.report(
          .swiftNameCollision, at: name.location,
          "\(kind) `\(name.value)` becomes the Swift name `\(swiftName)`, which the generated `\(reserved.type)` already declares (\(member)); rename the \(kind)"
        )
        continue
      }
      if let previous = first[swiftName] {
        if previous.value != name.value {
          diagnostics.report(
            .swiftNameCollision, at: name.location,
            "\(kind) `\(name.value)` and `\(previous.value)` (\(diagnostics.reference(to: previous.location))) both become the Swift name `\(swiftName)`; rename one"
          )
        }
      } else {
        first[swiftName] = name
      }
    }
  }
}
