import RouteTable

/// Decoding of notification `categories` and their action buttons.
extension ManifestDecoder {
  mutating func categories(_ node: YAMLNode) -> [CategoryDeclaration] {
    guard let mapping = mapping(node, "`categories`") else { return [] }
    return mapping.entries.compactMap { entry in
      let name = entry.located
      checkWireName(name, "category name", rule: .invalidActionID)
      let what = "category `\(name.value)`"
      guard let body = self.mapping(entry.value, what) else { return nil }
      checkKeys(body, allowed: ["actions", "route"], in: what, owner: name.location)
      if body["actions"] == nil, body["route"] == nil {
        diagnostics.report(
          .missingKey, at: name.location,
          "\(what) needs `actions` (its buttons), `route` (what a tap on the notification opens when its payload names no route), or both"
        )
      }
      var actions: [ActionDeclaration] = []
      if let node = body["actions"]?.value, let list = self.mapping(node, "`actions` of \(what)") {
        if list.entries.isEmpty {
          diagnostics.report(
            .emptyCollection, at: list.location,
            "`actions` of \(what) must declare at least one action")
        }
        actions = list.entries.compactMap { action($0, category: name.value) }
      }
      let route = body["route"].flatMap { string($0.value, "`route` of \(what)") }
      return CategoryDeclaration(name: name, actions: actions, route: route)
    }
  }

  private mutating func action(_ entry: YAMLMapping.Entry, category: String) -> ActionDeclaration? {
    let id = entry.located
    checkWireName(id, "action id", rule: .invalidActionID)
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
}
