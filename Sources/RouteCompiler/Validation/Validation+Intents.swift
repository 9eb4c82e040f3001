import RouteTable

/// `intents`: each intent's route, the payload keys its parameters stand for, the values its
/// route needs, its App Shortcut's phrases, and the Swift names the generated types take.
extension Validation {
  /// How many App Shortcuts iOS takes from an app; it ignores the rest.
  static let maximumAppShortcuts = 10
  /// The members of a generated `AppIntent` that a parameter's property must not be named.
  static let intentMembers = [
    "perform": "the method App Intents runs",
    "intentDoor": "where the intent hands its payload",
  ]
  /// The parameter types an intent parameter can have.
  static let intentParameterTypes: [ParamType] = [.string, .int, .double, .bool]

  mutating func checkIntents(_ routes: [ResolvedManifest.Route], namespace: String?)
    -> [ResolvedManifest.Intent]
  {
    checkIntentTypeNames(namespace: namespace)
    var result: [ResolvedManifest.Intent] = []
    var appShortcuts = 0
    for intent in manifest.intents {
      let what = "intent `\(intent.key.value)`"
      if let shortcut = intent.shortcut {
        appShortcuts += 1
        if appShortcuts == Self.maximumAppShortcuts + 1 {
          diagnostics.report(
            .tooManyAppShortcuts, at: shortcut.location,
            "\(what) is the eleventh App Shortcut; iOS takes \(Self.maximumAppShortcuts) from an app and ignores the rest, so remove `shortcut` from the intents users need least (they stay actions in Shortcuts)"
          )
        }
      }
      checkCollisions(
        intent.parameters.map(\.key), "parameter of \(what)", convert: SwiftName.lowerCamel,
        reserved: (ResolvedManifest.Intent.typeName(intent.key.value), Self.intentMembers))
      guard let name = intent.route, let route = routeIndex(of: name, from: what, "opens")
      else { continue }
      let parameters = intent.parameters.compactMap {
        intentParameter($0, of: routes[route], what)
      }
      guard parameters.count == intent.parameters.count else { continue }
      checkIntentGivesValues(intent, routes[route], at: name.location, what)
      let shortcut = intent.shortcut.flatMap {
        appShortcut($0, parameters: intent.parameters, resolved: parameters, what)
      }
      guard let title = intent.title, intent.shortcut == nil || shortcut != nil else { continue }
      result.append(
        ResolvedManifest.Intent(
          key: intent.key.value, route: route, title: title.value,
          description: intent.description?.value, parameters: parameters, shortcut: shortcut))
    }
    return result
  }

