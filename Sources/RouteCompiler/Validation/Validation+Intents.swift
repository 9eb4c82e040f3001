import RouteTable

/// `intents`: each intent's route, the payload keys its parameters stand for, the values its
/// route needs, its App Shortcut's phrases, and the Swift names the generated types take.
extension Validation {
  /// How many App Shortcuts iOS takes from an app; it ignores the rest.
  static let maximumAppShortcuts = 10
  /// The parameter types an intent parameter can have.
  static let intentParameterTypes: [ParamType] = [.string, .int, .double, .bool]

  mutating func checkIntents(_ routes: [ResolvedManifest.Route], namespace: String?)
    -> [ResolvedManifest.Intent]
  {
    var types = checkIntentTypeNames(namespace: namespace)
    var result: [ResolvedManifest.Intent] = []
    var appShortcutCount = 0
    for intent in manifest.intents {
      let what = "intent `\(intent.key.value)`"
      if let appShortcut = intent.appShortcut {
        appShortcutCount += 1
        if appShortcutCount == Self.maximumAppShortcuts + 1 {
          diagnostics.report(
            .tooManyAppShortcuts, at: appShortcut.location,
            "\(what) is the eleventh App Shortcut; iOS takes \(Self.maximumAppShortcuts) from an app and ignores the rest, so remove `shortcut` from the intents users need least (they stay actions in Shortcuts)"
          )
        }
      }
      let named = namedParameters(intent, what)
      guard let name = intent.route, let route = routeIndex(of: name, from: what, "opens"),
        named, types.claimed.contains(intent.key.value),
        // A route that opens no screen in any variant was reported where it names one.
        routes[route].variants.contains(where: { $0 != nil })
      else { continue }
      let parameters = intent.parameters.compactMap {
        intentParameter($0, of: routes[route], what)
      }
      guard parameters.count == intent.parameters.count else { continue }
      checkIntentGivesValues(intent, routes[route], at: name.location, what)
      let appShortcut = intent.appShortcut.flatMap {
        self.appShortcut($0, parameters: intent.parameters, resolved: parameters, what)
      }
      guard let title = intent.title, intent.appShortcut == nil || appShortcut != nil else {
        continue
      }
      for (declared, parameter) in zip(intent.parameters, parameters) where parameter.choices != nil
      {
        types.claim(
          parameter.enumName(in: intent.key.value),
          "the choices of parameter `\(parameter.key)` of \(what)", at: declared.key.location,
          &diagnostics)
      }
      result.append(
        ResolvedManifest.Intent(
          key: intent.key.value, route: route, title: title.value,
          description: intent.description?.value, parameters: parameters, appShortcut: appShortcut))
    }
    return result
  }

  /// Whether every parameter's key gives a property (`IntentNames.property`) no other
  /// parameter's key and no member of the `AppIntent` gives; false after reporting each that
  /// does not.
  private mutating func namedParameters(_ intent: IntentDeclaration, _ what: String) -> Bool {
    let before = diagnostics.all.count
    let named = intent.parameters.filter { parameter in
      if let name = IntentNames.property(parameter.key.value), IntentNames.isValid(name) {
        return true
      }
      diagnostics.report(
        .invalidIntentParameter, at: parameter.key.location,
        "parameter `\(parameter.key.value)` of \(what) has no ASCII letter or digit, so it gives no Swift property; read the value from a key that has some"
      )
      return false
    }
    checkCollisions(
      named.map(\.key), "parameter of \(what)", convert: { IntentNames.property($0) ?? "" },
      reserved: (IntentNames.typeName(intent.key.value), IntentNames.intentMembers))
    return diagnostics.all.count == before
  }

  /// The generated types' names, each once and none a type App Intents declares: a key giving a
  /// taken name is one `swift-name-collision` at that key.
  struct IntentTypeNames {
    var first: [String: (what: String, location: SourceLocation?)] = [:]
    /// The intents whose `AppIntent` took its name.
    var claimed: Set<String> = []

