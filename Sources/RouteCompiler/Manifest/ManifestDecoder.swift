import RouteTable

/// Stage 2 of the pipeline: YAML nodes -> `ManifestDeclaration`.
///
/// Checks what can be checked on one node at a time: shapes, unknown and missing keys, scalar
/// types and name patterns. Cross-references wait for `ManifestValidator`.
package struct ManifestDecoder: NodeReading {
  var diagnostics: Diagnostics

  static let topLevelKeys = [
    "manifest", "namespace", "payload", "remote_config", "variants", "tabs", "bases", "screens",
    "routes", "fallback", "links", "categories", "requirements", "feature", "compose",
    "shortcuts", "activities", "intents", "app_files",
  ]
  /// The top-level keys only an app manifest may declare, with why.
  package static let appOnlyKeys: KeyValuePairs<String, String> = [
    "namespace": "the generated types of a feature are `enum <feature>Routes`",
    "variants": "variants belong to the app",
    "tabs": "tabs belong to the app",
    "remote_config": "Remote Config picks the app's variant",
    "payload": "the push type's key paths are the app's",
    "links": "the hosts and schemes the app answers are the app's",
    "requirements": "requirements belong to the app",
    "fallback": "the fallback route is the app's",
    "compose": "only an app manifest composes features",
    "app_files": "the Info.plist and its URL schemes and activity types are the app's",
  ]
  static let routeKeys = [
    "screen", "params", "tab", "url", "presentation", "foreground", "only", "variants", "aliases",
    "deprecated", "description", "links", "requires", "stack", "category", "when_present",
    "app_action", "reroute",
  ]
  static let overrideKeys = ["screen", "params", "tab", "url", "presentation", "stack"]
  /// A route's keys that are no top-level key, with the fix: a top-level `presentation:` is a
  /// route's key dedented out of its route.
  static let dedentedRouteKeys: [String: String] = Dictionary(
    uniqueKeysWithValues: routeKeys.filter { !topLevelKeys.contains($0) }.map {
      (
        $0,
        "`\($0)` is a key of a route: indent it under the route it belongs to, in the column of that route's other keys"
      )
    })
  /// The words other schemas use for a parameter's types, with the type each means here.
  static let paramTypeSynonyms = [
    "integer": "int", "str": "string", "text": "string", "boolean": "bool", "float": "double",
    "number": "double",
  ]

  /// Decodes the tree of file `file` of a composition (0: the app manifest, or the only file).
  package static func decode(_ root: YAMLNode?, file: Int = 0, diagnostics: inout Diagnostics)
    -> ManifestDeclaration?
  {
    guard let root else {
      if !diagnostics.hasErrors {
        diagnostics.report(
          .emptyManifest, at: .start(of: file),
          "the file holds no YAML document; a manifest starts with `manifest: 1`")
      }
      return nil
    }
    var decoder = ManifestDecoder(diagnostics: diagnostics)
    defer { diagnostics = decoder.diagnostics }
    return decoder.manifest(root)
  }
}

