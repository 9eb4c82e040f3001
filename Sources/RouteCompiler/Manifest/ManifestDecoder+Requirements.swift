/// Decoding of the top-level `requirements`.
extension ManifestDecoder {
  /// The top-level `requirements`: a map of name to `{ route: ROUTE }` or `{}`.
  mutating func requirements(_ node: YAMLNode) -> [RequirementDeclaration]? {
    guard let mapping = mapping(node, "`requirements`") else { return nil }
    return mapping.entries.map { entry in
      let name = entry.located
      checkName(name, "requirement name")
      var requirement = RequirementDeclaration(name: name)
      let what = "requirement `\(name.value)`"
      if let body = self.mapping(entry.value, what) {
        checkKeys(body, allowed: ["route"], in: what)
        if let node = body["route"]?.value {
          requirement.route = string(node, "`route` of \(what)")
        }
      }
      // A malformed body still declares the name, so routes requiring it add no error.
      return requirement
    }
  }
}
