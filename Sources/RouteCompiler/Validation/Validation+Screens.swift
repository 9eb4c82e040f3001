import RouteTable

extension Validation {
  mutating func checkBases() -> [(name: String, url: String)] {
    var result: [(name: String, url: String)] = []
    baseNames = manifest.undecoded.bases
    for base in manifest.bases {
      baseNames.insert(base.name.value)
      if let problem = URLChecks.baseProblem(base.url.value),
        !(problem.rule == .insecureURL && base.allowsHTTP)
      {
        diagnostics.report(
          problem.rule, at: base.url.location(ofOffset: problem.offset),
          "base `\(base.name.value)`: \(problem.message)")
        if problem.rule.severity == .error { continue }
      }
      result.append((base.name.value, base.url.value))
    }
    return result
  }

  mutating func checkScreens() {
    // Each module's `Destination` has its own cases: the app's screens, and each feature's
    // (`Feature.Screen`) by their own names.
    let byModule = Dictionary(grouping: manifest.screens.map(\.name)) { name in
      name.value.firstIndex(of: ".").map { String(name.value[..<$0]) } ?? ""
    }
    for module in byModule.keys.sorted() {
      checkCollisions(byModule[module] ?? [], "screen") { name in
        SwiftName.lowerCamel(name.split(separator: ".").last.map(String.init) ?? name)
      }
    }
    for screen in manifest.screens where screenIndex[screen.name.value] == nil {
      checkCollisions(screen.params.map(\.name), "parameter", convert: SwiftName.lowerCamel)
      screenIndex[screen.name.value] = screens.count
      screens.append(
        ResolvedManifest.Screen(
          name: screen.name.value,
          params: screen.params.map { param in
            let requirement: ResolvedManifest.Param.Requirement =
              if let scalar = param.defaultValue,
                let value = ParamValue(scalar, as: param.type.value)
              {
                .defaulted(value)
              } else if param.defaultsToNoItems {
                .defaulted(.query([:]))
              } else if param.isOptional {
                .optional
              } else {
                .required
              }
            return ResolvedManifest.Param(
              name: param.name.value, type: param.type.value, requirement: requirement,
              maxLength: param.maxLength?.value ?? ResolvedManifest.defaultMaxLength,
              choices: param.choices?.map(\.value), prefix: param.prefix?.value)
          }, declaredAt: screen.name.location))
    }
  }
}