extension ManifestDecoder {
  fileprivate mutating func manifest(_ root: YAMLNode) -> ManifestDeclaration? {
    guard case .mapping(let mapping) = root else {
      diagnostics.report(
        .typeMismatch, at: root.location,
        "a manifest must be a mapping with `manifest`, `screens` and `routes`, found \(root.kindDescription)"
      )
      return nil
    }
    // An app manifest that composes features may leave every screen and route to them.
    let required = mapping["compose"] == nil ? ["manifest", "screens", "routes"] : ["manifest"]
    checkKeys(
      mapping, allowed: ManifestDecoder.topLevelKeys, required: required, in: "the manifest",
      fixes: ["manifest": "add `manifest: 1` as the first line (the version of the language)"],
      misplaced: ManifestDecoder.dedentedRouteKeys)
    if let feature = mapping["feature"] {
      checkAppOnlyKeys(mapping, feature: feature.key.location)
    }
    var manifest = ManifestDeclaration(rootLocation: mapping.location)
    for entry in mapping.entries {
      let value = entry.value
      switch entry.key.value {
      case "manifest":
        manifest.version = int(value, "`manifest`")
      case "namespace":
        if let namespace = string(value, "`namespace`") {
          if NamePatterns.isUpperCamel(namespace.value) {
            manifest.namespace = namespace
          } else {
            diagnostics.report(
              .invalidNamespace, at: namespace.location,
              "`namespace` must be an UpperCamelCase Swift identifier like `Shop`, found `\(namespace.value)`"
            )
          }
        }
      case "payload": manifest.typeKeys = payload(value)
      case "remote_config": manifest.remoteConfig = remoteConfig(value, key: entry.key.location)
      case "variants":
        if let variants = variants(value, undecodedTabs: &manifest.undecoded.variantTabs) {
          manifest.variants = Located(variants, at: entry.key.location)
        }
      case "tabs":
        if let tabs = tabList(value, "`tabs`", nonEmpty: false) {
          manifest.tabs = Located(tabs, at: entry.key.location)
        }
      case "bases": manifest.bases = bases(value, undecoded: &manifest.undecoded.bases)
      case "screens": manifest.screens = screens(value, undecoded: &manifest.undecoded)
      case "routes": manifest.routes = routes(value, undecoded: &manifest.undecoded.routes)
      case "fallback": manifest.fallback = string(value, "`fallback`")
      case "categories": manifest.categories = categories(value)
      case "shortcuts": manifest.shortcuts = shortcuts(value)
      case "activities": manifest.activities = activities(value)
      case "intents": manifest.intents = intents(value)
      case "app_files": manifest.appFiles = appFiles(value)
      case "links": manifest.links = links(value, key: entry.key.location)
      case "requirements":
        if let requirements = requirements(value) {
          manifest.requirements = Located(requirements, at: entry.key.location)
        }
      case "feature":
        manifest.feature = featureName(value, "`feature`")
      case "compose": manifest.compose = compose(value)
      default: break  // Unknown keys were reported above.
      }
    }
    return manifest
  }

  /// A feature manifest declaring what belongs to the app: one error per key, with the reason.
  private mutating func checkAppOnlyKeys(_ mapping: YAMLMapping, feature: SourceLocation) {
    for entry in mapping.entries {
      guard let reason = ManifestDecoder.appOnlyKeys.first(where: { $0.key == entry.key.value })
      else { continue }
      diagnostics.report(
        .appKeyInFeature, at: entry.key.location,
        "a feature manifest (`feature:` at \(feature)) may not declare `\(entry.key.value)`: "
          + "\(reason.value); declare it in the app manifest that composes this feature")
    }
  }

  /// A feature's name: an UpperCamelCase Swift identifier, its generated types' prefix.
  private mutating func featureName(_ node: YAMLNode, _ what: String) -> Located<String>? {
    string(node, what).flatMap { isFeatureName($0, what) ? $0 : nil }
  }

  private mutating func isFeatureName(_ name: Located<String>, _ what: String) -> Bool {
    guard NamePatterns.isUpperCamel(name.value) else {
      diagnostics.report(
        .invalidNamespace, at: name.location,
        "\(what) must name a feature as an UpperCamelCase Swift identifier like `Orders`, found `\(name.value)`"
      )
      return false
    }
    return true
  }

  /// `compose`: the features an app manifest composes, each once (`stringList` reports a
  /// repeated one).
  private mutating func compose(_ node: YAMLNode) -> [Located<String>]? {
    stringList(node, "`compose`", nonEmpty: true)?
      .filter { isFeatureName($0, "an item of `compose`") }
  }

  private mutating func payload(_ node: YAMLNode) -> [Located<String>]? {
    guard let mapping = mapping(node, "`payload`") else { return nil }
    checkKeys(mapping, allowed: ["type_keys"], in: "`payload`")
    guard let node = mapping["type_keys"]?.value,
      let keys = stringList(node, "`payload.type_keys`", nonEmpty: true)
    else { return nil }
    for key in keys { checkKeyPath(key, "type key") }
    return keys
  }
}