  /// The generated types (each intent's `AppIntent`, each `AppEnum`, and the namespace), each
  /// name once: two keys giving one name are a `swift-name-collision` at the later.
  private mutating func checkIntentTypeNames(namespace: String?) {
    var first: [String: (what: String, location: SourceLocation?)] = [:]
    if let namespace {
      first[namespace + "Routes"] = ("the namespace", nil)
      first[namespace + "AppShortcuts"] = ("the App Shortcuts provider", nil)
    }
    func claim(_ name: String, _ what: String, at location: SourceLocation) {
      if let previous = first[name] {
        let place = previous.location.map { " (\(diagnostics.reference(to: $0)))" } ?? ""
        diagnostics.report(
          .swiftNameCollision, at: location,
          "\(what) becomes the Swift type `\(name)`, as \(previous.what)\(place) does; rename one")
      } else {
        first[name] = (what, location)
      }
    }
    for intent in manifest.intents {
      let typeName = ResolvedManifest.Intent.typeName(intent.key.value)
      claim(typeName, "intent `\(intent.key.value)`", at: intent.key.location)
      for parameter in intent.parameters {
        claim(
          typeName + SwiftName.upperCamel(parameter.key.value),
          "the choices of parameter `\(parameter.key.value)` of intent `\(intent.key.value)`",
          at: parameter.key.location)
      }
    }
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
      for (param, source) in zip(screens[effective.screen].params, effective.params) {
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
        "\(what) is no payload key route `\(route.pushType)` reads a screen parameter from (`from:`)\(hint)"
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
      for (param, source) in zip(screens[effective.screen].params, effective.params) {
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
      "\(what) opens route `\(route.pushType)`, whose screen needs \(Suggestions.all(missing.map { "`\($0)`" })) from \(Suggestions.all(paths.map { "`\($0)`" })), which the intent does not ask for; \(fix)"
    )
  }

  /// The phrases, each with `${app}` and any `${NAME}` a parameter with choices; nil after
  /// reporting a phrase that is not.
  private mutating func appShortcut(
    _ shortcut: AppShortcutDeclaration, parameters declared: [IntentParameterDeclaration],
    resolved: [ResolvedManifest.IntentParameter], _ what: String
  ) -> ResolvedManifest.AppShortcut? {
    var phrases: [[ResolvedManifest.PhrasePart]] = []
    for phrase in shortcut.phrases {
      if let parts = phraseParts(phrase, parameters: resolved, what) { phrases.append(parts) }
    }
    guard phrases.count == shortcut.phrases.count, let shortTitle = shortcut.shortTitle else {
      return nil
    }
    return ResolvedManifest.AppShortcut(
      phrases: phrases, shortTitle: shortTitle.value, symbol: shortcut.symbol?.value)
  }

  private mutating func phraseParts(
    _ phrase: YAMLScalar, parameters: [ResolvedManifest.IntentParameter], _ what: String
  ) -> [ResolvedManifest.PhrasePart]? {
    let scalars = Array(phrase.value.unicodeScalars)
    var parts: [ResolvedManifest.PhrasePart] = []
    var text = String.UnicodeScalarView()
    var index = 0
    var hasApp = false
    let names = ["app"] + parameters.map(\.key)
    while index < scalars.count {
      guard scalars[index] == "$", index + 1 < scalars.count, scalars[index + 1] == "{" else {
        text.append(scalars[index])
        index += 1
        continue
      }
      guard let close = scalars[(index + 2)...].firstIndex(of: "}") else {
        diagnostics.report(
          .invalidShortcutPhrase, at: phrase.location(ofOffset: index),
          "a phrase of \(what) opens `${` without closing it; write `${app}` or `${NAME}` for a parameter with choices"
        )
        return nil
      }
      let name = String(String.UnicodeScalarView(scalars[(index + 2)..<close]))
      let location = phrase.location(ofOffset: index)
      if name.contains("${") {
        diagnostics.report(
          .invalidShortcutPhrase, at: location,
          "a phrase of \(what) opens `${` without closing it; write `${app}` or `${NAME}` for a parameter with choices"
        )
        return nil
      }
      if !text.isEmpty { parts.append(.text(String(text))) }
      text = String.UnicodeScalarView()
      if name == "app" {
        hasApp = true
        parts.append(.app)
      } else if let position = parameters.firstIndex(where: { $0.key == name }) {
        guard parameters[position].choices != nil else {
          diagnostics.report(
            .invalidShortcutPhrase, at: location,
            "a phrase of \(what) names `${\(name)}`, a parameter without `choices`; App Shortcuts take only parameters whose values can be listed, so give its screen parameter `choices`, or leave it out of the phrase (Shortcuts asks for it)"
          )
          return nil
        }
        parts.append(.parameter(position))
      } else {
        diagnostics.report(
          .invalidShortcutPhrase, at: location,
          "a phrase of \(what) names `${\(name)}`, which is neither `${app}` nor a parameter of the intent"
            + diagnostics.suggestions.didYouMean(name, in: names))
        return nil
      }
      index = close + 1
    }
    if !text.isEmpty { parts.append(.text(String(text))) }
    guard hasApp else {
      diagnostics.report(
        .invalidShortcutPhrase, at: phrase.location,
        "a phrase of \(what) does not say `${app}`; iOS takes only phrases that name the app, so add `${app}` where the user says its name"
      )
      return nil
    }
    return parts
  }
}
