import RouteTable

/// Decoding of `screens` and their parameters, and the check of a value against a parameter.
extension ManifestDecoder {
  mutating func screens(_ node: YAMLNode, undecoded: inout UndecodedNames)
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
      // `page: int` beside `params:` is a parameter dedented out of it.
      var dedented: [String: String] = [:]
      for entry in body.entries where entry.key.value != "params" && Self.looksLikeParam(entry) {
        dedented[entry.key.value] =
          "`\(entry.key.value)` looks like a parameter: indent it under `params:`, in the column of the other parameters"
        undecoded.params[name.value, default: []].insert(entry.key.value)
      }
      checkKeys(body, allowed: ["params"], in: what, misplaced: dedented)
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

  /// Whether an entry reads as a parameter: a type name (or one from another schema), or a
  /// mapping with `type`.
  private static func looksLikeParam(_ entry: YAMLMapping.Entry) -> Bool {
    switch entry.value {
    case .scalar(let scalar):
      ParamType(rawValue: scalar.value) != nil
        || ManifestDecoder.paramTypeSynonyms[scalar.value.lowercased()] != nil
    case .mapping(let mapping): mapping["type"] != nil
    default: false
    }
  }

  private mutating func param(_ entry: YAMLMapping.Entry, screen: String) -> ParamDeclaration? {
    let name = entry.located
    let what = "parameter `\(name.value)` of screen `\(screen)`"
    checkName(name, "parameter name")
    if case .scalar = entry.value {
      guard
        let type = choice(
          entry.value, "the type of \(what)", as: ParamType.self,
          synonyms: ManifestDecoder.paramTypeSynonyms)
      else {
        return nil
      }
      return ParamDeclaration(
        name: name, type: type, defaultValue: nil, isOptional: false, maxLength: nil)
    }
    guard let spec = mapping(entry.value, what) else { return nil }
    checkKeys(
      spec, allowed: ["type", "default", "optional", "max_length", "choices", "prefix"],
      required: ["type"],
      in: what,
      owner: name.location)
    guard let typeNode = spec["type"]?.value,
      let type = choice(
        typeNode, "the type of \(what)", as: ParamType.self,
        synonyms: ManifestDecoder.paramTypeSynonyms)
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
    if let entry = spec["choices"] {
      param.choices = choices(entry, of: type.value, what)
      if param.choices != nil, let maxLength = spec["max_length"] {
        diagnostics.report(
          .conflictingKeys, at: maxLength.key.location,
          "\(what) has both `choices` and `max_length`; keep `choices`: it already limits the value to its entries"
        )
        param.maxLength = nil
      }
    }
    if let entry = spec["prefix"] {
      param.prefix = prefix(entry, of: param, what)
    }
    if type.value == .query, let node = spec["default"]?.value {
      // A query parameter's value is a map: its one possible default is the empty one.
      if case .mapping(let mapping) = node, mapping.entries.isEmpty {
        param.defaultsToNoItems = true
      } else {
        diagnostics.report(
          .paramValueType, at: node.location,
          "the default of \(what) can only be `{}`, no items; a `query` parameter's items come from the URL or the payload"
        )
      }
    } else if let node = spec["default"]?.value,
      let value = scalar(node, "the default of \(what)")
    {
      param.defaultValue = value
      checkValue(value, of: param, "the default of \(what)")
    }
    return param
  }

  /// The most entries `choices` may list, and the longest entry, in Unicode scalars.
  static let maximumChoices = 100
  static let maximumChoiceLength = 64

  /// `choices` of a parameter of type `type`: 1 to `maximumChoices` distinct, non-empty strings
  /// of at most `maximumChoiceLength` scalars; nil (reported) otherwise. A bad entry is reported
  /// and left out.
  private mutating func choices(_ entry: YAMLMapping.Entry, of type: ParamType, _ what: String)
    -> [Located<String>]?
  {
    guard type == .string else {
      diagnostics.report(
        .invalidChoices, at: entry.key.location,
        "`choices` applies to string parameters only; \(what) is \(type == .int ? "an" : "a") \(type.rawValue)"
      )
      return nil
    }
    guard let items = scalarList(entry.value, "`choices` of \(what)", nonEmpty: true) else {
      return nil
    }
    if items.count > Self.maximumChoices {
      diagnostics.report(
        .invalidChoices, at: items[Self.maximumChoices].location,
        "`choices` of \(what) lists \(items.count) entries; at most \(Self.maximumChoices) are allowed (an App Intent's enum must stay short enough to pick from)"
      )
      return nil
    }
    var valid: [Located<String>] = []
    for item in items {
      if item.value.isEmpty {
        diagnostics.report(
          .invalidChoices, at: item.location, "an entry of `choices` of \(what) is empty")
      } else if !ParamValue.fits(item.value, maxLength: Self.maximumChoiceLength) {
        diagnostics.report(
          .invalidChoices, at: item.location,
          "an entry of `choices` of \(what) is \(ParamValue.length(of: item.value)) characters long; at most \(Self.maximumChoiceLength) are allowed"
        )
      } else {
        valid.append(Located(item.value, at: item.location))
      }
    }
    return valid.isEmpty ? nil : valid
  }

  /// Checks a default or constant against its parameter's type and length limit.
  /// `prefix` of a string parameter: non-empty text without control characters, which each of
  /// its `choices` starts with.
  private mutating func prefix(
    _ entry: YAMLMapping.Entry, of param: ParamDeclaration, _ what: String
  ) -> Located<String>? {
    guard param.type.value == .string else {
      diagnostics.report(
        .invalidParamPrefix, at: entry.key.location,
        "`prefix` applies to string parameters only; \(what) is \(param.type.value == .int ? "an" : "a") \(param.type.value.rawValue)"
      )
      return nil
    }
    guard let prefix = string(entry.value, "`prefix` of \(what)") else { return nil }
    guard !prefix.value.isEmpty,
      !prefix.value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
    else {
      diagnostics.report(
        .invalidParamPrefix, at: prefix.location,
        "`prefix` of \(what) must be text that every value starts with, like `@` or `!`; found \(prefix.value.isEmpty ? "nothing" : "a control character")"
      )
      return nil
    }
    for choice in param.choices ?? [] where !choice.value.hasPrefix(prefix.value) {
      diagnostics.report(
        .invalidParamPrefix, at: choice.location,
        "an entry of `choices` of \(what) must start with its `prefix` `\(prefix.value)`, found `\(choice.value)`"
      )
    }
    return prefix
  }

  mutating func checkValue(_ scalar: YAMLScalar, of param: ParamDeclaration, _ what: String) {
    guard param.type.value != .query else {
      diagnostics.report(
        .paramValueType, at: scalar.location,
        "\(what) is not allowed: a `query` parameter has no fixed value; it holds the items a URL or payload passes"
      )
      return
    }
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
    if case .string(let string) = value, let choices = param.choices,
      !choices.contains(where: { $0.value == string })
    {
      let listed = choices.prefix(5).map { "`\($0.value)`" }.joined(separator: ", ")
      diagnostics.report(
        .paramValueType, at: scalar.location,
        "\(what) must be one of its `choices` (\(listed)\(choices.count > 5 ? ", ..." : "")), found `\(string)`"
          + diagnostics.suggestions.didYouMean(string, in: choices.map(\.value)))
      return
    }
    if case .string(let string) = value, let prefix = param.prefix?.value,
      !string.unicodeScalars.starts(with: prefix.unicodeScalars)
    {
      diagnostics.report(
        .paramValueType, at: scalar.location,
        "\(what) must start with its parameter's `prefix` `\(prefix)`, found `\(string)`")
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
}
