/// Decoding of `intents`: App Intents that open a route, their parameters, and the App Shortcut
/// an intent may be.
extension ManifestDecoder {
  static let intentKeys = ["route", "title", "description", "parameters", "shortcut"]
  static let intentParameterKeys = ["title", "description"]
  static let appShortcutKeys = ["phrases", "short_title", "symbol"]
  /// How many phrases one App Shortcut may have.
  static let maximumPhrases = 10

  mutating func intents(_ node: YAMLNode) -> [IntentDeclaration] {
    guard let mapping = nonEmptyMapping(node, "`intents`", of: "intent") else { return [] }
    return mapping.entries.compactMap { entry in
      let key = entry.located
      checkName(key, "intent")
      let what = "intent `\(key.value)`"
      guard let body = self.mapping(entry.value, what) else { return nil }
      checkKeys(
        body, allowed: Self.intentKeys, required: ["route", "title"], in: what,
        owner: key.location,
        fixes: ["title": "it is the action's name in Shortcuts, as Siri says it"])
      var intent = IntentDeclaration(key: key)
      if let node = body["route"]?.value { intent.route = string(node, "`route` of \(what)") }
      if let node = body["title"]?.value {
        intent.title = shownText(node, "`title` of \(what)", shownBy: .siriAndShortcuts)
      }
      if let node = body["description"]?.value {
        intent.description = shownText(node, "`description` of \(what)", shownBy: .siriAndShortcuts)
      }
      if let node = body["parameters"]?.value {
        intent.parameters = intentParameters(node, of: what)
      }
      if let entry = body["shortcut"] {
        intent.appShortcut = appShortcut(entry.value, at: entry.key.location, of: what)
      }
      return intent
    }
  }

  /// `KEY: { title: ..., description: ... }`, by the payload key the route reads.
  private mutating func intentParameters(_ node: YAMLNode, of intent: String)
    -> [IntentParameterDeclaration]
  {
    guard
      let mapping = nonEmptyMapping(node, "`parameters` of \(intent)", of: "parameter")
    else { return [] }
    return mapping.entries.compactMap { entry in
      let key = entry.located
      let what = "parameter `\(key.value)` of \(intent)"
      guard let body = self.mapping(entry.value, what) else { return nil }
      checkKeys(
        body, allowed: Self.intentParameterKeys, required: ["title"], in: what,
        owner: key.location,
        fixes: ["title": "it is what Shortcuts asks for, as in `{ title: Episode }`"])
      var parameter = IntentParameterDeclaration(key: key)
      if let node = body["title"]?.value {
        parameter.title = shownText(node, "`title` of \(what)", shownBy: .siriAndShortcuts)
      }
      if let node = body["description"]?.value {
        parameter.description = shownText(
          node, "`description` of \(what)", shownBy: .siriAndShortcuts)
      }
      return parameter
    }
  }

  private mutating func appShortcut(
    _ node: YAMLNode, at location: SourceLocation, of intent: String
  ) -> AppShortcutDeclaration? {
    let what = "`shortcut` of \(intent)"
    guard let body = mapping(node, what) else { return nil }
    checkKeys(
      body, allowed: Self.appShortcutKeys, required: ["phrases", "short_title"], in: what,
      owner: location,
      fixes: [
        "phrases": "list what the user says, each with `${app}`, as in `- \"Open ${app}\"`",
        "short_title": "it is the App Shortcut's name in Spotlight and on the Action button",
      ])
    var appShortcut = AppShortcutDeclaration(location: location)
    if let node = body["phrases"]?.value,
      let phrases = scalarList(node, "`phrases` of \(intent)", nonEmpty: true)
    {
      for (index, phrase) in phrases.enumerated() {
        if index == Self.maximumPhrases {
          diagnostics.report(
            .invalidShortcutPhrase, at: phrase.location,
            "\(intent) has more than \(Self.maximumPhrases) phrases, the most an App Shortcut takes; keep the \(Self.maximumPhrases) users say most"
          )
        }
        if shownText(.scalar(phrase), "a phrase of \(intent)", shownBy: .siriAndShortcuts) != nil {
          appShortcut.phrases.append(phrase)
        }
      }
    }
    if let node = body["short_title"]?.value {
      appShortcut.shortTitle = shownText(
        node, "`short_title` of \(what)", shownBy: .siriAndShortcuts)
    }
    if let node = body["symbol"]?.value {
      appShortcut.symbol = resourceName(
        node, "`symbol` of \(what)", of: "SF Symbol", inPropertyList: false)
    }
    return appShortcut
  }
}
