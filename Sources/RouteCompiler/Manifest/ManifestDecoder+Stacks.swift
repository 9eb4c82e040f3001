/// Decoding of a route's `stack`: the screens beneath its screen.
extension ManifestDecoder {
  /// The most entries a route's `stack` may hold: a back stack deeper than this is not one a
  /// user walks back through.
  static let maximumStackEntries = 8

  /// A route's (or an override's) `stack`: screen names, or `{ screen: NAME, params: {...} }`.
  mutating func stack(_ node: YAMLNode, _ what: String) -> [StackEntryDeclaration]? {
    guard let list = sequence(node, what) else { return nil }
    if list.items.count > Self.maximumStackEntries {
      diagnostics.report(
        .stackTooLong, at: list.items[Self.maximumStackEntries].location,
        "\(what) has \(list.items.count) entries; a stack holds at most \(Self.maximumStackEntries) screens beneath the route's own"
      )
    }
    return list.items.compactMap { stackEntry($0, what) }
  }

  private mutating func stackEntry(_ node: YAMLNode, _ what: String) -> StackEntryDeclaration? {
    let entryWhat = "an entry of \(what)"
    guard case .mapping(let mapping) = node else {
      return string(node, entryWhat).map { StackEntryDeclaration(screen: $0) }
    }
    checkKeys(mapping, allowed: ["screen", "params"], required: ["screen"], in: entryWhat)
    guard let screenNode = mapping["screen"]?.value,
      let screen = string(screenNode, "`screen` of \(entryWhat)")
    else { return nil }
    var entry = StackEntryDeclaration(screen: screen, params: [])
    guard let node = mapping["params"]?.value,
      let params = self.mapping(node, "`params` of the `\(screen.value)` entry of \(what)")
    else { return entry }
    for param in params.entries {
      let name = param.located
      let paramWhat = "parameter `\(name.value)` of the `\(screen.value)` entry of \(what)"
      guard let body = self.mapping(param.value, paramWhat) else {
        entry.undecodedParams.insert(name.value)
        continue
      }
      checkKeys(body, allowed: ["param", "value"], in: paramWhat)
      // Bound unless decoded below: each malformed body is one error, where it is written.
      entry.undecodedParams.insert(name.value)
      switch (body["param"], body["value"]) {
      case (let source?, nil):
        if let source = string(source.value, "`param` of \(paramWhat)") {
          entry.params?.append(StackParamDeclaration(name: name, source: .param(source)))
          entry.undecodedParams.remove(name.value)
        }
      case (nil, let value?):
        if let constant = scalar(value.value, "`value` of \(paramWhat)") {
          entry.params?.append(StackParamDeclaration(name: name, source: .constant(constant)))
          entry.undecodedParams.remove(name.value)
        }
      case (_?, let value?):
        diagnostics.report(
          .conflictingKeys, at: value.key.location,
          "\(paramWhat) has both `param` and `value`; a value comes from the route's parameter or is a constant, not both"
        )
      case (nil, nil):
        // An unknown key (`parm:`) was reported above, naming the key it is close to.
        guard body.entries.isEmpty else { continue }
        diagnostics.report(
          .missingKey, at: body.location,
          "\(paramWhat) needs `param: NAME` (a parameter of the route's screen) or `value: CONSTANT`"
        )
      }
    }
    return entry
  }
}
