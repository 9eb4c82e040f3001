import RouteTable

/// Stage 2 of the pipeline: YAML nodes -> `ManifestDeclaration`.
///
/// Checks what can be checked on one node at a time: shapes, unknown and missing keys, scalar
/// types and name patterns. Cross-references wait for `ManifestValidator`.
package enum ManifestDecoder {
  static let topLevelKeys = [
    "manifest", "namespace", "payload", "remote_config", "variants", "tabs", "bases", "screens",
    "routes", "fallback", "links", "categories", "requirements", "feature", "compose",
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
  ]
  static let routeKeys = [
    "screen", "params", "tab", "url", "presentation", "foreground", "only", "variants", "aliases",
    "deprecated", "description", "links", "requires", "stack",
  ]
  static let overrideKeys = ["screen", "params", "tab", "url", "presentation", "stack"]

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
    var reader = NodeReader(diagnostics: diagnostics)
    defer { diagnostics = reader.diagnostics }
    return reader.manifest(root)
  }
}

extension NodeReader {
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
      mapping, allowed: ManifestDecoder.topLevelKeys, required: required, in: "the manifest")
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

  private mutating func remoteConfig(_ node: YAMLNode, key: SourceLocation)
    -> RemoteConfigDeclaration?
  {
    guard let mapping = mapping(node, "`remote_config`") else { return nil }
    checkKeys(mapping, allowed: ["variant_key", "default_variant"], in: "`remote_config`")
    var config = RemoteConfigDeclaration(keyLocation: key)
    if let node = mapping["variant_key"]?.value {
      config.variantKey = string(node, "`remote_config.variant_key`")
      if let variantKey = config.variantKey, variantKey.value.isEmpty {
        diagnostics.report(
          .emptyCollection, at: variantKey.location, "`remote_config.variant_key` must not be empty"
        )
      }
    }
    if let node = mapping["default_variant"]?.value {
      config.defaultVariant = string(node, "`remote_config.default_variant`")
    }
    return config
  }

  private mutating func variants(_ node: YAMLNode, undecodedTabs: inout Set<String>)
    -> [VariantDeclaration]?
  {
    guard let mapping = nonEmptyMapping(node, "`variants`", of: "variant") else { return nil }
    var result: [VariantDeclaration] = []
    for entry in mapping.entries {
      let name = entry.located
      checkName(name, "variant name")
      let what = "variant `\(name.value)`"
      guard let body = self.mapping(entry.value, what) else { continue }
      checkKeys(
        body, allowed: ["values", "tabs"], required: ["values", "tabs"], in: what,
        owner: name.location)
      let values = body["values"].flatMap {
        stringList($0.value, "`values` of \(what)", nonEmpty: true)
      }
      let tabs = body["tabs"].flatMap { tabList($0.value, "`tabs` of \(what)", nonEmpty: true) }
      if tabs == nil { undecodedTabs.insert(name.value) }
      result.append(VariantDeclaration(name: name, values: values ?? [], tabs: tabs ?? []))
    }
    return result
  }

  private mutating func tabList(_ node: YAMLNode, _ what: String, nonEmpty: Bool) -> [Located<
    String
  >]? {
    guard let tabs = stringList(node, what, nonEmpty: nonEmpty) else { return nil }
    for tab in tabs { checkName(tab, "tab name") }
    return tabs
  }

  private mutating func bases(_ node: YAMLNode, undecoded: inout Set<String>) -> [BaseDeclaration] {
    guard let mapping = mapping(node, "`bases`") else { return [] }
    return mapping.entries.compactMap { entry in
      let name = entry.located
      checkName(name, "base name")
      let what = "base `\(name.value)`"
      guard case .mapping(let spec) = entry.value else {
        guard let url = scalar(entry.value, what) else {
          undecoded.insert(name.value)
          return nil
        }
        return BaseDeclaration(name: name, url: url)
      }
      checkKeys(
        spec, allowed: ["url", "allow_http"], required: ["url"], in: what, owner: name.location)
      guard let node = spec["url"]?.value, let url = scalar(node, "`url` of \(what)") else {
        undecoded.insert(name.value)
        return nil
      }
      var base = BaseDeclaration(name: name, url: url)
      if let node = spec["allow_http"]?.value {
        base.allowsHTTP = bool(node, "`allow_http` of \(what)")?.value ?? false
      }
      return base
    }
  }

  private mutating func screens(_ node: YAMLNode, undecoded: inout UndecodedNames)
    -> [ScreenDeclaration]
  {
    guard let mapping = nonEmptyMapping(node, "`screens`", of: "screen") else { return [] }
    return mapping.entries.compactMap { entry in
      let name = entry.located
      let what = "screen `\(name.value)`"
      checkName(name, "screen name", upperCamel: true)
      guard let body = self.mapping(entry.value, what) else {
        undecoded.screens.insert(name.value)
        return nil
      }
      checkKeys(body, allowed: ["params"], in: what)
      var params: [ParamDeclaration] = []
      if let node = body["params"]?.value, let mapping = self.mapping(node, "`params` of \(what)") {
        for entry in mapping.entries {
          if let param = param(entry, screen: name.value) {
            params.append(param)
          } else {
            undecoded.params[name.value, default: []].insert(entry.key.value)
          }
        }
      }
      return ScreenDeclaration(name: name, params: params)
    }
  }

  private mutating func param(_ entry: YAMLMapping.Entry, screen: String) -> ParamDeclaration? {
    let name = entry.located
    let what = "parameter `\(name.value)` of screen `\(screen)`"
    checkName(name, "parameter name")
    if case .scalar = entry.value {
      guard let type = choice(entry.value, "the type of \(what)", as: ParamType.self) else {
        return nil
      }
      return ParamDeclaration(
        name: name, type: type, defaultValue: nil, isOptional: false, maxLength: nil)
    }
    guard let spec = mapping(entry.value, what) else { return nil }
    checkKeys(
      spec, allowed: ["type", "default", "optional", "max_length"], required: ["type"], in: what,
      owner: name.location)
    guard let typeNode = spec["type"]?.value,
      let type = choice(typeNode, "the type of \(what)", as: ParamType.self)
    else { return nil }
    var param = ParamDeclaration(
      name: name, type: type, defaultValue: nil, isOptional: false, maxLength: nil)
    if let optional = spec["optional"] {
      // A value that is not a boolean (`yes`) was reported; reading it as optional keeps the
      // rules that require a value (a link binding it, say) from adding errors of their own.
      param.isOptional = bool(optional.value, "`optional` of \(what)")?.value ?? true
      if param.isOptional, spec["default"] != nil {
        diagnostics.report(
          .conflictingKeys, at: optional.key.location,
          "\(what) has both `default` and `optional: true`; keep one: a default makes the value always present"
        )
      }
    }
    if let maxLength = spec["max_length"] {
      if type.value != .string {
        diagnostics.report(
          .invalidMaxLength, at: maxLength.key.location,
          "`max_length` applies only to string parameters; \(what) is \(type.value.rawValue)")
      } else if let length = int(maxLength.value, "`max_length` of \(what)") {
        if length.value > 0 {
          param.maxLength = length
        } else {
          diagnostics.report(
            .invalidMaxLength, at: length.location,
            "`max_length` must be at least 1, found \(length.value)")
        }
      }
    }
    if let node = spec["default"]?.value, let value = scalar(node, "the default of \(what)") {
      param.defaultValue = value
      checkValue(value, of: param, "the default of \(what)")
    }
    return param
  }

  private mutating func routes(_ node: YAMLNode, undecoded: inout Set<String>)
    -> [RouteDeclaration]
  {
    guard let mapping = nonEmptyMapping(node, "`routes`", of: "route") else { return [] }
    return mapping.entries.compactMap { entry in
      guard let route = route(entry) else {
        undecoded.insert(entry.key.value)
        return nil
      }
      return route
    }
  }

  private mutating func route(_ entry: YAMLMapping.Entry) -> RouteDeclaration? {
    let pushType = entry.located
    checkPushType(pushType, "push type")
    let what = "route `\(pushType.value)`"
    guard let mapping = self.mapping(entry.value, what) else { return nil }
    checkKeys(
      mapping, allowed: ManifestDecoder.routeKeys, required: ["screen"], in: what,
      owner: pushType.location)
    var route = RouteDeclaration(
      pushType: pushType, body: routeBody(mapping, what), only: nil, overrides: [], aliases: [],
      foreground: nil, deprecation: nil, description: nil)
    if let node = mapping["only"]?.value {
      route.only = stringList(node, "`only` of \(what)", nonEmpty: true)
    }
    if let node = mapping["variants"]?.value,
      let overrides = self.mapping(node, "`variants` of \(what)")
    {
      for override in overrides.entries {
        let variant = override.located
        let overrideWhat = "the `\(variant.value)` override of \(what)"
        guard let body = self.mapping(override.value, overrideWhat) else { continue }
        for key in body.entries
        where ManifestDecoder.routeKeys.contains(key.key.value)
          && !ManifestDecoder.overrideKeys.contains(key.key.value)
        {
          diagnostics.report(
            .unknownKey, at: key.key.location,
            "`\(key.key.value)` cannot be overridden per variant; set it on \(what) or use "
              + Suggestions.list(ManifestDecoder.overrideKeys))
        }
        let unknown = YAMLMapping(
          entries: body.entries.filter { !ManifestDecoder.routeKeys.contains($0.key.value) },
          location: body.location)
        checkKeys(unknown, allowed: ManifestDecoder.overrideKeys, in: overrideWhat)
        var overrideBody = routeBody(body, overrideWhat)
        if case .perVariant(let map)? = overrideBody.tab {
          diagnostics.report(
            .typeMismatch, at: map.location,
            "the `tab` of \(overrideWhat) must be a tab name or index, found a mapping; the override already applies to one variant"
          )
          overrideBody.tab = nil
        }
        route.overrides.append((variant, overrideBody))
      }
    }
    if let node = mapping["aliases"]?.value, let aliases = sequence(node, "`aliases` of \(what)") {
      for item in aliases.items {
        guard let alias = string(item, "an alias of \(what)") else { continue }
        checkPushType(alias, "alias")
        route.aliases.append(alias)
      }
    }
    if let node = mapping["foreground"]?.value {
      route.foreground = choice(node, "`foreground` of \(what)", as: ForegroundPolicy.self)
    }
    if let node = mapping["deprecated"]?.value, let value = scalar(node, "`deprecated` of \(what)")
    {
      if let flag = ScalarSyntax.bool(value) {
        route.deprecation = flag ? Located("", at: value.location) : nil
      } else if value.style == .plain, ScalarSyntax.yaml11Booleans.contains(value.value) {
        diagnostics.report(
          .invalidBool, at: value.location,
          "`deprecated` of \(what) must be `true`, `false` or a message; `\(value.value)` is a YAML 1.1 boolean (quote it to use it as a message)"
        )
      } else {
        route.deprecation = Located(value.value, at: value.location)
      }
    }
    if let node = mapping["description"]?.value {
      route.description = string(node, "`description` of \(what)")?.value
    }
    if let entry = mapping["requires"],
      let names = stringList(entry.value, "`requires` of \(what)", nonEmpty: true)
    {
      route.requires = Located(names, at: entry.key.location)
    }
    if let entry = mapping["links"] {
      let patterns = scalarList(entry.value, "`links` of \(what)", nonEmpty: true) ?? []
      route.links = Located(patterns.compactMap { linkPattern($0) }, at: entry.key.location)
    }
    return route
  }

  private mutating func linkPattern(_ scalar: YAMLScalar) -> LinkDeclaration? {
    do {
      return LinkDeclaration(scalar: scalar, pattern: try LinkPattern(parsing: scalar.value))
    } catch {
      diagnostics.report(
        .linkSyntax, at: scalar.location(ofOffset: error.offset), "link pattern: \(error.message)")
      return nil
    }
  }

  private mutating func links(_ node: YAMLNode, key: SourceLocation) -> LinksDeclaration? {
    guard let mapping = mapping(node, "`links`") else { return nil }
    checkKeys(mapping, allowed: ["hosts", "schemes"], in: "`links`")
    var links = LinksDeclaration(keyLocation: key)
    if let entry = mapping["hosts"] {
      links.hostsLocation = entry.key.location
      for host in stringList(entry.value, "`links.hosts`", nonEmpty: true) ?? [] {
        links.declaresTargets = true
        if let problem = LinkNames.hostProblem(host.value) {
          diagnostics.report(.invalidLinkHost, at: host.location, problem)
        } else {
          links.hosts.append(host)
        }
      }
    }
    if let entry = mapping["schemes"] {
      links.schemesLocation = entry.key.location
      for scheme in stringList(entry.value, "`links.schemes`", nonEmpty: true) ?? [] {
        links.declaresTargets = true
        if let problem = LinkNames.schemeProblem(scheme.value) {
          diagnostics.report(.invalidLinkScheme, at: scheme.location, problem)
        } else {
          links.schemes.append(scheme)
        }
      }
    }
    return links
  }

  private mutating func routeBody(_ mapping: YAMLMapping, _ what: String) -> RouteBodyDeclaration {
    var body = RouteBodyDeclaration(location: mapping.location)
    if let node = mapping["screen"]?.value {
      body.screen = string(node, "`screen` of \(what)")
    }
    if let node = mapping["params"]?.value, let params = self.mapping(node, "`params` of \(what)") {
      body.params = params.entries.compactMap { paramSource($0, what) }
    }
    if let node = mapping["tab"]?.value {
      body.tab = tab(node, what)
    }
    if let node = mapping["url"]?.value {
      if case .mapping(let braces) = node, let template = Self.unquotedTemplate(braces) {
        diagnostics.report(
          .typeMismatch, at: node.location,
          "`url` of \(what) must be a single value; unquoted, `\(template)` is read as a YAML mapping: quote it, as in url: \"\(template)\""
        )
      } else {
        body.url = scalar(node, "`url` of \(what)")
      }
    }
    if let node = mapping["presentation"]?.value {
      body.presentation = choice(node, "`presentation` of \(what)", as: Presentation.self)
    }
    if let entry = mapping["stack"], let stack = stack(entry.value, "`stack` of \(what)") {
      body.stack = Located(stack, at: entry.key.location)
    }
    return body
  }

  /// `{web}` written without quotes is a mapping of `web` to nothing; the template it was
  /// meant to be, or nil for any other mapping.
  private static func unquotedTemplate(_ mapping: YAMLMapping) -> String? {
    guard mapping.entries.count == 1, let entry = mapping.entries.first,
      entry.key.style == .plain, case .scalar(let value) = entry.value, value.isEmptyPlain
    else { return nil }
    return "{\(entry.key.value)}"
  }

  private mutating func paramSource(_ entry: YAMLMapping.Entry, _ what: String)
    -> ParamSourceDeclaration?
  {
    let name = entry.located
    let paramWhat = "parameter `\(name.value)` of \(what)"
    if case .scalar(let scalar) = entry.value {
      let path = Located(scalar.value, at: scalar.location)
      checkKeyPath(path, "the payload key of \(paramWhat)")
      return ParamSourceDeclaration(name: name, source: .keyPath(path))
    }
    guard let mapping = self.mapping(entry.value, paramWhat) else { return nil }
    checkKeys(mapping, allowed: ["from", "value"], in: paramWhat)
    switch (mapping["from"], mapping["value"]) {
    case (let from?, nil):
      guard let path = string(from.value, "`from` of \(paramWhat)") else { return nil }
      checkKeyPath(path, "`from` of \(paramWhat)")
      return ParamSourceDeclaration(name: name, source: .keyPath(path))
    case (nil, let value?):
      guard let constant = scalar(value.value, "`value` of \(paramWhat)") else { return nil }
      return ParamSourceDeclaration(name: name, source: .constant(constant))
    case (_?, let value?):
      diagnostics.report(
        .conflictingKeys, at: value.key.location,
        "\(paramWhat) has both `from` and `value`; a parameter comes from the payload or is a constant, not both"
      )
    case (nil, nil):
      diagnostics.report(
        .missingKey, at: mapping.location,
        "\(paramWhat) needs `from: key.path` or `value: constant`")
    }
    return nil
  }

  private mutating func tab(_ node: YAMLNode, _ what: String) -> TabDeclaration? {
    if case .mapping(let mapping) = node {
      var entries: [(variant: Located<String>, tab: Located<TabReference>)] = []
      for entry in mapping.entries {
        if let tab = tabReference(entry.value, "the `\(entry.key.value)` tab of \(what)") {
          entries.append((entry.located, tab))
        }
      }
      return .perVariant(Located(entries, at: mapping.location))
    }
    return tabReference(node, "`tab` of \(what)").map(TabDeclaration.single)
  }

  private mutating func tabReference(_ node: YAMLNode, _ what: String) -> Located<TabReference>? {
    guard let scalar = scalar(node, what) else { return nil }
    if let index = ScalarSyntax.int(scalar) {
      return Located(.index(index), at: scalar.location)
    }
    // An unquoted number too large for an index is still an index, not a tab name.
    if scalar.style == .plain, ScalarSyntax.isDecimalInteger(scalar.value) {
      diagnostics.report(
        .tabOutOfRange, at: scalar.location,
        "tab index \(scalar.value) is out of range: an index counts a variant's tabs from 0")
      return nil
    }
    return Located(.name(scalar.value), at: scalar.location)
  }

  /// Checks a default or constant against its parameter's type and length limit.
  mutating func checkValue(_ scalar: YAMLScalar, of param: ParamDeclaration, _ what: String) {
    guard let value = ParamValue(scalar, as: param.type.value) else {
      let type = param.type.value
      let problem =
        ScalarSyntax.isOutOfRange(scalar, as: type)
        ? "is out of the range of \(type == .int ? "an" : "a") \(type.rawValue)"
        : "must be a valid \(type.rawValue)"
      let note =
        if scalar.style != .plain {
          " (quoted values are strings)"
        } else if type == .bool, ScalarSyntax.yaml11Booleans.contains(scalar.value) {
          "; `\(scalar.value)` is a YAML 1.1 boolean, which manifests do not accept: write `true` or `false`"
        } else {
          ""
        }
      diagnostics.report(
        .paramValueType, at: scalar.location, "\(what) \(problem), found `\(scalar.value)`" + note)
      return
    }
    if case .string(let string) = value, let limit = param.maxLength?.value,
      !ParamValue.fits(string, maxLength: limit)
    {
      // Counted as the runtime counts payload values: in Unicode scalars.
      diagnostics.report(
        .paramValueType, at: scalar.location,
        "\(what) is \(ParamValue.length(of: string)) characters long; `max_length` is \(limit)")
    }
  }

  private mutating func categories(_ node: YAMLNode) -> [CategoryDeclaration] {
    guard let mapping = mapping(node, "`categories`") else { return [] }
    return mapping.entries.compactMap { entry in
      let name = entry.located
      checkActionID(name, "category name")
      let what = "category `\(name.value)`"
      guard let body = self.mapping(entry.value, what) else { return nil }
      checkKeys(body, allowed: ["actions"], required: ["actions"], in: what, owner: name.location)
      var actions: [ActionDeclaration] = []
      if let node = body["actions"]?.value, let list = self.mapping(node, "`actions` of \(what)") {
        if list.entries.isEmpty {
          diagnostics.report(
            .emptyCollection, at: list.location,
            "`actions` of \(what) must declare at least one action")
        }
        actions = list.entries.compactMap { action($0, category: name.value) }
      }
      return CategoryDeclaration(name: name, actions: actions)
    }
  }

  private mutating func action(_ entry: YAMLMapping.Entry, category: String) -> ActionDeclaration? {
    let id = entry.located
    checkActionID(id, "action id")
    let what = "action `\(id.value)` of category `\(category)`"
    guard let body = mapping(entry.value, what) else { return nil }
    checkKeys(
      body, allowed: ["title", "route", "destructive", "authentication_required"],
      required: ["title"], in: what, owner: id.location)
    var action = ActionDeclaration(id: id)
    if let node = body["title"]?.value, let title = string(node, "`title` of \(what)") {
      if title.value.allSatisfy(\.isWhitespace) {
        diagnostics.report(
          .emptyTitle, at: title.location,
          "`title` of \(what) is empty; it is the button's text, which people read")
      }
      action.title = title
    }
    if let node = body["route"]?.value {
      action.route = string(node, "`route` of \(what)")
    }
    if let node = body["destructive"]?.value {
      action.isDestructive = bool(node, "`destructive` of \(what)")?.value ?? false
    }
    if let node = body["authentication_required"]?.value {
      action.requiresAuthentication =
        bool(node, "`authentication_required` of \(what)")?.value ?? false
    }
    return action
  }

  private mutating func checkActionID(_ name: Located<String>, _ kind: String) {
    if !NamePatterns.isPushType(name.value) {
      diagnostics.report(
        .invalidActionID, at: name.location,
        "\(kind) `\(name.value)` must be 1 to \(NamePatterns.pushTypeMaximumLength) characters from A-Z a-z 0-9 _ . : -"
      )
    }
  }

  private mutating func checkPushType(_ name: Located<String>, _ kind: String) {
    if !NamePatterns.isPushType(name.value) {
      diagnostics.report(
        .invalidPushType, at: name.location,
        "\(kind) `\(name.value)` must be 1 to \(NamePatterns.pushTypeMaximumLength) characters from A-Z a-z 0-9 _ . : -"
      )
    }
  }
}
