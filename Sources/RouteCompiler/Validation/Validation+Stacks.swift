import RouteTable

/// A route's `stack`, in one variant: the screens beneath the route's own and the values of
/// their parameters.
extension Validation {
  /// `screen` is the route's effective screen in this variant; `origin` explains, in messages,
  /// that a variant's override brought it in.
  mutating func checkStack(
    _ stack: [StackEntryDeclaration], screen routeScreen: Int, _ what: String, origin: String
  ) -> [ResolvedManifest.StackEntry] {
    let route = screens[routeScreen]
    var entries: [ResolvedManifest.StackEntry] = []
    for entry in stack {
      guard let index = screenIndex[entry.screen.value] else {
        if !manifest.undecoded.mayDeclare(screen: entry.screen.value), !manifest.screens.isEmpty {
          diagnostics.report(
            .unknownScreen, at: entry.screen.location,
            "the `stack` of \(what) holds the screen `\(entry.screen.value)`, which is not declared"
              + diagnostics.suggestions.didYouMean(entry.screen.value, in: screens.lazy.map(\.name))
          )
        }
        continue
      }
      if index == routeScreen {
        diagnostics.report(
          .stackOwnScreen, at: entry.screen.location,
          "the `stack` of \(what) holds `\(route.name)`, the screen the route opens\(origin); a stack lists the screens beneath it"
        )
        continue
      }
      if let params = checkStackParams(entry, screen: screens[index], route: route, what) {
        entries.append(ResolvedManifest.StackEntry(screen: index, params: params))
      }
    }
    return entries
  }

  /// One value per parameter of the entry's screen, or nil after reporting what is wrong.
  private mutating func checkStackParams(
    _ entry: StackEntryDeclaration, screen: ResolvedManifest.Screen,
    route: ResolvedManifest.Screen, _ what: String
  ) -> [ResolvedManifest.StackValue]? {
    let entryWhat = "the `\(screen.name)` entry of the `stack` of \(what)"
    var given: [String: ResolvedManifest.StackValue] = [:]
    var valid = true
    var misspelt = false
    for param in entry.params ?? [] {
      guard let target = screen.params.first(where: { $0.name == param.name.value }) else {
        if manifest.undecoded.params[screen.name]?.contains(param.name.value) != true {
          reportUnknownParam(param.name, of: ParamOwner(screen: screen))
        }
        // The misspelt name was meant for a parameter left unbound: one error, this one.
        misspelt = true
        valid = false
        continue
      }
      switch param.source {
      case .param(let source):
        guard let value = bind(target, to: source, route: route, entryWhat) else {
          valid = false
          continue
        }
        given[target.name] = value
      case .constant(let scalar):
        let declaration = ParamDeclaration(
          constantFor: target, name: param.name, at: scalar.location)
        withDecoder {
          $0.checkValue(
            scalar, of: declaration, "the constant for `\(target.name)` in \(entryWhat)")
        }
        guard let value = ParamValue(scalar, as: target.type) else {
          valid = false
          continue
        }
        given[target.name] = .constant(value)
      }
    }
    var values: [ResolvedManifest.StackValue] = []
    for param in screen.params {
      if let value = given[param.name] {
        values.append(value)
        continue
      }
      if entry.undecodedParams.contains(param.name)
        || entry.params?.contains(where: {
          $0.name.value == param.name
        }) == true
      {
        continue  // reported where it is written
      }
      // A bare screen name binds each parameter from the route's parameter of the same name.
      if entry.params == nil, route.params.contains(where: { $0.name == param.name }) {
        let source = Located(param.name, at: entry.screen.location)
        guard let value = bind(param, to: source, route: route, entryWhat) else {
          valid = false
          continue
        }
        values.append(value)
        continue
      }
      switch param.requirement {
      case .defaulted(let value): values.append(.constant(value))
      case .optional: values.append(.absent)
      case .required:
        valid = false
        if misspelt { continue }
        let sameName = route.params.contains { $0.name == param.name }
        diagnostics.report(
          .unboundStackParam, at: entry.screen.location,
          "\(entryWhat) leaves `\(param.name)` unbound, which screen `\(screen.name)` requires; "
            + (sameName
              ? "bind it with `params: { \(param.name): { param: \(param.name) } }`"
              : "the route's screen `\(route.name)` has no parameter of that name: bind it with `params: { \(param.name): { param: NAME } }` or `{ value: CONSTANT }`")
        )
      }
    }
    return valid && values.count == screen.params.count ? values : nil
  }

  /// The value of stack parameter `param` taken from the route's parameter `source`: same type,
  /// a string never longer than `param` allows, and never absent when `param` is required.
  private mutating func bind(
    _ param: ResolvedManifest.Param, to source: Located<String>, route: ResolvedManifest.Screen,
    _ entryWhat: String
  ) -> ResolvedManifest.StackValue? {
    guard let index = route.params.firstIndex(where: { $0.name == source.value }) else {
      if manifest.undecoded.params[route.name]?.contains(source.value) != true {
        reportUnknownParam(source, of: ParamOwner(screen: route))
      }
      return nil
    }
    let from = route.params[index]
    if from.type != param.type {
      diagnostics.report(
        .stackParamType, at: source.location,
        "\(entryWhat) binds `\(param.name)` (\(param.type.rawValue)) to the route's parameter `\(from.name)`, which is \(from.type.rawValue)"
      )
      return nil
    }
    // A string's `max_length` is part of its type: a longer value bound from the route would
    // reach the stack screen unchecked.
    if param.type == .string, from.maxLength > param.maxLength {
      diagnostics.report(
        .stackParamType, at: source.location,
        "\(entryWhat) binds `\(param.name)` (at most \(param.maxLength) characters) to the route's parameter `\(from.name)`, which allows \(from.maxLength); give `\(from.name)` of screen `\(route.name)` a `max_length` of \(param.maxLength) or less, or raise the stack screen's"
      )
      return nil
    }
    if from.requirement == .optional, param.requirement == .required {
      diagnostics.report(
        .stackParamType, at: source.location,
        "\(entryWhat) binds the required `\(param.name)` to the route's optional parameter `\(from.name)`, which may be absent; give `\(from.name)` a default or bind a constant"
      )
      return nil
    }
    return .routeParam(index)
  }
}