    @discardableResult mutating func claim(
      _ name: String, _ what: String, at location: SourceLocation,
      _ diagnostics: inout Diagnostics
    ) -> Bool {
      if IntentNames.frameworkTypes.contains(name) {
        diagnostics.report(
          .swiftNameCollision, at: location,
          "\(what) becomes the Swift type `\(name)`, which App Intents or the generated code already names; rename it"
        )
        return false
      }
      if let previous = first[name] {
        let place = previous.location.map { " (\(diagnostics.reference(to: $0)))" } ?? ""
        diagnostics.report(
          .swiftNameCollision, at: location,
          "\(what) becomes the Swift type `\(name)`, as \(previous.what)\(place) does; rename one")
        return false
      }
      first[name] = (what, location)
      return true
    }
  }

  /// Claims the namespace's types and each intent's `AppIntent`; each `AppEnum` is claimed when
  /// its parameter resolves with choices, so an intent whose type is taken, or a parameter
  /// without choices, claims none.
  private mutating func checkIntentTypeNames(namespace: String?) -> IntentTypeNames {
    var types = IntentTypeNames()
    if let namespace {
      types.first[namespace + "Routes"] = ("the namespace", nil)
      types.first[namespace + "AppShortcuts"] = ("the App Shortcuts provider", nil)
    }
    for intent in manifest.intents {
      let key = intent.key.value
      if types.claim(
        IntentNames.typeName(key), "intent `\(key)`", at: intent.key.location, &diagnostics)
      {
        types.claimed.insert(key)
      }
    }
    return types
  }

  /// The screen parameter `declared` stands for: the one the route reads from that payload key,
  /// with the same type, choices and limit in every variant it exists in.
  private mutating func intentParameter(
    _ declared: IntentParameterDeclaration, of route: ResolvedManifest.Route, _ intent: String
  ) -> ResolvedManifest.IntentParameter? {
    let key = declared.key
    let what = "parameter `\(key.value)` of \(intent)"
    var read: [(variant: String, param: ResolvedManifest.Param)] = []
    var keys: [String] = []
    for (index, effective) in route.variants.enumerated() {
      guard let effective else { continue }
      for (param, source) in zip(params(of: effective), effective.params) {
        guard case .payload(let path) = source else { continue }
        if path == [key.value] { read.append((variants[index].name, param)) }
        if path.count == 1, !keys.contains(path[0]) { keys.append(path[0]) }
      }
    }
    guard let first = read.first else {
      let hint =
        key.value.contains(".")
        ? "; an intent builds a flat payload, so a key path cannot be a parameter"
        : diagnostics.suggestions.nearest(to: key.value, in: keys).map { "; did you mean `\($0)`?" }
          ?? (keys.isEmpty
            ? "; it reads none, so the intent can ask for nothing"
            : "; it reads \(Suggestions.all(keys.map { "`\($0)`" }))")
      diagnostics.report(
        .invalidIntentParameter, at: key.location,
        "\(what) is no payload key route `\(route.key)` reads a screen parameter from (`from:`)\(hint)"
      )
      return nil
    }
    if let other = read.first(where: {
      $0.param.type != first.param.type || $0.param.choices != first.param.choices
    }) {
      diagnostics.report(
        .invalidIntentParameter, at: key.location,
        "\(what) is read as \(describe(first.param)) in variant `\(first.variant)` but as \(describe(other.param)) in variant `\(other.variant)`; an intent parameter has one type"
      )
      return nil
    }
    guard Self.intentParameterTypes.contains(first.param.type) else {
      diagnostics.report(
        .invalidIntentParameter, at: key.location,
        "\(what) is read as \(describe(first.param)), which no intent parameter can be; an intent asks for a string, int, double or bool"
      )
      return nil
    }
    let isRequired = read.contains {
      if case .required = $0.param.requirement { true } else { false }
    }
    return ResolvedManifest.IntentParameter(
      key: key.value, title: declared.title?.value ?? key.value,
      description: declared.description?.value, type: first.param.type,
      choices: first.param.choices, isOptional: !isRequired)
  }

  private func describe(_ param: ResolvedManifest.Param) -> String {
    if let choices = param.choices {
      "a string with choices \(Suggestions.all(choices.map { "`\($0)`" }))"
    } else {
      "`\(param.name)` of type \(param.type.rawValue)"
    }
  }

