/// Decoding of `shortcuts` (Home Screen quick actions) and `activities` (user activity types).
extension ManifestDecoder {
  static let shortcutKeys = [
    "route", "dynamic", "title", "subtitle", "icon", "symbol", "icon_file",
  ]

  mutating func shortcuts(_ node: YAMLNode) -> [ShortcutDeclaration] {
    guard let mapping = nonEmptyMapping(node, "`shortcuts`", of: "shortcut") else { return [] }
    return mapping.entries.compactMap { entry in
      let type = entry.located
      checkWireName(type, "shortcut type", rule: .invalidDoorType)
      let what = "shortcut `\(type.value)`"
      guard let body = self.mapping(entry.value, what) else { return nil }
      var shortcut = ShortcutDeclaration(type: type)
      if let node = body["dynamic"]?.value {
        shortcut.isDynamic = bool(node, "`dynamic` of \(what)")?.value ?? false
      }
      // A static item is written to Info.plist, so it needs the text the Home Screen shows.
      checkKeys(
        body, allowed: Self.shortcutKeys,
        required: shortcut.isDynamic ? ["route"] : ["route", "title"], in: what,
        owner: type.location,
        fixes: [
          "title":
            "a static shortcut is written to Info.plist and `title` is the text the Home Screen shows; add `title:`, or `dynamic: true` when the app adds it"
        ])
      if let node = body["route"]?.value { shortcut.route = string(node, "`route` of \(what)") }
      for key in ["title", "subtitle"] {
        guard let node = body[key]?.value,
          let text = shownText(node, "`\(key)` of \(what)", shownBy: .homeScreen)
        else {
          continue
        }
        if key == "title" { shortcut.title = text } else { shortcut.subtitle = text }
      }
      if let node = body["icon"]?.value { shortcut.icon = string(node, "`icon` of \(what)") }
      // An SF Symbol's name, or an image of the app's asset catalog: names Info.plist holds.
      for key in ["symbol", "icon_file"] {
        guard let node = body[key]?.value,
          let name = resourceName(
            node, "`\(key)` of \(what)", of: key == "symbol" ? "SF Symbol" : "image",
            inPropertyList: true)
        else {
          continue
        }
        if key == "symbol" { shortcut.symbol = name } else { shortcut.iconFile = name }
      }
      return shortcut
    }
  }

  /// Who shows a title: what a message about one that cannot be shown names.
  enum TextShower {
    case homeScreen, siriAndShortcuts

    var shows: String {
      self == .homeScreen ? "the Home Screen shows" : "Siri and Shortcuts show"
    }
    var cannot: String {
      self == .homeScreen
        ? "which the Home Screen cannot show and Info.plist cannot hold"
        : "which Siri and Shortcuts cannot show"
    }
  }

  /// A text the system shows (a quick action's or an intent's title, a phrase): reports an
  /// empty one (`empty-title`) and one holding a control character or a noncharacter
  /// (`invalid-shortcut-title` on the Home Screen, `invalid-intent-text` in Siri and Shortcuts),
  /// and returns it either way.
  mutating func shownText(_ node: YAMLNode, _ what: String, shownBy shower: TextShower)
    -> Located<String>?
  {
    guard let text = string(node, what) else { return nil }
    if text.value.allSatisfy(\.isWhitespace) {
      diagnostics.report(
        .emptyTitle, at: text.location, "\(what) is empty; it is the text \(shower.shows)")
    } else if let control = ControlCharacters.firstUnshowable(in: text.value) {
      // Info.plist cannot hold most of them, and the system shows none as text.
      let kind =
        ControlCharacters.isControl(control) ? "the control character" : "the noncharacter"
      let message =
        "\(what) holds \(kind) \(ControlCharacters.escape(control)), \(shower.cannot); remove it"
      switch shower {
      case .homeScreen: diagnostics.report(.invalidShortcutTitle, at: text.location, message)
      case .siriAndShortcuts: diagnostics.report(.invalidIntentText, at: text.location, message)
      }
    }
    return text
  }

  /// The name of something the system looks up (an SF Symbol, an image of the asset catalog):
  /// reports one holding a control character or a noncharacter, which no such name holds
  /// (`invalid-shortcut-title` for a quick action's, which Info.plist holds, when
  /// `inPropertyList`; else an App Shortcut's, `invalid-intent-text`), and returns it either way.
  mutating func resourceName(
    _ node: YAMLNode, _ what: String, of kind: String, inPropertyList: Bool
  ) -> Located<String>? {
    guard let name = string(node, what) else { return nil }
    if let control = ControlCharacters.firstUnshowable(in: name.value) {
      let message =
        "\(what) holds \(ControlCharacters.escape(control)), which no \(kind) name holds\(inPropertyList ? " and Info.plist cannot hold" : ""); remove it"
      if inPropertyList {
        diagnostics.report(.invalidShortcutTitle, at: name.location, message)
      } else {
        diagnostics.report(.invalidIntentText, at: name.location, message)
      }
    }
    return name
  }

  /// `TYPE: ROUTE` (shorthand) or `TYPE: { route: ROUTE }`.
  mutating func activities(_ node: YAMLNode) -> [ActivityDeclaration] {
    guard let mapping = nonEmptyMapping(node, "`activities`", of: "activity type") else {
      return []
    }
    return mapping.entries.compactMap { entry in
      let type = entry.located
      checkWireName(type, "activity type", rule: .invalidDoorType)
      let what = "activity type `\(type.value)`"
      if let door = SystemActivityTypes.doors[type.value] {
        diagnostics.report(
          .invalidDoorType, at: type.location,
          "\(what) is how iOS delivers \(door); remove it from `activities`")
        return nil
      }
      if case .scalar = entry.value {
        return ActivityDeclaration(type: type, route: string(entry.value, "the route of \(what)"))
      }
      guard let body = self.mapping(entry.value, what) else { return nil }
      checkKeys(body, allowed: ["route"], required: ["route"], in: what, owner: type.location)
      return ActivityDeclaration(
        type: type, route: body["route"].flatMap { string($0.value, "`route` of \(what)") })
    }
  }
}