  /// Each required parameter of the route's screens read from a payload must be one the intent
  /// asks for: the payload holds nothing else.
  private mutating func checkIntentGivesValues(
    _ intent: IntentDeclaration, _ route: ResolvedManifest.Route, at location: SourceLocation,
    _ what: String
  ) {
    let asked = Set(intent.parameters.map { [$0.key.value] })
    var missing: [String] = []
    var paths: [String] = []
    for effective in route.variants.compactMap({ $0 }) {
      for (param, source) in zip(params(of: effective), effective.params) {
        guard case .required = param.requirement, case .payload(let path) = source,
          !asked.contains(path)
        else { continue }
        let written = path.joined(separator: ".")
        if !paths.contains(written) {
          paths.append(written)
          missing.append(param.name)
        }
      }
    }
    guard let firstPath = paths.first else { return }
    let fix =
      paths.allSatisfy { !$0.contains(".") }
      ? "add \(paths.count == 1 ? "it" : "them") to `parameters` (`\(firstPath): { title: ... }`), or give the route a constant"
      : "an intent builds a flat payload, so give the route a constant, or read the value from a top-level key"
    diagnostics.report(
      .intentNeedsValue, at: location,
      "\(what) opens route `\(route.key)`, whose screen needs \(Suggestions.all(missing.map { "`\($0)`" })) from \(Suggestions.all(paths.map { "`\($0)`" })), which the intent does not ask for; \(fix)"
    )
  }

  /// The phrases, each with `${app}` and any `${NAME}` a parameter with choices; nil after
  /// reporting a phrase that is not.
  private mutating func appShortcut(
    _ appShortcut: AppShortcutDeclaration, parameters declared: [IntentParameterDeclaration],
    resolved: [ResolvedManifest.IntentParameter], _ what: String
  ) -> ResolvedManifest.AppShortcut? {
    var phrases: [[ResolvedManifest.PhrasePart]] = []
    for phrase in appShortcut.phrases {
      if let parts = phraseParts(phrase, parameters: resolved, what) { phrases.append(parts) }
    }
    guard phrases.count == appShortcut.phrases.count, let shortTitle = appShortcut.shortTitle
    else {
      return nil
    }
    return ResolvedManifest.AppShortcut(
      phrases: phrases, shortTitle: shortTitle.value, symbol: appShortcut.symbol?.value)
  }

  /// The parts of `phrase` (`AppShortcutPhrase`), or nil after reporting why it is not one.
  private mutating func phraseParts(
    _ phrase: YAMLScalar, parameters: [ResolvedManifest.IntentParameter], _ what: String
  ) -> [ResolvedManifest.PhrasePart]? {
    switch AppShortcutPhrase.parse(phrase.value, parameters: parameters) {
    case .success(let parts):
      return parts
    case .failure(.unclosed(let offset)):
      diagnostics.report(
        .invalidShortcutPhrase, at: phrase.location(ofOffset: offset),
        "a phrase of \(what) opens `${` without closing it; write `${app}` or `${NAME}` for a parameter with choices"
      )
    case .failure(.parameterWithoutChoices(let name, let offset)):
      diagnostics.report(
        .invalidShortcutPhrase, at: phrase.location(ofOffset: offset),
        "a phrase of \(what) names `${\(name)}`, a parameter without `choices`; App Shortcuts take only parameters whose values can be listed, so give its screen parameter `choices`, or leave it out of the phrase (Shortcuts asks for it)"
      )
    case .failure(.unknownName(let name, let offset)):
      diagnostics.report(
        .invalidShortcutPhrase, at: phrase.location(ofOffset: offset),
        "a phrase of \(what) names `${\(name)}`, which is neither `${app}` nor a parameter of the intent"
          + diagnostics.suggestions.didYouMean(name, in: ["app"] + parameters.map(\.key)))
    case .failure(.noApp):
      diagnostics.report(
        .invalidShortcutPhrase, at: phrase.location,
        "a phrase of \(what) does not say `${app}`; iOS takes only phrases that name the app, so add `${app}` where the user says its name"
      )
    }
    return nil
  }
}
